/** Requests Per Minute: requests spaced evenly, on one schedule per account in this process. */
import { REQUESTS_PER_MINUTE_PROBLEMS } from '../../words/transport';

/** Time as the transport sees it: a real clock in n8n, a fake one in unit tests. */
export interface Clock {
	now(): number;
	/** Resolves after `ms`, or rejects early when the execution is stopped. */
	sleep(ms: number): Promise<void>;
	/** Resolves when `turn` does, or rejects early when the execution is stopped (none: waits). */
	waitFor?(turn: Promise<void>): Promise<void>;
}

/**
 * Share of Requests Per Minute the slots use. Requests arrive at the API with some jitter (more
 * on a busy machine); at exactly the limit, one that arrives early lands in a full window and
 * costs a whole Retry-After.
 */
export const PACE_SHARE = 0.9;

/**
 * The least time between two requests as they leave, as a multiple of the rate's own interval
 * (60 s / Requests Per Minute): 550 ms at 120 a minute. Ten requests in a row then span at least
 * 5.5 s where MakeLeaps counts 10 in 5 s, so one that reaches it up to half a second late still
 * finds room. Just below the slots' spacing, so a timer a few milliseconds late delays nothing
 * after it.
 */
export const LEAST_GAP = 1.1;

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
		return { problem: REQUESTS_PER_MINUTE_PROBLEMS.notPositive(shown) };
	}
	if (rate < MIN_REQUESTS_PER_MINUTE || rate > max) {
		return {
			problem: REQUESTS_PER_MINUTE_PROBLEMS.outOfRange(MIN_REQUESTS_PER_MINUTE, max, shown),
		};
	}
	return { rate };
}

/** Milliseconds between two requests for a Requests Per Minute option; 0 means unpaced. */
export function paceInterval(requestsPerMinute: number): number {
	return requestsPerMinute > 0 ? 60000 / (requestsPerMinute * PACE_SHARE) : 0;
}

/**
 * The turns of one account: shared by every run that uses it. Each request gets the next slot of
 * the pace, and requests leave one after another in the order they asked: the next in line waits
 * until the one ahead has left, not only taken its turn (n8n's helper, and for the first request
 * the token exchange, run between the two). A timer that fires late (a busy process) makes the
 * slots after it pass: those requests then leave spaced from the one before them as it actually
 * left, instead of together.
 */
export interface Schedule {
	/** The slot the next request gets. */
	nextSlot: number;
	/** When the last request on the schedule left. */
	lastLeft: number;
	/** Until when MakeLeaps asked the account to wait (a 429): no request leaves before. */
	heldUntil?: number;
	/** Settles when the request ahead in line has left (or given up). */
	line: Promise<void>;
}

const newSchedule = (): Schedule => ({
	nextSlot: 0,
	lastLeft: -Infinity,
	line: Promise.resolve(),
});

/**
 * Sleeps that one request sits out before it leaves all the same: a hold that comes while it
 * waits, or a timer that woke it early (its own 429, if any, is then waited out by the retry
 * policy, which bounds it).
 */
const MAX_SLEEPS = 10;

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
		schedule = newSchedule();
		schedules.set(account, schedule);
		if (schedules.size > MAX_SCHEDULES) schedules.delete(schedules.keys().next().value!);
	}
	return schedule;
}

/** A request's turn on the schedule, from its slot until it leaves. */
export interface Turn {
	/**
	 * The request is about to leave: waits until the least gap after the last departure and any
	 * hold have passed, then counts it as left and lets the next in line go.
	 */
	leave(): Promise<void>;
	/**
	 * The try is over (answered, failed or stopped). A request that never said it left lets the
	 * next in line go, counted as leaving now: it may have left at any moment until then.
	 */
	end(): void;
}

/** Spaces requests evenly so that the runs on a schedule stay under a rate. */
export class Pacer {
	/** The least time between two departures (LEAST_GAP times the rate's own interval). */
	private readonly leastGapMs: number;

	constructor(
		private readonly intervalMs: number,
		private readonly clock: Clock,
		private readonly schedule: Schedule = newSchedule(),
	) {
		this.leastGapMs = intervalMs * PACE_SHARE * LEAST_GAP;
	}

	/**
	 * Waits for this request's turn: its slot, after the requests ahead of it in line have left,
	 * at least the least gap after the last one left, and after a hold (a 429) that comes while it
	 * waits. The caller says when the request leaves (`leave`) and when its try is over (`end`).
	 */
	async take(): Promise<Turn> {
		const slot = Math.max(this.clock.now(), this.schedule.nextSlot);
		this.schedule.nextSlot = slot + this.intervalMs;
		const ahead = this.schedule.line;
		let done!: () => void;
		const mine = new Promise<void>((resolve) => (done = resolve));
		// the next in line waits for this request and for those ahead, even if this one is stopped
		this.schedule.line = ahead.then(async () => await mine);
		let over = false;
		const release = () => {
			if (over) return;
			over = true;
			this.schedule.lastLeft = Math.max(this.schedule.lastLeft, this.clock.now());
			done();
		};
		let turned = false;
		try {
			// every request sleeps to its slot at once, so a busy process delays them together,
			// not one after another; then they leave in line
			const wait = slot - this.clock.now();
			if (wait > 0) await this.clock.sleep(wait);
			await (this.clock.waitFor?.(ahead) ?? ahead);
			await this.waitUntil(slot);
			turned = true;
		} finally {
			// stopped while waiting: the next in line goes on, and nothing left
			if (!turned) {
				over = true;
				done();
			}
		}
		return {
			leave: async () => {
				if (over) return;
				// what came between the turn and now (a token exchange, a hold) is waited out again
				await this.waitUntil(slot);
				release();
			},
			end: release,
		};
	}

	/** Sleeps until the slot, the least gap after the last departure and any hold, checked on waking. */
	private async waitUntil(slot: number): Promise<void> {
		for (let sleeps = 0; sleeps < MAX_SLEEPS; sleeps++) {
			const { lastLeft, heldUntil = 0 } = this.schedule;
			const turn = Math.max(slot, lastLeft + this.leastGapMs, heldUntil);
			const wait = turn - this.clock.now();
			if (wait <= 0) return;
			await this.clock.sleep(wait);
		}
	}

	/** MakeLeaps asked to wait (a 429): no run on the schedule sends before `time`. */
	holdUntil(time: number): void {
		this.schedule.nextSlot = Math.max(this.schedule.nextSlot, time);
		this.schedule.heldUntil = Math.max(this.schedule.heldUntil ?? 0, time);
	}
}
