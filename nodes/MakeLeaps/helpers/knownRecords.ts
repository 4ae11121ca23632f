/**
 * What this execution learnt of records from MakeLeaps' answers (a client made, a document
 * created or read), so that a later node of the same execution needs no read of them again: the
 * default contact of a client an earlier node made, the number of a document an earlier node
 * created. Only what names or addresses a record is kept, never what decides a write.
 */
import type { IDataObject } from 'n8n-workflow';

import type { OperationContext } from './context';
import { CreatedRecords } from './createdRecords';

/** What is kept of each kind of record. */
const KEPT = {
	client: ['mid', 'default_contact'],
	document: ['mid', 'document_number', 'document_type'],
} as const;
type Kind = keyof typeof KEPT;

const known = new CreatedRecords();

function keyOf(op: OperationContext, kind: Kind, partnerMid: string, mid: string) {
	const execution = op.run.n8n.getExecutionId?.();
	if (!execution || !mid) return undefined;
	return `${execution}\n${op.run.transport.account}\n${partnerMid}\n${kind} ${mid}`;
}

/** Keeps what MakeLeaps answered of a record, for later nodes of this execution. */
export function rememberRecord(
	op: OperationContext,
	kind: Kind,
	partnerMid: string,
	record: IDataObject,
): void {
	const key = keyOf(op, kind, partnerMid, String(record.mid ?? ''));
	if (!key) return;
	const kept = Object.fromEntries(
		KEPT[kind].filter((field) => field in record).map((field) => [field, record[field]]),
	);
	known.record(key, { record: kept, at: Date.now() });
}

/** The record as this execution last saw it (the fields kept), if it did. */
export function knownRecord(
	op: OperationContext,
	kind: Kind,
	partnerMid: string,
	mid: string,
): IDataObject | undefined {
	const key = keyOf(op, kind, partnerMid, mid);
	const entry = key ? known.since(key, 0) : undefined;
	return entry && !entry.uncertain ? entry.record : undefined;
}
