/**
 * A request tried until it has an answer: paced, waited out and retried as `retryPolicy` says,
 * and what the run learnt on the way, so that later requests fail without being sent.
 */
import type { ICredentialsDecrypted, IHttpRequestMethods, NodeApiError } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { answerProblem } from '../answers';
import type { TransportErrors } from '../errors';
import {
	blockedBy,
	credentialRefusal,
	failureCode,
	isLastingRefusal,
	isTokenRefusal,
	type Blocked,
} from '../failures';
import { Pacer, scheduleOf, type Turn } from './pacer';
import { RetryPolicy, type Attempts, type TransportLimits } from './retryPolicy';
import { attemptApiRequest, FileTooLarge } from './httpAttempt';
import { forgetToken } from '../token';
import {
	headerOf,
	outcomeOf,
	type ApiResponse,
	type N8nContext,
	type RequestOptions,
} from '../types';
import { answeredStatus } from '../../words/transport';

/**
 * The tries of requests of one run: the pace, the waits and retries `retryPolicy` decides, and
 * what the run learnt (MakeLeaps refuses it for hours; even a fresh token is refused; the token
 * exchange is refused), so that later items fail without a request.
 */
export class Tries {
	private readonly pacer: Pacer;
	readonly policy: RetryPolicy;
	/** Set when MakeLeaps refused the run for longer than the node waits (the daily limit). */
	private blocked?: Blocked;
	/**
	 * Set when MakeLeaps refused the credential itself (even a freshly issued token, or the token
	 * exchange with a 4xx): every later request of the run fails so, without being sent.
	 */
	private refused?: (options: RequestOptions) => NodeApiError;

	constructor(
		private readonly context: N8nContext,
		private readonly errors: TransportErrors,
		intervalMs: number,
		limits: TransportLimits,
		/** The account whose pace this run shares; none: a pace of its own (the editor's pickers). */
		account?: string,
		/** The run's credential, read once (see attemptApiRequest). */
		private readonly credential?: ICredentialsDecrypted,
	) {
		const clock = {
			now: Date.now,
			sleep: async (ms: number) => await this.sleep(ms),
			waitFor: async (turn: Promise<void>) => await this.waitFor(turn),
		};
		const schedule = account === undefined ? undefined : scheduleOf(account);
		this.pacer = new Pacer(intervalMs, clock, schedule);
		this.policy = new RetryPolicy(limits);
	}

	/**
	 * Tries a request until there is an answer to return: a 2xx of the expected shape, or, for a
	 * download, a redirect to the file.
	 */
	async answer(
		method: IHttpRequestMethods,
		url: string,
		options: RequestOptions,
	): Promise<ApiResponse> {
		this.checkLearnt(options);
		const expect = options.expect ?? (method === 'DELETE' ? 'nothing' : 'record');
		const attempts: Attempts = { throttleWaits: 0, serverRetries: 0 };
		let refreshed = false;
		for (;;) {
			const turn = await this.pacer.take();
			// learnt by another request of the run while this one waited for its turn
			this.checkLearnt(options, turn);
			const sentWith = this.credential?.data?.accessToken;
			const sent = await outcomeOf(this.attempt(method, url, options, turn));
			if (!sent.ok) {
				await this.afterNoAnswer(sent.error, method, attempts, options);
				continue;
			}
			const response = sent.value;
			if (response.status < 300) {
				const problem = answerProblem(response.body, expect);
				if (problem) throw this.errors.unreadable(response, problem, options, method);
				return response;
			}
			if (response.status < 400) {
				if (expect === 'pdf') return response;
				throw this.errors.redirect(response, options, method === 'POST');
			}
			// a refused token: n8n gets a new one before the next try, once (no request was applied)
			if (response.status === 401 && !refreshed && this.credential?.data) {
				refreshed = true;
				// another request under way may have got the new token already: it is kept
				const { data } = this.credential;
				if (!sentWith || data.accessToken === sentWith) forgetToken(data);
				continue;
			}
			const retryAfter = headerOf(response, 'Retry-After');
			const decision = this.policy.afterAnswer(method, response.status, retryAfter, attempts);
			if (decision.kind === 'retry') {
				await this.wait(decision.waitMs, attempts, decision.reason);
				continue;
			}
			if (decision.kind === 'alreadyDone') return { ...response, body: {} };
			if (decision.kind === 'blocked') {
				this.blocked = blockedBy(response, decision.seconds);
				throw this.errors.blocked(this.blocked, options);
			}
			if (decision.kind === 'uncertain') {
				throw this.errors.uncertain(answeredStatus(response.status), options, response);
			}
			if (response.status === 401) throw this.refuseToken(options);
			const { serverRetries } = attempts;
			throw this.errors.answer(response, options, decision.retryAfterSeconds, serverRetries);
		}
	}

