/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code: the virtual clock lets the event loop run between its timers */
import {
	checkRequestsPerMinute,
	Pacer,
	paceInterval,
	scheduleOf,
	LEAST_GAP,
	PACE_SHARE,
	type Clock,
} from '../../../../nodes/MakeLeaps/transport/tries/pacer';

/** A clock that only moves when the pacer sleeps (or the test advances it). */
function fakeClock(start = 1_000_000) {
	const sleeps: number[] = [];
	const clock: Clock & { advance(ms: number): void; sleeps: number[] } = {
		now: () => start,
		sleep: async (ms) => {
			sleeps.push(ms);
			start += ms;
		},
		advance: (ms) => {
			start += ms;
		},
		sleeps,
	};
	return clock;
}

/**
 * A clock for requests that wait at the same time: time moves only in `run`, to each sleeper's
 * end in turn (plus `late` ms, as timers of a busy process fire late).
 */
function virtualClock(start = 0) {
	let time = start;
	const timers: Array<{ at: number; wake: () => void }> = [];
	return {
		now: () => time,
		/** Time passes without any timer firing: the process was busy. */
		stall: (ms: number) => {
			time += ms;
		},
		sleep: async (ms: number) =>
			await new Promise<void>((wake) => void timers.push({ at: time + ms, wake })),
		async run(late = 0) {
			for (;;) {
				await new Promise((resolve) => setImmediate(resolve));
				if (timers.length === 0) return;
				timers.sort((a, b) => a.at - b.at);
				const next = timers.shift()!;
				time = Math.max(time, next.at + late);
				next.wake();
			}
		},
	};
}

/** A request that takes its turn and leaves at once. */
const go = async (pacer: Pacer) => await (await pacer.take()).leave();

/** Takes a turn, leaves, and notes when. */
const leaveAt = async (pacer: Pacer, clock: Clock, left: number[]) => {
	await go(pacer);
	left.push(clock.now());
};

describe('paceInterval', () => {
	test('slots at 90% of the rate, departures at least 1.1 times its interval apart; 0 is unpaced', () => {
		expect(PACE_SHARE).toBe(0.9);
		expect(LEAST_GAP).toBe(1.1);
		expect(paceInterval(120)).toBeCloseTo(60000 / (120 * 0.9), 6);
		expect(paceInterval(120) * PACE_SHARE * LEAST_GAP).toBeCloseTo(550, 6);
		expect(paceInterval(0)).toBe(0);
	});
});

describe('Pacer', () => {
	test('the first request leaves at once, the next ones one interval apart', async () => {
		const clock = fakeClock();
		const pacer = new Pacer(500, clock);
		for (let i = 0; i < 4; i++) await go(pacer);
		expect(clock.sleeps).toEqual([500, 500, 500]);
	});

	test('time spent elsewhere counts towards the interval', async () => {
		const clock = fakeClock();
		const pacer = new Pacer(500, clock);
		await go(pacer);
		clock.advance(300);
		await go(pacer);
		clock.advance(800);
		await go(pacer);
		expect(clock.sleeps).toEqual([200]);
	});

	test('requests waiting at the same time leave one after another, in the order they asked', async () => {
		const clock = virtualClock();
		const pacer = new Pacer(250, clock);
		const order: number[] = [];
		const taken = Array.from({ length: 9 }, (_, k) => go(pacer).then(() => order.push(k)));
		const left: number[] = [];
		for (const one of taken) void one.then(() => left.push(clock.now()));
		await clock.run();
		await Promise.all(taken);
		expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
		expect(left).toEqual([0, 250, 500, 750, 1000, 1250, 1500, 1750, 2000]);
	});

	test('timers a little late delay nothing after them: the slots hold', async () => {
		const clock = virtualClock();
		const pacer = new Pacer(250, clock);
		const left: number[] = [];
		const taken = Array.from({ length: 5 }, () => leaveAt(pacer, clock, left));
		await clock.run(2);
		await Promise.all(taken);
		expect(left).toEqual([0, 252, 502, 752, 1002]);
	});

	test('a busy process: requests whose slots passed during a stall still leave the least gap apart', async () => {
		const clock = virtualClock();
		// 600 a minute: slots 111 ms apart, departures never less than 110 ms
		const pacer = new Pacer(paceInterval(600), clock);
		const left: number[] = [];
		const taken = Array.from({ length: 5 }, () => leaveAt(pacer, clock, left));
		await new Promise((resolve) => setImmediate(resolve));
		// the event loop held for 500 ms while 4 requests wait: all their slots pass
		clock.stall(500);
		await clock.run();
		await Promise.all(taken);
		expect(left.map(Math.round)).toEqual([0, 500, 610, 720, 830]);
	});

	test('the next in line waits until the one ahead has left, not only taken its turn', async () => {
		const clock = virtualClock();
		const pacer = new Pacer(paceInterval(120), clock);
		const left: number[] = [];
		// the first request's token exchange takes a second between its turn and its departure
		const first = pacer.take().then(async (turn) => {
			await clock.sleep(1000);
			await turn.leave();
			left.push(clock.now());
		});
		const next = [leaveAt(pacer, clock, left), leaveAt(pacer, clock, left)];
		await clock.run();
		await Promise.all([first, ...next]);
		expect(left.map(Math.round)).toEqual([1000, 1550, 2100]);
	});

	test('a try that ends without saying it left lets the next go, counted as leaving then', async () => {
		const clock = virtualClock();
		const pacer = new Pacer(paceInterval(120), clock);
		const left: number[] = [];
		const first = pacer.take().then(async (turn) => {
			await clock.sleep(300);
			turn.end();
			turn.end();
		});
		const next = leaveAt(pacer, clock, left);
		await clock.run();
		await Promise.all([first, next]);
		expect(left.map(Math.round)).toEqual([850]);
	});

	test('a 429 between a turn and its departure (during a token exchange) is waited out before it leaves', async () => {
		const clock = virtualClock();
		const pacer = new Pacer(100, clock);
		const left: number[] = [];
		const first = pacer.take().then(async (turn) => {
			await clock.sleep(50);
			pacer.holdUntil(2000);
			await turn.leave();
			left.push(clock.now());
		});
		await clock.run();
		await first;
		expect(left).toEqual([2000]);
	});

	test('a 429 while a request waits for its slot holds that request too (items in flight)', async () => {
		const clock = fakeClock(0);
		const pacer = new Pacer(100, clock);
		const sleep = clock.sleep;
		// another request in flight is refused with a 429 while this one waits for its slot
		clock.sleep = async (ms) => {
			if (clock.sleeps.length === 0) pacer.holdUntil(5000);
			await sleep(ms);
		};
		await go(pacer);
		await go(pacer);
		expect(clock.now()).toBeGreaterThanOrEqual(5000);
		expect(clock.sleeps).toEqual([100, 4900]);
	});

	test('after a long wait the pace goes on from now instead of bursting to catch up', async () => {
		const clock = fakeClock();
		const pacer = new Pacer(500, clock);
		await go(pacer);
		clock.advance(60_000); // a 429's Retry-After
		await go(pacer);
		await go(pacer);
		expect(clock.sleeps).toEqual([500]);
	});

	test('an unpaced pacer never sleeps', async () => {
		const clock = fakeClock();
		const pacer = new Pacer(0, clock);
		for (let i = 0; i < 100; i++) await go(pacer);
		expect(clock.sleeps).toEqual([]);
	});

	test('a stopped execution waiting in line behind a hold ends at once, and the line goes on', async () => {
		const clock = virtualClock();
		const schedule = scheduleOf('http://127.0.0.1:3 id-a');
		const holding = new Pacer(100, clock, schedule);
		let stop!: (error: Error) => void;
		const stopped = new Promise<never>((_, reject) => (stop = reject));
		const waiting = new Pacer(
			100,
			{
				...clock,
				waitFor: async (turn) => await Promise.race([turn, stopped]),
			},
			schedule,
		);
		await go(holding);
		const left: number[] = [];
		const held = leaveAt(holding, clock, left);
		const stoppedTake = go(waiting);
		void stoppedTake.catch(() => undefined);
		// a 429 of another request: the one ahead sits it out, the other waits behind it
		holding.holdUntil(60_000);
		const after = leaveAt(holding, clock, left);
		const running = clock.run();
		while (clock.now() < 200) await new Promise((resolve) => setImmediate(resolve));
		stop(new Error('stopped'));
		await expect(stoppedTake).rejects.toThrow('stopped');
		await running;
		await Promise.all([held, after]);
		expect(left).toEqual([60_000, 60_099]);
	});

	test("a stopped execution ends a pace wait with the clock's error", async () => {
		const pacer = new Pacer(500, {
			now: () => 0,
			sleep: async () => {
				throw new Error('stopped');
			},
		});
		await go(pacer);
		await expect(go(pacer)).rejects.toThrow('stopped');
	});
});

