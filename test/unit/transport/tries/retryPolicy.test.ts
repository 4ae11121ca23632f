import { failureCode } from '../../../../nodes/MakeLeaps/transport/failures';
import {
	DEFAULT_LIMITS,
	retryAfterSeconds,
	RetryPolicy,
	type Attempts,
} from '../../../../nodes/MakeLeaps/transport/tries/retryPolicy';

const fresh = (): Attempts => ({ throttleWaits: 0, serverRetries: 0 });

describe('failureCode', () => {
	test('finds the code along the causes n8n and axios wrap it in', () => {
		const axiosError = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
		const wrapped = new Error('Request failed', {
			cause: new Error('inner', { cause: axiosError }),
		});
		expect(failureCode(wrapped)).toBe('ECONNRESET');
		expect(failureCode(Object.assign(new Error(), { code: 'UND_ERR_SOCKET' }))).toBe(
			'UND_ERR_SOCKET',
		);
		expect(failureCode(Object.assign(new TypeError('terminated'), {}))).toBe('TERMINATED');
		expect(failureCode(Object.assign(new Error('no complete answer'), { code: 'DEADLINE' }))).toBe(
			'DEADLINE',
		);
	});

	test('ignores codes that are not network codes, and odd values', () => {
		expect(failureCode(Object.assign(new Error(), { code: 404 }))).toBeUndefined();
		expect(failureCode(Object.assign(new Error(), { code: 'not a code' }))).toBeUndefined();
		expect(failureCode(undefined)).toBeUndefined();
		expect(failureCode('ECONNRESET')).toBeUndefined();
	});

	test('a cycle of causes ends', () => {
		const a: { cause?: unknown } = {};
		a.cause = a;
		expect(failureCode(a)).toBeUndefined();
	});
});

describe('retryAfterSeconds', () => {
	const now = Date.parse('2026-03-02T08:00:00Z');

	test.each([
		['53', 53],
		[' 7 ', 7],
		['0', 0],
		['Mon, 02 Mar 2026 08:00:30 GMT', 30],
		['Mon, 02 Mar 2026 07:59:00 GMT', 0],
		[undefined, 60],
		['', 60],
		['soon', 60],
		['-5', 60],
		['1.5', 60],
		['5 seconds', 60],
		['2026-03-02T08:00:30Z', 60],
		['Monday, 02-Mar-26 08:00:30 GMT', 30],
		['Mon Mar  2 08:00:30 2026', 30],
		['99999999999999999999', 366 * 86400],
		['Fri, 02 Mar 2125 08:00:00 GMT', 366 * 86400],
	])('%s → %i seconds', (value, seconds) => {
		expect(retryAfterSeconds(value, 60, now)).toBe(seconds);
	});
});