	/** Fails the request without sending it when the run learnt it would be refused. */
	private checkLearnt(options: RequestOptions, turn?: Turn) {
		const learnt =
			this.blocked && this.blocked.until > Date.now()
				? this.errors.blocked(this.blocked, options)
				: this.refused?.(options);
		if (!learnt) return;
		turn?.end();
		throw learnt;
	}

	/** After a try without an answer: waits before the next try, or throws why there is none. */
	private async afterNoAnswer(
		error: unknown,
		method: IHttpRequestMethods,
		attempts: Attempts,
		options: RequestOptions,
	) {
		// a file too large is not tried again: it would be as large
		if (error instanceof FileTooLarge) throw this.errors.tooLarge(error, options);
		const refusal = credentialRefusal(error);
		if (refusal) {
			const refused = (later: RequestOptions) => this.errors.credential(refusal, later);
			if (isLastingRefusal(refusal)) this.refused = refused;
			throw refused(options);
		}
		if (isTokenRefusal(error)) throw this.refuseToken(options);
		const code = failureCode(error);
		const decision = this.policy.afterNoAnswer(method, code, attempts);
		if (decision.kind !== 'retry') {
			const uncertain = decision.kind === 'uncertain';
			throw this.errors.noAnswer(code ?? 'no response', attempts.serverRetries, uncertain, options);
		}
		await this.wait(decision.waitMs, attempts, decision.reason);
	}

	/**
	 * One try through n8n's authenticated request helper (see httpAttempt.ts), in its turn: the
	 * turn ends when the request leaves, after the token exchange if there is one.
	 */
	private async attempt(
		method: IHttpRequestMethods,
		url: string,
		options: RequestOptions,
		turn: Turn,
	) {
		const stopped = this.cancelSignal();
		const binary = options.expect === 'pdf';
		const { maxBytes, payload } = options;
		const request = { method, url, qs: options.qs, body: options.body, binary, maxBytes, payload };
		// Stop while the request waits to leave: it was not sent
		let waitingToLeave = false;
		const leaving = async () => {
			waitingToLeave = true;
			await turn.leave();
			waitingToLeave = false;
		};
		const sent = await outcomeOf(
			attemptApiRequest(
				this.context,
				request,
				this.policy.limits.timeoutMs,
				stopped,
				this.credential,
				leaving,
			),
		);
		turn.end();
		if (sent.ok) return sent.value;
		const mayHaveBeenSent = method === 'POST' && !waitingToLeave;
		throw stopped?.aborted ? this.errors.stopped(mayHaveBeenSent, options) : sent.error;
	}

	private async wait(ms: number, attempts: Attempts, reason: 'throttled' | 'unavailable') {
		if (reason === 'throttled') {
			attempts.throttleWaits++;
			// the other runs on the account wait too: MakeLeaps refuses the account, not this run
			this.pacer.holdUntil(Date.now() + ms);
		} else attempts.serverRetries++;
		await this.sleep(ms);
	}

	cancelSignal(): AbortSignal | undefined {
		const context = this.context;
		return 'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined;
	}

	/** Sleeps, but ends at once when the user stops the execution (a 429 wait can be minutes). */
	async sleep(ms: number) {
		const slept = await outcomeOf(sleep(ms, this.cancelSignal()));
		if (!slept.ok) throw this.errors.stopped(false, {});
	}

	/** Waits for `turn` (in the account's line), but ends at once when the user stops the execution. */
	async waitFor(turn: Promise<void>) {
		const signal = this.cancelSignal();
		if (!signal) return await turn;
		let onAbort!: () => void;
		const stopped = new Promise<never>((_, reject) => {
			onAbort = () => reject(this.errors.stopped(false, {}));
		});
		if (signal.aborted) onAbort();
		signal.addEventListener('abort', onAbort, { once: true });
		try {
			await Promise.race([turn, stopped]);
		} finally {
			signal.removeEventListener('abort', onAbort);
		}
	}

	private refuseToken(options: RequestOptions) {
		this.refused = (later) => this.errors.tokenRefused(later);
		return this.refused(options);
	}
}
