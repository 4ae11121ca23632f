/**
 * What a polling trigger reports: the records of a list compared with what the trigger saw
 * before. Each change is reported once: the state remembers every record seen (and whether a
 * document was sent or paid) and is only replaced after a complete read. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { midOfUrl } from './locators';

export type WatchEvent = 'newClient' | 'newDocument' | 'documentSent' | 'documentPaid';

/** A record seen: the read it was last seen in, whether sent (1) and paid (2), its date. */
type Seen = [read: number, flags: number, date?: string];

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
	/** Every record seen, by MID. */
	seen: Record<string, Seen>;
}

/** A record absent from this many reads in a row is forgotten (deleted, or moved between pages). */
export const FORGET_AFTER_READS = 3;
/** The most records a trigger watches; more would make its state too big to keep. */
export const MAX_WATCHED = 100_000;
/** A document first seen already sent or paid counts when that happened this long before the last read. */
const CLOCK_MARGIN_MS = 10 * 60 * 1000;

const SENT = 1;
const PAID = 2;

export const midOf = (record: IDataObject) => String(record.mid ?? midOfUrl(record.url));

const flagsOf = (record: IDataObject) =>
	(record.date_sent ? SENT : 0) | (record.date_paid ? PAID : 0);

const stampOf = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : NaN);

/**
 * The records to report for one complete read of the watched list, and the state to keep. The
 * first read (or a read under new settings) reports nothing: it is what the trigger starts from.
 */
export function compare(
	event: WatchEvent,
	state: WatchState | undefined,
	records: IDataObject[],
	scope: string,
	readAt: number,
	/** Documents dated before this day (YYYY-MM-DD) left the watched window: forgotten at once. */
	windowStart = '',
): { report: IDataObject[]; state: WatchState } {
	const starting = state === undefined || state.scope !== scope;
	const reads = starting ? 1 : state.reads + 1;
	const seen: Record<string, Seen> = starting ? {} : { ...state.seen };
	const since = starting ? 0 : state.readAt - CLOCK_MARGIN_MS;
	const report: IDataObject[] = [];
	for (const record of records) {
		const mid = midOf(record);
		const before = seen[mid];
		const flags = flagsOf(record);
		if (!starting && isEvent(event, record, before, since)) report.push(record);
		const date = typeof record.date === 'string' ? record.date : undefined;
		seen[mid] = date === undefined ? [reads, flags] : [reads, flags, date];
	}
	for (const [mid, [read, , date]] of Object.entries(seen)) {
		const leftWindow = date !== undefined && windowStart !== '' && date < windowStart;
		if (leftWindow || reads - read >= FORGET_AFTER_READS) delete seen[mid];
	}
	return { report, state: { scope, reads, readAt, seen } };
}

function isEvent(event: WatchEvent, record: IDataObject, before: Seen | undefined, since: number) {
	if (event === 'newClient' || event === 'newDocument') return before === undefined;
	const [flag, stamp] =
		event === 'documentSent' ? [SENT, record.date_sent] : [PAID, record.date_paid];
	if (!(flagsOf(record) & flag)) return false;
	// seen before without the flag: it changed since; never seen: count it if it happened lately
	return before !== undefined ? !(before[1] & flag) : stampOf(stamp) >= since;
}

/** The record a manual test shows: the newest of the event's kind, if any. */
export function latest(event: WatchEvent, records: IDataObject[]): IDataObject | undefined {
	const field =
		event === 'documentSent'
			? 'date_sent'
			: event === 'documentPaid'
				? 'date_paid'
				: event === 'newDocument'
					? 'date'
					: 'date_created';
	const candidates =
		event === 'documentSent' || event === 'documentPaid'
			? records.filter((record) => record[field])
			: records;
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
