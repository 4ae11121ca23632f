import { logTail, waitUntilReady } from '../../../dev/readiness';

const log = Array.from({ length: 100 }, (_, k) => `line ${k}`).join('\n');

describe('waiting for a process to be ready', () => {
	test('ready on the third look: no error', async () => {
		let looks = 0;
		await waitUntilReady({
			what: 'a server',
			boundMs: 60_000,
			check: async () => (++looks === 3 ? true : `look ${looks}`),
			log: () => log,
			everyMs: 1,
		});
		expect(looks).toBe(3);
	});

	test('giving up names what it waited for, the last thing seen and the end of the log', async () => {
		let looks = 0;
		const error = await waitUntilReady({
			what: 'n8n start on port 5678',
			boundMs: 0,
			check: async () => {
				looks++;
				throw new Error('GET /healthz/readiness: 503');
			},
			log: () => log,
			everyMs: 1,
		}).catch((thrown: Error) => thrown);
		expect(looks).toBe(1);
		expect((error as Error).message).toBe(
			`Gave up waiting for n8n start on port 5678 after 0 s; last seen: GET /healthz/readiness: 503\nLast lines of its log:\n${logTail(log)}`,
		);
		expect(logTail(log).split('\n')).toEqual(
			Array.from({ length: 40 }, (_, k) => `line ${k + 60}`),
		);
	});

	test('a process that exited is not waited for', async () => {
		const error = await waitUntilReady({
			what: 'n8n worker 1',
			boundMs: 60_000,
			check: async () => 'not in its log yet',
			log: () => 'Error: Redis unreachable',
			gone: () => 'n8n worker exited with 1',
		}).catch((thrown: Error) => thrown);
		expect((error as Error).message).toMatch(
			/^Gave up waiting for n8n worker 1 after 0 s; last seen: n8n worker exited with 1\nLast lines of its log:\nError: Redis unreachable$/,
		);
	});
});
