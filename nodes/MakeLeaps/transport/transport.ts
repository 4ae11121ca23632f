import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { apiUrl, checkBaseUrl } from './baseUrl';
import { itemSuffix, TransportErrors } from './errors';
import {
	blockedBy,
	credentialRefusal,
	failureCode,
	isTokenRefusal,
	type Blocked,
} from './failures';
import { checkRequestsPerMinute, Pacer, paceInterval } from './pacer';
import { readPages } from './pagination';
import { redactText, SecretSet } from './redact';
import { DEFAULT_LIMITS, RetryPolicy, type Attempts } from './retryPolicy';
import type { TransportLimits } from './retryPolicy';
import { CREDENTIAL_TYPE, headerOf } from './types';
import type { ApiResponse, Envelope, N8nContext, RequestOptions } from './types';

export interface TransportOptions {
	/** The node option; 0 turns pacing off (the editor's pickers). */
	requestsPerMinute?: unknown;
	/** Bounds of waits and retries; the node uses the defaults, tests shorten them. */
	limits?: Partial<TransportLimits>;
}

/**
 * The one way this node talks to MakeLeaps. One instance serves a whole run, so pacing under
 * the rate limit spans all items.
 */
export class MakeLeapsTransport {
	private readonly pacer: Pacer;
	private readonly policy: RetryPolicy;
	private readonly errors: TransportErrors;
	private readonly secrets = new SecretSet();
	/** Set when MakeLeaps refused the run for longer than the node waits (the daily limit). */
	private blocked?: Blocked;
	/** Set when even a freshly issued token was refused: later items fail without a request. */
	private tokenRefused = false;

	private constructor(
		private readonly context: N8nContext,
		readonly baseUrl: string,
		intervalMs: number,
		limits: TransportLimits,
	) {
		this.pacer = new Pacer(intervalMs, {
			now: Date.now,
			sleep: async (ms) => await this.sleep(ms),
		});
		this.policy = new RetryPolicy(limits);
		this.errors = new TransportErrors(context.getNode(), limits);
	}

	/** The transport of one run, for the credential of the node. */
	static async create(context: N8nContext, options: TransportOptions = {}) {
		const node = context.getNode();
		const pace = checkRequestsPerMinute(
			'requestsPerMinute' in options ? options.requestsPerMinute : 120,
		);
		if (pace.problem !== undefined) {
			const description = "Set Options > Requests Per Minute to 120 (MakeLeaps' limit) or lower";
			throw new NodeOperationError(node, pace.problem, { description });
		}
		const credentials = await context.getCredentials(CREDENTIAL_TYPE);
		const base = checkBaseUrl(credentials.baseUrl);
		if (base.problem !== undefined) {
			const description = 'Fix the Base URL in the MakeLeaps credential';
			throw new NodeOperationError(node, base.problem, { description });
		}
		const limits = { ...DEFAULT_LIMITS, ...options.limits };
		const transport = new MakeLeapsTransport(context, base.url, paceInterval(pace.rate), limits);
		transport.secrets.addCredential(credentials);
		return transport;
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
		const url = apiUrl(this.baseUrl, pathOrUrl);
		if (url === undefined) {
			const shown = redactText(pathOrUrl.startsWith('/') ? this.url(pathOrUrl) : pathOrUrl);
			const message = `Refusing to call ${shown}: it is not a plain path under the Base URL`;
			throw new NodeOperationError(
				this.context.getNode(),
				message + itemSuffix(options.itemIndex),
				{
					itemIndex: options.itemIndex,
				},
			);
		}
		try {
			return await this.attempt<T>(method, url, options);
		} catch (error) {
			// Every error leaves through here: strip every secret, a token refreshed mid-run included.
			await this.addCurrentSecrets();
			throw this.secrets.redactError(error);
		}
	}

