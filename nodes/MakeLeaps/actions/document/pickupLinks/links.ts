/**
 * A document's pickup links as the node reads them: the address (its field name is a guess),
 * whom it was sent to, whether it was opened, whether it has expired; and their flat row
 * (Simplify). A field MakeLeaps does not give reads as unknown (`null`), never as "no". Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { cells, changesText } from '../../../model/cells';
import { today } from '../../../model/dates';
import { isRecord } from '../../../model/locators';
import type { Known } from '../../../model/simplify';

/**
 * Where the shareable address may be: the reference names no field, so these are accepted in
 * this order; `url` only when it is not the API's address of the record itself.
 */
export const LINK_FIELDS = ['pickup_url', 'link', 'url'] as const;

/** The shareable address of a pickup link, or null when none of LINK_FIELDS holds one. */
export function pickupAddress(link: IDataObject): string | null {
	for (const field of LINK_FIELDS) {
		const value = link[field];
		if (typeof value !== 'string' || !/^https?:\/\/\S+$/i.test(value)) continue;
		if (field === 'url' && /\/api\/partner\//.test(value)) continue;
		return value;
	}
	return null;
}

/** The address a link was sent to, as given (text, or `{address}` as contacts give it); '' for none. */
export function pickupEmail(link: IDataObject): string {
	const email = isRecord(link.email) ? link.email.address : link.email;
	return typeof email === 'string' ? email.trim() : '';
}

/** Whether the link was opened: a `date_clicked` set; null when MakeLeaps gives no such field. */
export function wasClicked(link: IDataObject): boolean | null {
	if (!('date_clicked' in link)) return null;
	return link.date_clicked !== null && link.date_clicked !== '';
}

const DAY = /^(\d{4}-\d{2}-\d{2})$/;
const ZONED = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}/;

/**
 * Whether the link has expired by `now`: a time with its zone against the moment; a date alone
 * (or a time without a zone, by its date as written) counts to the end of that day in the
 * workflow's time zone. No expiration (`null`) never expires; a missing or unreadable one is
 * unknown (`null`).
 */
export function hasExpired(link: IDataObject, timeZone: string, now = new Date()): boolean | null {
	if (!('expiration_date' in link)) return null;
	const expiration = link.expiration_date;
	if (expiration === null || expiration === '') return false;
	if (typeof expiration !== 'string') return null;
	const text = expiration.trim();
	if (ZONED.test(text)) {
		const at = Date.parse(text.replace(' ', 'T'));
		return Number.isNaN(at) ? null : at <= now.getTime();
	}
	const day = DAY.exec(text)?.[1] ?? LOCAL.exec(text)?.[1];
	return day === undefined ? null : day < today(timeZone, now);
}

/**
 * Whether a link can stand for a new one sent to `email` ('' for none): the same address (or
 * none), whatever its case, and not known to have expired.
 */
export function servesEmail(
	link: IDataObject,
	email: string,
	timeZone: string,
	now = new Date(),
): boolean {
	const same = pickupEmail(link).toLowerCase() === email.trim().toLowerCase();
	return same && hasExpired(link, timeZone, now) !== true;
}

/**
 * A pickup link as a flat row: its document (`known.document`: its MID, and its number where the
 * run knows it), the address, whom it went to, whether and when it was opened, when it expires
 * and whether it has, by the workflow's time zone (`known.timeZone`); what Create did, as text.
 */
export function simplePickupLink(link: IDataObject, known: Known = {}): IDataObject {
	const document = known.document ?? {};
	return cells({
		mid: document.mid,
		document_number: document.document_number,
		link: pickupAddress(link),
		email: pickupEmail(link) || null,
		clicked: wasClicked(link),
		date_clicked: link.date_clicked,
		expiration_date: link.expiration_date,
		expired: hasExpired(link, known.timeZone ?? 'UTC'),
		...('operation' in link ? { operation: link.operation } : {}),
		...('changes' in link ? { changes: changesText(link.changes) } : {}),
	});
}
