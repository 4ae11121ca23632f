/** The errors the transport throws, each worded for the user in one place (TransportErrors). */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode, JsonObject, UserError } from 'n8n-workflow';

import { isTimeout, type TransportLimits } from './tries/retryPolicy';
import { apiErrorText, UncertainWriteError, type Blocked } from './failures';
import { excerpt } from './answers';
import { aboutDuration, hostOf, itemSuffix } from './wording';
import { headerOf, type ApiResponse, type RequestOptions } from './types';

interface ErrorDetails {
	httpCode?: string;
	body?: unknown;
	/** MakeLeaps' own words, quoted in the description. */
	said?: string;
	uncertain?: boolean;
}

/**
 * Every message a user can see from the transport: what happened (with the item) as the message,
 * what to do as the description, MakeLeaps' own text quoted after it.
 */
export class TransportErrors {
	constructor(
		private readonly node: INode,
		private readonly limits: TransportLimits,
	) {}

	private build(
		message: string,
		description: string,
		options: RequestOptions,
		details: ErrorDetails = {},
	): NodeApiError {
		const { httpCode, body, said } = details;
		const response = { message: said || message, httpCode, body } as unknown as JsonObject;
		const settings = {
			message: `${message}${itemSuffix(options.itemIndex)}`,
			description: said ? `${description}. MakeLeaps said: ${said}` : description,
			httpCode,
			itemIndex: options.itemIndex,
		};
		const error = details.uncertain
			? new UncertainWriteError(this.node, response, settings)
			: new NodeApiError(this.node, response, settings);
		// NodeApiError swaps a message naming a network code (ECONNRESET…) for a generic text; keep ours.
		error.message = settings.message;
		return error;
	}

	/** A non-2xx answer that is not retried (any more). */
	answer(response: ApiResponse, options: RequestOptions, retryAfter?: number, retries = 0) {
		const { status } = response;
		const text = apiErrorText(response.body);
		const details = { httpCode: String(status), body: response.body, said: text };
		if (status === 400) {
			return this.build(
				`MakeLeaps refused the data: ${text || 'HTTP 400'}`,
				'Correct the fields named above and run again',
				options,
				{ ...details, said: undefined },
			);
		}
		if (status === 403) {
			return this.build(
				'The MakeLeaps API key has no access to this partner',
				'Pick a partner from the list; an API key belongs to exactly one partner',
				options,
				details,
			);
		}
		if (status === 404) {
			return this.build(
				`MakeLeaps has no ${options.subject ?? 'such resource'}`,
				'Check the ID; the record may have been deleted',
				options,
				details,
			);
		}
		if (status === 429) {
			return this.build(
				`MakeLeaps rate limit reached: still refused after ${this.limits.maxThrottleWaits} waits (it asks to wait ${retryAfter ?? '?'} seconds more)`,
				'MakeLeaps allows about 120 requests per minute and 5,000 per day. Lower Options > Requests Per Minute, or run again later',
				options,
				details,
			);
		}
		if (status >= 500) {
			return this.build(
				`MakeLeaps is unavailable (HTTP ${status})${retries > 0 ? `, also after ${retries} retries` : ''}`,
				'This is usually temporary; run again in a few minutes',
				options,
				details,
			);
		}
		return this.build(
			`MakeLeaps answered HTTP ${status}${text ? `: ${text}` : ''}`,
			'Check the node parameters',
			options,
			{ ...details, said: undefined },
		);
	}

	blocked(blocked: Blocked, options: RequestOptions): NodeApiError {
		const seconds = Math.max(0, Math.ceil((blocked.until - Date.now()) / 1000));
		const details = { httpCode: '429', said: blocked.text };
		return blocked.daily
			? this.build(
					`MakeLeaps daily request limit reached; requests resume in ${aboutDuration(seconds)}`,
					'MakeLeaps allows about 5,000 API requests per day per account. The node stops instead of waiting; run the remaining items after the limit resets',
					options,
					details,
				)
			: this.build(
					`MakeLeaps asks to wait ${aboutDuration(seconds)} before the next request, longer than the node waits (${this.limits.maxRetryAfterSeconds} seconds)`,
					'Run the remaining items later, or lower Options > Requests Per Minute',
					options,
					details,
				);
	}

	tokenRefused(options: RequestOptions): NodeApiError {
		return this.build(
			'MakeLeaps did not accept the access token, even one issued just now',
			'Open the MakeLeaps credential and test it; check the Client ID and Client Secret, and that the API key is still active in MakeLeaps',
			options,
			{ httpCode: '401' },
		);
	}

	uncertain(what: string, options: RequestOptions, response?: ApiResponse): NodeApiError {
		const send = options.action === 'send';
		return this.build(
			`MakeLeaps may or may not have carried out this ${send ? 'send' : 'create'}: ${what}`,
			send
				? 'The request was not sent again, because a second send could deliver the document twice. Look at the sending order in MakeLeaps before running this item again'
				: 'The request was not sent again, because a second create could make a duplicate. Look for the record in MakeLeaps (for a client: by its Client External ID or name) before running this item again',
			options,
			{
				httpCode: response ? String(response.status) : undefined,
				body: response?.body,
				said: response ? apiErrorText(response.body) : undefined,
				uncertain: true,
			},
		);
	}

