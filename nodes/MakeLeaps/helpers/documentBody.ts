/** A document as request bodies, from checked field values and lines. Pure. */
import type { IDataObject } from 'n8n-workflow';

import type { FieldValues } from './fields';

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
	for (const [key, value] of Object.entries(values)) {
		body[key] =
			key === 'tags'
				? value
						.split(',')
						.map((tag) => tag.trim())
						.filter(Boolean)
				: value;
	}
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
 * The fields of a wanted document that differ from an existing one, as a PATCH body: texts and
 * dates as given, the lines as a whole when any line differs. Totals are MakeLeaps' to compute.
 */
export function documentChanges(wanted: IDataObject, existing: IDataObject): IDataObject {
	const changes: IDataObject = {};
	for (const [key, value] of Object.entries(wanted)) {
		if (key === 'lineitems' || key === 'autocalculate' || key === 'document_type') continue;
		if (key === 'tags') {
			if (JSON.stringify(value) !== JSON.stringify(existing.tags ?? [])) changes.tags = value;
			continue;
		}
		if (typeof value === 'string' && value !== (existing[key] ?? '')) changes[key] = value;
	}
	const wantedLines = (wanted.lineitems as IDataObject[]).map(lineKey);
	const existingLines = ((existing.lineitems as IDataObject[] | undefined) ?? []).map(lineKey);
	if (JSON.stringify(wantedLines) !== JSON.stringify(existingLines)) {
		changes.lineitems = wanted.lineitems;
		changes.autocalculate = true;
	}
	return changes;
}
