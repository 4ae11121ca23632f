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

/** Largest page a MakeLeaps list serves (`per_page`). */
export const MAX_PAGE_SIZE = 100;

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

/**
 * Limits of the retry and wait rules. Exported so that tests can shorten the timeout; the node
 * itself never changes them.
 */
export const transportLimits = {
	/** 429 answers waited out per request before giving up. */
	maxThrottleWaits: 5,
	/** Longest Retry-After waited out; a longer one (the daily limit) stops the item at once. */
	maxRetryAfterSeconds: 300,
	/** Wait when a 429 carries no usable Retry-After. */
	defaultRetryAfterSeconds: 60,
	/** Extra tries after a 5xx, a timeout or a dropped connection (GET, PATCH, PUT, DELETE). */
	serverRetries: 3,
	/** First backoff; it doubles with every retry. */
	backoffMs: 250,
	/** Time allowed for one answer. */
	timeoutMs: 60000,
};

/**
 * Share of Requests Per Minute actually used. Requests arrive at the API with a little jitter; at
 * exactly the limit, one that arrives early lands in a full window and costs a whole Retry-After.
 */
const PACE_SHARE = 0.97;

/** Connection failures where the request never left this machine: safe to retry for any method. */
const NOT_SENT = /^(ECONNREFUSED|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ENETDOWN|UND_ERR_CONNECT_TIMEOUT)$/;
/** Failures after the request may have been sent: retried only for idempotent methods. */
const MAYBE_SENT = /^(ECONNRESET|ETIMEDOUT|ECONNABORTED|EPIPE|UND_ERR_SOCKET|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT|ERR_CANCELED|TERMINATED)$/;

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
		(typeof error === 'object' && error !== null && (error as { uncertainWrite?: unknown }).uncertainWrite === true)
	);
}

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
	const fallback = transportLimits.defaultRetryAfterSeconds;
	if (!value) return fallback;
	if (/^\d+$/.test(value.trim())) return Number(value.trim());
	const date = Date.parse(value);
	return Number.isNaN(date) ? fallback : Math.max(0, Math.ceil((date - now) / 1000));
}

/** "about 7 h", "about 12 min", "45 seconds". */
export function aboutDuration(seconds: number): string {
	if (seconds >= 3600) return `about ${Math.round(seconds / 3600)} h`;
	if (seconds >= 120) return `about ${Math.round(seconds / 60)} min`;
	return `${seconds} seconds`;
}

/** The error code of a failed request (ECONNRESET, ETIMEDOUT…), looked up along its causes. */
export function failureCode(error: unknown): string | undefined {
	let current = error as { code?: unknown; cause?: unknown; name?: unknown; message?: unknown } | undefined;
	for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
		if (typeof current.code === 'string' && /^(E[A-Z_]+|UND_ERR_[A-Z_]+|ERR_[A-Z_]+)$/.test(current.code)) {
			return current.code;
		}
		if (current.name === 'TypeError' && current.message === 'terminated') return 'TERMINATED';
		current = current.cause as typeof current;
	}
	return undefined;
}

/**
 * Replaces the client secret, the Basic credentials, access tokens and anything shaped like an
 * Authorization header in a text, so that no error, description or output carries them.
 */
export function redactText(text: string, secrets: Iterable<string> = []): string {
	let result = text;
	for (const secret of secrets) if (secret && secret.length >= 4) result = result.split(secret).join('[redacted]');
	return result
		.replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{4,}/gi, '$1 [redacted]')
		.replace(/("?(?:access_token|refresh_token|client_secret|clientSecret|accessToken)"?\s*[:=]\s*"?)[^"&\s,}]+/gi, '$1[redacted]');
}

/** Deep copy of a value with every string passed through redactText. */
export function redactValue<T>(value: T, secrets: Iterable<string> = [], depth = 0): T {
	const list = [...secrets];
	if (typeof value === 'string') return redactText(value, list) as T;
	if (depth > 8 || typeof value !== 'object' || value === null) return value;
	if (Array.isArray(value)) return value.map((v) => redactValue(v, list, depth + 1)) as T;
	const copy: Record<string, unknown> = {};
	for (const [key, v] of Object.entries(value)) copy[key] = redactValue(v, list, depth + 1);
	return copy as T;
}

function itemSuffix(itemIndex: number | undefined) {
	return itemIndex === undefined ? '' : ` [item ${itemIndex}]`;
}

