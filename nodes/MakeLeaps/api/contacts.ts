/**
 * MakeLeaps' contacts: where they are, and the calls on them (a client's list, read, create,
 * change). The only place their paths are written.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE } from '../transport';
import { partnerPath } from './accountPartners';
import { clientPath } from './clients';
import {
	pageAt,
	recordAnswer,
	type ItemRequests,
	type PageWalk,
	type PartnerList,
	type Requests,
} from './requests';

export const contactsPath = (partnerMid: string) => `${partnerPath(partnerMid)}contact/`;

export const contactPath = (partnerMid: string, contactMid: string) =>
	`${contactsPath(partnerMid)}${contactMid}/`;

/** The contacts of one client (a list: contacts are made and changed under `contact/`). */
export const clientContactsPath = (partnerMid: string, clientMid: string) =>
	`${clientPath(partnerMid, clientMid)}contact/`;

/** The partner's contacts with `query` as given, page by page. */
export const contactList: PartnerList = async (walk, partnerMid, query, limit, itemIndex, enough) =>
	await walk.getAll<IDataObject>(contactsPath(partnerMid), query, limit, itemIndex, enough);

/** The contacts of one client (every one, or `limit` at most), from its contact list. */
export async function listClientContacts(
	transport: PageWalk,
	partnerMid: string,
	clientMid: string,
	itemIndex: number,
	limit = Infinity,
): Promise<IDataObject[]> {
	const path = clientContactsPath(partnerMid, clientMid);
	const query = { per_page: Math.min(limit, MAX_PAGE_SIZE) };
	return await transport.getAll<IDataObject>(path, query, limit, itemIndex);
}

/** One page of a client's contacts. */
export async function clientContactPage(
	requests: Requests,
	partnerMid: string,
	clientMid: string,
	qs?: IDataObject,
) {
	return await pageAt(requests, clientContactsPath(partnerMid, clientMid), qs);
}

/** Where the contacts of the client at `clientUrl` (its link, as MakeLeaps gave it) are listed. */
export const contactsOfClientAt = (clientUrl: string) => `${clientUrl}contact/`;

/** The contacts of the client at `clientUrl` (its link, as MakeLeaps gave it), `limit` at most. */
export async function listContactsOfClientAt(
	transport: PageWalk,
	clientUrl: string,
	limit: number,
	itemIndex: number,
): Promise<IDataObject[]> {
	const query = { per_page: MAX_PAGE_SIZE };
	return await transport.getAll<IDataObject>(
		contactsOfClientAt(clientUrl),
		query,
		limit,
		itemIndex,
	);
}

export async function readContact(
	requests: ItemRequests,
	partnerMid: string,
	contactMid: string,
): Promise<IDataObject> {
	const path = contactPath(partnerMid, contactMid);
	return await recordAnswer(requests, 'GET', path, `contact ${contactMid}`);
}

/** POSTs a new contact of the client `clientMid` (the body names it as `owner`). */
export async function createContact(
	requests: ItemRequests,
	partnerMid: string,
	clientMid: string,
	body: IDataObject,
): Promise<IDataObject> {
	const path = contactsPath(partnerMid);
	return await recordAnswer(requests, 'POST', path, `client ${clientMid}`, { body });
}

/** Changes a contact (PATCH); answers it as MakeLeaps gives it back. */
export async function patchContact(
	requests: ItemRequests,
	partnerMid: string,
	contactMid: string,
	body: IDataObject,
): Promise<IDataObject> {
	const path = contactPath(partnerMid, contactMid);
	return await recordAnswer(requests, 'PATCH', path, `contact ${contactMid}`, { body });
}
