import {
	checkRequestsPerMinute,
	Pacer,
	paceInterval,
	scheduleOf,
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

describe('paceInterval', () => {
	test('spaces requests to 97% of the rate; 0 is unpaced', () => {
		expect(PACE_SHARE).toBe(0.97);
		expect(paceInterval(120)).toBeCloseTo(60000 / (120 * 0.97), 6);
		expect(paceInterval(120)).toBeGreaterThan(500);
		expect(paceInterval(0)).toBe(0);
	});
});

describe('Pacer', () => {
	test('the first request leaves at once, the next ones one interval apart', async () => {
		const clock = fakeClock();
		const pacer = new Pacer(500, clock);
		for (let i = 0; i < 4; i++) await pacer.take();
		expect(clock.sleeps).toEqual([500, 500, 500]);
	});

	test('time spent elsewhere counts towards the interval', async () => {
		const clock = fakeClock();
		const pacer = new Pacer(500, clock);
		await pacer.take();
		clock.advance(300);
		await pacer.take();
		clock.advance(800);
		await pacer.take();
		expect(clock.sleeps).toEqual([200]);
	});

	test('requests waiting at the same time get successive slots', async () => {
		const sleeps: number[] = [];
		const pacer = new Pacer(250, { now: () => 0, sleep: async (ms) => void sleeps.push(ms) });
		await Promise.all(Array.from({ length: 9 }, () => pacer.take()));
		expect(sleeps).toEqual([250, 500, 750, 1000, 1250, 1500, 1750, 2000]);
	});

	test('a 429 while a request waits for its slot holds that request too (items in flight)', async () => {
		const clock = fakeClock(0);
		const pacer = new Pacer(100, clock, { nextSlot: 0 });
		const sleep = clock.sleep;
		// another request in flight is refused with a 429 while this one waits for its slot
		clock.sleep = async (ms) => {
			if (clock.sleeps.length === 0) pacer.holdUntil(5000);
			await sleep(ms);
		};
		await pacer.take();
		await pacer.take();
		expect(clock.now()).toBeGreaterThanOrEqual(5000);
		expect(clock.sleeps).toEqual([100, 4900]);
	});

	test('after a long wait the pace restarts from now instead of bursting to catch up', async () => {
		const clock = fakeClock();
		const pacer = new Pacer(500, clock);
		await pacer.take();
		clock.advance(60_000); // a 429's Retry-After
		pacer.restart();
		await pacer.take();
		await pacer.take();
		expect(clock.sleeps).toEqual([500]);
	});

	test('an unpaced pacer never sleeps', async () => {
		const clock = fakeClock();
		const pacer = new Pacer(0, clock);
		for (let i = 0; i < 100; i++) await pacer.take();
		expect(clock.sleeps).toEqual([]);
	});

	test("a stopped execution ends a pace wait with the clock's error", async () => {
		const pacer = new Pacer(500, {
			now: () => 0,
			sleep: async () => {
				throw new Error('stopped');
			},
		});
		await pacer.take();
		await expect(pacer.take()).rejects.toThrow('stopped');
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
		const sleeps: number[] = [];
		const clock = { now: () => 0, sleep: async (ms: number) => void sleeps.push(ms) };
		const schedule = scheduleOf('http://127.0.0.1:1 id-a');
		const first = new Pacer(100, clock, schedule);
		const second = new Pacer(100, clock, schedule);
		await Promise.all([first.take(), second.take(), first.take(), second.take()]);
		expect(sleeps).toEqual([100, 200, 300]);
	});

	test('accounts are paced apart; a 429 holds every run of its account', async () => {
		const clock = fakeClock(0);
		const a = new Pacer(100, clock, scheduleOf('http://127.0.0.1:2 id-a'));
		const b = new Pacer(100, clock, scheduleOf('http://127.0.0.1:2 id-b'));
		const a2 = new Pacer(100, clock, scheduleOf('http://127.0.0.1:2 id-a'));
		await a.take();
		await b.take();
		expect(clock.sleeps).toEqual([]);
		a.holdUntil(5000);
		await a2.take();
		expect(clock.sleeps).toEqual([5000]);
	});
});
