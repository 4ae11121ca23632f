/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev code: an HTTP server for tests, never inside n8n */
/**
 * Faults on demand: queued for the next matching request, each played before the request is
 * applied (nothing happens) or after it (applied, then answered wrongly or not at all).
 */
import type http from 'node:http';

import { HttpAnswer, writeAnswer } from './answer';
import type { RecordedRequest } from './requests';

export type Fault =
	| {
			kind: 'status';
			status?: number;
			body?: string;
			contentType?: string;
			headers?: Record<string, string>;
			/**
			 * For this long after it (or, `'Retry-After'`, until its Retry-After header has passed,
			 * 10 ms short, as timers fire a little early), every request it would match gets the
			 * same answer, marked `early` in the log: a service that means its Retry-After, or
			 * stays down while the node backs off. A test then counts the requests that came too
			 * soon.
			 */
			holdMs?: number | 'Retry-After';
	  }
	/** Closes the connection before the request is processed (nothing is applied). */
	| { kind: 'reset' }
	/** Applies the request, then closes the connection without answering. */
	| { kind: 'resetAfter' }
	/** Waits before processing the request. */
	| { kind: 'delay'; ms: number }
	/**
	 * Applies the request, then holds its answer until the client gives up on it (its deadline,
	 * Stop) and closes the connection: an answer that never comes, whatever the time.
	 */
	| { kind: 'hang' }
	/** Answers a redirect instead (nothing is applied). */
	| { kind: 'redirect'; status?: 301 | 302 | 303 | 307 | 308; location: string }
	/** Applies the request, then answers this instead of the real answer. */
	| { kind: 'replaceAfter'; status?: number; body: string; contentType?: string }
	/** Applies the request, sends the headers and half of the body, then closes the connection. */
	| { kind: 'cutAfter' }
	/** Applies the request, then sends the body one byte every `ms`. */
	| { kind: 'trickleAfter'; ms: number }
	/** Applies the request, then answers the real JSON body as `change` returns it (in process only). */
	| { kind: 'rewriteAfter'; change: (body: Record<string, unknown>, url: URL) => unknown };

export type FaultMatch = { method?: string; path?: string | RegExp };

function matches(match: FaultMatch, method: string, path: string): boolean {
	if (match.method && match.method !== method) return false;
	if (typeof match.path === 'string' && !path.startsWith(match.path)) return false;
	if (match.path instanceof RegExp && !match.path.test(path)) return false;
	return true;
}

/** When a fault's hold ends: after its `holdMs`, or when its Retry-After says (seconds or a date). */
function holdEnd(fault: Extract<Fault, { kind: 'status' }>, now: number): number {
	if (typeof fault.holdMs === 'number') return now + fault.holdMs;
	const retryAfter = fault.headers?.['Retry-After'] ?? '';
	const at = /^\d+$/.test(retryAfter) ? now + Number(retryAfter) * 1000 : Date.parse(retryAfter);
	return (Number.isNaN(at) ? now : at) - 10;
}

export class Faults {
	private readonly queue: Array<{ fault: Fault; match: FaultMatch }> = [];
	/** Answers held on after a fault with `holdMs`, until their time. */
	private holds: Array<{ fault: Fault; match: FaultMatch; until: number }> = [];
	/** Timers of delays and trickles, cleared when the sandbox closes. */
	private readonly timers = new Set<NodeJS.Timeout>();

	inject(fault: Fault, match: FaultMatch) {
		this.queue.push({ fault, match });
	}

	clear() {
		this.queue.length = 0;
		this.holds = [];
	}

	stopTimers() {
		for (const timer of this.timers) clearTimeout(timer);
	}

