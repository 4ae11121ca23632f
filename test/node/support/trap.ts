/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev code: an HTTP server for tests, never inside n8n */
/**
 * A local HTTP server that must never be called: foreign URLs in tests point at it, so a request
 * that escaped the Base URL would be seen here rather than lost in DNS.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Trap {
	url: string;
	hits: string[];
	/** The headers of every request that reached the trap (a credential there is a leak). */
	headers: Array<Record<string, string | string[] | undefined>>;
	close(): Promise<void>;
}

export async function startTrap(): Promise<Trap> {
	const hits: string[] = [];
	const headers: Trap['headers'] = [];
	const server = http.createServer((req, res) => {
		hits.push(`${req.method} ${req.url}`);
		headers.push(req.headers);
		res.writeHead(200, { 'Content-Type': 'application/json' });
		res.end('{"meta": {}, "response": {"trapped": true}}');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		hits,
		headers,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
