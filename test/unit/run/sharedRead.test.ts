import { SharedRead, SharedReadFailed } from '../../../nodes/MakeLeaps/run/sharedRead';

describe('SharedRead', () => {
	test('reads once; every later caller gets the same value', async () => {
		let reads = 0;
		const shared = new SharedRead<number>('The answer');
		const read = async () => ++reads;
		expect(await shared.get(read)).toBe(1);
		expect(await shared.get(read)).toBe(1);
		expect(reads).toBe(1);
	});

	test('a failure reaches the first caller as it is, later callers as their own error, never read again', async () => {
		let reads = 0;
		const shared = new SharedRead<number>('The client list');
		const read = async () => {
			reads++;
			throw new Error('MakeLeaps is unavailable (HTTP 503) [item 0, row 1]');
		};
		await expect(shared.get(read)).rejects.toThrow(
			'MakeLeaps is unavailable (HTTP 503) [item 0, row 1]',
		);
		const later = await shared.get(read).catch((error: unknown) => error);
		expect(later).toBeInstanceOf(SharedReadFailed);
		expect((later as SharedReadFailed).message).toBe(
			'The client list could not be read: MakeLeaps is unavailable (HTTP 503)',
		);
		expect((later as SharedReadFailed).description).toMatch(
			/read once for this run and is not read again/,
		);
		expect(reads).toBe(1);
	});

	test('reset() reads again', async () => {
		let reads = 0;
		const shared = new SharedRead<number>('x');
		await shared.get(async () => ++reads);
		expect(shared.current()).toBeDefined();
		shared.reset();
		expect(shared.current()).toBeUndefined();
		expect(await shared.get(async () => ++reads)).toBe(2);
	});
});
