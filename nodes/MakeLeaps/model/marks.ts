/**
 * How a MakeLeaps document tells a mark set on it (sent, paid, accepted, confirmed, converted,
 * cancelled): the date of the mark, the yes/no field beside it, and what a record says of it.
 * The recorded document list (2019) gives `date_sent`, `date_paid`, `date_cancelled` and, for
 * the client's acceptance or confirmation and a conversion, a date with a yes/no beside it
 * (`date_accepted` and `is_accepted`…). `accepted` and `cancelled`, the names of the list
 * filters, are read where the recorded yes/no is absent. A record that gives none of a mark's
 * fields does not tell (unless MakeLeaps is known to give its date). Pure.
 */
import type { IDataObject } from 'n8n-workflow';

/**
 * When a document was marked, compared between reads: a time (ms), the text given when it reads
 * as no time (`date_sent` and `date_paid` only), or `true` for a yes without a date.
 */
export type Stamp = number | string | true;

/** What a record says of its mark: a stamp, `null` when not marked, undefined when it does not tell. */
export type Mark = Stamp | null | undefined;

export interface MarkFields {
	/** The list filter that asks for marked documents only, where one is named. */
	filter?: string;
	/** The date of the mark. */
	date: string;
	/** The yes/no fields a service may give beside (or instead of) the date: the first given is read. */
	flags?: string[];
	/** MakeLeaps is known to give the date: a record without it is not marked. */
	given?: true;
}

export type DocumentMark = 'sent' | 'paid' | 'accepted' | 'confirmed' | 'converted' | 'cancelled';

/** The fields of each mark. */
export const MARK_FIELDS: Record<DocumentMark, MarkFields> = {
	sent: { filter: 'sent', date: 'date_sent', given: true },
	paid: { filter: 'paid', date: 'date_paid', given: true },
	accepted: { filter: 'accepted', date: 'date_accepted', flags: ['is_accepted', 'accepted'] },
	confirmed: { filter: 'confirmed', date: 'date_confirmed', flags: ['is_confirmed'] },
	converted: { date: 'date_converted', flags: ['is_converted'] },
	cancelled: { filter: 'cancelled', date: 'date_cancelled', flags: ['cancelled'] },
};

/** Every field that tells the mark: its yes/no fields, then its date. */
export const fieldsOfMark = (fields: MarkFields) => [...(fields.flags ?? []), fields.date];

/**
 * The fields that tell a mark, in words: `is_confirmed or date_confirmed`, `is_accepted,
 * accepted or date_accepted`; with `nor`, `neither … nor …` or `none of …`.
 */
export function fieldsText(fields: MarkFields, join: 'or' | 'nor' = 'or'): string {
	const names = fieldsOfMark(fields);
	if (names.length === 1) return names[0];
	const listed = `${names.slice(0, -1).join(', ')} ${join} ${names[names.length - 1]}`;
	if (join === 'or') return listed;
	return names.length === 2
		? `neither ${listed}`
		: `none of ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** An empty value: not marked. */
const unset = (value: unknown) => value === null || value === false || value === '';

/**
 * What one field says: `null` (not marked), a stamp, undefined when absent; `problem` when it
 * holds what a mark cannot be (a date field or a yes/no field must be a date, yes/no or empty).
 */
function readField(value: unknown, isDate: boolean, lenient: boolean): { mark: Mark } | 'problem' {
	if (value === undefined || unset(value)) return { mark: value === undefined ? undefined : null };
	if (value === true) return { mark: true };
	const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
	if (isDate && !Number.isNaN(time)) return { mark: time };
	// date_sent and date_paid as the trigger has always read them: any other value is a mark
	if (lenient) return { mark: typeof value === 'string' ? value : String(value) };
	return 'problem';
}

/**
 * What a record says of a mark: the date when set, else `true` for a yes, `null` when it says
 * not marked, undefined when it carries none of the mark's fields (and MakeLeaps is not known
 * to give them); `problem` names a field that holds something else. Of the yes/no fields, the
 * first the record gives is read (`is_accepted`, else `accepted`).
 */
export function markOfFields(
	fields: MarkFields,
	record: IDataObject,
): { mark: Mark; problem?: string } {
	const date = readField(record[fields.date], true, fields.given === true);
	if (date === 'problem') return { mark: undefined, problem: problemOf(fields.date, record) };
	const flagName = fields.flags?.find((name) => record[name] !== undefined);
	const flag =
		flagName === undefined ? { mark: undefined } : readField(record[flagName], false, false);
	if (flag === 'problem') return { mark: undefined, problem: problemOf(flagName!, record) };
	if (date.mark !== undefined && date.mark !== null) return { mark: date.mark };
	if (flag.mark === true) return flag;
	if (date.mark === null || flag.mark === null) return { mark: null };
	return { mark: fields.given ? null : undefined };
}

const problemOf = (field: string, record: IDataObject) =>
	`a document whose ${field} is ${JSON.stringify(record[field])}, neither a date nor yes or no`;

/** Whether a record says it is marked. */
export const isMarked = (mark: Mark): mark is Stamp => mark !== undefined && mark !== null;
