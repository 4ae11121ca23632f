import { BrokenList, readPages } from '../../../nodes/MakeLeaps/transport/pagination';
import type { Envelope } from '../../../nodes/MakeLeaps/transport/types';

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

describe('readPages refuses a list without end', () => {
	const pageOf = (items: number[], next: string | null, count?: number): Envelope<number[]> => ({
		meta: { next, count },
		response: items,
	});

	test('a next-page link back to a page already read', async () => {
		let reads = 0;
		const read = async () => {
			reads++;
			return pageOf([reads], 'https://api/list/?page=2', 1000);
		};
		await expect(readPages(read, '/list/')).rejects.toThrow(
			new BrokenList(
				'a next-page link goes back to a page already read (https://api/list/?page=2)',
			),
		);
		expect(reads).toBe(2);
	});

	test('an empty page that links to another page', async () => {
		const read = async (url: string) => pageOf([], `${url}x`, 1000);
		await expect(readPages(read, '/list/')).rejects.toThrow('an empty page links to another page');
	});

	test('more records than the first page announced (beyond a page of slack)', async () => {
		let page = 0;
		const read = async () => pageOf([1, 2, 3, 4, 5], `https://api/list/?page=${++page + 1}`, 10);
		await expect(readPages(read, '/list/')).rejects.toThrow(
			'it goes on past the 10 records its first page announced',
		);
		expect(page).toBe(3);
	});

	test('more than the page cap, when no count is given', async () => {
		let page = 0;
		const read = async () => pageOf([page], `https://api/list/?page=${++page + 1}`);
		await expect(readPages(read, '/list/', Infinity, 50)).rejects.toThrow(
			'it goes on past 50 pages',
		);
		expect(page).toBe(50);
	});

	test('a full page without a link on, where the count announced more: the rest is not "not there"', async () => {
		const read = async () => pageOf([1, 2, 3], null, 150);
		await expect(readPages(read, '/list/')).rejects.toThrow(
			new BrokenList('it announced 150 records but gave 3 and no link to the next page'),
		);
		// what was asked for is there: a limit reached, or a count that says nothing more
		expect(await readPages(read, '/list/', 3)).toEqual([1, 2, 3]);
		expect(await readPages(async () => pageOf([1, 2, 3], null, 3), '/list/')).toEqual([1, 2, 3]);
	});

	test('a last page shorter than the first ends the list, records deleted meanwhile or not', async () => {
		const read = async (url: string) =>
			url === '/list/' ? pageOf([1, 2, 3], 'https://api/list/?page=2', 8) : pageOf([4], null, 8);
		expect(await readPages(read, '/list/')).toEqual([1, 2, 3, 4]);
	});

	test('a page of 200,000 items is read without spreading it into arguments', async () => {
		const huge = Array.from({ length: 200_000 }, (_, i) => i);
		const items = await readPages(async () => pageOf(huge, null, huge.length), '/list/');
		expect(items).toHaveLength(200_000);
	});
});

describe('readPages reads at most so many records', () => {
	test('a service announcing ever more records is stopped at the bound, with what to do instead', async () => {
		const { read, reads } = list(100_000, 100);
		const reading = readPages(read, '/list/', Infinity, undefined, 1_000);
		await expect(reading).rejects.toThrow(
			new BrokenList(
				'it goes on past 1000 records, more than the node reads at once; use Limit or a filter',
			),
		);
		expect(reads).toHaveLength(10);
	});

	test('a list of exactly the bound is read whole', async () => {
		const { read } = list(1_000, 100);
		expect(await readPages(read, '/list/', Infinity, undefined, 1_000)).toHaveLength(1_000);
	});
});
