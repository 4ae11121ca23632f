/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev code: an HTTP server for tests, never inside n8n */
/** The request log: what each request asked and what it was answered, as tests read it. */
import type http from 'node:http';

export interface RecordedRequest {
	method: string;
	/** Path without query string. */
	path: string;
	/** Path with query string, as sent. */
	url: string;
	query: Record<string, string>;
	headers: http.IncomingHttpHeaders;
	body: string;
	status?: number;
	/** The JSON body answered, if any (lets the demo name the clients a run created and deleted). */
	response?: unknown;
	at: number;
	/** Answered by a fault's hold: it came before the wait the fault asked for had passed. */
	early?: true;
	/** Its answer was not sent whole: the client closed the connection first, or a fault cut it. */
	unfinished?: true;
}

export const recordOf = (
	method: string,
	url: URL,
	headers: http.IncomingHttpHeaders,
	body: string,
): RecordedRequest => ({
	method,
	path: url.pathname,
	url: `${url.pathname}${url.search}`,
	query: Object.fromEntries(url.searchParams),
	headers,
	body,
	at: Date.now(),
});