describe('checkRequestsPerMinute', () => {
	test('numbers and numeric text from expressions are accepted between 1 and the ceiling', () => {
		expect(checkRequestsPerMinute(120, 6000)).toEqual({ rate: 120 });
		expect(checkRequestsPerMinute('60', 6000)).toEqual({ rate: 60 });
		expect(checkRequestsPerMinute(1, 6000)).toEqual({ rate: 1 });
		expect(checkRequestsPerMinute(6000, 6000)).toEqual({ rate: 6000 });
	});

	test.each<[unknown, string]>([
		[-10, 'must be a positive number, not -10'],
		[Number.NaN, 'must be a positive number, not NaN'],
		[null, 'must be a positive number, not null'],
		['fast', 'must be a positive number, not "fast"'],
		['', 'must be a positive number, not ""'],
		[Infinity, 'must be a positive number, not Infinity'],
		[0, 'must be between 1 and 6000, not 0'],
		[0.5, 'must be between 1 and 6000, not 0.5'],
		[6001, 'must be between 1 and 6000, not 6001'],
		['1000000', 'must be between 1 and 6000, not "1000000"'],
	])('%p is refused', (raw, problem) => {
		expect(checkRequestsPerMinute(raw, 6000).problem).toBe(`Requests Per Minute ${problem}`);
	});
});

describe('one schedule per account', () => {
	test('two runs on one account take turns: together they keep the interval', async () => {
		const clock = virtualClock();
		const schedule = scheduleOf('http://127.0.0.1:1 id-a');
		const first = new Pacer(100, clock, schedule);
		const second = new Pacer(100, clock, schedule);
		const left: number[] = [];
		const taken = [first, second, first, second].map((pacer) => leaveAt(pacer, clock, left));
		await clock.run();
		await Promise.all(taken);
		expect(left).toEqual([0, 100, 200, 300]);
	});

	test('accounts are paced apart; a 429 holds every run of its account', async () => {
		const clock = fakeClock(0);
		const a = new Pacer(100, clock, scheduleOf('http://127.0.0.1:2 id-a'));
		const b = new Pacer(100, clock, scheduleOf('http://127.0.0.1:2 id-b'));
		const a2 = new Pacer(100, clock, scheduleOf('http://127.0.0.1:2 id-a'));
		await go(a);
		await go(b);
		expect(clock.sleeps).toEqual([]);
		a.holdUntil(5000);
		await go(a2);
		expect(clock.sleeps).toEqual([5000]);
	});
});
