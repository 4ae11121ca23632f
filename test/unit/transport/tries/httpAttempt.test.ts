/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev code: a stream of this process stands for an answer */
import { Readable } from 'node:stream';

import { sleep } from 'n8n-workflow';

import {
	DeadlinePassed,
	FileTooLarge,
	readAtMost,
	withinDeadline,
} from '../../../../nodes/MakeLeaps/transport/tries/httpAttempt';

/** An answer of `chunks` chunks of `size` bytes, counting how many were read. */
function answer(chunks: number, size: number) {
	let read = 0;
	let destroyed = false;
	const stream = new Readable({
		read() {
			if (read === chunks) {
				this.push(null);
				return;
			}
			read++;
			this.push(Buffer.alloc(size, 120));
		},
		destroy(error, callback) {
			destroyed = true;
			callback(error);
		},
	});
	return { stream, read: () => read, destroyed: () => destroyed };
}

describe('readAtMost: a file read within a limit', () => {
	test('a file within the limit is read whole', async () => {
		const { stream } = answer(4, 1000);
		expect((await readAtMost(stream, {}, 4000)).length).toBe(4000);
	});

	test('without a Content-Length, reading stops at the limit and the stream is closed', async () => {
		const { stream, read, destroyed } = answer(1000, 64 * 1024);
		await expect(readAtMost(stream, {}, 1024 * 1024)).rejects.toBeInstanceOf(FileTooLarge);
		expect(read()).toBeLessThan(40);
		expect(destroyed()).toBe(true);
	});

	test('a Content-Length above the limit stops it before the first byte', async () => {
		const { stream, read } = answer(10, 1000);
		await expect(readAtMost(stream, { 'content-length': '5000' }, 4000)).rejects.toBeInstanceOf(
			FileTooLarge,
		);
		expect(read()).toBeLessThanOrEqual(1);
	});
});

describe('withinDeadline: the deadline counts from the moment the request leaves', () => {
	const DEADLINE_MS = 50;
	/** Resolves after `ms` on the event loop's own timer. */
	const pause = async (ms: number) => await sleep(ms);

	test('a wait to leave longer than the deadline, with the deadline paused, is no timeout', async () => {
		const answer = await withinDeadline(DEADLINE_MS, undefined, async (_signal, deadline) => {
			deadline.pause();
			await pause(4 * DEADLINE_MS);
			deadline.start();
			return 'answered';
		});
		expect(answer).toBe('answered');
	});

	test('without the pause, the same wait is given up at the deadline', async () => {
		await expect(
			withinDeadline(DEADLINE_MS, undefined, async () => {
				await pause(4 * DEADLINE_MS);
				return 'answered';
			}),
		).rejects.toBeInstanceOf(DeadlinePassed);
	});

	test('started again as the request leaves, an answer that never comes is given up', async () => {
		await expect(
			withinDeadline(DEADLINE_MS, undefined, async (signal, deadline) => {
				deadline.pause();
				await pause(DEADLINE_MS);
				deadline.start();
				await new Promise((_resolve, reject) => signal.addEventListener('abort', reject));
			}),
		).rejects.toBeInstanceOf(DeadlinePassed);
	});
});
