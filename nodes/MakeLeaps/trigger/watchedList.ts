/**
 * The list a trigger watches: where it is read and with which filters, the records of a read
 * that match the trigger's own filters (checked again, whatever the service did with them), the
 * newest record a manual test shows, and a fingerprint that tells whether a list changed. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { daysBefore } from '../model/dates';
import { carriesTagOf, type TagFilter } from '../model/tags';
import { isMarked, MARKS, markOf, type WatchEvent } from './marks';
import { midOf, type WatchScope } from './watch';

/** What the watched records must match, checked on what MakeLeaps answers. */
export interface WatchFilters {
	/** A document type, or '' for any. */
	documentType?: string;
	/** The first day (YYYY-MM-DD) of the look-back window. */
	windowStart?: string;
	/** The Tags filter, with the tag list read for it (trigger/tags.ts). */
	tags?: TagFilter;
}

/**
 * The records of a read that match the trigger's own filters, whatever the service did with
 * them; `problem` when a record lacks what the trigger needs to tell (its MID, type, date or
 * tags), or gives the event's mark in a form it cannot read.
 */
export function checkRecords(
	records: IDataObject[],
	filters: WatchFilters,
	event?: WatchEvent,
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
		const tagged = filters.tags ? carriesTagOf(record, filters.tags) : true;
		if (tagged === undefined) return { records: [], problem: 'a document without its tags' };
		if (!tagged) continue;
		const problem = event === undefined ? undefined : markOf(event, record).problem;
		if (problem !== undefined) return { records: [], problem };
		kept.push(record);
	}
	return { records: kept };
}

/**
 * The list the trigger watches: the partner's clients or documents, the filters sent (MakeLeaps' names), and those checked
 * again on what comes back. A poll reads every page; Fetch Test Event (`test`) reads the first
 * and asks for sent or paid documents only, so that page holds some when MakeLeaps has any.
 */
export function watchedList(
	scope: WatchScope,
	today: string,
	test = false,
): { kind: 'clients' | 'documents'; qs: IDataObject; filters: WatchFilters } {
	if (scope.event === 'newClient') return { kind: 'clients', qs: {}, filters: {} };
	const { documentType } = scope;
	const windowStart = daysBefore(today, Number(scope.lookBackDays));
	const qs: IDataObject = { date__gte: windowStart };
	if (documentType) qs.document_type = documentType;
	const filter = test ? MARKS[scope.event]?.filter : undefined;
	if (filter) qs[filter] = 'true';
	return { kind: 'documents', qs, filters: { documentType, windowStart } };
}

/** The record a manual test shows: the newest of the event's kind, if any. */
export function latest(event: WatchEvent, records: IDataObject[]): IDataObject | undefined {
	const marks = MARKS[event];
	const field = marks?.date ?? (event === 'newDocument' ? 'date' : 'date_created');
	const candidates = marks
		? records.filter((record) => isMarked(markOf(event, record).mark))
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
