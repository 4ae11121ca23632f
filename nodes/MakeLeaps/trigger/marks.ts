/**
 * The trigger's events and what marks a document sent, paid, accepted, confirmed or cancelled in
 * MakeLeaps' document list (the fields: model/marks.ts), and when a mark is a change. Document
 * Viewed is withdrawn: no document field tells a view (see `WITHDRAWN_EVENTS`). Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	fieldsText,
	isMarked,
	MARK_FIELDS,
	markOfFields,
	type Mark,
	type MarkFields,
	type Stamp,
} from '../model/marks';

export { isMarked, type Mark, type Stamp };

/** The trigger's events: the values of its Event picker. */
export const WATCH_EVENTS = [
	'newClient',
	'newDocument',
	'documentSent',
	'documentPaid',
	'documentAccepted',
	'documentConfirmed',
	'documentCancelled',
] as const;

export type WatchEvent = (typeof WATCH_EVENTS)[number];

/**
 * Events once offered and withdrawn, by the value a saved workflow keeps, with why: such a
 * trigger stops with this message rather than never report anything.
 */
export const WITHDRAWN_EVENTS: Record<string, { name: string; why: string }> = {
	documentViewed: {
		name: 'Document Viewed',
		why: "MakeLeaps' documents do not say whether the client opened them (no viewed field of any kind), so this event could never fire",
	},
};

/** The fields of each event that a mark sets. */
export const MARKS: Partial<Record<WatchEvent, MarkFields>> = {
	documentSent: MARK_FIELDS.sent,
	documentPaid: MARK_FIELDS.paid,
	documentAccepted: MARK_FIELDS.accepted,
	documentConfirmed: MARK_FIELDS.confirmed,
	documentCancelled: MARK_FIELDS.cancelled,
};

/** The fields that tell the event's mark, in words: `is_confirmed or date_confirmed`, or with `nor`. */
export function markFieldsText(event: WatchEvent, join: 'or' | 'nor' = 'or'): string {
	const fields = MARKS[event];
	return fields ? fieldsText(fields, join) : '';
}

/**
 * What a record says of the event's mark: the date when set, else `true` for a yes, `null` when
 * it says not marked, undefined when it carries none of the event's fields (and MakeLeaps is not
 * known to give them); `problem` names a field that holds something else.
 */
export function markOf(event: WatchEvent, record: IDataObject): { mark: Mark; problem?: string } {
	const fields = MARKS[event];
	return fields ? markOfFields(fields, record) : { mark: undefined };
}

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

/** What the trigger remembers of a mark after a read: the one read, else what it knew. */
export function rememberedMark(
	mark: Mark,
	seen: boolean,
	before: Stamp | null | undefined,
): Stamp | null | undefined {
	if (mark !== undefined) return mark ?? undefined;
	return seen ? before : null;
}
