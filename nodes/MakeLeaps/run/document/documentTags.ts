/**
 * A document's tags on their way to MakeLeaps and back. A body carries the names the item gives
 * (so a preview and `changes` show names); just before the write they become the tags' URLs (the
 * form guessed, as for `client`), each tag found, or made when the item asks (Create Missing
 * Tags, tagsNamed.ts), and the tags the answer gives are checked against them: a service that took
 * them otherwise fails the item, and the document is not written again. For a comparison, a
 * document's tags are read as names.
 */
import type { IDataObject } from 'n8n-workflow';

import { tagKey, type TagRecord } from '../../model/tags';
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
	if (op.run.preview) for (const name of fresh) planned.add(tagKey(name));
	return fresh;
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
	const named = (value: unknown) => {
		const found = list.given(String(value));
		return found.length === 1 ? found[0].name : String(value);
	};
	return {
		wanted: { ...wanted, tags: wanted.tags.map(named) },
		document: { ...document, tags: document.tags.map((ref) => list.nameOfRef(ref)) },
	};
}
