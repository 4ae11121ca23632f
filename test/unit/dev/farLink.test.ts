/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev code: a test of the far link over real loopback sockets */
import http from 'node:http';
import net from 'node:net';

import { startFarLink, type FarLink } from '../../../dev/farLink';

/**
 * The link's times are held from below only (what it plays): the machine running the tests may be
 * busy, which only ever makes things later. What it saves (handshakes on a kept connection) is
 * counted, in connections.
 */
const RTT = 150;
const EARLY = 2; // a timer may fire a millisecond before its time

let service: http.Server;
let serviceUrl = '';
let link: FarLink;

/** An HTTP service answering every request with its method, path and body, or `size` bytes. */
beforeAll(async () => {
	service = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const size = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('size') ?? 0);
			const body = size
				? Buffer.alloc(size, 'abcdefgh')
				: `${req.method} ${req.url} ${Buffer.concat(chunks).toString()}`;
			res.end(body);
		});
	});
	await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
	serviceUrl = `http://127.0.0.1:${(service.address() as net.AddressInfo).port}`;
});
afterAll(async () => await new Promise<void>((resolve) => service.close(() => resolve())));
afterEach(async () => await link?.close());

const far = async (rttMs = RTT) =>
	(link = await startFarLink({ rttMs, upstream: () => serviceUrl }));

/** One request through the link, with its answer and how long it took. */
async function send(agent: http.Agent, path: string, body = '') {
	const started = performance.now();
	const text = await new Promise<string>((resolve, reject) => {
		const req = http.request(
			`${link.url}${path}`,
			{ method: body ? 'POST' : 'GET', agent },
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () => resolve(Buffer.concat(chunks).toString()));
				res.on('error', reject);
			},
		);
		req.on('error', reject);
		req.end(body);
	});
	return { text, ms: performance.now() - started };
}

describe('the far link', () => {
	test('a new connection costs three round trips, a kept one one', async () => {
		await far();
		const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
		const first = await send(agent, '/a', 'hello');
		const second = await send(agent, '/b');
		agent.destroy();
		expect(first.text).toBe('POST /a hello');
		expect(second.text).toBe('GET /b ');
		expect(first.ms).toBeGreaterThanOrEqual(3 * RTT - EARLY);
		expect(second.ms).toBeGreaterThanOrEqual(RTT - EARLY);
		// the kept connection pays no handshakes: the link played them once, for its one connection
		expect(link.connections).toBe(1);
	});

	test('counts a connection per request when none is kept', async () => {
		await far(0);
		const agent = new http.Agent({ keepAlive: false });
		for (const path of ['/1', '/2', '/3'])
			expect((await send(agent, path)).text).toBe(`GET ${path} `);
		expect(link.connections).toBe(3);
	});

	test('hands on a large answer whole, after one round trip and the handshakes', async () => {
		await far(40);
		const agent = new http.Agent({ keepAlive: false });
		const answer = await send(agent, '/?size=3000000');
		expect(answer.text).toBe(Buffer.alloc(3000000, 'abcdefgh').toString());
		expect(answer.ms).toBeGreaterThanOrEqual(3 * 40 - EARLY);
	});

	test('keeps the order of chunks written at different times', async () => {
		const echo = net.createServer((socket) => socket.pipe(socket));
		await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
		const port = (echo.address() as net.AddressInfo).port;
		link = await startFarLink({ rttMs: 30, upstream: () => `http://127.0.0.1:${port}` });
		const socket = net.connect(Number(new URL(link.url).port), '127.0.0.1');
		const received: Buffer[] = [];
		socket.on('data', (chunk: Buffer) => received.push(chunk));
		const started = performance.now();
		const firstByte = new Promise<number>((resolve) =>
			socket.once('data', () => resolve(performance.now() - started)),
		);
		const sent: string[] = [];
		for (let k = 0; k < 40; k++) {
			sent.push(`<${k}>`);
			socket.write(`<${k}>`);
			if (k % 7 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
		}
		socket.end();
		await new Promise((resolve) => socket.on('close', resolve));
		await new Promise<void>((resolve) => echo.close(() => resolve()));
		expect(Buffer.concat(received).toString()).toBe(sent.join(''));
		// two round trips of handshakes, then half a round trip each way
		expect(await firstByte).toBeGreaterThanOrEqual(3 * 30 - EARLY);
	});
});
