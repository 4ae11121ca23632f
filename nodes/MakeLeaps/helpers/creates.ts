/**
 * A create that never makes a record twice. The transport never repeats a POST whose answer was
 * lost; here such a create is looked up by its external ID: found, it happened and the item
 * succeeds; otherwise the item fails as uncertain, and later Create or Update rows with the same
 * external ID are not created blindly either.
 */
import type { IDataObject } from 'n8n-workflow';

import { isUncertainWrite } from '../transport';
import type { OperationContext } from './context';
import type { RecordIndex } from './recordIndex';

/** Where to look for a record whose create may or may not have happened. */
export interface CreateLookup {
	externalId: string | undefined;
	/** The records of this kind by external ID. */
	index: RecordIndex;
	/** The Create or Update scope told about an uncertain create. */
	scope: string;
	/** Of the records found with the external ID, those this create made (all of them by default). */
	mine?: (found: IDataObject[]) => Promise<IDataObject[]>;
	/** The end of the error's description when it is not found. */
	notFound: string;
}

/** POSTs a new record of the partner to `path` and answers it as MakeLeaps returns it. */
export async function createRecord(
	op: OperationContext,
	partnerMid: string,
	path: string,
	body: IDataObject,
	lookup: () => CreateLookup,
): Promise<IDataObject> {
	let created: IDataObject;
	try {
		const answer = await op.request('POST', path, {
			body,
			subject: `partner ${partnerMid}`,
		});
		created = answer.response ?? {};
	} catch (error) {
		created = await findAfterUncertainCreate(error, op, lookup);
	}
	op.run.recordWrite('created', created.mid);
	return created;
}

async function findAfterUncertainCreate(
	error: unknown,
	op: OperationContext,
	lookup: () => CreateLookup,
): Promise<IDataObject> {
	if (!isUncertainWrite(error)) throw error;
	const { externalId, index, scope, mine, notFound } = lookup();
	if (!externalId) throw error;
	index.forget();
	const found = await index.find(externalId, op.itemIndex).catch(() => []);
	const made = mine ? await mine(found) : found;
	if (made.length === 1) return made[0];
	op.run.imports(scope, index).recordUncertain(externalId);
	error.description = `${error.description ?? ''} ${notFound}`.trim();
	throw error;
}
