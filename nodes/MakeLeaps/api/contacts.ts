/**
 * MakeLeaps' contacts: where they are, and the calls on them (a client's list, read, create,
 * change). The only place their paths are written.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE } from '../transport';
import { partnerPath } from './accountPartners';
import { clientPath } from './clients';
import { recordAnswer, type ItemRequests, type PageWalk } from './requests';

export const contactsPath = (partnerMid: string) => `${partnerPath(partnerMid)}contact/`;

export const contactPath = (partnerMid: string, contactMid: string) =>
	`${contactsPath(partnerMid)}${contactMid}/`;

/** The contacts of one client (a list: contacts are made and changed under `contact/`). */
export const clientContactsPath = (partnerMid: string, clientMid: string) =>
	`${clientPath(partnerMid, clientMid)}contact/`;

/** Every contact of one client, from its contact list. */
export async function listClientContacts(
	transport: PageWalk,
	partnerMid: string,
	clientMid: string,
	itemIndex: number,
): Promise<IDataObject[]> {
	const path = clientContactsPath(partnerMid, clientMid);
	return await transport.getAll<IDataObject>(
		path,
		{ per_page: MAX_PAGE_SIZE },
		Infinity,
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
