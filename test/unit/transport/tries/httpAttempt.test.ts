/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev code: a stream of this process stands for an answer */
import { Readable } from 'node:stream';

import { FileTooLarge, readAtMost } from '../../../../nodes/MakeLeaps/transport/tries/httpAttempt';

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
