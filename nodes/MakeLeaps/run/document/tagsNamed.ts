/**
 * The tags an item names, found in the run's tag book (run/tags.ts) and, when the item asks for
 * it (Create Missing Tags), made where missing, once: rows naming the same new tag, in any run of
 * this process, take turns (creates.ts); a create whose answer was lost is never repeated. A name
 * no tag has, when the item does not ask to make it, or on a service that does not let the node
 * make tags, fails the item naming the tag, before anything is written for it.
 */
import { postTag } from '../../api/tags';
import { isTagReference, tagKey, tagOf, type TagRecord } from '../../model/tags';
import { excerpt, isUncertainWrite } from '../../transport';
import type { OperationContext } from '../context';
import { refuseUncertain, uncertainCreate } from '../creates';
import type { TagBook } from '../tags';
import { withoutItemSuffix } from '../../words/transport';

const LOOK_FOR =
	'It is not made again by this run, to avoid two tags of one name. Look for it among the tags in MakeLeaps, then run this item again: the next run reads the tag list afresh.';

/** How an item names its tags: the field's label, and whether it asks to make missing ones. */
export interface TagAsk {
	label: string;
	/** Create Missing Tags: a name no tag has is made; off, it fails the item. */
	create: boolean;
	/** The option's label, for the advice of a refusal. */
	option: string;
}

/**
 * The names no tag of the partner has (apart from case), in their order. Fails the item, before
 * anything is written for it, when a name is two tags or more, or when names are missing and the
 * item does not ask to make them.
 */
export async function missingTags(
	op: OperationContext,
	partnerMid: string,
	names: string[],
	ask: TagAsk,
): Promise<string[]> {
	const list = await op.run.tagBook(partnerMid).list(op.itemIndex);
	const missing: string[] = [];
	for (const name of names) {
		const found = list.given(name);
		if (found.length > 1) {
			op.fail(
				`${ask.label}: MakeLeaps has ${found.length} tags named "${name}" (${found.map((tag) => tag.name).join(', ')})`,
				'Give the name exactly as one of them is written, or remove the duplicates in MakeLeaps. Nothing was written for this item.',
			);
		}
		if (found.length === 0 && isTagReference(name)) refuseReference(op, name, ask);
		if (found.length === 0) missing.push(name);
	}
	if (missing.length > 0 && !ask.create) refuseUnasked(op, missing, ask);
	return missing;
}

/** The tags of these names, in their order: found (apart from case), or made where missing. */
export async function tagsNamed(
	op: OperationContext,
	partnerMid: string,
	names: string[],
	ask: TagAsk,
): Promise<TagRecord[]> {
	await missingTags(op, partnerMid, names, ask);
	const book = op.run.tagBook(partnerMid);
	const tags: TagRecord[] = [];
	for (const name of names) {
		const [found] = (await book.list(op.itemIndex)).given(name);
		tags.push(found ?? (await madeTag(op, book, partnerMid, name, ask.label)));
	}
	return tags;
}

/** A tag's MID or URL that is none of the partner's tags: never made into a tag of that name. */
function refuseReference(op: OperationContext, value: string, ask: TagAsk): never {
	op.fail(
		`Pick the tag from the list, or give its name: ${ask.label} gives "${value}", which is no tag's name, nor the MID or address of one of MakeLeaps' tags`,
		`A value like this is never made into a new tag, even with ${ask.option}. Nothing was written for this item.`,
	);
}

/** The item fails naming the tags it names that MakeLeaps has not, and how to go on. */
function refuseUnasked(op: OperationContext, missing: string[], ask: TagAsk): never {
	const quoted = missing.map((name) => `"${name}"`).join(', ');
	const one = missing.length === 1;
	op.fail(
		`${ask.label}: MakeLeaps has no ${one ? 'tag' : 'tags'} ${quoted}`,
		`Pick the ${one ? 'tag' : 'tags'} from the list, or turn on ${ask.option} (in Options) to make ${one ? 'it' : 'them'}. Nothing was written for this item.`,
	);
}

/** Makes the tag, once (see the top of this file). */
async function madeTag(
	op: OperationContext,
	book: TagBook,
	partnerMid: string,
	name: string,
	label: string,
): Promise<TagRecord> {
	if (book.createRefused !== undefined) refuseMissing(op, name, label, book.createRefused);
	const once = op.run.creates(`${partnerMid} tag`);
	const key = tagKey(name);
	return await once.inTurn(op, key, async () => {
		// made meanwhile by an item of this run, or by another run of this process
		const [found] = book.known?.named(name) ?? [];
		if (found) return found;
		const earlier = once.earlier(key);
		if (earlier?.uncertain) refuseUncertain(op, `the tag "${name}" (${label})`, LOOK_FOR);
		const madeElsewhere = earlier ? tagOf(earlier.record) : undefined;
		if (madeElsewhere) return book.add(madeElsewhere);
		const answer = await postTag(op, partnerMid, name).catch((error: unknown) => {
			if (isUncertainWrite(error))
				uncertainCreate(error, once, key, `The tag "${name}" (${label}) may or may not exist now.`);
			const status = (error as { httpCode?: string }).httpCode;
			if (status !== '405' && status !== '403') throw error;
			book.createRefused = withoutItemSuffix((error as Error).message);
			return refuseMissing(op, name, label, book.createRefused);
		});
		const tag = tagOf(answer);
		if (!tag || tagKey(tag.name) !== key) {
			once.uncertain(key);
			op.fail(
				`MakeLeaps answered the create of the tag "${name}" (${label}) with ${excerpt(answer)}, not that tag`,
				`A tag may have been made. ${LOOK_FOR}`,
			);
		}
		op.run.recordWrite('created', tag.mid, op.itemIndex, tag.name, 'tag');
		once.made(key, answer);
		return book.add(tag);
	});
}

/** The item fails naming the tag it needs: MakeLeaps does not let the node make one. */
function refuseMissing(op: OperationContext, name: string, label: string, said: string): never {
	op.fail(
		`${label}: MakeLeaps has no tag "${name}" and does not let the node make one`,
		`Make the tag in MakeLeaps first, or leave it out of ${label}. Nothing was written for this item. MakeLeaps answered: ${said}`,
	);
}