/**
 * The one way this node talks to MakeLeaps. One instance serves a whole run, so pacing under
 * the rate limit spans all items.
 */
export class MakeLeapsTransport {
	private nextSlot = 0;
	/** Set when MakeLeaps refused the run for longer than the node waits (the daily limit). */
	private blocked?: { until: number; text: string; daily: boolean };
	/** Set when even a freshly issued token was refused: later items fail without a request. */
	private authRejected = false;
	private readonly secrets = new Set<string>();

	private constructor(
		private readonly context: Context,
		readonly baseUrl: string,
		private readonly minIntervalMs: number,
	) {}

	/**
	 * The transport of one run. `requestsPerMinute` is the node option (checked here, since an
	 * expression can give anything); 0 turns pacing off, for lookups such as the editor's pickers.
	 */
	static async create(context: Context, requestsPerMinute: unknown = 120): Promise<MakeLeapsTransport> {
		const rate = typeof requestsPerMinute === 'string' && requestsPerMinute.trim() !== '' ? Number(requestsPerMinute) : requestsPerMinute;
		if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0) {
			const shown = typeof requestsPerMinute === 'string' ? JSON.stringify(requestsPerMinute) : String(requestsPerMinute);
			throw new NodeOperationError(context.getNode(), `Requests Per Minute must be a positive number, not ${shown}`, {
				description: 'Set Options > Requests Per Minute to 120 (MakeLeaps\' limit) or lower',
			});
		}
		const credentials = await context.getCredentials(CREDENTIAL);
		const base = checkBaseUrl(credentials.baseUrl);
		if (base.problem !== undefined) {
			throw new NodeOperationError(context.getNode(), base.problem, {
				description: 'Fix the Base URL in the MakeLeaps credential',
			});
		}
		const transport = new MakeLeapsTransport(context, base.url, rate > 0 ? 60000 / (rate * PACE_SHARE) : 0);
		transport.remember(credentials);
		return transport;
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
		if (!url.startsWith(`${this.baseUrl}/`) || !plainPath(url.slice(this.baseUrl.length).split('?')[0])) {
			throw new NodeOperationError(this.context.getNode(), `Refusing to call ${redactText(url)}: it is not a plain path under the Base URL${itemSuffix(options.itemIndex)}`, {
				itemIndex: options.itemIndex,
			});
		}
		try {
			return await this.attempt<T>(method, url, options);
		} catch (error) {
			throw await this.redactError(error);
		}
	}

	private async attempt<T>(method: IHttpRequestMethods, url: string, options: RequestOptions): Promise<Envelope<T>> {
		this.refuseIfBlocked(options);
		const idempotent = IDEMPOTENT.includes(method);
		let throttleWaits = 0;
		let serverRetries = 0;
		for (;;) {
			await this.pace();
			let response: ApiResponse;
			try {
				response = await this.send(method, url, options);
			} catch (error) {
				const code = failureCode(error);
				const retryable = code !== undefined && (NOT_SENT.test(code) || (idempotent && MAYBE_SENT.test(code)));
				if (retryable && serverRetries < transportLimits.serverRetries && !isAuthFailure(error)) {
					await this.wait(this.backoff(serverRetries++));
					continue;
				}
				throw this.networkError(error, method, options, serverRetries);
			}
			const { status } = response;
			if (status < 300) return (response.body ?? {}) as Envelope<T>;
			if (status === 404 && method === 'DELETE' && serverRetries > 0) return {};
			if (status === 429) {
				const seconds = retryAfterSeconds(header(response.headers, 'Retry-After'));
				if (seconds > transportLimits.maxRetryAfterSeconds) {
					const text = apiErrorText(response.body);
					this.blocked = { until: Date.now() + seconds * 1000, text, daily: /daily|per day|day limit/i.test(text) || seconds >= 3600 };
					throw this.blockedError(options);
				}
				if (throttleWaits >= transportLimits.maxThrottleWaits) throw this.apiError(response, options, seconds);
				throttleWaits++;
				await this.wait(seconds * 1000);
				continue;
			}
			if (status >= 500 && idempotent && serverRetries < transportLimits.serverRetries) {
				await this.wait(this.backoff(serverRetries++));
				continue;
			}
			if (status >= 500 && method === 'POST') throw this.uncertainError(`MakeLeaps answered HTTP ${status}`, options, response);
			throw this.apiError(response, options, undefined, serverRetries);
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
		const now = Date.now();
		const wait = this.nextSlot - now;
		this.nextSlot = Math.max(now, this.nextSlot) + this.minIntervalMs;
		if (wait > 0) await this.cancellableSleep(wait);
	}

	private async wait(ms: number) {
		await this.cancellableSleep(ms);
		// A long wait (429) restarts the pace from now rather than bursting to catch up.
		this.nextSlot = Math.max(this.nextSlot, Date.now());
	}

	/** Sleeps, but ends at once when the user stops the execution (a 429 wait can be minutes). */
	private async cancellableSleep(ms: number) {
		const signal = 'getExecutionCancelSignal' in this.context ? this.context.getExecutionCancelSignal() : undefined;
		if (!signal) return await sleep(ms);
		let onAbort = () => {};
		const aborted = new Promise<void>((resolve) => {
			onAbort = resolve;
			signal.addEventListener('abort', onAbort, { once: true });
		});
		try {
			if (!signal.aborted) await Promise.race([sleep(ms), aborted]);
		} finally {
			signal.removeEventListener('abort', onAbort);
		}
		if (signal.aborted) {
			throw new NodeOperationError(this.context.getNode(), 'The execution was stopped while waiting for MakeLeaps');
		}
	}

	private backoff(attempt: number) {
		return transportLimits.backoffMs * 2 ** attempt;
	}

	private refuseIfBlocked(options: RequestOptions) {
		if (this.blocked && this.blocked.until > Date.now()) throw this.blockedError(options);
		if (this.authRejected) throw this.authError(options);
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
			timeout: transportLimits.timeoutMs,
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

	private make(
		message: string,
		description: string,
		options: RequestOptions,
		extra: { httpCode?: string; body?: unknown; text?: string; uncertain?: boolean } = {},
	): NodeApiError {
		// Secrets are stripped where every error leaves the transport (request → redactError).
		const { httpCode, body, text } = extra;
		const response = { message: text || message, httpCode, body } as unknown as JsonObject;
		const settings = {
			message: `${message}${itemSuffix(options.itemIndex)}`,
			description: text ? `${description}. MakeLeaps said: ${text}` : description,
			httpCode,
			itemIndex: options.itemIndex,
		};
		const error = extra.uncertain
			? new UncertainWriteError(this.context.getNode(), response, settings)
			: new NodeApiError(this.context.getNode(), response, settings);
		// NodeApiError swaps a message naming a network code (ECONNRESET…) for a generic text; keep ours.
		error.message = settings.message;
		return error;
	}

	private apiError(response: ApiResponse, options: RequestOptions, retryAfter?: number, retries = 0): NodeApiError {
		const { status } = response;
		const text = apiErrorText(response.body);
		const httpCode = String(status);
		const extra = { httpCode, body: response.body, text: status === 400 ? undefined : text };
		switch (true) {
			case status === 400:
				return this.make(`MakeLeaps refused the data: ${text || 'HTTP 400'}`, 'Correct the fields named above and run again', options, extra);
			case status === 401:
				return this.authError(options);
			case status === 403:
				return this.make('The MakeLeaps API key has no access to this partner', 'Pick a partner from the list; an API key belongs to exactly one partner', options, extra);
			case status === 404:
				return this.make(`MakeLeaps has no ${options.subject ?? 'such resource'}`, 'Check the ID; the record may have been deleted', options, extra);
			case status === 429:
				return this.make(
					`MakeLeaps rate limit reached: still refused after ${transportLimits.maxThrottleWaits} waits (it asks to wait ${retryAfter ?? '?'} seconds more)`,
					'MakeLeaps allows about 120 requests per minute and 5,000 per day. Lower Options > Requests Per Minute, or run again later',
					options,
					extra,
				);
			case status >= 500:
				return this.make(
					`MakeLeaps is unavailable (HTTP ${status})${retries > 0 ? `, also after ${retries} retries` : ''}`,
					'This is usually temporary; run again in a few minutes',
					options,
					extra,
				);
			default:
				return this.make(`MakeLeaps answered HTTP ${status}${text ? `: ${text}` : ''}`, 'Check the node parameters', options, { ...extra, text: undefined });
		}
	}

	private blockedError(options: RequestOptions): NodeApiError {
		const blocked = this.blocked!;
		const seconds = Math.max(0, Math.ceil((blocked.until - Date.now()) / 1000));
		return blocked.daily
			? this.make(
					`MakeLeaps daily request limit reached; requests resume in ${aboutDuration(seconds)}`,
					'MakeLeaps allows about 5,000 API requests per day per account. The node stops instead of waiting; run the remaining items after the limit resets',
					options,
					{ httpCode: '429', text: blocked.text },
				)
			: this.make(
					`MakeLeaps asks to wait ${aboutDuration(seconds)} before the next request, longer than the node waits (${transportLimits.maxRetryAfterSeconds} seconds)`,
					'Run the remaining items later, or lower Options > Requests Per Minute',
					options,
					{ httpCode: '429', text: blocked.text },
				);
	}

	private authError(options: RequestOptions): NodeApiError {
		this.authRejected = true;
		return this.make(
			'MakeLeaps did not accept the access token, even one issued just now',
			'Open the MakeLeaps credential and test it; check the Client ID and Client Secret, and that the API key is still active in MakeLeaps',
			options,
			{ httpCode: '401' },
		);
	}

	private uncertainError(what: string, options: RequestOptions, response?: ApiResponse): NodeApiError {
		const text = response ? apiErrorText(response.body) : undefined;
		return this.make(
			`MakeLeaps may or may not have carried out this create: ${what}`,
			'The request was not sent again, because a second create could make a duplicate. Look for the record in MakeLeaps (for a client: by its Client External ID or name) before running this item again',
			options,
			{ httpCode: response ? String(response.status) : undefined, body: response?.body, text, uncertain: true },
		);
	}

	/** Errors thrown before any answer: the credential's own message, a refused token, or the network. */
	private networkError(error: unknown, method: IHttpRequestMethods, options: RequestOptions, retries: number): NodeApiError {
		const failure = error as { cause?: unknown };
		if (failure.cause instanceof UserError) {
			return this.make(failure.cause.message, 'Open the MakeLeaps credential, correct it and test it', options);
		}
		if (isAuthFailure(error)) return this.authError(options);
		const code = failureCode(error) ?? 'no response';
		const timedOut = /TIMEOUT|ETIMEDOUT|ECONNABORTED/.test(code);
		const what = timedOut
			? `no answer within ${Number((transportLimits.timeoutMs / 1000).toFixed(1))} seconds (${code})`
			: `the connection was lost (${code})`;
		if (method === 'POST' && MAYBE_SENT.test(code)) {
			return this.uncertainError(`${what} after the request was sent`, options);
		}
		return this.make(
			`Could not reach MakeLeaps: ${what}${retries > 0 ? `, also after ${retries} retries` : ''}`,
			'Check the network and the Base URL of the credential; run again when MakeLeaps answers',
			options,
		);
	}

	private remember(credentials: IDataObject) {
		const { clientId, clientSecret, accessToken } = credentials;
		if (typeof clientSecret === 'string' && clientSecret) {
			this.secrets.add(clientSecret);
			this.secrets.add(Buffer.from(`${String(clientId ?? '')}:${clientSecret}`).toString('base64'));
		}
		if (typeof accessToken === 'string' && accessToken) this.secrets.add(accessToken);
	}

	/** Strips every known secret (including a token refreshed during the run) from an error. */
	private async redactError(error: unknown): Promise<unknown> {
		try {
			this.remember(await this.context.getCredentials(CREDENTIAL));
		} catch {
			// the credential may be unreadable; the pattern-based redaction still applies
		}
		const secrets = [...this.secrets];
		if (!(error instanceof Error)) return error;
		const target = error as Error & { description?: string | null; messages?: string[]; errorResponse?: unknown; context?: IDataObject };
		target.message = redactText(target.message, secrets);
		if (typeof target.description === 'string') target.description = redactText(target.description, secrets);
		if (Array.isArray(target.messages)) target.messages = target.messages.map((m) => redactText(String(m), secrets));
		if (target.errorResponse !== undefined) target.errorResponse = redactValue(target.errorResponse, secrets);
		if (target.context !== undefined) target.context = redactValue(target.context, secrets);
		if (typeof target.stack === 'string') target.stack = redactText(target.stack, secrets);
		return error;
	}
}

/** A path without dot segments, backslashes, blanks or encoded separators. */
function plainPath(path: string): boolean {
	return !/[\s\\]|%2e|%2f|%5c/i.test(path) && !path.split('/').some((segment) => segment === '.' || segment === '..');
}

/** A 401 that survived n8n's one refresh-and-retry. */
function isAuthFailure(error: unknown): boolean {
	const failure = error as { httpCode?: string | null; cause?: { response?: { status?: number } } };
	return failure.httpCode === '401' || failure.cause?.response?.status === 401;
}