	/**
	 * The fault for this request: an answer still held (`early` is then true), else the first
	 * queued fault that matches, taken off the queue.
	 */
	take(method: string, path: string): { fault?: Fault; early: boolean } {
		const now = Date.now();
		this.holds = this.holds.filter((hold) => hold.until > now);
		const held = this.holds.find(({ match }) => matches(match, method, path));
		if (held) return { fault: held.fault, early: true };
		const index = this.queue.findIndex(({ match }) => matches(match, method, path));
		if (index === -1) return { early: false };
		const [{ fault, match }] = this.queue.splice(index, 1);
		if (fault.kind === 'status' && fault.holdMs) {
			this.holds.push({ fault, match, until: holdEnd(fault, now) });
		}
		return { fault, early: false };
	}

	/** Plays a fault that acts before the request is applied; true when the request ends there. */
	async before(
		fault: Fault | undefined,
		req: http.IncomingMessage,
		res: http.ServerResponse,
		record: RecordedRequest,
	): Promise<boolean> {
		if (fault?.kind === 'reset') {
			req.socket.destroy();
			return true;
		}
		if (fault?.kind === 'delay') await this.wait(fault.ms);
		if (fault?.kind === 'redirect') {
			record.status = fault.status ?? 302;
			res.writeHead(record.status, { Location: fault.location, 'Content-Type': 'text/html' });
			res.end(`<a href="${fault.location}">moved</a>`);
			return true;
		}
		if (fault?.kind === 'status') {
			const status = fault.status ?? 503;
			record.status = status;
			res.writeHead(status, {
				'Content-Type': fault.contentType ?? 'text/html; charset=utf-8',
				...fault.headers,
			});
			res.end(fault.body ?? `<h1>${status} Service Unavailable</h1>`);
			return true;
		}
		return false;
	}

	/** Sends the answer of an applied request, as a fault acting after it changes it. */
	after(
		fault: Fault | undefined,
		req: http.IncomingMessage,
		res: http.ServerResponse,
		answer: HttpAnswer,
		url: URL,
	) {
		if (fault?.kind === 'resetAfter') return void req.socket.destroy();
		if (fault?.kind === 'hang') return; // the client closes the connection when it gives up
		if (fault?.kind === 'replaceAfter') {
			const type = fault.contentType ?? 'application/json';
			answer = new HttpAnswer(fault.status ?? answer.status, fault.body, { 'Content-Type': type });
		}
		if (fault?.kind === 'rewriteAfter' && typeof answer.body === 'object') {
			const changed = fault.change(answer.body as Record<string, unknown>, url);
			answer = new HttpAnswer(answer.status, changed, answer.headers);
		}
		if (fault?.kind === 'cutAfter' || fault?.kind === 'trickleAfter') {
			return this.sendSlowly(req, res, answer, fault.kind === 'cutAfter' ? 0 : fault.ms);
		}
		writeAnswer(res, answer);
	}

	/** Waits `ms` on a timer cleared when the sandbox closes. */
	async wait(ms: number) {
		await new Promise<void>((resolve) => {
			const timer = setTimeout(() => {
				this.timers.delete(timer);
				resolve();
			}, ms);
			this.timers.add(timer);
		});
	}

	/** The answer's body cut in half (ms = 0), or trickled one byte every `ms`. */
	private sendSlowly(
		req: http.IncomingMessage,
		res: http.ServerResponse,
		answer: HttpAnswer,
		ms: number,
	) {
		const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '');
		const body = Buffer.from(text);
		res.writeHead(answer.status, {
			'Content-Type': 'application/json',
			'Content-Length': String(body.length),
		});
		if (ms === 0) {
			res.write(body.subarray(0, Math.floor(body.length / 2)), () => req.socket.destroy());
			return;
		}
		let sent = 0;
		let timer: NodeJS.Timeout | undefined;
		// a client that gives up stops the trickle at once: no timer of it is left
		res.once('close', () => {
			clearTimeout(timer);
			if (timer) this.timers.delete(timer);
		});
		const next = () => {
			if (timer) this.timers.delete(timer);
			if (res.destroyed || sent >= body.length) return void res.end();
			res.write(body.subarray(sent, ++sent));
			timer = setTimeout(next, ms);
			this.timers.add(timer);
		};
		next();
	}
}
