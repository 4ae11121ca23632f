/**
 * Whether a run of document creates (Create, Create or Update) may have a few items under way at
 * once (run/loop/inFlight.ts), decided once when the first item (run alone) has ended. MakeLeaps
 * numbers a document made without a Document Number in the order the creates arrive, which must
 * be the rows' order: so only a run whose every document gives its number overlaps. Rows in
 * flight must meet as one by one, so no two may meet through a number:
 * - two documents that give the same number (or, with Create, the same External ID) would race,
 *   and the one that wins need not be the earlier row;
 * - with Create or Update, a row giving a number an existing document holds under another
 *   External ID meets that document, which a row of the run may move to another number: one by
 *   one the row fails or succeeds by whether the move came first, in flight by chance.
 * Such a run goes one at a time, where a later row meets what earlier rows did as one by one;
 * so does a run whose documents the first item did not read (or read in another list: another
 * partner, type or Only Documents Dated From). Create never moves a number, so its rows meet an
 * existing document the same way in any order. Rows of one document share its number: a
 * group's rows (Group Rows By, its first row speaks for it) and, with Create or Update, the rows
 * of one External ID, which take their turns in input order (run/creates.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import { isEmpty, type FieldTable } from '../../model/fields';
import { checkText } from '../../model/validation';
import type { OperationContext } from '../context';

/** What a document operation's rule needs to know of it. */
export interface DocumentRows {
	table: FieldTable;
	/** The option that groups rows into one document (Group Rows By). */
	groupsBy: string;
	/**
	 * Create or Update: the rows of one External ID are one document, and each row's document is
	 * found in the list of `listOf` (what decides which list: its fields' values, kept as text).
	 */
	byExternalId?: { listOf: (op: OperationContext) => string; documents: DocumentList };
}

/** The existing documents of the first item's list, when it was read (no read for them). */
export type DocumentList = (first: OperationContext) => Promise<IDataObject[] | undefined>;

/**
 * Whether the run's documents may be made a few at a time (see the top). Each value read here is
 * kept for the item's own read (run/parameters.ts); one that cannot be read decides one at a
 * time, and its item fails on its own turn as ever.
 */
export async function documentsOverlap(
	first: OperationContext,
	count: number,
	rows: DocumentRows,
): Promise<boolean> {
	const given = numbersGiven(first, count, rows);
	if (!given) return false;
	const { byExternalId } = rows;
	if (!byExternalId) return true;
	const list = byExternalId.listOf(first);
	if (given.some((row) => byExternalId.listOf(first.forItem(row.item)) !== list)) return false;
	const existing = await byExternalId.documents(first);
	if (!existing) return false;
	// a number held under another External ID (or by two documents) is one rows could meet through
	const holders = new Map<string, string>();
	for (const document of existing) {
		if (isEmpty(document.document_number)) continue;
		const number = String(document.document_number);
		holders.set(number, holders.has(number) ? '' : String(document.external_id));
	}
	return given.every((row) => (holders.get(row.number) ?? row.externalId) === row.externalId);
}

/** A document's row: the first of its group. */
interface GivenRow {
	item: number;
	number: string;
	externalId: string;
}

/**
 * The document rows and the numbers they give, when every document gives one and no number or
 * External ID is given by two documents; else undefined.
 */
function numbersGiven(first: OperationContext, count: number, rows: DocumentRows) {
	const given: GivenRow[] = [];
	/** Who gave each number and External ID: the document's key. */
	const claimed = new Map<string, string>();
	const claim = (what: string, documentKey: string) => {
		const earlier = claimed.get(what);
		claimed.set(what, documentKey);
		return earlier === undefined || earlier === documentKey;
	};
	for (let item = 0; item < count; item++) {
		const op = first.forItem(item);
		const group = op.groupOf(rows.groupsBy);
		if (group && group[0] !== item) continue; // the group's first row speaks for it
		const number = fieldAhead(op, rows.table, 'documentNumber');
		if (number === '') return undefined;
		const externalId = fieldAhead(op, rows.table, 'externalId');
		const documentKey = rows.byExternalId && externalId ? externalId : `item ${item}`;
		if (!claim(`number ${number}`, documentKey)) return undefined;
		if (externalId && !claim(`external ID ${externalId}`, documentKey)) return undefined;
		given.push({ item, number, externalId });
	}
	return given;
}

/** A field of the table for the item, read ahead and kept for its own read ('' when empty). */
export function fieldAhead(op: OperationContext, table: FieldTable, name: string): string {
	const spec = table.fields.find((field) => field.name === name)!;
	const { parameters } = op.run;
	const value =
		spec.section === 'main'
			? parameters.readAhead(name, op.itemIndex, '')
			: (parameters.readAhead(table.additional.name, op.itemIndex, {}) as Record<string, unknown>)[
					name
				];
	return isEmpty(value) ? '' : checkText(value, spec.displayName);
}
