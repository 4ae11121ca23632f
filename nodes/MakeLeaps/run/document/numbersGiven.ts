/**
 * Whether a run of document creates (Create, Create or Update) may have a few items under way at
 * once (actions/inFlight.ts), decided once before any item starts. MakeLeaps numbers a document
 * made without a Document Number in the order the creates arrive, which must be the rows' order:
 * so only a run whose every document gives its number overlaps. Two documents that give the
 * same number (or, with Create, the same External ID) would race, and the one that wins need not
 * be the earlier row: such a run goes one at a time, where the later row meets the earlier one's
 * document as one by one. Rows of one document share its number: a group's rows (Group Rows
 * By, its first row speaks for it) and, with Create or Update, the rows of one External ID,
 * which take their turns in input order (run/creates.ts).
 */
import { isEmpty, type FieldTable } from '../../model/fields';
import { checkText } from '../../model/validation';
import type { OperationContext } from '../context';

/** What a document operation's rule needs to know of it. */
export interface DocumentRows {
	table: FieldTable;
	/** The option that groups rows into one document (Group Rows By). */
	groupsBy: string;
	/** Create or Update: the rows of one External ID are one document. */
	byExternalId: boolean;
}

/**
 * Whether the run's documents may be made a few at a time (see the top). Each value read here is
 * kept for the item's own read (run/parameters.ts); one that cannot be read decides one at a
 * time, and its item fails on its own turn as ever.
 */
export function documentsOverlap(first: OperationContext, count: number, rows: DocumentRows) {
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
		if (number === '') return false;
		const externalId = fieldAhead(op, rows.table, 'externalId');
		const documentKey = rows.byExternalId && externalId ? externalId : `item ${item}`;
		if (!claim(`number ${number}`, documentKey)) return false;
		if (externalId && !claim(`external ID ${externalId}`, documentKey)) return false;
	}
	return true;
}

/** A field of the table for the item, read ahead and kept for its own read ('' when empty). */
function fieldAhead(op: OperationContext, table: FieldTable, name: string): string {
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
