/**
 * MakeLeaps' sending orders: where they are, and the calls made on them. The only place their
 * paths are written; an order's own links (url, items_url, send_url, status_url) are MakeLeaps'.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE, type MakeLeapsTransport, type UploadedFile } from '../transport';
import { partnerPath } from './accountPartners';
import { pageAt, type ItemRequests, type PartnerPage } from './requests';

export const sendingOrdersPath = (partnerMid: string) => `${partnerPath(partnerMid)}sending/order/`;

export const sendingOrderPath = (partnerMid: string, orderMid: string) =>
	`${sendingOrdersPath(partnerMid)}${orderMid}/`;

/** The partner's orders, `limit` at most, as MakeLeaps gives them. */
export async function listSendingOrders(
	walk: Pick<MakeLeapsTransport, 'getAll'>,
	partnerMid: string,
	limit: number,
	itemIndex: number,
): Promise<IDataObject[]> {
	const query = { per_page: Math.min(limit, MAX_PAGE_SIZE) };
	return await walk.getAll<IDataObject>(sendingOrdersPath(partnerMid), query, limit, itemIndex);
}

/** One page of the partner's orders. */
export const sendingOrderPage: PartnerPage = async (requests, partnerMid, qs, subject) =>
	await pageAt(requests, sendingOrdersPath(partnerMid), qs, subject);

/** A new sending order, in MakeLeaps' fields. */
export type NewSendingOrder = {
	/** The URL of the client the documents go to. */
	recipient_organization: string;
	securesend_selected: boolean;
	send_to_clientinbox_selected: boolean;
	sendbypost_selected: boolean;
	enable_cc_payments: boolean;
	to_emails: string[];
	subject: string;
	message: string;
};

/** Makes a sending order of the partner; answers the order as MakeLeaps made it. */
export async function createSendingOrder(
	requests: ItemRequests,
	partnerMid: string,
	order: NewSendingOrder,
): Promise<IDataObject> {
	const answer = await requests.request('POST', sendingOrdersPath(partnerMid), {
		body: order,
		subject: `partner ${partnerMid}`,
	});
	return answer.response ?? {};
}

/** Adds a document (its URL) to an order through the order's `items_url`, at `position`. */
export async function addToSendingOrder(
	requests: ItemRequests,
	itemsUrl: string,
	position: number,
	documentUrl: string,
	described: string,
): Promise<void> {
	await requests.request('POST', itemsUrl, {
		body: { position, document: documentUrl },
		subject: described,
	});
}

/**
 * Adds a file to an order through the order's `items_url`, at `position`: an item with its
 * `filename`, answered with the item, whose `upload_url` takes the file (uploadToSendingOrder).
 */
export async function addFileToSendingOrder(
	requests: ItemRequests,
	itemsUrl: string,
	position: number,
	filename: string,
	described: string,
): Promise<IDataObject> {
	const answer = await requests.request('POST', itemsUrl, {
		body: { position, filename },
		subject: described,
	});
	return answer.response ?? {};
}

/**
 * The file of an order's file item, PUT to its `upload_url` (MakeLeaps' own link): under the Base
 * URL as a form with the file in `content_file` and the token, elsewhere as its bytes alone
 * without it (transport's `upload`); MakeLeaps' answer is checked like any other.
 */
export async function uploadToSendingOrder(
	transport: Pick<MakeLeapsTransport, 'upload'>,
	uploadUrl: string,
	file: UploadedFile,
	itemIndex: number,
	subject: string,
): Promise<void> {
	await transport.upload(uploadUrl, file, { itemIndex, subject });
}

/** Executes an order through its `send_url`: the documents go out. Answers what MakeLeaps said. */
export async function executeSendingOrder(
	requests: ItemRequests,
	sendUrl: string,
	described: string,
): Promise<unknown> {
	const answer = await requests.request('POST', sendUrl, {
		body: {},
		expect: 'nothing',
		subject: described,
		action: 'send',
	});
	return answer.response;
}

/** The order at `orderUrl` (its URL or path) as MakeLeaps gives it now. */
export async function readSendingOrder(
	requests: ItemRequests,
	orderUrl: string,
	described: string,
): Promise<IDataObject> {
	const answer = await requests.request('GET', orderUrl, { subject: described });
	return answer.response ?? {};
}

/** The partner's order of that MID. */
export async function getSendingOrder(
	requests: ItemRequests,
	partnerMid: string,
	orderMid: string,
): Promise<IDataObject> {
	const path = sendingOrderPath(partnerMid, orderMid);
	return await readSendingOrder(requests, path, `sending order ${orderMid}`);
}

/** Deletes an order (its URL), which MakeLeaps allows while it is unsent. */
export async function deleteSendingOrder(
	requests: ItemRequests,
	orderUrl: string,
	described: string,
): Promise<void> {
	await requests.request('DELETE', orderUrl, { subject: described });
}

/** Cancels an order through its `status_url`; answers what MakeLeaps said. */
export async function cancelSendingOrder(
	requests: ItemRequests,
	statusUrl: string,
	described: string,
): Promise<IDataObject> {
	const answer = await requests.request('PATCH', statusUrl, {
		body: { status: 'cancelled' },
		subject: described,
	});
	return answer.response ?? {};
}

/**
 * The partner's orders to one client (its URL), up to `most`. MakeLeaps' answer is not checked
 * here: the caller re-checks the recipient filter on every order.
 */
export async function listSendingOrdersTo(
	transport: Pick<MakeLeapsTransport, 'getAll'>,
	partnerMid: string,
	clientUrl: string,
	most: number,
	itemIndex: number,
): Promise<IDataObject[]> {
	const qs = { recipient_organization: clientUrl, per_page: MAX_PAGE_SIZE };
	return await transport.getAll<IDataObject>(sendingOrdersPath(partnerMid), qs, most, itemIndex);
}
