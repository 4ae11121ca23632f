/** What is waited out or retried after a try, and the bounds of every wait (the transport's limits). */
import type { IHttpRequestMethods } from 'n8n-workflow';

import { MAX_LIST_RECORDS } from '../pagination';

/** The bounds of every wait and retry; a transport takes them as options (tests shorten them). */
export interface TransportLimits {
	/** 429 answers waited out per request before giving up. */
	maxThrottleWaits: number;
	/** Longest Retry-After waited out; a longer one (the daily limit) stops the item at once. */
	maxRetryAfterSeconds: number;
	/** Wait when a 429 carries no usable Retry-After. */
	defaultRetryAfterSeconds: number;
	/** Extra tries after a 5xx, a timeout or a dropped connection (GET, PATCH, PUT, DELETE). */
	serverRetries: number;
	/** First backoff; it doubles with every retry. */
	backoffMs: number;
	/** Time allowed for one whole answer, from sending the request to its last byte. */
	timeoutMs: number;
	/** Highest Requests Per Minute a run may be set to; MakeLeaps itself allows about 120. */
	maxRequestsPerMinute: number;
	/** The most records one read of a list takes in. */
	maxListRecords: number;
	/**
	 * The first wait for MakeLeaps to validate a sending order; each later look waits twice as
	 * long as the one before, up to 4 times this.
	 */
	validationWaitMs: number;
}

export const DEFAULT_LIMITS: Readonly<TransportLimits> = {
	maxThrottleWaits: 5,
	maxRetryAfterSeconds: 300,
	defaultRetryAfterSeconds: 60,
	serverRetries: 3,
	backoffMs: 250,
	timeoutMs: 60000,
	maxRequestsPerMinute: 60000,
	maxListRecords: MAX_LIST_RECORDS,
	validationWaitMs: 2000,
};

const IDEMPOTENT: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PATCH', 'PUT', 'DELETE']);

/** Connection failures where the request never left this machine: safe to retry for any method. */
const NOT_SENT =
	/^(ECONNREFUSED|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ENETDOWN|UND_ERR_CONNECT_TIMEOUT)$/;
/** Failures after the request may have been sent: retried only for idempotent methods. */
const MAYBE_SENT =
	/^(ECONNRESET|ETIMEDOUT|ECONNABORTED|EPIPE|UND_ERR_SOCKET|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT|ERR_CANCELED|ERR_BAD_RESPONSE|TERMINATED|DEADLINE)$/;

export const isIdempotent = (method: IHttpRequestMethods) => IDEMPOTENT.has(method);

/** True when a failure with this code may have reached MakeLeaps (so a create may have happened). */
export const mayHaveBeenSent = (code: string) => MAYBE_SENT.test(code);

export const isTimeout = (code: string) => /TIMEOUT|ETIMEDOUT|ECONNABORTED|DEADLINE/.test(code);

/** An HTTP date as RFC 9110 allows it: IMF-fixdate, RFC 850 or asctime. */
const HTTP_DATE =
	/^(?:[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT|[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT|[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4})$/;

/** Longest wait a Retry-After can ask for here (a year); longer numbers are read as this. */
const MAX_RETRY_AFTER_SECONDS = 366 * 86400;

/**
 * Seconds to wait from a Retry-After header: whole seconds or an HTTP date. Anything else
 * (fractions, signs, words, dates in other formats) means the fallback.
 */
export function retryAfterSeconds(
	value: string | undefined,
	fallbackSeconds: number,
	now = Date.now(),
): number {
	const text = value?.trim() ?? '';
	if (/^\d+$/.test(text)) return Math.min(Number(text), MAX_RETRY_AFTER_SECONDS);
	if (!HTTP_DATE.test(text)) return fallbackSeconds;
	// asctime dates carry no zone and are GMT; Date.parse would read them as local time
	const date = Date.parse(text.endsWith('GMT') ? text : `${text} GMT`);
	if (Number.isNaN(date)) return fallbackSeconds;
	return Math.min(Math.max(0, Math.ceil((date - now) / 1000)), MAX_RETRY_AFTER_SECONDS);
}

/** How often one request has been tried so far. */
export interface Attempts {
	throttleWaits: number;
	serverRetries: number;
}

/** What to do after one try of a request. */
export type Decision =
	| { kind: 'retry'; waitMs: number; reason: 'throttled' | 'unavailable' }
	/** MakeLeaps asks to wait longer than the node ever waits (the daily limit): stop the run. */
	| { kind: 'blocked'; seconds: number }
	/** A create that may or may not have been applied: never repeated. */
	| { kind: 'uncertain' }
	/** A DELETE whose retry finds nothing: the first try deleted it. */
	| { kind: 'alreadyDone' }
	| { kind: 'fail'; retryAfterSeconds?: number };

/**
 * Which failures are waited out or retried, and how long: 429 always (MakeLeaps did not take
 * the request), 5xx and lost connections only for methods that are safe to repeat. A create
 * (POST) that may have been applied is never sent twice.
 */
export class RetryPolicy {
	constructor(readonly limits: TransportLimits = DEFAULT_LIMITS) {}

	backoff(retries: number): number {
		return this.limits.backoffMs * 2 ** retries;
	}

	/** After an HTTP answer that is not 2xx. */
	afterAnswer(
		method: IHttpRequestMethods,
		status: number,
		retryAfter: string | undefined,
		attempts: Attempts,
		now = Date.now(),
	): Decision {
		if (status === 404 && method === 'DELETE' && attempts.serverRetries > 0) {
			return { kind: 'alreadyDone' };
		}
		if (status === 429) {
			const seconds = retryAfterSeconds(retryAfter, this.limits.defaultRetryAfterSeconds, now);
			if (seconds > this.limits.maxRetryAfterSeconds) return { kind: 'blocked', seconds };
			if (attempts.throttleWaits >= this.limits.maxThrottleWaits) {
				return { kind: 'fail', retryAfterSeconds: seconds };
			}
			return { kind: 'retry', waitMs: seconds * 1000, reason: 'throttled' };
		}
		if (status >= 500) {
			if (isIdempotent(method) && attempts.serverRetries < this.limits.serverRetries) {
				return {
					kind: 'retry',
					waitMs: this.backoff(attempts.serverRetries),
					reason: 'unavailable',
				};
			}
			if (method === 'POST') return { kind: 'uncertain' };
		}
		return { kind: 'fail' };
	}

	/**
	 * After a request that got no answer (connection refused, reset, timed out…). A create is
	 * uncertain unless the failure shows it never left this machine.
	 */
	afterNoAnswer(
		method: IHttpRequestMethods,
		code: string | undefined,
		attempts: Attempts,
	): Decision {
		const notSent = code !== undefined && NOT_SENT.test(code);
		const repeatable =
			notSent || (code !== undefined && isIdempotent(method) && MAYBE_SENT.test(code));
		if (repeatable && attempts.serverRetries < this.limits.serverRetries) {
			return { kind: 'retry', waitMs: this.backoff(attempts.serverRetries), reason: 'unavailable' };
		}
		if (method === 'POST' && !notSent) return { kind: 'uncertain' };
		return { kind: 'fail' };
	}
}
