/**
 * A document's tags on their way to MakeLeaps and back. A body carries the names the item gives
 * (so a preview and `changes` show names); just before the write they become the tags' URLs (the
 * form guessed, as for `client`), each tag found, or made when the item asks (Create Missing
 * Tags, tagsNamed.ts), and the tags the answer gives are checked against them: a service that took
 * them otherwise fails the item, and the document is not written again. For a comparison, a
 * document's tags are read as names.
 */
import type { IDataObject } from 'n8n-workflow';

import type { FieldTable } from '../../model/fields';
import { splitTagNames, tagKey, type TagRecord } from '../../model/tags';
import { isRecord } from '../../model/locators';
import { outcomeOf } from '../../transport';
import type { OperationContext } from '../context';
import { missingTags, tagsNamed, type TagAsk } from './tagsNamed';

/** How the item names its tags: the field as the editor labels it, and its Create Missing Tags. */
const askOf = (op: OperationContext): TagAsk => ({
	label: 'Tag Names or IDs',
	create: op.flag('options.createMissingTags'),
	option: op.label('options.createMissingTags'),
});

/** The body to send, its tag names turned into the tags' URLs, and the tags they are. */
export async function withTagUrls(
	op: OperationContext,
	partnerMid: string,
	body: IDataObject,
): Promise<{ body: IDataObject; tags?: TagRecord[] }> {
	if (!Array.isArray(body.tags)) return { body };
	const tags = await tagsNamed(op, partnerMid, body.tags.map(String), askOf(op));
	return { body: { ...body, tags: tags.map((tag) => tag.url) }, tags };
}

/**
 * What a write of this body decides about its tags, before anything is written (so that a
 * preview says the same): the item fails when it names a tag MakeLeaps does not have and does not
 * ask to make it; else the tags it would make, each named by the first row of a preview that
 * would make it.
 */
export async function tagsToMake(
	op: OperationContext,
	partnerMid: string,
	body: IDataObject,
): Promise<string[]> {
	if (!Array.isArray(body.tags)) return [];
	const missing = await missingTags(op, partnerMid, body.tags.map(String), askOf(op));
	const planned = op.run.tagBook(partnerMid).planned;
	const fresh = missing.filter((name) => !planned.has(tagKey(name)));
	if (op.run.preview) for (const name of fresh) planned.set(tagKey(name), name);
	return fresh;
}

/**
 * Fails the item, as its write would, when its Tag Names or IDs name a tag MakeLeaps does not
 * have and it does not ask to make it; plans nothing (a preview's row that waits for its client).
 */
export async function checkTagsNamed(
	op: OperationContext,
	partnerMid: string,
	table: FieldTable,
): Promise<void> {
	const names = splitTagNames(String(op.fieldValues(table).tags ?? ''));
	if (names.length > 0) await missingTags(op, partnerMid, names, askOf(op));
}

/**
 * Fails the item when the document MakeLeaps answers after a write does not carry exactly the
 * tags sent (in whatever form it gives them: URLs, MIDs, names or records).
 */
export function checkTags(
	op: OperationContext,
	partnerMid: string,
	document: IDataObject,
	tags: TagRecord[] | undefined,
	done: 'created' | 'changed',
): void {
	if (tags === undefined) return;
	const list = op.run.tagBook(partnerMid).known;
	const given = document.tags;
	const asked = new Set(tags.map((tag) => tag.mid));
	if (Array.isArray(given) && list) {
		const got = new Set(given.map((ref) => list.ofRef(ref)?.mid ?? ''));
		if (got.size === asked.size && [...got].every((mid) => asked.has(mid))) return;
	}
	const shown = !Array.isArray(given)
		? 'no list of tags'
		: given.length === 0
			? 'no tags'
			: `the tags "${given.map((ref) => list?.nameOfRef(ref) ?? String(ref)).join(', ')}"`;
	const named = `${String(document.document_type ?? 'document')} ${String(document.document_number ?? '')}`;
	op.fail(
		`MakeLeaps answered the ${named.trim()} with ${shown} after it was ${done}, not "${tags.map((tag) => tag.name).join(', ')}" as asked`,
		`The document was ${done} in MakeLeaps (MID ${String(document.mid)}) and is not written again: check its tags there. MakeLeaps may take tags in another form than the node sends (their URLs); see Known guesses.`,
	);
}

/**
 * The document with its tags as names, and what the item asks with each tag it gives (a name in
 * any capitals, a MID or URL) named as MakeLeaps names it, for a comparison (and `changes`) in
 * the account's words; as they are when the item sets no tags, so no tag list is read for it.
 */
export async function withTagNames(
	op: OperationContext,
	partnerMid: string,
	wanted: IDataObject,
	document: IDataObject,
): Promise<{ wanted: IDataObject; document: IDataObject }> {
	if (!Array.isArray(wanted.tags) || !Array.isArray(document.tags)) return { wanted, document };
	const list = await op.run.tagBook(partnerMid).list(op.itemIndex);
	return {
		wanted: await withAccountTagNames(op, partnerMid, wanted),
		document: { ...document, tags: document.tags.map((ref) => list.nameOfRef(ref)) },
	};
}

/** Whether a record carries a tag its row could name only by the tag list (a URL or a MID). */
const carriesUnnamedTags = (record: IDataObject) =>
	Array.isArray(record.tags) &&
	record.tags.some((tag) => !(isRecord(tag) && typeof tag.name === 'string'));

/**
 * Before Simplify names the tags of the records an item puts out: the partner's tag list, read
 * once per run (the run's tag book), when one of them carries a tag given by its URL or MID. A
 * read made only to name: when it fails, the row names those tags by MID, and nothing fails.
 */
export async function readTagNames(
	op: OperationContext,
	output: IDataObject | IDataObject[],
): Promise<void> {
	const records = Array.isArray(output) ? output : [output];
	if (!records.some(carriesUnnamedTags)) return;
	const partner = await outcomeOf(op.partnerMid());
	if (partner.ok) await outcomeOf(op.run.tagBook(partner.value).list(op.itemIndex));
}

/**
 * The body with each tag as the account names it (`sales` → `Sales`), so that a preview and
 * `changes` show the tag's own name, not the capitals a row typed; a name no tag has stays as the
 * first row of the run that would make it gave it.
 */
export async function withAccountTagNames(
	op: OperationContext,
	partnerMid: string,
	body: IDataObject,
): Promise<IDataObject> {
	if (!Array.isArray(body.tags) || body.tags.length === 0) return body;
	const book = op.run.tagBook(partnerMid);
	const list = await book.list(op.itemIndex);
	const named = (name: string) => {
		// a name in any capitals, or a tag's MID or URL (list.given)
		const found = list.given(name);
		return found.length === 1 ? found[0].name : (book.planned.get(tagKey(name)) ?? name);
	};
	return { ...body, tags: body.tags.map((name) => named(String(name))) };
}