describe('RetryPolicy after an answer', () => {
	const policy = new RetryPolicy(DEFAULT_LIMITS);

	test('429 is waited out for any method (MakeLeaps did not take the request), 5 times at most', () => {
		for (const method of ['POST', 'GET', 'PATCH', 'DELETE'] as const) {
			expect(policy.afterAnswer(method, 429, '3', fresh())).toEqual({
				kind: 'retry',
				waitMs: 3000,
				reason: 'throttled',
			});
		}
		expect(policy.afterAnswer('POST', 429, '3', { throttleWaits: 5, serverRetries: 0 })).toEqual({
			kind: 'fail',
			retryAfterSeconds: 3,
		});
	});

	test('a 429 without Retry-After waits the default', () => {
		expect(policy.afterAnswer('GET', 429, undefined, fresh())).toEqual({
			kind: 'retry',
			waitMs: 60000,
			reason: 'throttled',
		});
		const short = new RetryPolicy({ ...DEFAULT_LIMITS, defaultRetryAfterSeconds: 1 });
		expect(short.afterAnswer('GET', 429, undefined, fresh())).toMatchObject({ waitMs: 1000 });
	});

	test('a Retry-After longer than 5 minutes (the daily limit) blocks instead of waiting', () => {
		expect(policy.afterAnswer('GET', 429, '300', fresh())).toMatchObject({ kind: 'retry' });
		expect(policy.afterAnswer('GET', 429, '301', fresh())).toEqual({
			kind: 'blocked',
			seconds: 301,
		});
		expect(policy.afterAnswer('POST', 429, '57600', fresh())).toEqual({
			kind: 'blocked',
			seconds: 57600,
		});
	});

	test('5xx is retried 3 times with doubling backoff for methods safe to repeat', () => {
		for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
			const waits = [0, 1, 2].map((serverRetries) =>
				policy.afterAnswer(method, 503, undefined, { throttleWaits: 0, serverRetries }),
			);
			expect(waits).toEqual(
				[250, 500, 1000].map((waitMs) => ({ kind: 'retry', waitMs, reason: 'unavailable' })),
			);
			expect(
				policy.afterAnswer(method, 503, undefined, { throttleWaits: 0, serverRetries: 3 }),
			).toEqual({ kind: 'fail' });
		}
	});

	test('5xx on a create is uncertain: never repeated', () => {
		for (const status of [500, 502, 503, 504]) {
			expect(policy.afterAnswer('POST', status, undefined, fresh())).toEqual({ kind: 'uncertain' });
		}
	});

	test('4xx is not retried', () => {
		for (const status of [400, 401, 403, 404, 405, 409, 415]) {
			expect(policy.afterAnswer('GET', status, undefined, fresh())).toEqual({ kind: 'fail' });
			expect(policy.afterAnswer('POST', status, undefined, fresh())).toEqual({ kind: 'fail' });
		}
	});

	test('a DELETE answered 404 after a retry was done by the first try; on the first try it is not', () => {
		expect(
			policy.afterAnswer('DELETE', 404, undefined, { throttleWaits: 0, serverRetries: 1 }),
		).toEqual({ kind: 'alreadyDone' });
		expect(policy.afterAnswer('DELETE', 404, undefined, fresh())).toEqual({ kind: 'fail' });
		expect(
			policy.afterAnswer('GET', 404, undefined, { throttleWaits: 0, serverRetries: 1 }),
		).toEqual({ kind: 'fail' });
	});
});

describe('RetryPolicy after no answer', () => {
	const policy = new RetryPolicy(DEFAULT_LIMITS);

	test.each([
		'ECONNREFUSED',
		'EAI_AGAIN',
		'EHOSTUNREACH',
		'ENETUNREACH',
		'UND_ERR_CONNECT_TIMEOUT',
	])('%s (nothing was sent) is retried for any method, a create included', (code) => {
		expect(policy.afterNoAnswer('POST', code, fresh())).toEqual({
			kind: 'retry',
			waitMs: 250,
			reason: 'unavailable',
		});
		expect(policy.afterNoAnswer('POST', code, { throttleWaits: 0, serverRetries: 3 })).toEqual({
			kind: 'fail',
		});
	});

	test.each([
		'ECONNRESET',
		'ETIMEDOUT',
		'ECONNABORTED',
		'EPIPE',
		'UND_ERR_SOCKET',
		'TERMINATED',
		'ERR_CANCELED',
	])(
		'%s (may have been sent) is retried for a read or an update, uncertain for a create',
		(code) => {
			expect(policy.afterNoAnswer('GET', code, fresh())).toMatchObject({ kind: 'retry' });
			expect(
				policy.afterNoAnswer('PATCH', code, { throttleWaits: 0, serverRetries: 2 }),
			).toMatchObject({ waitMs: 1000 });
			expect(policy.afterNoAnswer('POST', code, fresh())).toEqual({ kind: 'uncertain' });
			expect(policy.afterNoAnswer('POST', code, { throttleWaits: 0, serverRetries: 3 })).toEqual({
				kind: 'uncertain',
			});
		},
	);

	test('an unknown failure is not retried; on a create it is uncertain (it may have been sent)', () => {
		expect(policy.afterNoAnswer('GET', undefined, fresh())).toEqual({ kind: 'fail' });
		expect(policy.afterNoAnswer('GET', 'ERR_SOMETHING', fresh())).toEqual({ kind: 'fail' });
		expect(policy.afterNoAnswer('POST', 'ERR_SOMETHING', fresh())).toEqual({ kind: 'uncertain' });
		expect(policy.afterNoAnswer('POST', undefined, fresh())).toEqual({ kind: 'uncertain' });
	});

	test('a passed deadline counts as a lost answer: retried for reads, uncertain for a create', () => {
		expect(policy.afterNoAnswer('GET', 'DEADLINE', fresh())).toMatchObject({ kind: 'retry' });
		expect(policy.afterNoAnswer('POST', 'DEADLINE', fresh())).toEqual({ kind: 'uncertain' });
	});
});
