import type {
	ICredentialsDecrypted,
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { outcomeOf } from './outcome';
import { CREDENTIAL_TYPE, type ApiResponse, type N8nContext } from './types';

export interface OneRequest {
	method: IHttpRequestMethods;
	url: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** The answer is a file (a PDF), kept as bytes. */
	binary?: boolean;
}

/** The error of a request that had no complete answer by its deadline. */
export class DeadlinePassed extends Error {
	readonly code = 'DEADLINE';
}

/**
 * Runs a request with a deadline on its whole answer (n8n's own timeout only notices a
 * connection that goes silent, not one that trickles); `stopped` (Stop in the editor) ends the
 * wait at once. The request gets the signal to abort itself; no timer is left behind.
 */
export async function withinDeadline<T>(
	deadlineMs: number,
	stopped: AbortSignal | undefined,
	run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
	const deadline = new AbortController();
	const settled = new AbortController();
	void sleep(deadlineMs, settled.signal).then(
		() => deadline.abort(),
		() => {},
	);
	const signal = stopped ? AbortSignal.any([stopped, deadline.signal]) : deadline.signal;
	const outcome = await outcomeOf(untilAborted(run(signal), signal));
	settled.abort();
	if (outcome.ok) return outcome.value;
	const late = deadline.signal.aborted && !stopped?.aborted;
	throw late ? new DeadlinePassed('no complete answer in time') : outcome.error;
}

/**
 * One request through n8n's authenticated request helper (which adds the Bearer token, and
 * fetches or refreshes it). Redirects are not followed: the request carries the token.
 * `credential` is the run's credential, read once: given to the helper, it spares loading and
 * decrypting it again for every request; the helper writes a refreshed token into it.
 */
export async function sendOnce(
	context: N8nContext,
	{ method, url, qs, body, binary }: OneRequest,
	deadlineMs: number,
	stopped: AbortSignal | undefined,
	credential?: ICredentialsDecrypted,
): Promise<ApiResponse> {
	const request: IHttpRequestOptions = {
		method,
		url,
		qs,
		headers: { Accept: 'application/json' },
		json: true,
		returnFullResponse: true,
		disableFollowRedirect: true,
		// 401 must throw so that n8n refreshes the token and retries once; every other status
		// comes back for Retry-After and error handling.
		ignoreHttpStatusErrors: { ignore: true, except: [401] },
		// n8n's idle timeout only as a backstop: the deadline ends a slow answer first
		timeout: deadlineMs + 1000,
	};
	if (body !== undefined) {
		request.body = body;
		request.headers = { ...request.headers, 'Content-Type': 'application/json' };
	}
	if (binary) {
		Object.assign(request, {
			json: false,
			encoding: 'arraybuffer',
			headers: { Accept: 'application/pdf' },
		});
	}
	const response = await withinDeadline(deadlineMs, stopped, async (signal) => {
		// n8n's helper aborts its request with the execution's cancel signal: this one also fires at the deadline
		const withDeadline = Object.create(context, {
			getExecutionCancelSignal: { value: () => signal },
		});
		return await context.helpers.httpRequestWithAuthentication.call(
			withDeadline,
			CREDENTIAL_TYPE,
			request,
			credential && { credentialsDecrypted: credential },
		);
	});
	return asAnswer(response);
}

/**
 * A file a download was redirected to (signed storage): fetched without the Authorization header
 * (n8n's plain request helper adds none), one hop, within the deadline.
 */
export async function fetchStored(
	context: N8nContext,
	url: string,
	deadlineMs: number,
	stopped: AbortSignal | undefined,
): Promise<ApiResponse> {
	const response = await withinDeadline(deadlineMs, stopped, async (signal) =>
		context.helpers.httpRequest({
			method: 'GET',
			url,
			encoding: 'arraybuffer',
			returnFullResponse: true,
			disableFollowRedirect: true,
			ignoreHttpStatusErrors: true,
			timeout: deadlineMs + 1000,
			abortSignal: signal,
		}),
	);
	return asAnswer(response);
}

function asAnswer(response: unknown): ApiResponse {
	const full = response as { statusCode: number; body: unknown; headers?: ApiResponse['headers'] };
	return { status: full.statusCode, body: full.body, headers: full.headers ?? {} };
}

/**
 * The promise, or a rejection as soon as the signal aborts: a token exchange inside n8n's helper
 * does not listen to the execution's signal, and Stop must not wait for it.
 */
async function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
	let onAbort = () => {};
	const aborted = new Promise<never>((_resolve, reject) => {
		onAbort = () => reject(new Error('aborted'));
		if (signal.aborted) onAbort();
		else signal.addEventListener('abort', onAbort, { once: true });
	});
	try {
		return await Promise.race([promise, aborted]);
	} finally {
		signal.removeEventListener('abort', onAbort);
		promise.catch(() => {}); // it settles later, and nobody waits for it
	}
}
