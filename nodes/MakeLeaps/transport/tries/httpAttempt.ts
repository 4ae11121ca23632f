/**
 * One HTTP attempt and its guards: a deadline on the whole answer, Stop heard at once, no redirect
 * followed, a file read as a stream within its size limit. The tries around it are `tries.ts`.
 */
import type {
	ICredentialsDecrypted,
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import {
	CREDENTIAL_TYPE,
	outcomeOf,
	TOKEN_DEADLINE_MS,
	type ApiResponse,
	type BytesBody,
	type N8nContext,
} from '../types';
import { onDeparture } from './departure';

/** What one attempt sends. */
export interface AttemptedRequest {
	method: IHttpRequestMethods;
	url: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** The answer is a file (a PDF), kept as bytes: at most `maxBytes` of them. */
	binary?: boolean;
	maxBytes?: number;
	/** Bytes as the body (an upload: a form, or a file alone), instead of JSON. */
	payload?: BytesBody;
}

/** The most bytes any file is read to, whatever a caller asks. */
const LARGEST_FILE = 1024 * 1024 * 1024;

/** A file longer than the most a download reads: reading stopped there. */
export class FileTooLarge extends Error {
	readonly code = 'FILE_TOO_LARGE';
	constructor(readonly maxBytes: number) {
		super(`the file is larger than ${maxBytes} bytes`);
	}
}

/**
 * A streamed answer's bytes, read until the end or until `maxBytes` (then it stops reading and
 * closes the stream: a file too large never fills the memory). A Content-Length above the limit
 * stops it before the first byte.
 */
export async function readAtMost(
	body: unknown,
	headers: ApiResponse['headers'],
	maxBytes: number,
): Promise<Buffer> {
	if (Buffer.isBuffer(body)) {
		if (body.length > maxBytes) throw new FileTooLarge(maxBytes);
		return body;
	}
	const stream = body as (AsyncIterable<Buffer | string> & { destroy?: () => void }) | undefined;
	if (!stream || typeof (stream as AsyncIterable<unknown>)[Symbol.asyncIterator] !== 'function')
		return Buffer.alloc(0);
	const declared = Number(headerValue(headers, 'content-length'));
	if (Number.isFinite(declared) && declared > maxBytes) {
		stream.destroy?.();
		throw new FileTooLarge(maxBytes);
	}
	const chunks: Buffer[] = [];
	let length = 0;
	for await (const chunk of stream) {
		const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
		length += bytes.length;
		if (length > maxBytes) {
			stream.destroy?.();
			throw new FileTooLarge(maxBytes);
		}
		chunks.push(bytes);
	}
	return Buffer.concat(chunks, length);
}

function headerValue(headers: ApiResponse['headers'], name: string): unknown {
	const found = Object.keys(headers ?? {}).find((key) => key.toLowerCase() === name);
	const value = found === undefined ? undefined : (headers as Record<string, unknown>)[found];
	return Array.isArray(value) ? value[0] : value;
}

/** The error of a request that had no complete answer by its deadline. */
export class DeadlinePassed extends Error {
	readonly code = 'DEADLINE';
}

/**
 * Runs a request with a deadline on its whole answer (n8n's own timeout only notices a
 * connection that goes silent, not one that trickles); `stopped` (Stop in the editor) ends the
 * wait at once. The request gets the signal to abort itself, and the deadline's timer, to pause
 * while it waits to leave and start again as it leaves; no timer is left behind.
 */
export async function withinDeadline<T>(
	deadlineMs: number,
	stopped: AbortSignal | undefined,
	run: (signal: AbortSignal, deadline: Deadline) => Promise<T>,
): Promise<T> {
	const deadline = new AbortController();
	let timer = new AbortController();
	const start = (ms = deadlineMs) => {
		timer.abort();
		timer = new AbortController();
		void sleep(ms, timer.signal).then(
			() => deadline.abort(),
			() => {},
		);
	};
	start();
	const signal = stopped ? AbortSignal.any([stopped, deadline.signal]) : deadline.signal;
	const outcome = await outcomeOf(
		untilAborted(run(signal, { pause: () => timer.abort(), start }), signal),
	);
	timer.abort();
	if (outcome.ok) return outcome.value;
	const late = deadline.signal.aborted && !stopped?.aborted;
	throw late ? new DeadlinePassed('no complete answer in time') : outcome.error;
}

/** A deadline's timer: paused while a request waits to leave, started again (from now) as it leaves. */
export interface Deadline {
	pause(): void;
	/** Starts the timer again from now, for the deadline or for `ms`. */
	start(ms?: number): void;
}

/**
 * One attempt of a request through n8n's authenticated request helper (which adds the Bearer
 * token, and fetches or refreshes it). Redirects are not followed: the request carries the token.
 * `credential` is the run's credential, read once: given to the helper, it spares loading and
 * decrypting it again for every request; the helper writes a refreshed token into it. `leaving`
 * runs as the request leaves, after the token exchange (the pace's last wait).
 */
export async function attemptApiRequest(
	context: N8nContext,
	request: AttemptedRequest,
	deadlineMs: number,
	stopped: AbortSignal | undefined,
	credential?: ICredentialsDecrypted,
	leaving?: () => Promise<void>,
): Promise<ApiResponse> {
	const options = helperOptions(request, deadlineMs);
	return await withinDeadline(deadlineMs, stopped, async (signal, deadline) => {
		// the deadline counts from the moment the request leaves (see departure.ts); until then a
		// token exchange may come first, with a deadline of its own
		deadline.start(deadlineMs + TOKEN_DEADLINE_MS);
		onDeparture(options, async () => {
			deadline.pause();
			await leaving?.();
			deadline.start();
		});
		// n8n's helper aborts its request with the execution's cancel signal: this one also fires at the deadline
		const withDeadline = Object.create(context, {
			getExecutionCancelSignal: { value: () => signal },
		});
		const answer = asAnswer(
			await context.helpers.httpRequestWithAuthentication.call(
				withDeadline,
				CREDENTIAL_TYPE,
				options,
				credential && { credentialsDecrypted: credential },
			),
		);
		if (!request.binary) return answer;
		const bytes = await readAtMost(answer.body, answer.headers, request.maxBytes ?? LARGEST_FILE);
		return { ...answer, body: bytes };
	});
}

/** The options n8n's helper gets for one attempt: every status back, no redirect, JSON or a stream. */
function helperOptions(
	{ method, url, qs, body, binary, payload }: AttemptedRequest,
	deadlineMs: number,
): IHttpRequestOptions {
	const options: IHttpRequestOptions = {
		method,
		url,
		qs,
		headers: { Accept: 'application/json' },
		json: true,
		returnFullResponse: true,
		disableFollowRedirect: true,
		// Every status comes back, 401 included: the transport refreshes the token itself (see
		// forgetToken), the same way on n8n 1.x, which only knows a boolean here.
		ignoreHttpStatusErrors: true,
		// n8n's idle timeout only as a backstop: the deadline ends a slow answer first
		timeout: deadlineMs + 1000,
	};
	if (body !== undefined) {
		options.body = body;
		options.headers = { ...options.headers, 'Content-Type': 'application/json' };
	}
	if (payload) {
		options.body = payload.bytes;
		options.headers = { ...options.headers, ...payload.headers };
	}
	if (binary) {
		// streamed, so that a file too large is stopped while it is read
		Object.assign(options, {
			json: false,
			encoding: 'stream',
			headers: { Accept: 'application/pdf' },
		});
	}
	return options;
}

/**
 * One attempt at MakeLeaps' file storage (signed addresses): a file a download was redirected
 * to, or the bytes of an `upload` PUT there. Without the Authorization header (n8n's plain
 * request helper adds none), one hop, within the deadline. An upload's answer is not read.
 */
export async function attemptStorageFetch(
	context: N8nContext,
	url: string,
	deadlineMs: number,
	stopped: AbortSignal | undefined,
	maxBytes = LARGEST_FILE,
	upload?: BytesBody,
): Promise<ApiResponse> {
	return await withinDeadline(deadlineMs, stopped, async (signal) => {
		const answer = asAnswer(
			await context.helpers.httpRequest({
				method: upload ? 'PUT' : 'GET',
				url,
				...(upload ? { body: upload.bytes, headers: upload.headers } : {}),
				encoding: 'stream',
				returnFullResponse: true,
				disableFollowRedirect: true,
				ignoreHttpStatusErrors: true,
				timeout: deadlineMs + 1000,
				abortSignal: signal,
			}),
		);
		if (!upload)
			return { ...answer, body: await readAtMost(answer.body, answer.headers, maxBytes) };
		(answer.body as { destroy?: () => void } | undefined)?.destroy?.();
		return { ...answer, body: Buffer.alloc(0) };
	});
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
