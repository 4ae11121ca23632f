/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev code: an HTTP server for tests, never inside n8n */
/**
 * An answer of the sandbox and how it goes on the wire: the `{meta, response}` envelope, DRF's
 * `detail` errors, the method and media-type checks every route makes.
 */
import type http from 'node:http';

import { ValidationError } from '../rules/fields';

/** A status, a body (JSON, text, bytes or none) and headers; routes return or throw it. */
export class HttpAnswer {
	constructor(
		readonly status: number,
		readonly body?: unknown,
		readonly headers: Record<string, string> = {},
	) {}
}

/** An applied request left unanswered (a switch): the server closes the connection instead. */
export const unanswered = () => new HttpAnswer(0);

/** The envelope every API answer has: `{"meta": {"status"}, "response"}`. */
export const envelope = (status: number, response: unknown) =>
	new HttpAnswer(status, { meta: { status }, response });

/** DRF's error of a whole request: `{"detail": text}` in the envelope. */
export const detail = (status: number, text: string, headers: Record<string, string> = {}) =>
	new HttpAnswer(status, { meta: { status }, response: { detail: text } }, headers);

/** What a route threw, as the answer: field errors are a 400 with the errors as the response. */
export function answerOf(error: unknown): HttpAnswer {
	if (error instanceof HttpAnswer) return error;
	if (error instanceof ValidationError) return envelope(400, error.errors);
	throw error;
}

/** 405 with `Allow` for a method the route does not take. */
export function allow(method: string, methods: string[]) {
	if (!methods.includes(method)) {
		throw detail(405, `Method "${method}" not allowed.`, {
			Allow: [...methods, 'OPTIONS'].join(', '),
		});
	}
}

/** The JSON body of a request: 415 for another media type, 400 when it does not parse. */
export function jsonBody(headers: http.IncomingHttpHeaders, body: string): unknown {
	const type = String(headers['content-type'] ?? '');
	if (!type.startsWith('application/json')) {
		throw detail(415, `Unsupported media type "${type}" in request.`);
	}
	try {
		return JSON.parse(body);
	} catch (error) {
		throw detail(400, `JSON parse error - ${(error as Error).message}`);
	}
}

/** Writes an answer whole, with the content type its body calls for. */
export function writeAnswer(res: http.ServerResponse, answer: HttpAnswer) {
	const headers: Record<string, string> = { Vary: 'Accept, Authorization', ...answer.headers };
	if (answer.body === undefined) {
		res.writeHead(answer.status, headers);
		res.end();
	} else if (Buffer.isBuffer(answer.body)) {
		res.writeHead(answer.status, { 'Content-Type': 'application/octet-stream', ...headers });
		res.end(answer.body);
	} else if (typeof answer.body === 'string') {
		res.writeHead(answer.status, { 'Content-Type': 'text/html; charset=utf-8', ...headers });
		res.end(answer.body);
	} else {
		res.writeHead(answer.status, { 'Content-Type': 'application/json', ...headers });
		res.end(JSON.stringify(answer.body));
	}
}
