/**
 * MakeLeaps' documents: their types, where they are, and the calls on them (the list, read,
 * change, delete, the PDF). The only place their paths are written; what a run makes of the
 * answers is in run/document/.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE, type Enough, type MakeLeapsTransport } from '../transport';
import { partnerPath } from './accountPartners';
import {
	pageAt,
	recordAnswer,
	type ItemRequests,
	type PageWalk,
	type PartnerList,
	type PartnerPage,
} from './requests';

/** The document types MakeLeaps makes (`document_type`), with the names the editor shows. */
export const DOCUMENT_TYPES: Record<string, string> = {
	invoice: 'Invoice',
	quote: 'Quote',
	order: 'Order',
	orderslip: 'Order Slip',
	orderconfirmation: 'Order Confirmation',
	deliveryslip: 'Delivery Slip',
	acceptance: 'Acceptance',
	receipt: 'Receipt',
	timesheet: 'Timesheet',
};

export const documentsPath = (partnerMid: string) => `${partnerPath(partnerMid)}document/`;

export const documentPath = (partnerMid: string, documentMid: string) =>
	`${documentsPath(partnerMid)}${documentMid}/`;

/** A document's PDF (MakeLeaps may answer it with a redirect to its storage). */
export const documentPdfPath = (partnerMid: string, documentMid: string) =>
	`${documentPath(partnerMid, documentMid)}pdf/`;

/** Documents of the partner's list with this query, `limit` at most, as MakeLeaps gives them. */
export async function listDocuments(
	transport: PageWalk,
	partnerMid: string,
	qs: IDataObject,
	limit: number,
	itemIndex: number,
	enough?: Enough<IDataObject>,
): Promise<IDataObject[]> {
	const query = { per_page: Math.min(limit, MAX_PAGE_SIZE), ...qs };
	return await documentList(transport, partnerMid, query, limit, itemIndex, enough);
}

/** The partner's documents with `query` as given, page by page. */
export const documentList: PartnerList = async (
	walk,
	partnerMid,
	query,
	limit,
	itemIndex,
	enough,
) => await walk.getAll<IDataObject>(documentsPath(partnerMid), query, limit, itemIndex, enough);

/** One page of the partner's documents. */
export const documentPage: PartnerPage = async (requests, partnerMid, qs, subject) =>
	await pageAt(requests, documentsPath(partnerMid), qs, subject);

/** POSTs a new document of the partner; answers it as MakeLeaps made it. */
export async function postDocument(
	requests: ItemRequests,
	partnerMid: string,
	body: IDataObject,
): Promise<IDataObject> {
	const path = documentsPath(partnerMid);
	return await recordAnswer(requests, 'POST', path, `partner ${partnerMid}`, { body });
}

/** A document as MakeLeaps gives it (`qs` such as `expand=client`). */
export async function readDocument(
	requests: ItemRequests,
	partnerMid: string,
	documentMid: string,
	qs?: IDataObject,
): Promise<IDataObject> {
	const path = documentPath(partnerMid, documentMid);
	return await recordAnswer(requests, 'GET', path, `document ${documentMid}`, { qs });
}

/** Changes a document (PATCH); answers it as MakeLeaps gives it back. */
export async function patchDocument(
	requests: ItemRequests,
	partnerMid: string,
	documentMid: string,
	body: IDataObject,
): Promise<IDataObject> {
	const path = documentPath(partnerMid, documentMid);
	return await recordAnswer(requests, 'PATCH', path, `document ${documentMid}`, { body });
}

export async function deleteDocument(
	requests: ItemRequests,
	partnerMid: string,
	documentMid: string,
): Promise<void> {
	const path = documentPath(partnerMid, documentMid);
	await recordAnswer(requests, 'DELETE', path, `document ${documentMid}`);
}

/** A document's PDF as `downloadDocumentPdf` reads it, and where MakeLeaps' redirect led. */
export async function traceDocumentPdf(
	transport: Pick<MakeLeapsTransport, 'downloadTraced'>,
	partnerMid: string,
	documentMid: string,
	{ itemIndex, maxBytes }: { itemIndex: number; maxBytes: number },
): Promise<{ file: Buffer; storedAt?: string }> {
	return await transport.downloadTraced(documentPdfPath(partnerMid, documentMid), {
		itemIndex,
		subject: `PDF of document ${documentMid}`,
		maxBytes,
	});
}

/** A document's PDF, read only up to `maxBytes`. */
export async function downloadDocumentPdf(
	transport: Pick<MakeLeapsTransport, 'download'>,
	partnerMid: string,
	documentMid: string,
	{ itemIndex, maxBytes }: { itemIndex: number; maxBytes: number },
): Promise<Buffer> {
	return await transport.download(documentPdfPath(partnerMid, documentMid), {
		itemIndex,
		subject: `PDF of document ${documentMid}`,
		maxBytes,
	});
}
