import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep, UserError } from 'n8n-workflow';

import { checkBaseUrl } from './baseUrl';

export const CREDENTIAL = 'makeLeapsApi';

type Context = IExecuteFunctions | ILoadOptionsFunctions;

export interface ApiResponse {
	status: number;
	body: unknown;
	headers: Record<string, string | string[] | undefined>;
}

export interface Envelope<T = IDataObject> {
	meta?: { next?: string | null; prev?: string | null; page?: number; count?: number; status?: number };
	response?: T;
}

export interface RequestOptions {
	body?: IDataObject;
	qs?: IDataObject;
	/** Item the request is made for; it is named in errors. */
	itemIndex?: number;
	/** What is being fetched, for "not found" messages (e.g. "client 123"). */
	subject?: string;
}

const IDEMPOTENT: IHttpRequestMethods[] = ['GET', 'HEAD', 'PATCH', 'PUT', 'DELETE'];
const MAX_THROTTLE_WAITS = 5;
const MAX_RETRY_AFTER_SECONDS = 300;
const DEFAULT_RETRY_AFTER_SECONDS = 60;
const SERVER_RETRIES = 3;

/** Text of a MakeLeaps error body: `detail`, OAuth `error`, or the per-field messages. */
export function apiErrorText(body: unknown): string {
	if (typeof body === 'string') return body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 300);
	if (typeof body !== 'object' || body === null) return '';
	const envelope = body as Envelope<unknown>;
	const payload = (envelope.response ?? body) as unknown;
	if (typeof payload !== 'object' || payload === null) return String(payload);
	const record = payload as Record<string, unknown>;
	if (typeof record.detail === 'string') return record.detail;
	if (typeof record.error === 'string') return record.error;
	const lines: string[] = [];
	const walk = (value: unknown, path: string) => {
		if (typeof value === 'string') lines.push(path ? `${path}: ${value}` : value);
		else if (Array.isArray(value)) {
			const strings = value.every((v) => typeof v === 'string');
			value.forEach((v, i) => walk(v, strings ? path : `${path}[${i}]`));
		} else if (typeof value === 'object' && value !== null) {
			for (const [key, v] of Object.entries(value)) {
				walk(v, key === 'non_field_errors' ? path : path ? `${path}.${key}` : key);
			}
		}
	};
	walk(record, '');
	return lines.join('; ');
}

