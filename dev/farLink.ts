/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev code: a TCP proxy for tests and benchmarks, never inside n8n */
/**
 * A link far from the service, played on this machine: a TCP proxy in front of a local HTTP
 * server (the sandbox) that delays what crosses it as a link with a round trip of `rttMs` would.
 * A new connection costs two round trips before its first byte goes through (TCP's handshake and
 * TLS's, which the sandbox's plain http does not make), and every chunk, either way, arrives half
 * a round trip after it left, in the order it left. So one request on a new connection takes
 * three round trips, and one on a kept connection one. The link counts the connections made
 * through it.
 */
import net from 'node:net';

export interface FarLinkOptions {
	/** The round trip played, in milliseconds (0: no delay, the link only counts). */
	rttMs: number;
	/** Where the link leads (`http://127.0.0.1:<port>`), read at each new connection. */
	upstream: () => string;
	/** Round trips a new connection costs before its first byte goes through (TCP and TLS: 2). */
	handshakeRoundTrips?: number;
}

export interface FarLink {
	/** The link's own address, `http://127.0.0.1:<port>`: the Base URL a node is given. */
	readonly url: string;
	readonly rttMs: number;
	/** Connections made through the link so far. */
	readonly connections: number;
	close(): Promise<void>;
}

/**
 * One direction of one connection: each chunk (or the end, `null`) is handed on `delayMs` after
 * it came in, and not before `gate` (the handshakes), never overtaking the one before it.
 */
class Lane {
	private readonly queue: Array<{ due: number; chunk: Buffer | null }> = [];
	private timer?: NodeJS.Timeout;
	private last = 0;

	constructor(
		private readonly to: net.Socket,
		private readonly delayMs: number,
		private readonly gate = 0,
	) {}

	push(chunk: Buffer | null) {
		const due = Math.max(performance.now(), this.gate, this.last - this.delayMs) + this.delayMs;
		this.last = due;
		this.queue.push({ due, chunk });
		this.pump();
	}

	stop() {
		clearTimeout(this.timer);
		this.queue.length = 0;
	}

	private pump() {
		if (this.timer) return;
		const now = performance.now();
		while (this.queue.length > 0 && this.queue[0].due <= now) {
			const { chunk } = this.queue.shift()!;
			if (this.to.destroyed) continue;
			if (chunk === null) this.to.end();
			else this.to.write(chunk);
		}
		if (this.queue.length === 0) return;
		this.timer = setTimeout(
			() => {
				this.timer = undefined;
				this.pump();
			},
			Math.max(1, this.queue[0].due - now),
		);
	}
}

/** Starts a link on a free port of 127.0.0.1. */
export async function startFarLink(options: FarLinkOptions): Promise<FarLink> {
	const { rttMs, upstream } = options;
	const handshakeMs = (options.handshakeRoundTrips ?? 2) * rttMs;
	const sockets = new Set<net.Socket>();
	let connections = 0;

	const server = net.createServer({ allowHalfOpen: true }, (client) => {
		connections++;
		const opened = performance.now();
		const target = new URL(upstream());
		const service = net.connect({
			host: target.hostname,
			port: Number(target.port),
			allowHalfOpen: true,
		});
		const lanes = [
			new Lane(service, rttMs / 2, opened + handshakeMs), // towards the service
			new Lane(client, rttMs / 2), // back
		];
		const [out, back] = lanes;
		client.on('data', (chunk: Buffer) => out.push(chunk));
		client.on('end', () => out.push(null));
		service.on('data', (chunk: Buffer) => back.push(chunk));
		service.on('end', () => back.push(null));
		const drop = () => {
			for (const lane of lanes) lane.stop();
			client.destroy();
			service.destroy();
		};
		for (const socket of [client, service]) {
			sockets.add(socket);
			socket.on('error', drop);
			socket.on('close', () => sockets.delete(socket));
		}
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => resolve());
	});
	const { port } = server.address() as net.AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		rttMs,
		get connections() {
			return connections;
		},
		async close() {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