	/** Every item of a list, following `meta.next` (or up to `limit` items). */
	async getAll<T = IDataObject>(
		path: string,
		qs: IDataObject = {},
		limit = Infinity,
		itemIndex?: number,
	) {
		return await readPages<T>(
			async (pathOrUrl, first) =>
				await this.request<T[]>('GET', pathOrUrl, { qs: first ? qs : undefined, itemIndex }),
			path,
			limit,
		);
	}

	private async attempt<T>(method: IHttpRequestMethods, url: string, options: RequestOptions) {
		if (this.blocked && this.blocked.until > Date.now())
			throw this.errors.blocked(this.blocked, options);
		if (this.tokenRefused) throw this.errors.tokenRefused(options);
		const attempts: Attempts = { throttleWaits: 0, serverRetries: 0 };
		for (;;) {
			await this.pacer.take();
			let response: ApiResponse;
			try {
				response = await this.send(method, url, options);
			} catch (error) {
				const refusal = credentialRefusal(error);
				if (refusal) throw this.errors.credential(refusal, options);
				if (isTokenRefusal(error)) throw this.refuseToken(options);
				const code = failureCode(error);
				const decision = this.policy.afterNoAnswer(method, code, attempts);
				if (decision.kind === 'retry') {
					await this.wait(decision.waitMs, attempts, decision.reason);
					continue;
				}
				const uncertain = decision.kind === 'uncertain';
				throw this.errors.noAnswer(
					code ?? 'no response',
					attempts.serverRetries,
					uncertain,
					options,
				);
			}
			if (response.status < 300) return (response.body ?? {}) as Envelope<T>;
			const retryAfter = headerOf(response, 'Retry-After');
			const decision = this.policy.afterAnswer(method, response.status, retryAfter, attempts);
			switch (decision.kind) {
				case 'retry':
					await this.wait(decision.waitMs, attempts, decision.reason);
					continue;
				case 'alreadyDone':
					return {} as Envelope<T>;
				case 'blocked':
					this.blocked = blockedBy(response, decision.seconds);
					throw this.errors.blocked(this.blocked, options);
				case 'uncertain':
					throw this.errors.uncertain(
						`MakeLeaps answered HTTP ${response.status}`,
						options,
						response,
					);
				default:
					if (response.status === 401) throw this.refuseToken(options);
					throw this.errors.answer(
						response,
						options,
						decision.retryAfterSeconds,
						attempts.serverRetries,
					);
			}
		}
	}

	private async send(method: IHttpRequestMethods, url: string, options: RequestOptions) {
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
			timeout: this.policy.limits.timeoutMs,
		};
		if (options.body !== undefined) {
			request.body = options.body;
			request.headers = { ...request.headers, 'Content-Type': 'application/json' };
		}
		const response = (await this.context.helpers.httpRequestWithAuthentication.call(
			this.context,
			CREDENTIAL_TYPE,
			request,
		)) as { statusCode: number; body: unknown; headers?: ApiResponse['headers'] };
		return { status: response.statusCode, body: response.body, headers: response.headers ?? {} };
	}

	private async wait(ms: number, attempts: Attempts, reason: 'throttled' | 'unavailable') {
		if (reason === 'throttled') attempts.throttleWaits++;
		else attempts.serverRetries++;
		await this.sleep(ms);
		this.pacer.restart();
	}

	/** Sleeps, but ends at once when the user stops the execution (a 429 wait can be minutes). */
	private async sleep(ms: number) {
		const context = this.context;
		const signal =
			'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined;
		try {
			await sleep(ms, signal);
		} catch {
			const message = 'The execution was stopped while waiting for MakeLeaps';
			throw new NodeOperationError(context.getNode(), message);
		}
	}

	private refuseToken(options: RequestOptions) {
		this.tokenRefused = true;
		return this.errors.tokenRefused(options);
	}

	private async addCurrentSecrets() {
		try {
			this.secrets.addCredential(await this.context.getCredentials(CREDENTIAL_TYPE));
		} catch {
			// the credential may be unreadable; the pattern-based redaction still applies
		}
	}
}
