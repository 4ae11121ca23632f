/** Requests Per Minute: requests spaced evenly, on one schedule per account in this process. */

/** Time as the transport sees it: a real clock in n8n, a fake one in unit tests. */
export interface Clock {
	now(): number;
	/** Resolves after `ms`, or rejects early when the execution is stopped. */
	sleep(ms: number): Promise<void>;
}

/**
 * Share of Requests Per Minute actually used. Requests arrive at the API with a little jitter; at
 * exactly the limit, one that arrives early lands in a full window and costs a whole Retry-After.
 */
export const PACE_SHARE = 0.97;

/** Slowest pace a run may be set to: at one request a minute a 100-row import takes over an hour. */
export const MIN_REQUESTS_PER_MINUTE = 1;

/** The Requests Per Minute option as a number between 1 and `max` (an expression can give anything), or why not. */
export function checkRequestsPerMinute(
	raw: unknown,
	max: number,
): { rate: number; problem?: undefined } | { rate?: undefined; problem: string } {
	const rate = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	const shown = typeof raw === 'string' ? JSON.stringify(raw) : String(raw);
	if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0) {
		return { problem: `Requests Per Minute must be a positive number, not ${shown}` };
	}
	if (rate < MIN_REQUESTS_PER_MINUTE || rate > max) {
		return {
			problem: `Requests Per Minute must be between ${MIN_REQUESTS_PER_MINUTE} and ${max}, not ${shown}`,
		};
	}
	return { rate };
}

/** Milliseconds between two requests for a Requests Per Minute option; 0 means unpaced. */
export function paceInterval(requestsPerMinute: number): number {
	return requestsPerMinute > 0 ? 60000 / (requestsPerMinute * PACE_SHARE) : 0;
}

/** When the next request to one account may leave: shared by every run that uses the account. */
export interface Schedule {
	nextSlot: number;
	/** Until when MakeLeaps asked the account to wait (a 429): no request leaves before. */
	heldUntil?: number;
}

/**
 * Holds that one wait for a slot sits out before its request leaves all the same (its own 429,
 * if any, is then waited out by the retry policy, which bounds it).
 */
const MAX_HOLDS = 10;

/** How many accounts' schedules this process keeps (an n8n uses a handful). */
const MAX_SCHEDULES = 1000;
const schedules = new Map<string, Schedule>();

/**
 * The schedule of an account (Base URL and Client ID) in this n8n process: executions running at
 * the same time on one account take turns on it, so together they stay under its rate limit.
 */
export function scheduleOf(account: string): Schedule {
	let schedule = schedules.get(account);
	if (!schedule) {
		schedule = { nextSlot: 0 };
		schedules.set(account, schedule);
		if (schedules.size > MAX_SCHEDULES) schedules.delete(schedules.keys().next().value!);
	}
	return schedule;
}

/** Spaces requests evenly so that the runs on a schedule stay under a rate. */
export class Pacer {
	constructor(
		private readonly intervalMs: number,
		private readonly clock: Clock,
		private readonly schedule: Schedule = { nextSlot: 0 },
	) {}

	/**
	 * Waits until the next request may leave. A 429 that holds the schedule while this request
	 * waits for its slot (another request of the run, or another run, was refused) holds it too:
	 * it takes a slot after the hold.
	 */
	async take(): Promise<void> {
		for (let hold = 0; hold <= MAX_HOLDS; hold++) {
			const now = this.clock.now();
			const wait = this.schedule.nextSlot - now;
			this.schedule.nextSlot = Math.max(now, this.schedule.nextSlot) + this.intervalMs;
			if (wait > 0) await this.clock.sleep(wait);
			if ((this.schedule.heldUntil ?? 0) <= this.clock.now()) return;
		}
	}

	/** MakeLeaps asked to wait (a 429): no run on the schedule sends before `time`. */
	holdUntil(time: number): void {
		this.schedule.nextSlot = Math.max(this.schedule.nextSlot, time);
		this.schedule.heldUntil = Math.max(this.schedule.heldUntil ?? 0, time);
	}

	/** After a long wait (a 429), the pace restarts from now instead of bursting to catch up. */
	restart(): void {
		this.schedule.nextSlot = Math.max(this.schedule.nextSlot, this.clock.now());
	}
}
