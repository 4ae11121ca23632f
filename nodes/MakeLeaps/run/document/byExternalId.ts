/**
 * A document found by its type and External ID (Create or Update, Convert): the one the list
 * holds or this n8n process made a moment ago, and the create of one when there is none.
 */
import type { IDataObject } from 'n8n-workflow';

import { documentChanges } from '../../model/documentBody';
import type { OperationContext } from '../context';
import type { CreateOnce, KeyWords } from '../creates';
import { createDocument } from './documentCreate';
import { tagsToMake } from './documentTags';

/** How the once of creates (creates.ts) names the documents of a type and their External ID. */
const documentWords = (type: string): KeyWords => ({
	records: `documents of type ${type}`,
	key: 'External ID',
	nameOf: (document) => String(document.document_number),
	create: (externalId) => `the ${type} with External ID "${externalId}"`,
	lookFor:
		'It is not made again, to avoid a duplicate. Look for it in MakeLeaps, then run this item again.',
});

/**
 * The document of a type with an External ID, as the run knows it: the one the list holds, or
 * one this n8n process made a moment ago; none when there is none. Two such documents, or an
 * earlier create that may or may not have happened, fail the item rather than guess.
 */
export async function documentWithExternalId(
	op: OperationContext,
	once: CreateOnce,
	type: string,
	externalId: string,
): Promise<IDataObject | undefined> {
	return await once.existing(op, externalId, documentWords(type));
}

/**
 * Makes the document with this External ID (or says it would), telling the run what it made; a
 * tag it names that MakeLeaps does not have fails the item first, unless it asks to make it.
 */
export async function settleCreate(
	op: OperationContext,
	partnerMid: string,
	body: IDataObject,
	once: CreateOnce,
	externalId: string,
): Promise<IDataObject> {
	const newTags = await tagsToMake(op, partnerMid, body);
	return await once.settle(op, externalId, {
		record: body,
		changes: documentChanges(body, {}).changes,
		make: async () => await createDocument(op, partnerMid, body),
		newTags,
	});
}
