/**
 * What a polling trigger reports: the records of a list compared with what the trigger has seen
 * since it started watching. Events are defined on that state, never on clocks:
 * - New Client, New Document: a record the trigger has not seen since it started watching;
 * - Document Sent, Document Paid: `date_sent` / `date_paid` set, or set to another value, compared
 *   with what the trigger last saw of the record; or set on a record it had not seen yet, whatever
 *   date the payment or the sending carries.
 * A record stays remembered when it leaves the list (archived, out of the window, a filter the
 * service ignores), so it is never reported twice, up to MAX_REMEMBERED records. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { midOfUrl } from './locators';

export type WatchEvent = 'newClient' | 'newDocument' | 'documentSent' | 'documentPaid';

/** When a document was sent or paid, as compared between reads: a time (ms) or the text given. */
type Stamp = number | string;

/** A record remembered: the read it was last seen in and, for Sent and Paid, its stamp if set. */
type Seen = [read: number, stamp?: Stamp];

/** What the trigger keeps in the workflow's static data between polls. */
export interface WatchState {
	/** The settings the state was built for; other settings start over. */
	scope: string;
	/** Complete reads so far. */
	reads: number;
	/** When the last complete read started (ms since 1970). */
	readAt: number;
	/** The client list's first page and count, to skip a full read when nothing changed. */
	signature?: string;
	/** Every record remembered, by MID. */
	seen: Record<string, Seen>;
}

/**
 * The most records a trigger remembers, those in the list included. Past it, the records absent
 * from the list the longest are forgotten first; one of them that comes back is reported again.
 */
export const MAX_REMEMBERED = 50_000;
/** The most records one read may hold: they are all remembered. */
export const MAX_WATCHED = MAX_REMEMBERED;

/** Part of every scope: a state written under other rules starts over. */
const STATE_VERSION = 'v2';

export const watchScope = (...parts: string[]) => [STATE_VERSION, ...parts].join(' ');

/** The record's MID (its `mid`, or the last part of its `url`), or undefined when it has none. */
export function midOf(record: IDataObject): string | undefined {
	if (typeof record.mid === 'string' && record.mid !== '') return record.mid;
	if (typeof record.mid === 'number') return String(record.mid);
	const fromUrl = typeof record.url === 'string' ? midOfUrl(record.url) : '';
	return fromUrl === '' ? undefined : fromUrl;
}

const STAMPED: Partial<Record<WatchEvent, string>> = {
	documentSent: 'date_sent',
	documentPaid: 'date_paid',
};

/** The event's date of a record, comparable between reads; undefined when not set. */
function stampOf(event: WatchEvent, record: IDataObject): Stamp | undefined {
	const field = STAMPED[event];
	const value = field === undefined ? undefined : record[field];
	if (value === undefined || value === null || value === '' || value === false) return undefined;
	if (typeof value !== 'string') return String(value);
	const time = Date.parse(value);
	return Number.isNaN(time) ? value : time;
}

/**
 * The records to report for one complete read of the watched list, and the state to keep. The
 * first read (or a read under new settings) reports nothing: it is what the trigger starts from.
 * Every record must have a MID (see `checkRecords`).
 */
export function compare(
	event: WatchEvent,
	state: WatchState | undefined,
	records: IDataObject[],
	scope: string,
	readAt: number,
): { report: IDataObject[]; state: WatchState } {
	const starting = state === undefined || state.scope !== scope;
	const reads = starting ? 1 : state.reads + 1;
	const seen: Record<string, Seen> = starting ? {} : { ...state.seen };
	const report: IDataObject[] = [];
	for (const record of records) {
		const mid = midOf(record) as string;
		const before = seen[mid];
		const stamp = stampOf(event, record);
		const happened =
			STAMPED[event] === undefined ? before === undefined : isNewStamp(stamp, before);
		if (!starting && happened) report.push(record);
		seen[mid] = stamp === undefined ? [reads] : [reads, stamp];
	}
	return { report, state: { scope, reads, readAt, seen: forgetOldest(seen, reads) } };
}

/** Sent or paid now, and not with this date when last seen (or never seen). */
const isNewStamp = (stamp: Stamp | undefined, before: Seen | undefined) =>
	stamp !== undefined && before?.[1] !== stamp;

/** Keeps at most MAX_REMEMBERED records: those absent the longest go first. */
function forgetOldest(seen: Record<string, Seen>, reads: number): Record<string, Seen> {
	const mids = Object.keys(seen);
	if (mids.length <= MAX_REMEMBERED) return seen;
	const absent = mids.filter((mid) => seen[mid][0] < reads);
	absent.sort((a, b) => seen[a][0] - seen[b][0]);
	for (const mid of absent.slice(0, mids.length - MAX_REMEMBERED)) delete seen[mid];
	return seen;
}

/** What the watched records must match, checked on what MakeLeaps answers. */
export interface WatchFilters {
	/** A document type, or '' for any. */
	documentType?: string;
	/** The first day (YYYY-MM-DD) of the look-back window. */
	windowStart?: string;
}

/**
 * The records of a read that match the trigger's own filters, whatever the service did with
 * them; `problem` when a record lacks what the trigger needs to tell (its MID, type or date).
 */
export function checkRecords(
	records: IDataObject[],
	filters: WatchFilters,
): { records: IDataObject[]; problem?: string } {
	const kept: IDataObject[] = [];
	for (const record of records) {
		if (midOf(record) === undefined) return { records: [], problem: 'a record without its MID' };
		const { documentType, windowStart } = filters;
		if (documentType) {
			if (typeof record.document_type !== 'string') {
				return { records: [], problem: 'a document without its document_type' };
			}
			if (record.document_type !== documentType) continue;
		}
		if (windowStart) {
			const day = typeof record.date === 'string' ? record.date.slice(0, 10) : '';
			if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
				return { records: [], problem: 'a document without its date' };
			}
			if (day < windowStart) continue;
		}
		kept.push(record);
	}
	return { records: kept };
}

/** The record a manual test shows: the newest of the event's kind, if any. */
export function latest(event: WatchEvent, records: IDataObject[]): IDataObject | undefined {
	const field = STAMPED[event] ?? (event === 'newDocument' ? 'date' : 'date_created');
	const candidates = STAMPED[event] ? records.filter((record) => record[field]) : records;
	if (candidates.length === 0) return undefined;
	const dated = candidates.filter((record) => typeof record[field] === 'string');
	if (dated.length === 0) return candidates[0];
	return dated.reduce((newest, record) =>
		String(record[field]) > String(newest[field]) ? record : newest,
	);
}

/** A short fingerprint of a list's first page and count (FNV-1a), to see whether it changed. */
export function signatureOf(count: unknown, records: IDataObject[]): string {
	let hash = 0x811c9dc5;
	for (const char of `${String(count)}:${records.map(midOf).join(',')}`) {
		hash ^= char.charCodeAt(0);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return `${String(count)}:${hash.toString(36)}`;
}
