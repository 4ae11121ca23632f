import { Turns } from '../../../nodes/MakeLeaps/run/turns';

describe('Turns: what overlapping Create or Update runs of one process know', () => {
	test('tasks with the same key take turns, in order; other keys do not wait', async () => {
		const clients = new Turns();
		const log: string[] = [];
		let releaseFirst = () => {};
		const first = clients.oneAtATime('A', async () => {
			log.push('A1 start');
			await new Promise<void>((resolve) => (releaseFirst = resolve));
			log.push('A1 end');
		});
		const second = clients.oneAtATime('A', async () => void log.push('A2'));
		await clients.oneAtATime('B', async () => void log.push('B'));
		expect(log).toEqual(['A1 start', 'B']);
		releaseFirst();
		await Promise.all([first, second]);
		expect(log).toEqual(['A1 start', 'B', 'A1 end', 'A2']);
	});

	test('a third task with the key waits for the second, which started when the first ended', async () => {
		const clients = new Turns();
		const log: string[] = [];
		const held = (name: string) => {
			let release = () => {};
			const task = clients.oneAtATime('A', async () => {
				log.push(`${name} start`);
				await new Promise<void>((resolve) => (release = resolve));
				log.push(`${name} end`);
			});
			return { task, release: () => release() };
		};
		const first = held('A1');
		const second = held('A2');
		await Promise.resolve();
		first.release();
		await first.task;
		for (let turn = 0; turn < 10; turn++) await Promise.resolve();
		expect(log).toEqual(['A1 start', 'A1 end', 'A2 start']);
		const third = clients.oneAtATime('A', async () => void log.push('A3'));
		for (let turn = 0; turn < 10; turn++) await Promise.resolve();
		expect(log).toEqual(['A1 start', 'A1 end', 'A2 start']);
		second.release();
		await Promise.all([second.task, third]);
		expect(log).toEqual(['A1 start', 'A1 end', 'A2 start', 'A2 end', 'A3']);
	});

	test('a failing task does not block the next one', async () => {
		const clients = new Turns();
		await expect(
			clients.oneAtATime('A', async () => Promise.reject(new Error('boom'))),
		).rejects.toThrow('boom');
		expect(await clients.oneAtATime('A', async () => 'next')).toBe('next');
	});

	test('a create is seen by runs that read their list before it, not by later ones', () => {
		const clients = new Turns();
		clients.record('A', { record: { mid: '1' }, at: 1000 });
		expect(clients.since('A', 999)).toEqual({ record: { mid: '1' }, at: 1000 });
		expect(clients.since('A', 1000)).toBeDefined();
		expect(clients.since('A', 1001)).toBeUndefined();
		expect(clients.since('B', 0)).toBeUndefined();
	});

	test('an uncertain create is recorded like a create', () => {
		const clients = new Turns();
		clients.record('A', { uncertain: true, at: 50 });
		expect(clients.since('A', 10)).toEqual({ uncertain: true, at: 50 });
	});

	test('entries older than a day are dropped', () => {
		const clients = new Turns();
		const day = 24 * 60 * 60 * 1000;
		clients.record('old', { record: { mid: '1' }, at: 0 });
		clients.record('new', { record: { mid: '2' }, at: day + 1 });
		expect(clients.since('old', 0)).toBeUndefined();
		expect(clients.since('new', 0)).toBeDefined();
	});

	test('an entry exactly a day old is still kept', () => {
		const clients = new Turns();
		const day = 24 * 60 * 60 * 1000;
		clients.record('old', { record: { mid: '1' }, at: 0 });
		clients.record('new', { record: { mid: '2' }, at: day });
		expect(clients.since('old', 0)).toBeDefined();
	});

	test('past 50,000 entries the oldest goes; a key recorded again counts as the newest', () => {
		const clients = new Turns();
		clients.record('A', { uncertain: true, at: 1 });
		for (let key = 0; key < 49_999; key++) clients.record(`K${key}`, { uncertain: true, at: 2 });
		// 50,000 entries: none goes, and A, recorded again, is now the newest
		clients.record('A', { record: { mid: 'A' }, at: 3 });
		expect(clients.since('K0', 0)).toBeDefined();
		clients.record('B', { uncertain: true, at: 4 });
		expect(clients.since('K0', 0)).toBeUndefined();
		expect(clients.since('K1', 0)).toBeDefined();
		expect(clients.since('A', 0)).toEqual({ record: { mid: 'A' }, at: 3 });
		expect(clients.since('B', 0)).toBeDefined();
	});
});
