/**
 * A document's pickup links: the addresses a user shares by their own channel, with whom they
 * were sent to and whether they were opened. The only place their path is written. MakeLeaps'
 * reference shows the list (GET); the create (POST) is a guess the node guards (see
 * actions/document/pickupLinks/).
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE } from '../transport';
import { documentPath } from './documents';
import { pageAt, recordAnswer, type ItemRequests, type PageWalk } from './requests';

export const pickupLinksPath = (partnerMid: string, documentMid: string) =>
	`${documentPath(partnerMid, documentMid)}pickup-link/`;

/** Every pickup link of a document, as MakeLeaps gives them (the page walk has its bounds). */
export async function listPickupLinks(
	transport: PageWalk,
	partnerMid: string,
	documentMid: string,
	itemIndex: number,
): Promise<IDataObject[]> {
	const path = pickupLinksPath(partnerMid, documentMid);
	return await transport.getAll<IDataObject>(
		path,
		{ per_page: MAX_PAGE_SIZE },
		Infinity,
		itemIndex,
	);
}

/** The first page of a document's pickup links. */
export async function pickupLinkPage(
	requests: ItemRequests,
	partnerMid: string,
	documentMid: string,
	qs: IDataObject,
	subject: string,
) {
	return await pageAt(requests, pickupLinksPath(partnerMid, documentMid), qs, subject);
}

/** POSTs a new pickup link of a document (`{email}` or `{}`); answers it as MakeLeaps made it. */
export async function createPickupLink(
	requests: ItemRequests,
	partnerMid: string,
	documentMid: string,
	body: IDataObject,
): Promise<IDataObject> {
	const path = pickupLinksPath(partnerMid, documentMid);
	return await recordAnswer(requests, 'POST', path, `document ${documentMid}`, { body });
}
