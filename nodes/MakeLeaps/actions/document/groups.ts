/**
 * Options > Group Rows By: the input items that give the same value make one document. The
 * item loop runs the operation once per group, for its first item (see run/loop/itemLoop.ts, which also
 * pairs the output); here, the rule that the rows of a group describe one document.
 */
import type { OperationContext } from '../../run/context';
import { documentPartsOf, type DocumentParts } from './fromItem';
import type { FieldTable } from '../../model/fields';
import { InvalidInput } from '../../model/validation';
import { outcomeOf } from '../../transport';

/** The option that groups items (an Operation's `groupsBy`). */
export const groupsBy = 'options.groupBy';

/** Rows named in a message, at most. */
const MAX_NAMED = 10;
/** Characters of a value shown in a message, at most. */
const MAX_SHOWN = 40;

/** What a row gives for each part a document has once, by the label the editor shows. */
function labelled(
	op: OperationContext,
	table: FieldTable,
	partnerMid: string,
	parts: DocumentParts,
): Array<[string, string]> {
	return [
		[op.label('partner'), partnerMid],
		[op.label('documentType'), parts.type],
		[op.label('client'), parts.clientMid],
		[op.label('clientContact'), parts.contactMid],
		[op.label('template'), parts.template],
		...table.fields.map((spec): [string, string] => [
			spec.displayName,
			parts.values[spec.api] ?? '',
		]),
	];
}

const shown = (value: string) => {
	if (value === '') return 'nothing';
	const characters = [...value];
	return characters.length > MAX_SHOWN
		? `"${characters.slice(0, MAX_SHOWN).join('')}…"`
		: `"${value}"`;
};

/**
 * Fails the group's first item, before anything is sent for the group, unless every later row
 * gives the first row's partner, type, client, contact, template and document fields, or leaves
 * them empty (the document is made from the first row): the message names the field and the
 * rows that differ. A row's own bad value fails
 * the group, naming that row.
 */
export async function checkGroupAgrees(
	op: OperationContext,
	table: FieldTable,
	partnerMid: string,
): Promise<void> {
	if (op.group.length < 2) return;
	const rows: Array<{ item: number; parts: Array<[string, string]> }> = [];
	const partsOf = async (row: OperationContext) => {
		const partner = row === op ? partnerMid : await row.partnerMid();
		return labelled(op, table, partner, await documentPartsOf(row, table, partner));
	};
	for (const item of op.group) {
		const row = item === op.itemIndex ? op : op.forItem(item);
		const read = await outcomeOf(partsOf(row));
		if (read.ok) rows.push({ item, parts: read.value });
		else if (row === op || !(read.error instanceof InvalidInput)) throw read.error;
		else op.fail(`Item ${item} of this group: ${read.error.message}`, read.error.description);
	}
	const [first, ...others] = rows;
	first.parts.forEach(([label, value], index) => {
		// a later row's empty value leaves the first row's (the empty-value rule)
		const differ = others.filter((row) => ![value, ''].includes(row.parts[index][1]));
		if (differ.length === 0) return;
		const named = [first, ...differ].map(
			(row) => `${shown(row.parts[index][1])} in item ${row.item}`,
		);
		const more = named.length > MAX_NAMED ? ` and ${named.length - MAX_NAMED} more` : '';
		const option = op.label(groupsBy);
		op.fail(
			`The rows of this group give different ${label}: ${named.slice(0, MAX_NAMED).join(', ')}${more}`,
			`A group (${option}) makes one document, so each of its rows must give the same ${label}. Correct the rows, or give them different values in ${option}. Nothing was made or changed for this group.`,
		);
	});
}
