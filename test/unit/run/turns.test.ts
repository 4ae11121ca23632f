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
});
