import { readPages } from '../../nodes/MakeLeaps/transport/pagination';
import type { Envelope } from '../../nodes/MakeLeaps/transport/types';

/** A list of `total` numbered items served `perPage` at a time, recording what was read. */
function list(total: number, perPage: number) {
	const reads: string[] = [];
	const read = async (pathOrUrl: string): Promise<Envelope<number[]>> => {
		reads.push(pathOrUrl);
		const page = Number(/page=(\d+)/.exec(pathOrUrl)?.[1] ?? 1);
		const items = Array.from({ length: total }, (_, i) => i).slice(
			(page - 1) * perPage,
			page * perPage,
		);
		const next = page * perPage < total ? `https://api/list/?page=${page + 1}` : null;
		return { meta: { next, page, count: total }, response: items };
	};
	return { read, reads };
}

describe('readPages', () => {
	test.each([0, 1, 99, 100, 101, 250])(
		'reads every one of %i items once, following meta.next',
		async (total) => {
			const { read, reads } = list(total, 100);
			const items = await readPages(read, '/list/');
			expect(items).toEqual(Array.from({ length: total }, (_, i) => i));
			expect(reads).toHaveLength(Math.max(1, Math.ceil(total / 100)));
		},
	);

	test.each([
		[1, 1],
		[100, 1],
		[101, 2],
		[250, 3],
	])('a limit of %i reads %i page(s) and returns exactly that many', async (limit, pages) => {
		const { read, reads } = list(1000, 100);
		const items = await readPages(read, '/list/', limit);
		expect(items).toHaveLength(limit);
		expect(reads).toHaveLength(pages);
	});

	test('the first page is read from the path, the next ones from meta.next as given', async () => {
		const { read, reads } = list(30, 10);
		await readPages(read, '/list/');
		expect(reads).toEqual(['/list/', 'https://api/list/?page=2', 'https://api/list/?page=3']);
	});

	test('a page without response counts as empty', async () => {
		expect(await readPages(async () => ({ meta: { next: null } }), '/list/')).toEqual([]);
	});
});