	/** The credential's own message (the token exchange failed), as n8n wraps it. */
	credential(cause: UserError, options: RequestOptions): NodeApiError {
		return this.build(
			cause.message,
			'Open the MakeLeaps credential, correct it and test it',
			options,
		);
	}

	/** No answer at all: what was lost, and whether a create may have happened. */
	noAnswer(
		code: string,
		retries: number,
		uncertain: boolean,
		options: RequestOptions,
	): NodeApiError {
		const seconds = Number((this.limits.timeoutMs / 1000).toFixed(1));
		const what =
			code === 'DEADLINE'
				? `no complete answer within ${seconds} seconds`
				: isTimeout(code)
					? `no answer within ${seconds} seconds (${code})`
					: `the connection was lost (${code})`;
		if (uncertain) return this.uncertain(`${what} after the request was sent`, options);
		return this.build(
			`Could not reach MakeLeaps: ${what}${retries > 0 ? `, also after ${retries} retries` : ''}`,
			'Check the network and the Base URL of the credential; run again when MakeLeaps answers',
			options,
		);
	}

	/** A 3xx: never followed, since the request carries the access token. */
	redirect(response: ApiResponse, options: RequestOptions, create: boolean): NodeApiError {
		const target = hostOf(headerOf(response, 'Location'));
		const what = `MakeLeaps answered with a redirect (HTTP ${response.status}) to ${target}`;
		if (create) return this.uncertain(`${what}, which the node does not follow`, options, response);
		return this.build(
			`${what}; the node does not follow redirects`,
			'Following it would send the access token to another address. Check the Base URL of the MakeLeaps credential (normally https://api.makeleaps.com)',
			options,
			{ httpCode: String(response.status) },
		);
	}

	/** A file larger than the most the node reads (reading stopped there). */
	tooLarge(error: { maxBytes: number }, options: RequestOptions): NodeApiError {
		const megabytes = Math.round((error.maxBytes / (1024 * 1024)) * 10) / 10;
		return this.build(
			`The ${options.subject ?? 'file'} is larger than ${megabytes} MB, the most the node reads`,
			'Reading stopped there, so the file does not fill the memory of n8n. Raise Options > Max PDF Size (MB) if the file is expected to be this large.',
			options,
			{},
		);
	}

	/** A file MakeLeaps' storage did not give: its status only, never what it answered. */
	storageFailed(status: number, retries: number, options: RequestOptions): NodeApiError {
		const answered = status === 0 ? 'did not answer' : `answered HTTP ${status}`;
		return this.build(
			`MakeLeaps' file storage ${answered} for the ${options.subject ?? 'file'}${retries > 0 ? `, also after ${retries} retries` : ''}`,
			status >= 500
				? 'This is usually temporary; run again in a few minutes'
				: 'The link MakeLeaps gave to the file did not work; run again to get a new one',
			options,
			{ httpCode: String(status) },
		);
	}

	/** What the file storage gave is not a PDF; it is not quoted. */
	storageNotPdf(options: RequestOptions): NodeApiError {
		return this.build(
			`MakeLeaps' file storage did not answer with a PDF for the ${options.subject ?? 'file'}`,
			'Nothing was saved. Run again; if it keeps happening, download the PDF in MakeLeaps',
			options,
			{},
		);
	}

	/** A 2xx whose body is not what the request needs: never believed. */
	unreadable(
		response: ApiResponse,
		problem: string,
		options: RequestOptions,
		method: string,
	): NodeApiError {
		const what = `MakeLeaps answered HTTP ${response.status} with ${problem}: ${excerpt(response.body)}`;
		if (method === 'POST') return this.uncertain(what, options, response);
		return this.build(
			`The answer of MakeLeaps could not be used: ${problem}`,
			method === 'GET'
				? `Nothing was changed on the strength of it. MakeLeaps (or something between, such as a proxy) answered HTTP ${response.status}: ${excerpt(response.body)}`
				: `The change was probably made; check the record in MakeLeaps. The answer (HTTP ${response.status}) was: ${excerpt(response.body)}`,
			options,
			{ httpCode: String(response.status) },
		);
	}

	/** A URL that would leave the Base URL: never called. */
	refusedUrl(shown: string, options: RequestOptions): NodeOperationError {
		const message = `Refusing to call ${shown}: it is not a plain path under the Base URL`;
		return new NodeOperationError(this.node, message + itemSuffix(options.itemIndex), {
			itemIndex: options.itemIndex,
		});
	}

	/** Stop in the editor: a create in flight may or may not have been made. */
	stopped(create: boolean, options: RequestOptions): NodeApiError | NodeOperationError {
		if (create)
			return this.uncertain('the execution was stopped before MakeLeaps answered', options);
		return new NodeOperationError(
			this.node,
			'The execution was stopped while waiting for MakeLeaps',
		);
	}

	/** A list whose pages cannot be followed to an end. */
	brokenList(reason: string, options: RequestOptions): NodeApiError {
		return this.build(
			`MakeLeaps' list could not be read to its end: ${reason}`,
			'The node stopped reading instead of going on without end; nothing was written on the strength of this list',
			options,
		);
	}
}
