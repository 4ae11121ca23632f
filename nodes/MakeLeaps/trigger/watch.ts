/**
 * What a polling trigger reports: the records of a list compared with what the trigger has seen
 * since it started watching. Events are defined on that state, never on clocks:
 * - New Client, New Document: a record the trigger has not seen since it started watching;
 * - Document Sent, Paid, Accepted, Confirmed, Cancelled: the document marked (`date_sent`,
 *   `date_paid`…, see marks.ts), or marked with another date, compared with what the trigger last
 *   saw of the record; or marked on a record it had not seen yet, whatever date the mark carries.
 *   A record that does not tell (none of the event's fields) is never reported.
 * A record stays remembered when it leaves the list (archived, out of the window, a filter the
 * service ignores), so it is never reported twice, up to MAX_REMEMBERED records. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { midOfUrl } from '../model/locators';
import {
	isMarked,
	isNewMark,
	MARKS,
	markOf,
	rememberedMark,
	type Stamp,
	WATCH_EVENTS,
	type WatchEvent,
} from './marks';

/**
 * A record remembered: the read it was last seen in and, for the events of a mark, its stamp when
 * marked (`null` when the record has never told).
 */
type Seen = [read: number, stamp?: Stamp | null];

/**
 * What a state was built for; a state built for anything else starts over. It names the MakeLeaps
 * account (the credential's Base URL, normalised, and the partner), not the API key: a new key of
 * the same account keeps what the trigger has seen.
 */
export interface WatchScope {
	/** The rules the state was written under (STATE_VERSION). */
	version: string;
	baseUrl: string;
	partner: string;
	event: WatchEvent;
	/** Document events: the Document Type ('' for any) and Look Back (Days); '' for clients. */
	documentType: string;
	lookBackDays: string;
	/** Document events: the Tags filter's names, lower case, sorted; absent without one. */
	tags?: string;
}

/** What the trigger keeps in the workflow's static data between polls. */
export interface WatchState {
	scope: WatchScope;
	/** Complete reads so far. */
	reads: number;
	/** When the last complete read started (ms since 1970). */
	readAt: number;
	/** The client list's first page and count, to skip a full read when nothing changed. */
	signature?: string;
	/** Every record remembered, by MID. */
	seen: Record<string, Seen>;
	/** The last read held records, none of which told the event's mark (said once in the log). */
	untold?: true;
}

/**
 * The most records a trigger remembers, those in the list included. Past it, the records absent
 * from the list the longest are forgotten first; one of them that comes back is reported again.
 */
export const MAX_REMEMBERED = 50_000;
/** The most records one read may hold: they are all remembered. */
export const MAX_WATCHED = MAX_REMEMBERED;

/** Part of every scope: a state written under other rules starts over. */
const STATE_VERSION = 'v3';

export const watchScope = (parts: Omit<WatchScope, 'version'>): WatchScope => ({
	version: STATE_VERSION,
	...parts,
});

const EARLIER_VERSION = 'its memory was written by an earlier version of the node';
const changed = (label: string) => (from: string, to: string) =>
	`${label} changed from "${from}" to "${to}"`;

/** How a change of each part of a scope is told, in the editor's words. */
const SCOPE_PARTS: Record<keyof WatchScope, (from: string, to: string) => string> = {
	version: () => EARLIER_VERSION,
	baseUrl: changed("the credential's Base URL"),
	partner: changed('Partner'),
	event: changed('Event'),
	documentType: changed('Document Type'),
	lookBackDays: changed('Look Back (Days)'),
	tags: changed('Tags'),
};

/** What differs from the scope a state was built for, one phrase per part; [] when nothing. */
export function scopeChanges(before: WatchScope, now: WatchScope): string[] {
	const parts = Object.keys(SCOPE_PARTS) as Array<keyof WatchScope>;
	return (
		parts
			// a part a state was saved without (Tags, before it came) is empty
			.filter((part) => (before[part] ?? '') !== (now[part] ?? ''))
			.map((part) => SCOPE_PARTS[part](before[part] ?? '', now[part] ?? ''))
	);
}

/**
 * The state a poll goes on from: the one saved, when built for this scope; else none, and what
 * changed. A state of the previous version (v2) named its scope in one text that held the API
 * key's Client ID as well: read without it, it is kept when all the rest is the same, so an
 * upgrade neither repeats nor loses an event. Anything else unreadable starts over.
 */
