/**
 * Records as the user names them (picked from a list, pasted as a URL, typed as an ID) turned
 * into MIDs and back into URLs. Pure: URLs are checked against the Base URL and the partner; the
 * paths under it are api/'s.
 */
import type { IDataObject, INodeParameterResourceLocator } from 'n8n-workflow';

import { clientPath, clientsPath } from '../api/clients';
import { contactPath, contactsPath } from '../api/contacts';
import { documentPath, documentPdfPath, documentsPath } from '../api/documents';
import { sendingOrdersPath } from '../api/sendingOrders';
import { tagPath } from '../api/tags';
import { isEmpty } from './fields';
import { checkMid, checkText, InvalidInput, MID } from './validation';

export const clientsUrl = (baseUrl: string, partnerMid: string) =>
	`${baseUrl}${clientsPath(partnerMid)}`;

export const clientUrl = (baseUrl: string, partnerMid: string, clientMid: string) =>
	`${baseUrl}${clientPath(partnerMid, clientMid)}`;

export const contactsUrl = (baseUrl: string, partnerMid: string) =>
	`${baseUrl}${contactsPath(partnerMid)}`;

export const contactUrl = (baseUrl: string, partnerMid: string, contactMid: string) =>
	`${baseUrl}${contactPath(partnerMid, contactMid)}`;

export const documentsUrl = (baseUrl: string, partnerMid: string) =>
	`${baseUrl}${documentsPath(partnerMid)}`;

export const documentUrl = (baseUrl: string, partnerMid: string, documentMid: string) =>
	`${baseUrl}${documentPath(partnerMid, documentMid)}`;

/** Where the node reads a document's PDF. */
export const documentPdfUrl = (baseUrl: string, partnerMid: string, documentMid: string) =>
	`${baseUrl}${documentPdfPath(partnerMid, documentMid)}`;

export const sendingOrdersUrl = (baseUrl: string, partnerMid: string) =>
	`${baseUrl}${sendingOrdersPath(partnerMid)}`;

export const tagUrl = (baseUrl: string, partnerMid: string, tagMid: string) =>
	`${baseUrl}${tagPath(partnerMid, tagMid)}`;

/** The last path segment of a MakeLeaps URL (a partner's MID is only given in its URL). */
export const midOfUrl = (url: unknown) => /\/([^/]+)\/?$/.exec(String(url))?.[1] ?? '';

/** A JSON object (not a list, not null): a record MakeLeaps gave in full. */
export const isRecord = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** The MID of a linked record, given as its URL or as the record itself. */
export const linkedMid = (link: unknown): string =>
	isRecord(link) ? String(link.mid ?? midOfUrl(link.url)) : midOfUrl(link);

/**
 * The MID of a record URL under `prefix` (the list URL of its kind, such as the partner's
 * clients under the Base URL); anything else is refused.
 */
export function midFromUrl(value: unknown, label: string, prefix: string, kind: string): string {
	const url = checkText(value, label);
	const rest = url.startsWith(prefix) ? url.slice(prefix.length).replace(/\/$/, '') : undefined;
	if (rest === undefined || !MID.test(rest)) {
		const partner = /\/partner\/([^/]+)\//.exec(prefix)?.[1];
		throw new InvalidInput(
			`${label} "${url}" is not a ${kind} URL of partner ${partner}`,
			`Use a URL of the form ${prefix}<${kind} MID>/ or pick the ${kind} from the list`,
		);
	}
	return rest;
}

/** The MID a resource locator names: from the list, by URL (under `prefix`) or by ID. */
export function recordMidOf(
	locator: INodeParameterResourceLocator | undefined,
	label: string,
	prefix: string,
	kind: string,
): string {
	if (locator?.mode === 'url') return midFromUrl(locator.value, label, prefix, kind);
	return checkMid(locator?.value, label);
}

/** The MID of a client URL of this partner under the Base URL; anything else is refused. */
export const midFromClientUrl = (
	value: unknown,
	label: string,
	baseUrl: string,
	partnerMid: string,
) => midFromUrl(value, label, clientsUrl(baseUrl, partnerMid), 'client');

/** The client MID a resource locator names: from the list, by URL or by ID. */
export const clientMidOf = (
	locator: INodeParameterResourceLocator | undefined,
	label: string,
	baseUrl: string,
	partnerMid: string,
) => recordMidOf(locator, label, clientsUrl(baseUrl, partnerMid), 'client');

/**
 * What a picker holds: the value of a resource locator picked in the editor, or the value itself
 * when an expression (or an older workflow) gives plain text. Undefined when it is empty (isEmpty).
 */
export function pickedValue(picked: unknown): unknown {
	const value =
		typeof picked === 'object' && picked !== null && 'value' in picked
			? (picked as INodeParameterResourceLocator).value
			: picked;
	return isEmpty(value) ? undefined : value;
}

/**
 * The MID of a record given by a picker in any mode, or as plain text from an expression: a MID
 * has no slash, so a value with one must be the record's URL under `prefix`.
 */
export function pickedMid(picked: unknown, label: string, prefix: string, kind: string): string {
	const value = pickedValue(picked);
	return String(value ?? '').includes('/')
		? midFromUrl(value, label, prefix, kind)
		: checkMid(value, label);
}

/** A contact given as its MID or its URL of this partner. */
export function contactMidOf(
	value: unknown,
	label: string,
	baseUrl: string,
	partnerMid: string,
): string {
	const text = checkText(value, label);
	const prefix = contactsUrl(baseUrl, partnerMid);
	return checkMid(
		text.startsWith(prefix) ? text.slice(prefix.length).replace(/\/$/, '') : text,
		label,
	);
}
