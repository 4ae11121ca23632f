import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, type UserError } from 'n8n-workflow';

import { isTimeout, type TransportLimits } from './retryPolicy';
import { apiErrorText, type Blocked } from './failures';
import type { ApiResponse, RequestOptions } from './types';

/**
 * A create (POST) that may or may not have been applied: the connection broke or timed out after
 * the request was sent, or MakeLeaps answered 5xx. It is never repeated by the transport; callers
 * that can find the record (e.g. by its external id) may look before deciding.
 */
export class UncertainWriteError extends NodeApiError {
	readonly uncertainWrite = true;
}

/** True for an error of a write that may have been applied (see UncertainWriteError). */
export function isUncertainWrite(error: unknown): error is UncertainWriteError {
	return (
		error instanceof UncertainWriteError ||
		(typeof error === 'object' &&
			error !== null &&
			(error as { uncertainWrite?: unknown }).uncertainWrite === true)
	);
}

/** "about 7 h", "about 12 min", "45 seconds". */
export function aboutDuration(seconds: number): string {
	if (seconds >= 3600) return `about ${Math.round(seconds / 3600)} h`;
	if (seconds >= 120) return `about ${Math.round(seconds / 60)} min`;
	return `${seconds} seconds`;
}

export const itemSuffix = (itemIndex: number | undefined) =>
	itemIndex === undefined ? '' : ` [item ${itemIndex}]`;

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
		return this.build(
			`MakeLeaps may or may not have carried out this create: ${what}`,
			'The request was not sent again, because a second create could make a duplicate. Look for the record in MakeLeaps (for a client: by its Client External ID or name) before running this item again',
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
		const what = isTimeout(code)
			? `no answer within ${seconds} seconds (${code})`
			: `the connection was lost (${code})`;
		if (uncertain) return this.uncertain(`${what} after the request was sent`, options);
		return this.build(
			`Could not reach MakeLeaps: ${what}${retries > 0 ? `, also after ${retries} retries` : ''}`,
			'Check the network and the Base URL of the credential; run again when MakeLeaps answers',
			options,
		);
	}
}
