/**
 * A document's tags on their way to MakeLeaps and back. A body carries the names the item gives
 * (so a preview and `changes` show names); just before the write they become the tags' URLs (the
 * form guessed, as for `client`), each tag found or made (run/tag/), and the tags the answer gives
 * are checked against them: a service that took them otherwise fails the item, and the document
 * is not written again. For a comparison, a document's tags are read as names.
 */
import type { IDataObject } from 'n8n-workflow';

import type { TagRecord } from '../../model/tags/tagList';
import type { OperationContext } from '../context';
import { tagsNamed } from '../tag/tagsNamed';

/** The field as the editor labels it (Additional Fields, Update Fields). */
const LABEL = 'Tags';

/** The body to send, its tag names turned into the tags' URLs, and the tags they are. */
export async function withTagUrls(
	op: OperationContext,
	partnerMid: string,
	body: IDataObject,
): Promise<{ body: IDataObject; tags?: TagRecord[] }> {
	if (!Array.isArray(body.tags)) return { body };
	const tags = await tagsNamed(op, partnerMid, body.tags.map(String), LABEL);
	return { body: { ...body, tags: tags.map((tag) => tag.url) }, tags };
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
 * The document with its tags as names (as the item gives them), for a comparison with what an
 * item asks; as it is when the item sets no tags, so no tag list is read for it.
 */
export async function withTagNames(
	op: OperationContext,
	partnerMid: string,
	wanted: IDataObject,
	document: IDataObject,
): Promise<IDataObject> {
	if (wanted.tags === undefined || !Array.isArray(document.tags)) return document;
	const list = await op.run.tagBook(partnerMid).list(op.itemIndex);
	return { ...document, tags: document.tags.map((ref) => list.nameOfRef(ref)) };
}