export function savedState(
	saved: unknown,
	scope: WatchScope,
): { state?: WatchState; changes: string[] } {
	if (typeof saved !== 'object' || saved === null) return { changes: [] };
	const state = saved as WatchState;
	const before = typeof state.scope === 'string' ? scopeOfV2(state.scope) : state.scope;
	const changes =
		typeof before === 'object' && before !== null ? scopeChanges(before, scope) : [EARLIER_VERSION];
	return changes.length > 0 ? { changes } : { state: { ...state, scope }, changes };
}

/** The scope of a v2 state: `v2 <event> <Base URL> <Client ID> <partner>[ <type> <days>]`. */
function scopeOfV2(text: string): WatchScope | undefined {
	const words = text.split(' ');
	const [version, event, baseUrl] = words;
	const tail = event === 'newClient' ? 1 : 3;
	// the Client ID between the Base URL and the partner may hold spaces (or be empty)
	if (version !== 'v2' || !EVENTS.has(event) || words.length < 4 + tail) return undefined;
	const [partner, documentType = '', lookBackDays = ''] = words.slice(words.length - tail);
	return {
		version: STATE_VERSION,
		baseUrl,
		partner,
		event: event as WatchEvent,
		documentType,
		lookBackDays,
	};
}

/** The record's MID (its `mid`, or the last part of its `url`), or undefined when it has none. */
export function midOf(record: IDataObject): string | undefined {
	if (typeof record.mid === 'string' && record.mid !== '') return record.mid;
	if (typeof record.mid === 'number') return String(record.mid);
	const fromUrl = typeof record.url === 'string' ? midOfUrl(record.url) : '';
	return fromUrl === '' ? undefined : fromUrl;
}

const EVENTS = new Set<string>(WATCH_EVENTS);

/** What one complete read of the watched list gives: the records to report and the state to keep. */
export interface Compared {
	report: IDataObject[];
	state: WatchState;
	/** Records marked now that the trigger had only seen not telling: not reported (see isNewMark). */
	unsure: IDataObject[];
	/**
	 * A mark the trigger remembered is gone (an acceptance withdrawn, a payment cleared): the state
	 * must be saved even though nothing is reported, or a restart would bring the mark back and
	 * the same mark set again would look like the one already reported.
	 */
	cleared: boolean;
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
	scope: WatchScope,
	readAt: number,
): Compared {
	const starting = state === undefined || scopeChanges(state.scope, scope).length > 0;
	const reads = starting ? 1 : state.reads + 1;
	const seen: Record<string, Seen> = starting ? {} : { ...state.seen };
	const marked = MARKS[event] !== undefined;
	const report: IDataObject[] = [];
	const unsure: IDataObject[] = [];
	let told = false;
	let cleared = false;
	for (const record of records) {
		const mid = midOf(record) as string;
		const known = mid in seen;
		const before = seen[mid]?.[1];
		const { mark } = markOf(event, record);
		told ||= mark !== undefined;
		const happened = marked ? isNewMark(mark, known, before) : !known;
		if (!starting && happened) report.push(record);
		if (!starting && known && before === null && isMarked(mark)) unsure.push(record);
		cleared ||= !starting && known && isMarked(before) && mark === null;
		const stamp = marked ? rememberedMark(mark, known, before) : undefined;
		seen[mid] = stamp === undefined ? [reads] : [reads, stamp];
	}
	const next: WatchState = { scope, reads, readAt, seen: forgetOldest(seen, reads) };
	if (marked && records.length > 0 && !told) next.untold = true;
	return { report, state: next, unsure, cleared };
}

/** Keeps at most MAX_REMEMBERED records: those absent the longest go first. */
function forgetOldest(seen: Record<string, Seen>, reads: number): Record<string, Seen> {
	const mids = Object.keys(seen);
	if (mids.length <= MAX_REMEMBERED) return seen;
	const absent = mids.filter((mid) => seen[mid][0] < reads);
	absent.sort((a, b) => seen[a][0] - seen[b][0]);
	for (const mid of absent.slice(0, mids.length - MAX_REMEMBERED)) delete seen[mid];
	return seen;
}
