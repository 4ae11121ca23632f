/**
 * A create POSTed once: when its answer is lost, the record is looked up by its external ID and
 * taken only when the run knows it is new and it holds what was sent; otherwise the item fails
 * as uncertain (see creates.ts), and the key is not created again.
 */
import type { IDataObject } from 'n8n-workflow';

import { isUncertainWrite } from '../transport';
import type { OperationContext } from './context';
import { uncertainCreate } from './creates';
import type { RecordIndex } from './recordIndex';

/** Where to look for a record whose create may or may not have happened. */
export interface CreateLookup {
	externalId: string | undefined;
	/** The records of this kind by external ID. */
	index: RecordIndex;
	/** The scope of the once told about an uncertain create. */
	scope: string;
	/** Of the records found with the external ID, those holding what this create sent. */
	holdsSent: (found: IDataObject[]) => Promise<IDataObject[]>;
	/** The record in messages, such as `invoice` or `client`. */
	noun: string;
	/** The key in messages, such as `External ID` or `Client External ID`. */
	keyName: string;
}

/** POSTs a new record by `post` (a create of api/) and answers it as MakeLeaps returns it. */
export async function createRecord(
	op: OperationContext,
	post: () => Promise<IDataObject>,
	lookup: () => CreateLookup,
): Promise<IDataObject> {
	const { externalId, index } = lookup();
	// what the run knew of this key before the POST: the list as read, if it was
	const before = externalId ? await index.knownMids(externalId) : undefined;
	let created: IDataObject;
	try {
		created = await post();
	} catch (error) {
		created = await findAfterUncertainCreate(error, op, lookup(), before);
	}
	// named in messages as the user knows it: a document by its number, a client by its Client
	// External ID or name (its MID only when it has neither)
	const name = created.document_number || created.client_external_id || created.display_name;
	op.run.recordWrite('created', created.mid, op.itemIndex, name);
	return created;
}

async function findAfterUncertainCreate(
	error: unknown,
	op: OperationContext,
	lookup: CreateLookup,
	before: Set<string> | undefined,
): Promise<IDataObject> {
	if (!isUncertainWrite(error)) throw error;
	const { externalId, index, scope, holdsSent, noun, keyName } = lookup;
	if (!externalId) throw error;
	index.forget();
	const found = await index.find(externalId, op.itemIndex).catch(() => []);
	// records this run made earlier are never this create's
	const madeByRun = new Set(op.run.writes().created);
	const candidates = await holdsSent(found.filter((record) => !madeByRun.has(String(record.mid))));
	const once = op.run.creates(scope, index);
	const none = `No ${noun} with ${keyName} "${externalId}" and what this item sent was found right after.`;
	if (before !== undefined) {
		const fresh = candidates.filter((record) => !before.has(String(record.mid)));
		if (fresh.length === 1) return fresh[0];
		uncertainCreate(
			error,
			once,
			externalId,
			fresh.length === 0
				? none
				: `MakeLeaps has ${fresh.length} new ${noun}s with ${keyName} "${externalId}" and what this item sent (${numbers(fresh)}); it cannot tell which this create made.`,
		);
	}
	uncertainCreate(
		error,
		once,
		externalId,
		candidates.length === 0
			? none
			: `MakeLeaps has a ${noun} with ${keyName} "${externalId}" and what this item sent (${numbers(candidates)}), but the run had not read the ${noun} list before the create, so it cannot tell whether this create made it or it was there before. Create or Update reads the list first and can tell.`,
	);
}

const numbers = (records: IDataObject[]) =>
	records.map((record) => String(record.document_number ?? record.mid)).join(', ');
