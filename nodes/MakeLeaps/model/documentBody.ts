/** A document as request bodies, from checked field values and lines. Pure. */
import type { IDataObject } from 'n8n-workflow';

import type { FieldValues } from './fields';
import type { Changes } from './plans';
import { sameTagNames, splitTagNames } from './tags/names';

export interface DocumentReferences {
	type: string;
	clientUrl: string;
	contactUrl?: string;
	template?: string;
	lines: IDataObject[];
}

/** The create body: totals are left to MakeLeaps (`autocalculate`). */
export function documentBody(values: FieldValues, refs: DocumentReferences): IDataObject {
	const body: IDataObject = {
		document_type: refs.type,
		client: refs.clientUrl,
		autocalculate: true,
		lineitems: refs.lines,
	};
	if (refs.contactUrl) body.client_contact = refs.contactUrl;
	if (refs.template) body.document_template = refs.template;
	for (const [key, value] of Object.entries(values))
		body[key] = key === 'tags' ? splitTagNames(value) : value;
	return body;
}

/** The comparable part of a line: what a row sets, not what MakeLeaps computes. */
function lineKey(line: IDataObject): string {
	const keys = [
		'kind',
		'description',
		'quantity',
		'unit_cost',
		'tax_rate',
		'tax_type',
		'quantity_unit',
	];
	const kind = String(line.kind ?? 'normal');
	const parts = keys.map((key) => normalNumber(String(line[key] ?? '')));
	if (kind === 'simple') parts.push(normalNumber(String(line.price ?? '')));
	return parts.join('|');
}

/** "1.50" and "1.5", "10.00" and "10" are the same amount. */
const normalNumber = (text: string) =>
	/^-?\d+\.\d+$/.test(text) ? text.replace(/\.?0+$/, '') : text;

/**
 * How an existing document differs from what a row asks for: the PATCH body that brings it in
 * line (new lines are totalled by MakeLeaps), and each changed field before and after.
 */
export function documentChanges(
	wanted: IDataObject,
	existing: IDataObject,
): { patch: IDataObject; changes: Changes } {
	const patch: IDataObject = {};
	const changes: Changes = {};
	const change = (key: string, from: unknown, to: IDataObject[keyof IDataObject]) => {
		patch[key] = to;
		changes[key] = { from, to };
	};
	for (const [key, value] of Object.entries(wanted)) {
		if (key === 'lineitems' || key === 'autocalculate' || key === 'document_type') continue;
		if (key === 'tags') {
			// the same tags, in any order and case: nothing to change
			const before = existing.tags ?? [];
			if (!sameTagNames(value, before)) change('tags', before, value);
			continue;
		}
		const before = existing[key] ?? '';
		if (typeof value === 'string' && value !== before) change(key, before, value);
	}
	const before = (existing.lineitems as IDataObject[] | undefined) ?? [];
	const lines = wanted.lineitems as IDataObject[];
	if (JSON.stringify(lines.map(lineKey)) !== JSON.stringify(before.map(lineKey))) {
		change('lineitems', before, lines);
		patch.autocalculate = true;
	}
	return { patch, changes };
}
