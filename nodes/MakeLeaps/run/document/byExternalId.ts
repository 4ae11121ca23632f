/**
 * A document found by its type and External ID (Create or Update, Convert): the one the list
 * holds or this n8n process made a moment ago, and the create of one when there is none.
 */
import type { IDataObject } from 'n8n-workflow';

import { documentChanges } from '../../model/documentBody';
import type { OperationContext } from '../context';
import type { RecordIndex } from '../recordIndex';
import { createDocument } from './documentCreate';

/** A run's share of Create or Update for one kind of document (see RunContext.imports). */
type Imports = ReturnType<OperationContext['run']['imports']>;

/**
 * The document of a type with an External ID, as the run knows it: the one the list holds, or
 * one this n8n process made a moment ago; none when there is none. Two such documents, or an
 * earlier create that may or may not have happened, fail the item rather than guess.
 */
export async function documentWithExternalId(
	op: OperationContext,
	index: RecordIndex,
	imports: Imports,
	type: string,
	externalId: string,
): Promise<IDataObject | undefined> {
	const found = await index.find(externalId, op.itemIndex);
	if (found.length > 1) {
		op.fail(
			`${found.length} documents of type ${type} have External ID "${externalId}"`,
			`Remove or renumber the duplicates in MakeLeaps first: ${found.map((d) => String(d.document_number)).join(', ')}`,
		);
	}
	const earlier = found.length === 0 ? imports.earlierCreate(externalId) : undefined;
	if (earlier?.uncertain) {
		op.fail(
			`An earlier create of the ${type} with External ID "${externalId}" may or may not have happened`,
			'It is not made again, to avoid a duplicate. Look for it in MakeLeaps, then run this item again.',
		);
	}
	return found[0] ?? earlier?.record;
}

/** Makes the document with this External ID (or says it would), telling the run what it made. */
export async function settleCreate(
	op: OperationContext,
	partnerMid: string,
	body: IDataObject,
	index: RecordIndex,
	imports: Imports,
	externalId: string,
): Promise<IDataObject> {
	imports.recordPlanned(externalId, body);
	return await op.settle({
		action: 'create',
		record: body,
		changes: documentChanges(body, {}).changes,
		apply: async () => {
			const created = await createDocument(op, partnerMid, body);
			imports.recordCreated(externalId, created);
			await index.record(created);
			return created;
		},
	});
}
