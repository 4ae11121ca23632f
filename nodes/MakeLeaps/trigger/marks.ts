/**
 * What marks a document sent, paid, accepted, viewed or cancelled in MakeLeaps' document list, as
 * the trigger reads it, and when a mark is a change. `date_sent` and `date_paid` are fields
 * MakeLeaps gives; how a list tells an acceptance or a view is a guess (the list filters are
 * named `accepted` and `viewed`; `date_accepted` is an analogy), so each of those events takes a
 * yes/no field or a date, and a record that gives neither does not tell. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

/** The trigger's events: the values of its Event picker. */
export type WatchEvent =
	| 'newClient'
	| 'newDocument'
	| 'documentSent'
	| 'documentPaid'
	| 'documentAccepted'
	| 'documentViewed'
	| 'documentCancelled';

/**
 * When a document was marked, compared between reads: a time (ms), the text given when it reads
 * as no time (`date_sent` and `date_paid` only), or `true` for a yes without a date.
 */
export type Stamp = number | string | true;

/** What a record says of its mark: a stamp, `null` when not marked, undefined when it does not tell. */
export type Mark = Stamp | null | undefined;

interface MarkFields {
	/** The list filter that asks for marked documents only. */
	filter: string;
	/** The date of the mark. */
	date: string;
	/** The yes/no field a service may give instead of (or beside) the date. */
	flag?: string;
	/** MakeLeaps is known to give the date: a record without it is not marked. */
	given?: true;
}

/** The fields of each event that a mark sets. */
export const MARKS: Partial<Record<WatchEvent, MarkFields>> = {
	documentSent: { filter: 'sent', date: 'date_sent', given: true },
	documentPaid: { filter: 'paid', date: 'date_paid', given: true },
	documentAccepted: { filter: 'accepted', date: 'date_accepted', flag: 'accepted' },
	documentViewed: { filter: 'viewed', date: 'date_viewed', flag: 'viewed' },
	documentCancelled: { filter: 'cancelled', date: 'date_cancelled', flag: 'cancelled' },
};

/** The fields that tell the event's mark, in words: `accepted or date_accepted`, or with `nor`. */
export function markFieldsText(event: WatchEvent, join: 'or' | 'nor' = 'or'): string {
	const fields = MARKS[event];
	if (fields?.flag === undefined) return fields?.date ?? '';
	return `${join === 'nor' ? 'neither ' : ''}${fields.flag} ${join} ${fields.date}`;
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
 * What a record says of the event's mark: the date when set, else `true` for a yes, `null` when
 * it says not marked, undefined when it carries none of the event's fields (and MakeLeaps is not
 * known to give them); `problem` names a field that holds something else.
 */
export function markOf(event: WatchEvent, record: IDataObject): { mark: Mark; problem?: string } {
	const fields = MARKS[event];
	if (fields === undefined) return { mark: undefined };
	const date = readField(record[fields.date], true, fields.given === true);
	if (date === 'problem') return { mark: undefined, problem: problemOf(fields.date, record) };
	const flag = fields.flag ? readField(record[fields.flag], false, false) : { mark: undefined };
	if (flag === 'problem') return { mark: undefined, problem: problemOf(fields.flag!, record) };
	if (date.mark !== undefined && date.mark !== null) return { mark: date.mark };
	if (flag.mark === true) return flag;
	if (date.mark === null || flag.mark === null) return { mark: null };
	return { mark: fields.given ? null : undefined };
}

const problemOf = (field: string, record: IDataObject) =>
	`a document whose ${field} is ${JSON.stringify(record[field])}, neither a date nor yes or no`;

/**
 * Whether a mark read now is a change, given what the trigger remembers of the record: nothing
 * (never seen), `undefined` (seen not marked), `null` (seen, but it never told), or a stamp.
 * Marked now and never seen or seen not marked: a change. Seen without telling: not one (the
 * trigger cannot tell when it happened). Marked before: a change only when both stamps are dates
 * (or texts) that differ (marked again, on another day); a yes beside a date is the same mark.
 */
export function isNewMark(mark: Mark, seen: boolean, before: Stamp | null | undefined): boolean {
	if (!isMarked(mark)) return false;
	if (!seen || before === undefined) return true;
	if (before === null || before === true || mark === true) return false;
	return before !== mark;
}

/** Whether a record says it is marked. */
export const isMarked = (mark: Mark): mark is Stamp => mark !== undefined && mark !== null;

/** What the trigger remembers of a mark after a read: the one read, else what it knew. */
export function rememberedMark(
	mark: Mark,
	seen: boolean,
	before: Stamp | null | undefined,
): Stamp | null | undefined {
	if (mark !== undefined) return mark ?? undefined;
	return seen ? before : null;
}
