/**
 * Values as the cells of a sheet: one short line of text, a number, yes/no or empty. A linked
 * record shows its name when the run knows it, else its MID; a list of texts is joined, a list of
 * records counted; a long text is cut. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { lineChanges } from './documentBody';
import { isRecord, linkedMid } from './locators';
import type { NameOf } from './plans';

export type { NameOf } from './plans';

/** An empty value (nothing, null, empty text, list or record), as a change shows it. */
export const EMPTY = '(empty)';
/** The longest value a text shows before it is cut. */
const LONGEST = 40;
/** A record's URL: the API's path of its partner, then `<kind>/<mid>/` (as api/ writes them). */
const LINK = /^https?:\/\/[^\s]*\/api\/partner\/[^/]+\/([a-z_/]+?)\/([^/?#]+)\/?$/i;
/** How a change names a field whose API name says less than it could. */
const LABELS: Record<string, string> = { lineitems: 'lines' };

const isEmptyValue = (value: unknown) =>
	value === undefined ||
	value === null ||
	value === '' ||
	(Array.isArray(value) && value.length === 0) ||
	(isRecord(value) && Object.keys(value).length === 0);

/** A text on one line, cut past LONGEST characters. */
function cut(text: string): string {
	const chars = [...text.replace(/\s+/g, ' ').trim()];
	return chars.length > LONGEST ? `${chars.slice(0, LONGEST - 1).join('')}…` : chars.join('');
}

/** The name (or MID) of a record given as its URL; undefined for a text that is not one. */
function linkName(text: string, nameOf?: NameOf): string | undefined {
	const match = LINK.exec(text);
	if (!match) return undefined;
	const [, kind, mid] = match;
	return nameOf?.(kind.replace(/\/$/, ''), mid) ?? mid;
}

/** What names a record given in full: its e-mail address, its name, or else its link. */
function recordName(record: IDataObject, nameOf?: NameOf): string | undefined {
	for (const key of ['display_name', 'name', 'address']) {
		const value = record[key];
		if (typeof value === 'string' && value !== '') return value;
	}
	if (typeof record.url === 'string') return linkName(record.url, nameOf) ?? linkedMid(record);
	return record.mid === undefined || record.mid === null ? undefined : String(record.mid);
}

/** A list's member as a name, or undefined when it is a record without one or a nested list. */
function memberName(value: unknown, nameOf?: NameOf): string | undefined {
	if (typeof value === 'string') return linkName(value, nameOf) ?? value;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	return undefined;
}

/** A value as one short text: see the top of this file. */
export function cellText(value: unknown, nameOf?: NameOf): string {
	if (isEmptyValue(value)) return EMPTY;
	if (typeof value === 'string') return cut(linkName(value, nameOf) ?? value);
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	if (Array.isArray(value)) {
		const names = value.map((member) => memberName(member, nameOf));
		return names.every((name) => name !== undefined) ? cut(names.join(', ')) : String(value.length);
	}
	if (isRecord(value)) return cut(recordName(value, nameOf) ?? JSON.stringify(value));
	return cut(String(value));
}

/**
 * A cell of a flat row: texts, numbers, yes/no and null stay; an empty list or record is an empty
 * text, anything else its text.
 */
export function cell(value: unknown, nameOf?: NameOf): string | number | boolean | null {
	if (value === undefined || value === null) return null;
	if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
		return value;
	return isEmptyValue(value) ? '' : cellText(value, nameOf);
}

/** A row whose every value is a cell (see `cell`). */
export function cells(row: IDataObject, nameOf?: NameOf): IDataObject {
	return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, cell(value, nameOf)]));
}

/**
 * The changes of a write as one text: `title: A → B; line 2 Travel: unit price 15000 → 18000;
 * person.email: a@x → b@y`, each field by its API path and each changed line by its number and
 * description, in the order given; empty when nothing changed.
 */
export function changesText(changes: unknown, nameOf?: NameOf): string {
	if (!isRecord(changes)) return '';
	return Object.entries(changes)
		.map(([field, change]) => {
			const label = LABELS[field] ?? field;
			if (!isRecord(change) || !('from' in change || 'to' in change))
				return `${label}: ${cellText(change, nameOf)}`;
			const lines =
				field === 'lineitems' ? lineChanges(change.from, change.to, (v) => cellText(v)) : [];
			if (lines.length > 0) return lines.join('; ');
			return `${label}: ${cellText(change.from, nameOf)} → ${cellText(change.to, nameOf)}`;
		})
		.join('; ');
}

/** Fields and their values as one text (`date_sent: 2026-11-01`), such as the days an update kept. */
export function fieldsText(fields: unknown, nameOf?: NameOf): string {
	if (!isRecord(fields)) return cellText(fields, nameOf);
	return Object.entries(fields)
		.map(([field, value]) => `${LABELS[field] ?? field}: ${cellText(value, nameOf)}`)
		.join('; ');
}
