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
import { capitalized, itemNamed } from '../../words/transport';

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
		else
			op.fail(
				`${capitalized(itemNamed(item))} of this group: ${read.error.message}`,
				read.error.description,
			);
	}
	const [first, ...others] = rows;
	first.parts.forEach(([label, value], index) => {
		// a later row's empty value leaves the first row's (the empty-value rule)
		const differ = others.filter((row) => ![value, ''].includes(row.parts[index][1]));
		if (differ.length === 0) return;
		const named = [first, ...differ].map(
			(row) => `${shown(row.parts[index][1])} in ${itemNamed(row.item)}`,
		);
		const more = named.length > MAX_NAMED ? ` and ${named.length - MAX_NAMED} more` : '';
		const option = op.label(groupsBy);
		op.fail(
			`The rows of this group give different ${label}: ${named.slice(0, MAX_NAMED).join(', ')}${more}`,
			`A group (${option}) makes one document, so each of its rows must give the same ${label}. Correct the rows, or give them different values in ${option}. Nothing was made or changed for this group.`,
		);
	});
}

/**
 * Fails the row (or the group it leads) when other rows of the run give the same document (its
 * partner, type, client and External ID), are not of its group, and differ from it in anything
 * they give: each would replace what the others wrote (a sheet of one row per line without Group Rows By makes an invoice of its last
 * line, then flips between them on every run). Nothing is written for any of them; the message
 * names the ID, the rows and the fix.
 */
export async function refuseSharedExternalId(
	op: OperationContext,
	type: string,
	externalId: string,
): Promise<void> {
	const key = documentKeyOf(op)?.document;
	const units = key === undefined ? undefined : (await sharedDocuments(op)).get(key);
	if (!units) return;
	const rows = units.flat().sort((a, b) => a - b);
	const grouped = op.group.length > 1 || units.some((unit) => unit.length > 1);
	const option = op.label(groupsBy);
	const named = rows.slice(0, MAX_NAMED).map(itemNamed);
	const more = rows.length > MAX_NAMED ? ` and ${rows.length - MAX_NAMED} more` : '';
	op.fail(
		`Set ${option} in Options, or give each row its own External ID: ${rows.length} rows give External ID "${externalId}" for one ${type} (${named.join(', ')}${more})${grouped ? ` in ${units.length} groups` : ''}`,
		`Without ${option}, each of these rows would replace the ${type}'s lines with its own, and every run would change it again. ${grouped ? `Give rows of one ${type} the same value in ${option}` : `With ${option} set to the column that names each ${type} (its External ID, say), its rows make one ${type} with a line each`}. Nothing was written for these rows.`,
	);
}

/**
 * The rows (or groups, with Group Rows By) of the run that give one document, by its partner,
 * type, client and External ID as the rows give them; only documents given by more than one.
 * Worked out once per run; a row whose values cannot be read is left to fail on its own turn.
 */
async function sharedDocuments(op: OperationContext): Promise<Map<string, number[][]>> {
	return await op.run.forAllItems('documents given by several rows', async () => {
		const units = new Map<string, Map<string, number[]>>();
		for (let item = 0; item < op.itemCount; item++) {
			let key: ReturnType<typeof documentKeyOf>;
			try {
				key = documentKeyOf(op.forItem(item));
			} catch {
				continue; // the row fails on its own turn
			}
			if (key === undefined) continue;
			const { document, unit } = key;
			const byUnit = units.get(document) ?? new Map<string, number[]>();
			units.set(document, byUnit.set(unit, [...(byUnit.get(unit) ?? []), item]));
		}
		const shared = new Map<string, number[][]>();
		for (const [document, byUnit] of units) {
			const given = [...byUnit.values()];
			// rows that give the same in every field ask for the same document: none replaces another
			const asks = new Set(given.flat().map((item) => op.forItem(item).givenValues()));
			if (byUnit.size > 1 && asks.size > 1) shared.set(document, given);
		}
		return shared;
	});
}

/** The document a row gives (undefined without an External ID) and the rows it is made with. */
function documentKeyOf(row: OperationContext): { document: string; unit: string } | undefined {
	const ahead = (name: string, fallback?: unknown) =>
		row.run.parameters.readAhead(name, row.itemIndex, fallback);
	const externalId = String(ahead('externalId', '') ?? '').trim();
	if (!externalId) return undefined;
	const picked = (value: unknown) =>
		typeof value === 'object' && value !== null
			? [(value as { mode?: unknown }).mode, (value as { value?: unknown }).value]
			: value;
	const group = row.groupOf(groupsBy);
	return {
		document: JSON.stringify([
			picked(ahead('partner')),
			ahead('documentType', 'invoice'),
			picked(ahead('client')),
			externalId,
		]),
		unit: group === undefined ? `row ${row.itemIndex}` : `group ${group[0]}`,
	};
}
