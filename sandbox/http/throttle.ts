/**
 * The sandbox's limits: at most `limit` API requests per window, and an optional daily limit
 * until midnight UTC; both answer 429 with `Retry-After`.
 */
import type { SandboxOptions } from '../options';
import { detail } from './answer';

type Limits = Pick<SandboxOptions, 'now' | 'dailyLimit' | 'throttle'>;

export class Throttle {
	private window = { start: 0, count: 0 };
	private day = { key: '', count: 0 };

	/** Starts a new window (the limit changed). */
	reset() {
		this.window = { start: 0, count: 0 };
	}

	/** Counts a request, or throws the 429 the limits call for (read on every request). */
	check(limits: Limits) {
		const now = limits.now?.() ?? Date.now();
		if (limits.dailyLimit !== undefined) this.checkDay(now, limits.dailyLimit);
		if (limits.throttle) this.checkWindow(now, limits.throttle);
	}

	private checkDay(now: number, dailyLimit: number) {
		const key = new Date(now).toISOString().slice(0, 10);
		if (this.day.key !== key) this.day = { key, count: 0 };
		if (this.day.count >= dailyLimit) {
			const midnight = Date.parse(`${key}T00:00:00Z`) + 86400000;
			const seconds = Math.ceil((midnight - now) / 1000);
			throw detail(
				429,
				`Request was throttled. Daily request limit reached. Expected available in ${seconds} seconds.`,
				{ 'Retry-After': String(seconds) },
			);
		}
		this.day.count++;
	}

	private checkWindow(now: number, limit: { limit: number; windowMs: number }) {
		if (now - this.window.start >= limit.windowMs) this.window = { start: now, count: 0 };
		if (this.window.count >= limit.limit) {
			const seconds = Math.max(1, Math.ceil((this.window.start + limit.windowMs - now) / 1000));
			throw detail(429, `Request was throttled. Expected available in ${seconds} seconds.`, {
				'Retry-After': String(seconds),
			});
		}
		this.window.count++;
	}
}
