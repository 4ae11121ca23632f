/**
 * Tags, pure. As the user names them: a text with commas, or a list from the input, read as
 * names, each once; two names are the same tag apart from case and the spaces around them. As
 * MakeLeaps gives them: records of the partner (`mid`, `url`, `name`) found by name (apart
 * from case), MID or URL, and a document's references to them, in a form not known for sure
 * (their URLs, guessed; MIDs, names or records are read as well). A filter of documents by tags.
 */
import type { IDataObject } from 'n8n-workflow';

import { isRecord, midOfUrl } from './locators';
import { checkText, InvalidInput, LONG_TEXT } from './validation';

/** What two names that are the same tag have in common. */
export const tagKey = (name: string) => name.trim().toLowerCase();

/** The names of a text with commas, trimmed, the empty ones left out. */
export const splitTagNames = (text: string): string[] =>
	text
		.split(',')
		.map((name) => name.trim())
		.filter(Boolean);

/**
 * The Tags an item gives, as one text of names joined by `, ` ('' for none): a text with commas,
 * or a list of names from the input. Each name once (apart from case), in the order given.
 */
export function parseTagNames(value: unknown, label: string): string {
	let names: string[];
	if (Array.isArray(value)) {
		names = value.map((member, index) => {
			const name = checkText(member, `${label} ${index + 1}`);
			if (name.includes(',')) {
				throw new InvalidInput(
					`${label} ${index + 1} "${name}" holds a comma`,
					'A tag name cannot hold a comma: the node reads commas as separators between names',
				);
			}
			return name;
		});
	} else names = splitTagNames(checkText(value, label, LONG_TEXT));
	const seen = new Set<string>();
	const kept: string[] = [];
	for (const name of names.filter(Boolean)) {
		checkText(name, `${label} "${name.slice(0, 20)}…"`);
		if (seen.has(tagKey(name))) continue;
		seen.add(tagKey(name));
		kept.push(name);
	}
	return kept.join(', ');
}

/** Whether two lists of names are the same tags, their order and case aside. */
export function sameTagNames(a: unknown, b: unknown): boolean {
	const keys = (list: unknown) =>
		new Set((Array.isArray(list) ? list : []).map((name) => tagKey(String(name))));
	const [left, right] = [keys(a), keys(b)];
	return left.size === right.size && [...left].every((key) => right.has(key));
}

/** A tag of the partner, as the node uses it. */
export interface TagRecord {
	mid: string;
	/** Its URL as MakeLeaps gave it ('' when it gave none). */
	url: string;
	name: string;
}

/** A tag record MakeLeaps gave, as the node uses it; undefined without a name, or a MID or URL. */
export function tagOf(record: unknown): TagRecord | undefined {
	if (!isRecord(record) || typeof record.name !== 'string' || record.name.trim() === '')
		return undefined;
	const url = typeof record.url === 'string' ? record.url : '';
	const mid =
		typeof record.mid === 'string' || typeof record.mid === 'number'
			? String(record.mid)
			: midOfUrl(url);
	return mid ? { mid, url, name: record.name } : undefined;
}

/** The partner's tags as a list read gave them, found by name, MID, URL or a document's reference. */
export class TagList {
	private readonly byMid = new Map<string, TagRecord>();

	constructor(tags: Iterable<TagRecord> = []) {
		for (const tag of tags) this.add(tag);
	}

	/** Adds a tag (one made since the list was read). */
	add(tag: TagRecord): void {
		this.byMid.set(tag.mid, tag);
	}

	all(): TagRecord[] {
		return [...this.byMid.values()];
	}

	/** The tags of a name: the one of this very name, else those named so apart from case. */
	named(name: string): TagRecord[] {
		const all = this.all();
		const exact = all.filter((tag) => tag.name.trim() === name.trim());
		return exact.length > 0 ? exact : all.filter((tag) => tagKey(tag.name) === tagKey(name));
	}

	/**
	 * The tags a value an item gives names: by name (apart from case), else, when no tag is so
	 * named, the tag whose MID or URL it is (an expression may give either).
	 */
	given(value: string): TagRecord[] {
		const named = this.named(value);
		if (named.length > 0 || !isTagReference(value)) return named;
		const tag = this.ofRef(value.trim());
		return tag ? [tag] : [];
	}

	nameOfMid(mid: string): string | undefined {
		return this.byMid.get(mid)?.name;
	}

	/**
	 * The tag a document's reference to it names: its URL (by the MID in it), its MID, a record
	 * of it, or its name when only one tag has it; undefined when none of the list's.
	 */
	ofRef(ref: unknown): TagRecord | undefined {
		if (isRecord(ref)) {
			const byLink = this.ofRef(ref.url) ?? this.ofRef(ref.mid);
			return byLink ?? (typeof ref.name === 'string' ? this.ofRef(ref.name) : undefined);
		}
		if (typeof ref === 'number') return this.byMid.get(String(ref));
		if (typeof ref !== 'string' || ref.trim() === '') return undefined;
		if (/^https?:\/\//i.test(ref)) return this.byMid.get(midOfUrl(ref));
		const named = this.named(ref);
		return this.byMid.get(ref) ?? (named.length === 1 ? named[0] : undefined);
	}

	/** What names a document's reference: its tag's name, else its own text. */
	nameOfRef(ref: unknown): string {
		const tag = this.ofRef(ref);
		if (tag) return tag.name;
		if (isRecord(ref) && typeof ref.name === 'string') return ref.name;
		return typeof ref === 'string' ? ref : JSON.stringify(ref);
	}
}

/**
 * Whether a value an item gives for a tag is a tag's MID (MakeLeaps' MIDs are long numbers) or
 * URL rather than a name: such a value is never made into a tag of that name.
 */
export const isTagReference = (value: string) =>
	/^\d{12,}$/.test(value.trim()) || /^https?:\/\//i.test(value.trim());

/** A filter of documents by tags (a comma means OR), with the tags it stands for. */
export interface TagFilter {
	/** What the list is asked for: the tags' names as MakeLeaps has them, joined by commas. */
	sent: string;
	/** The MIDs of the tags asked for. */
	mids: Set<string>;
	list: TagList;
}

/**
 * The filter of these names, each found in the partner's tags (apart from case); a name no tag
 * has is refused, naming the tags there are.
 */
export function tagFilterOf(list: TagList, names: string[], label: string): TagFilter {
	const tags = names.flatMap((name) => {
		const found = list.given(name);
		if (found.length > 0) return found;
		const known = list.all().map((tag) => tag.name);
		throw new InvalidInput(
			`${label}: MakeLeaps has no tag "${name}"`,
			known.length > 0
				? `Its tags are: ${known.slice(0, 30).join(', ')}${known.length > 30 ? '…' : ''}`
				: 'The account has no tags yet',
		);
	});
	const sent = [...new Set(tags.map((tag) => tag.name.trim()))].join(',');
	return { sent, mids: new Set(tags.map((tag) => tag.mid)), list };
}

/**
 * Whether a document MakeLeaps listed carries one of the filter's tags; undefined when it gives
 * no list of tags at all (it cannot be told).
 */
export function carriesTagOf(document: IDataObject, filter: TagFilter): boolean | undefined {
	if (!Array.isArray(document.tags)) return undefined;
	return document.tags.some((ref) => {
		const tag = filter.list.ofRef(ref);
		return tag !== undefined && filter.mids.has(tag.mid);
	});
}
