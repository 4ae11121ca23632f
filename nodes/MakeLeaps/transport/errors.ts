/** The errors the transport throws, made in one place (TransportErrors); their words: words/. */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode, JsonObject, UserError } from 'n8n-workflow';

import { isTimeout, type TransportLimits } from './tries/retryPolicy';
import { apiErrorText, UncertainWriteError, type Blocked } from './failures';
import { excerpt } from './answers';
import { headerOf, type ApiResponse, type RequestOptions } from './types';
import * as words from '../words/transport';

interface ErrorDetails {
	httpCode?: string;
	body?: unknown;
	/** MakeLeaps' own words, quoted in the description. */
	said?: string;
	uncertain?: boolean;
}

/**
 * Every error a user can see from the transport: what happened (with the item) as the message,
 * what to do as the description, MakeLeaps' own text quoted after it.
 */
export class TransportErrors {
	constructor(
		private readonly node: INode,
		private readonly limits: TransportLimits,
	) {}

	private build(
		{ message, description }: words.Worded,
		options: RequestOptions,
		details: ErrorDetails = {},
	): NodeApiError {
		const { httpCode, body, said } = details;
		const response = { message: said || message, httpCode, body } as unknown as JsonObject;
		const settings = {
			message: `${message}${words.itemSuffix(options.itemIndex)}`,
			description: words.quoting(description, said),
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
		const unquoted = { ...details, said: undefined };
		if (status === 400) {
			// an upload's refusal names the file: its field (content_file) names no field of the node
			const refused = options.payload
				? words.refusedFile(options.subject, text)
				: words.refusedData(text);
			return this.build(refused, options, unquoted);
		}
		if (status === 403) return this.build(words.NO_PARTNER_ACCESS, options, details);
		if (status === 404) return this.build(words.notFound(options.subject), options, details);
		if (status === 429) {
			const waits = this.limits.maxThrottleWaits;
			return this.build(words.rateLimited(waits, retryAfter), options, details);
		}
		if (status >= 500) return this.build(words.unavailable(status, retries), options, details);
		return this.build(words.otherStatus(status, text), options, unquoted);
	}

	blocked(blocked: Blocked, options: RequestOptions): NodeApiError {
		const seconds = Math.max(0, Math.ceil((blocked.until - Date.now()) / 1000));
		const details = { httpCode: '429', said: blocked.text };
		const worded = blocked.daily
			? words.dailyLimit(seconds)
			: words.waitTooLong(seconds, this.limits.maxRetryAfterSeconds);
		return this.build(worded, options, details);
	}

	tokenRefused(options: RequestOptions): NodeApiError {
		return this.build(words.TOKEN_REFUSED, options, { httpCode: '401' });
	}

	uncertain(what: string, options: RequestOptions, response?: ApiResponse): NodeApiError {
		return this.build(words.uncertainWrite(options.action === 'send', what), options, {
			httpCode: response ? String(response.status) : undefined,
			body: response?.body,
			said: response ? apiErrorText(response.body) : undefined,
			uncertain: true,
		});
	}

	/** The credential's own message (the token exchange failed), as n8n wraps it. */
	credential(cause: UserError, options: RequestOptions): NodeApiError {
		return this.build(words.credentialFailed(cause.message), options);
	}

	/** No answer at all: what was lost, and whether a create may have happened. */
	noAnswer(
		code: string,
		retries: number,
		uncertain: boolean,
		options: RequestOptions,
	): NodeApiError {
		const seconds = Number((this.limits.timeoutMs / 1000).toFixed(1));
		const seen = code === 'DEADLINE' ? 'deadline' : isTimeout(code) ? 'timeout' : 'lost';
		const what = words.lostAnswer(seen, code, seconds);
		if (uncertain) return this.uncertain(words.afterSent(what), options);
		return this.build(words.unreachable(what, retries), options);
	}

	/** A 3xx: never followed, since the request carries the access token. */
	redirect(response: ApiResponse, options: RequestOptions, create: boolean): NodeApiError {
		const target = words.hostOf(headerOf(response, 'Location'));
		const what = words.redirected(response.status, target);
		if (create) return this.uncertain(words.redirectNotFollowed(what), options, response);
		return this.build(words.redirectRefused(what), options, {
			httpCode: String(response.status),
		});
	}

	/** A file larger than the most the node reads (reading stopped there). */
	tooLarge(error: { maxBytes: number }, options: RequestOptions): NodeApiError {
		return this.build(words.tooLarge(options.subject, error.maxBytes), options, {});
	}

	/** A file MakeLeaps' storage did not give: its status only, never what it answered. */
	storageFailed(status: number, retries: number, options: RequestOptions): NodeApiError {
		return this.build(words.storageFailed(status, retries, options.subject), options, {
			httpCode: String(status),
		});
	}

	/** What the file storage gave is not a PDF; it is not quoted. */
	storageNotPdf(options: RequestOptions): NodeApiError {
		return this.build(words.storageNotPdf(options.subject), options, {});
	}

	/** A 2xx whose body is not what the request needs: never believed. */
	unreadable(
		response: ApiResponse,
		problem: string,
		options: RequestOptions,
		method: string,
	): NodeApiError {
		const { status } = response;
		const shown = excerpt(response.body);
		const what = words.unreadableAnswer(status, problem, shown);
		if (method === 'POST') return this.uncertain(what, options, response);
		return this.build(words.unusable(method === 'GET', status, problem, shown), options, {
			httpCode: String(status),
		});
	}

	/** A URL that would leave the Base URL: never called. */
	refusedUrl(shown: string, options: RequestOptions): NodeOperationError {
		const message = words.refusedUrl(shown);
		return new NodeOperationError(this.node, message + words.itemSuffix(options.itemIndex), {
			itemIndex: options.itemIndex,
		});
	}

	/** Stop in the editor: a create in flight may or may not have been made. */
	stopped(create: boolean, options: RequestOptions): NodeApiError | NodeOperationError {
		if (create) return this.uncertain(words.STOPPED_BEFORE_ANSWER, options);
		return new NodeOperationError(this.node, words.STOPPED_WAITING);
	}

	/** A list whose pages cannot be followed to an end. */
	brokenList(reason: string, options: RequestOptions): NodeApiError {
		return this.build(words.brokenList(reason), options);
	}
}
