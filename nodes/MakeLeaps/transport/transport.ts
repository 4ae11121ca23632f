import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { answerProblem } from './answers';
import { apiUrl, checkBaseUrl } from './baseUrl';
import { TransportErrors } from './errors';
import {
	blockedBy,
	credentialRefusal,
	failureCode,
	isTokenRefusal,
	type Blocked,
} from './failures';
import { checkRequestsPerMinute, Pacer, paceInterval } from './pacer';
import { outcomeOf } from './outcome';
import { BrokenList, readPages } from './pagination';
import { redactText, SecretSet } from './redact';
import { DEFAULT_LIMITS, RetryPolicy, type Attempts, type TransportLimits } from './retryPolicy';
import { sendOnce } from './send';
import { CREDENTIAL_TYPE, headerOf } from './types';
import type { ApiResponse, Envelope, N8nContext, RequestOptions } from './types';

export interface TransportOptions {
	/** The node option, checked here: an expression can give anything. */
	requestsPerMinute?: unknown;
	/** No pacing at all: the editor's pickers, where a user waits for one page. */
	unpaced?: boolean;
	/** Bounds of waits, retries and the pace; the node uses the defaults, tests change them. */
	limits?: Partial<TransportLimits>;
}

/**
 * The one way this node talks to MakeLeaps. One instance serves a whole run, so pacing under
 * the rate limit spans all items. No request follows a redirect, every request has a deadline,
 * and no 2xx answer is believed before its shape is checked.
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
		/** The MakeLeaps account the credential is for (Base URL and Client ID; no secret). */
		readonly account: string,
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
		const limits = { ...DEFAULT_LIMITS, ...options.limits };
		const raw = 'requestsPerMinute' in options ? options.requestsPerMinute : 120;
		const pace = checkRequestsPerMinute(raw, limits.maxRequestsPerMinute);
		if (pace.problem !== undefined && !options.unpaced) {
			const description = "Set Options > Requests Per Minute to 120 (MakeLeaps' limit) or lower";
			throw new NodeOperationError(node, pace.problem, { description });
		}
		const credentials = await context.getCredentials(CREDENTIAL_TYPE);
		const base = checkBaseUrl(credentials.baseUrl);
		if (base.problem !== undefined) {
			const description = 'Fix the Base URL in the MakeLeaps credential';
			throw new NodeOperationError(node, base.problem, { description });
		}
		const interval = options.unpaced ? 0 : paceInterval(pace.rate ?? 0);
		const account = `${base.url} ${String(credentials.clientId ?? '')}`;
		const transport = new MakeLeapsTransport(context, base.url, account, interval, limits);
		transport.secrets.addCredential(credentials);
		return transport;
	}

	/** Absolute URL of an API path such as `/api/partner/`. */
	url(path: string): string {
		return `${this.baseUrl}${path}`;
	}

	/** Sends a request; answers a checked 2xx (and a DELETE's 404 after a retry), throws on the rest. */
	async request<T = IDataObject>(
		method: IHttpRequestMethods,
		pathOrUrl: string,
		options: RequestOptions = {},
	): Promise<Envelope<T>> {
		const url = apiUrl(this.baseUrl, pathOrUrl);
		if (url === undefined) {
			const shown = redactText(pathOrUrl.startsWith('/') ? this.url(pathOrUrl) : pathOrUrl);
			throw this.errors.refusedUrl(shown, options);
		}
		try {
			return await this.attempt<T>(method, url, options);
		} catch (error) {
			// Every error leaves through here: strip every secret, a token refreshed mid-run included.
			await this.addCurrentSecrets();
			throw this.secrets.redactError(error);
		}
	}

	/** Every item of a list, following `meta.next` (or up to `limit` items); see readPages. */
	async getAll<T = IDataObject>(
		path: string,
		qs: IDataObject = {},
		limit = Infinity,
		itemIndex?: number,
	) {
		const read = async (pathOrUrl: string, first: boolean) => {
			if (!first && apiUrl(this.baseUrl, pathOrUrl) === undefined) {
				throw new BrokenList(`its next-page link leaves the Base URL (${redactText(pathOrUrl)})`);
			}
			const options = { qs: first ? qs : undefined, itemIndex, expect: 'list' as const };
			return await this.request<T[]>('GET', pathOrUrl, options);
		};
		const pages = await outcomeOf(readPages<T>(read, path, limit));
		if (pages.ok) return pages.value;
		const { error } = pages;
		throw error instanceof BrokenList
			? this.errors.brokenList(error.message, { itemIndex })
			: error;
	}

	private async attempt<T>(method: IHttpRequestMethods, url: string, options: RequestOptions) {
		if (this.blocked && this.blocked.until > Date.now())
			throw this.errors.blocked(this.blocked, options);
		if (this.tokenRefused) throw this.errors.tokenRefused(options);
		const expect = options.expect ?? (method === 'DELETE' ? 'nothing' : 'record');
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
			if (response.status < 300) {
				const problem = answerProblem(response.body, expect);
				if (problem) throw this.errors.unreadable(response, problem, options, method);
				return (response.body ?? {}) as Envelope<T>;
			}
			if (response.status < 400) throw this.errors.redirect(response, options, method === 'POST');
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

	/** One try through n8n's authenticated request helper; see send.ts. */
	private async send(method: IHttpRequestMethods, url: string, options: RequestOptions) {
		const stopped = this.cancelSignal();
		const { timeoutMs } = this.policy.limits;
		const sent = await outcomeOf(
			sendOnce(this.context, { method, url, ...options }, timeoutMs, stopped),
		);
		if (sent.ok) return sent.value;
		throw stopped?.aborted ? this.errors.stopped(method === 'POST', options) : sent.error;
	}

	private async wait(ms: number, attempts: Attempts, reason: 'throttled' | 'unavailable') {
		if (reason === 'throttled') attempts.throttleWaits++;
		else attempts.serverRetries++;
		await this.sleep(ms);
		this.pacer.restart();
	}

	private cancelSignal(): AbortSignal | undefined {
		const context = this.context;
		return 'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined;
	}

	/** Sleeps, but ends at once when the user stops the execution (a 429 wait can be minutes). */
	private async sleep(ms: number) {
		try {
			await sleep(ms, this.cancelSignal());
		} catch {
			throw this.errors.stopped(false, {});
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
