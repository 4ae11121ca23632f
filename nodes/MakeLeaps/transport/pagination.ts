import type { Envelope } from './types';

/** Largest page a MakeLeaps list serves (`per_page`). */
export const MAX_PAGE_SIZE = 100;

/** Reads one page: the first from a path and query, the next ones from `meta.next` as given. */
export type PageReader<T> = (pathOrUrl: string, first: boolean) => Promise<Envelope<T[]>>;

/** Follows `meta.next` from the first page until the last one, or until `limit` items were read. */
export async function readPages<T>(
	read: PageReader<T>,
	firstPath: string,
	limit = Infinity,
): Promise<T[]> {
	const items: T[] = [];
	let page = await read(firstPath, true);
	for (;;) {
		for (const item of page.response ?? []) items.push(item);
		const next = page.meta?.next;
		if (!next || items.length >= limit) break;
		page = await read(next, false);
	}
	return items.length > limit ? items.slice(0, limit) : items;
}
