/**
 * MakeLeaps' clients: where they are, and the calls on them (the list, its pages, create, read,
 * change, delete). The only place their paths are written; what a run makes of the answers is
 * in run/client/.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE } from '../transport';
import { partnerPath } from './accountPartners';
import {
	pageAt,
	recordAnswer,
	type ItemRequests,
	type PartnerList,
	type PartnerPage,
} from './requests';

export const clientsPath = (partnerMid: string) => `${partnerPath(partnerMid)}client/`;

export const clientPath = (partnerMid: string, clientMid: string) =>
	`${clientsPath(partnerMid)}${clientMid}/`;

/** The partner's clients with `query` as given, page by page. */
export const clientList: PartnerList = async (walk, partnerMid, query, limit, itemIndex, enough) =>
	await walk.getAll<IDataObject>(clientsPath(partnerMid), query, limit, itemIndex, enough);

/** Client → Get Many: the partner's clients with these filters, up to `limit`, as few pages as that takes. */
export async function listClients(
	walk: Parameters<PartnerList>[0],
	partnerMid: string,
	filters: IDataObject,
	limit: number,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const query = { ...filters, per_page: Math.min(limit, MAX_PAGE_SIZE) };
	return await clientList(walk, partnerMid, query, limit, itemIndex);
}

/** One page of the partner's clients. */
export const clientPage: PartnerPage = async (requests, partnerMid, qs, subject) =>
	await pageAt(requests, clientsPath(partnerMid), qs, subject);

/** POSTs a new client of the partner; answers it as MakeLeaps made it. */
export async function postClient(
	requests: ItemRequests,
	partnerMid: string,
	body: IDataObject,
): Promise<IDataObject> {
	return await recordAnswer(requests, 'POST', clientsPath(partnerMid), `partner ${partnerMid}`, {
		body,
	});
}

/** A client as MakeLeaps gives it; with `expandContacts`, asked to give its contacts in full. */
export async function readClient(
	requests: ItemRequests,
	partnerMid: string,
	clientMid: string,
	expandContacts = false,
): Promise<IDataObject> {
	const qs = expandContacts ? { expand: 'contacts' } : undefined;
	const path = clientPath(partnerMid, clientMid);
	return await recordAnswer(requests, 'GET', path, `client ${clientMid}`, { qs });
}

/** Changes a client's own fields (PATCH); answers the client as MakeLeaps gives it back. */
export async function patchClient(
	requests: ItemRequests,
	partnerMid: string,
	clientMid: string,
	body: IDataObject,
): Promise<IDataObject> {
	const path = clientPath(partnerMid, clientMid);
	return await recordAnswer(requests, 'PATCH', path, `client ${clientMid}`, { body });
}

export async function deleteClient(
	requests: ItemRequests,
	partnerMid: string,
	clientMid: string,
): Promise<void> {
	await recordAnswer(requests, 'DELETE', clientPath(partnerMid, clientMid), `client ${clientMid}`);
}