function header(headers: ApiResponse['headers'], name: string): string | undefined {
	const value = headers[name] ?? headers[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
}

/** Seconds to wait from a Retry-After header (seconds or HTTP date). */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number {
	if (!value) return DEFAULT_RETRY_AFTER_SECONDS;
	if (/^\d+$/.test(value.trim())) return Number(value.trim());
	const date = Date.parse(value);
	return Number.isNaN(date) ? DEFAULT_RETRY_AFTER_SECONDS : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * The one way this node talks to MakeLeaps. One instance serves a whole run, so pacing under
 * the rate limit spans all items.
 */
export class MakeLeapsTransport {
	private nextSlot = 0;

	private constructor(
		private readonly context: Context,
		readonly baseUrl: string,
		private readonly minIntervalMs: number,
	) {}

	static async create(context: Context, requestsPerMinute = 120): Promise<MakeLeapsTransport> {
		const credentials = await context.getCredentials(CREDENTIAL);
		const base = checkBaseUrl(credentials.baseUrl);
		if (base.problem !== undefined) {
			throw new NodeOperationError(context.getNode(), base.problem, {
				description: 'Fix the Base URL in the MakeLeaps credential',
			});
		}
		const interval = requestsPerMinute > 0 ? 60000 / requestsPerMinute : 0;
		return new MakeLeapsTransport(context, base.url, interval);
	}

	get node() {
		return this.context.getNode();
	}

	/** Absolute URL of an API path such as `/api/partner/`. */
	url(path: string): string {
		return `${this.baseUrl}${path}`;
	}

	/** Sends a request; answers 2xx (and a DELETE's 404 after a retry) and throws on the rest. */
	async request<T = IDataObject>(
		method: IHttpRequestMethods,
		pathOrUrl: string,
		options: RequestOptions = {},
	): Promise<Envelope<T>> {
		const url = pathOrUrl.startsWith('/') ? this.url(pathOrUrl) : pathOrUrl;
		if (!url.startsWith(`${this.baseUrl}/`)) {
			throw new NodeOperationError(this.context.getNode(), `Refusing to call ${url}: it is not under the Base URL`, {
				itemIndex: options.itemIndex,
			});
		}
		let throttleWaits = 0;
		let serverRetries = 0;
		for (;;) {
			await this.pace();
			let response: ApiResponse;
			try {
				response = await this.send(method, url, options);
			} catch (error) {
				if (IDEMPOTENT.includes(method) && serverRetries < SERVER_RETRIES && isNetworkError(error)) {
					await sleep(this.backoff(serverRetries++));
					continue;
				}
				throw this.networkError(error, method, options);
			}
			const { status } = response;
			if (status < 300) return (response.body ?? {}) as Envelope<T>;
			if (status === 404 && method === 'DELETE' && serverRetries > 0) return {};
			if (status === 429) {
				const seconds = retryAfterSeconds(header(response.headers, 'Retry-After'));
				if (seconds > MAX_RETRY_AFTER_SECONDS || throttleWaits >= MAX_THROTTLE_WAITS) {
					throw this.apiError(response, options, seconds);
				}
				throttleWaits++;
				await sleep(seconds * 1000);
				continue;
			}
			if (status >= 500 && IDEMPOTENT.includes(method) && serverRetries < SERVER_RETRIES) {
				await sleep(this.backoff(serverRetries++));
				continue;
			}
			throw this.apiError(response, options);
		}
	}

	/** Follows `meta.next` until the last page (or until `limit` items were collected). */
	async getAll<T = IDataObject>(path: string, qs: IDataObject = {}, limit = Infinity, itemIndex?: number): Promise<T[]> {
		const items: T[] = [];
		let page: Envelope<T[]> = await this.request<T[]>('GET', path, { qs, itemIndex });
		for (;;) {
			items.push(...(page.response ?? []));
			const next = page.meta?.next;
			if (!next || items.length >= limit) break;
			page = await this.request<T[]>('GET', next, { itemIndex });
		}
		return items.slice(0, limit);
	}

	/** Spaces requests so a run stays under the configured requests per minute. */
	private async pace() {
		if (this.minIntervalMs === 0) return;
		const now = Date.now();
		const wait = this.nextSlot - now;
		this.nextSlot = Math.max(now, this.nextSlot) + this.minIntervalMs;
		if (wait > 0) await sleep(wait);
	}

	private backoff(attempt: number) {
		return 250 * 2 ** attempt;
	}

	private async send(method: IHttpRequestMethods, url: string, options: RequestOptions): Promise<ApiResponse> {
		const request: IHttpRequestOptions = {
			method,
			url,
			qs: options.qs,
			headers: { Accept: 'application/json' },
			json: true,
			returnFullResponse: true,
			// 401 must throw so that n8n refreshes the token and retries once; every other status
			// comes back to us for Retry-After and error handling.
			ignoreHttpStatusErrors: { ignore: true, except: [401] },
			timeout: 60000,
		};
		if (options.body !== undefined) {
			request.body = options.body;
			request.headers = { ...request.headers, 'Content-Type': 'application/json' };
		}
		const response = (await this.context.helpers.httpRequestWithAuthentication.call(
			this.context,
			CREDENTIAL,
			request,
		)) as { statusCode: number; body: unknown; headers: ApiResponse['headers'] };
		return { status: response.statusCode, body: response.body, headers: response.headers ?? {} };
	}

	private apiError(response: ApiResponse, options: RequestOptions, retryAfter?: number): NodeApiError {
		const { status } = response;
		const text = apiErrorText(response.body);
		const item = options.itemIndex === undefined ? '' : ` [item ${options.itemIndex}]`;
		const [message, description] = ((): [string, string] => {
			switch (true) {
				case status === 400:
					return [`MakeLeaps refused the data: ${text}${item}`, 'Correct the fields named above and run again'];
				case status === 401:
					return [`MakeLeaps did not accept the access token${item}`, 'Open the MakeLeaps credential and test it; check the Client ID and Client Secret'];
				case status === 403:
					return [`The MakeLeaps API key has no access to this partner${item}`, 'Pick a partner from the list; an API key belongs to exactly one partner'];
				case status === 404:
					return [`MakeLeaps has no ${options.subject ?? 'such resource'}${item}`, 'Check the ID; the record may have been deleted'];
				case status === 429:
					return [
						`MakeLeaps rate limit reached; it asks to wait ${retryAfter ?? '?'} seconds${item}`,
						'MakeLeaps allows about 120 requests per minute and 5,000 per day. Lower "Requests Per Minute" or run again later.',
					];
				case status >= 500:
					return [`MakeLeaps is unavailable (HTTP ${status})${item}`, 'This is usually temporary; run again in a few minutes'];
				default:
					return [`MakeLeaps answered HTTP ${status}${text ? `: ${text}` : ''}${item}`, 'Check the node parameters'];
			}
		})();
		return new NodeApiError(
			this.context.getNode(),
			{ message: text || `HTTP ${status}`, httpCode: String(status), body: response.body } as unknown as JsonObject,
			{ message, description: text && status !== 400 ? `${description}. MakeLeaps said: ${text}` : description, httpCode: String(status), itemIndex: options.itemIndex },
		);
	}

	/** Errors thrown before any answer: the credential's own message, a refused token, or the network. */
	private networkError(error: unknown, method: IHttpRequestMethods, options: RequestOptions): NodeApiError {
		const failure = error as { httpCode?: string | null; code?: string; cause?: { code?: string } };
		const item = options.itemIndex === undefined ? '' : ` [item ${options.itemIndex}]`;
		const fail = (message: string, description: string, httpCode?: string) =>
			new NodeApiError(this.context.getNode(), { message, httpCode } as JsonObject, {
				message: `${message}${item}`,
				description,
				httpCode,
				itemIndex: options.itemIndex,
			});
		if (failure.cause instanceof UserError) {
			return fail(failure.cause.message, 'Open the MakeLeaps credential, correct it and test it');
		}
		if (failure.httpCode === '401') {
			return fail(
				'MakeLeaps did not accept the access token',
				'Open the MakeLeaps credential and test it; check the Client ID and Client Secret',
				'401',
			);
		}
		const code = failure.code ?? failure.cause?.code ?? 'no response';
		const unsafe = method === 'POST' ? ' The request may have reached MakeLeaps: check for the record before running again.' : '';
		return fail(`Could not reach MakeLeaps (${code})`, `Check the network and the Base URL of the credential.${unsafe}`);
	}
}

function isNetworkError(error: unknown): boolean {
	const failure = error as { httpCode?: string | null; code?: string; cause?: { code?: string; response?: unknown } };
	if (failure.httpCode === '401') return false;
	const code = failure.code ?? failure.cause?.code;
	return typeof code === 'string' && /^(ECONNRESET|ECONNREFUSED|ETIMEDOUT|ECONNABORTED|EPIPE|EAI_AGAIN|UND_ERR_SOCKET)$/.test(code);
}
