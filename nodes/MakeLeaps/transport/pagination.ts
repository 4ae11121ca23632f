/** A list read page by page along `meta.next`, refusing a list without end. */
import type { Envelope } from './types';
import { LIST_SUBJECTS } from '../words/transport';

/** Largest page a MakeLeaps list serves (`per_page`). */
export const MAX_PAGE_SIZE = 100;

/** More pages than any account has (10 million records at 100 a page): a list without end. */
export const MAX_PAGES = 100_000;

/** The most records one read of a list takes in (Return All, the scans of Create or Update). */
export const MAX_LIST_RECORDS = 100_000;

/** A list whose pages cannot be followed to an end; the reason says why. */
export class BrokenList extends Error {}

/** What a list read is about, for "not found" messages: by its path, in LIST_SUBJECTS' words. */
export function listSubject(pathOrUrl: string): string {
	const path = pathOrUrl.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '');
	if (path === '/api/partner/') return LIST_SUBJECTS.partners;
	const contacts = /\/client\/([^/]+)\/contact\/$/.exec(path);
	if (contacts) return LIST_SUBJECTS.contacts(contacts[1]);
	const links = /\/document\/([^/]+)\/pickup-link\/$/.exec(path);
	if (links) return LIST_SUBJECTS.pickupLinks(links[1]);
	const scoped = /^\/api\/partner\/([^/]+)\/(.+?)\/?$/.exec(path);
	if (!scoped) return LIST_SUBJECTS.other(path);
	return LIST_SUBJECTS.ofPartner(scoped[1], scoped[2].replace(/\//g, ' '));
}

/** Reads one page: the first from a path and query, the next ones from `meta.next` as given. */
export type PageReader<T> = (pathOrUrl: string, first: boolean) => Promise<Envelope<T[]>>;

/** Whether the records read so far are enough (the first page's `meta.count` given). */
export type Enough<T> = (read: readonly T[], announced: number) => boolean;

/**
 * Follows `meta.next` from the first page until the last one, or until `limit` items were read.
 * A list that never ends is refused instead of read: a link back to a page already read, an
 * empty page that links on, more records than the first page announced, more than MAX_PAGES,
 * or more than `maxRecords` records when no limit is asked. So is one that ends early: a full
 * page without a link on while fewer records were given than announced (the rest would be taken
 * for "not there").
 */
export async function readPages<T>(
	read: PageReader<T>,
	firstPath: string,
	limit = Infinity,
	maxPages = MAX_PAGES,
	maxRecords = MAX_LIST_RECORDS,
	enough?: Enough<T>,
): Promise<T[]> {
	const items: T[] = [];
	const seen = new Set<string>();
	let page = await read(firstPath, true);
	const firstLength = page.response?.length ?? 0;
	const announced = typeof page.meta?.count === 'number' ? page.meta.count : Infinity;
	for (let pages = 1; ; pages++) {
		const list = page.response ?? [];
		for (const item of list) items.push(item);
		const next = page.meta?.next;
		if (items.length >= limit || enough?.(items, announced)) break;
		if (!next) {
			// a full page with no link on while the count announced more: the rest is not given
			if (list.length >= firstLength && items.length < announced && Number.isFinite(announced))
				throw new BrokenList(
					`it announced ${announced} records but gave ${items.length} and no link to the next page`,
				);
			break;
		}
		if (list.length === 0) throw new BrokenList('an empty page links to another page');
		if (seen.has(next))
			throw new BrokenList(`a next-page link goes back to a page already read (${next})`);
		// records added while the list is read may add up to a page more than announced
		if (items.length >= announced + firstLength) {
			throw new BrokenList(`it goes on past the ${announced} records its first page announced`);
		}
		if (pages >= maxPages) throw new BrokenList(`it goes on past ${maxPages} pages`);
		if (items.length >= maxRecords) {
			throw new BrokenList(
				`it goes on past ${maxRecords} records, more than the node reads at once; use Limit or a filter`,
			);
		}
		seen.add(next);
		page = await read(next, false);
	}
	return items.length > limit ? items.slice(0, limit) : items;
}
