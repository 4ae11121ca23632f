/**
 * Account → Check: the results, and the judgements made on what a read gave (pure). A check
 * holds only when the account showed the case it is about; when it has nothing to judge (no page
 * boundary, no empty key, no records of a type) it cannot tell, and says why.
 */
import type { IDataObject } from 'n8n-workflow';

import type { CheckResult } from '../../../words/check';

export type { CheckResult };

export interface Verdict {
	result: CheckResult;
	evidence: string;
}

/** Thrown where a check cannot decide (no records to look at): its text is the evidence. */
export class Undecided extends Error {}

export const held = (evidence: string): Verdict => ({ result: 'held', evidence });
export const differs = (evidence: string): Verdict => ({ result: 'differs', evidence });
export function undecided(why: string): never {
	throw new Undecided(why);
}

export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** What the first page of a list said about itself. */
export interface PageSeen {
	/** Records on the page. */
	length: number;
	/** `meta.count`, when given as a number. */
	count?: number;
	/** `meta.next` as given. */
	next?: unknown;
}

/**
 * Whether a list gives `asked` records a page: seen only on a page the list goes on after (more
 * records counted, or a next page linked). A list that fits on one page cannot show its limit.
 */
export function pageSizeVerdict(page: PageSeen, asked: number, noun: string): Verdict {
	const { length, count, next } = page;
	const got = `Asked for ${asked} ${noun}s a page, got ${length}`;
	// more a page than asked costs fewer requests, and the node takes what a page gives
	if (length > asked) return held(`${got}: more than asked, which costs no more requests`);
	const goesOn = count !== undefined ? count > length : typeof next === 'string' && next !== '';
	if (goesOn) {
		const after = count !== undefined ? ` of ${count}` : ', and meta.next links a next page';
		if (length === asked) return held(`${got}${after}`);
		const why =
			length === 20
				? 'the page size seems ignored (20 is the usual default)'
				: `a page holds at most ${length}`;
		return differs(`${got}${after}: ${why}`);
	}
	if (length === 0) undecided(`The account has no ${noun}s to page through`);
	if (count === undefined && (next === undefined || next === ''))
		undecided(
			`${got}; the page gave neither meta.count nor meta.next, so whether more follow is not known`,
		);
	return undecided(
		`${got}, all on one page: with ${plural(length, noun)} a limit between ${length} and ${asked} would not show`,
	);
}

/**
 * Whether every record of a list's page carries `key` even when it is empty: shown by a record
 * whose key is empty. A record without the key differs.
 */
export function listKeyVerdict(list: IDataObject[], key: string, noun: string): Verdict {
	if (list.length === 0) undecided(`The account has no ${noun}s`);
	const lacking = list.filter((record) => !(key in record));
	if (lacking.length > 0)
		return differs(
			`${lacking.length} of the first ${plural(list.length, noun)} listed lack ${key}, such as ${noun} ${String(lacking[0].mid)}`,
		);
	const empty = list.filter((record) => record[key] === null || record[key] === '').length;
	const all = `All ${plural(list.length, noun)} of the first page carry ${key}`;
	if (empty === 0)
		undecided(
			`${all}, each with a value: none without one was seen, so whether an empty ${key} is listed is not known`,
		);
	return held(`${all} (${empty} of them empty)`);
}

/**
 * Whether the document list kept only, and some of, the documents of type `asked`. `seen`: the
 * types of the unfiltered first page. With no document of that type, a filter that drops
 * everything would not show.
 */
export function typeFilterVerdict(asked: string, seen: string[], found: IDataObject[]): Verdict {
	const wrong = found.filter((d) => d.document_type !== asked);
	const said = `Asked for ${asked} documents (the list has ${seen.join(', ')})`;
	if (wrong.length > 0) {
		const types = [...new Set(wrong.map((d) => String(d.document_type)))].join(', ');
		return differs(`${said}: ${wrong.length} of ${found.length} came back as ${types}`);
	}
	if (found.length === 0) {
		if (seen.includes(asked)) return differs(`${said}: none came back`);
		undecided(
			`${said}: none came back, and the account shows no ${asked} document to be kept, so only the others left out was seen`,
		);
	}
	return held(`${said}: ${plural(found.length, 'document')}, all ${asked}`);
}
