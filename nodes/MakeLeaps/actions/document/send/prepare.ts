/**
 * Sending documents the way MakeLeaps documents it: create a sending order for the documents'
 * client, attach them, wait until MakeLeaps has validated the order, then execute it once.
 * Documents of one client going to the same recipients with the same settings share one order
 * (one e-mail), up to a limit (batches.ts, order.ts). A document is never sent twice
 * by accident: one already sent is skipped unless asked, sends of one document take turns in
 * this process, and a send whose answer was lost is looked up, never repeated. Here: what to
 * send (the document read and checked, its recipients), and what the orders share.
 */
import type { IDataObject, INodeParameterResourceLocator } from 'n8n-workflow';

import { MAX_PAGE_SIZE, outcomeOf } from '../../../transport';
import { sendingOrderPath, sendingOrdersPath } from '../../../api/sendingOrders';
import type { OperationContext } from '../../../run/context';
import { sentDocuments } from '../../../run/createdRecords';
import { documentsPath } from '../../../api/documents';
import { getDocument } from '../../../run/document/pickedDocument';
import { findInList } from '../../../run/listLookup';
import { isRecord, linkedMid, midOfUrl, recordMidOf } from '../../../model/locators';
import { contactsFoundForRun, findContactsOfClients } from '../../../run/client/clientReads';
import { InvalidInput } from '../../../model/validation';

export interface SendRequest {
	securesend: boolean;
	clientInbox: boolean;
	post: boolean;
	/** Recipients of Secure Send; empty: the document's contact's e-mail address. */
	toEmails: string[];
	subject: string;
	message: string;
	cardPayments: boolean;
	/** How long to wait for MakeLeaps to validate the order. */
	waitSeconds: number;
	/** Send even when the document is already marked sent. */
	force: boolean;
	/** The most documents of one client in one sending order. */
	perOrder: number;
}

export { sendingOrderPath, sendingOrdersPath };

/** Statuses of an order that went out (or is going out): read after a send whose answer was lost. */
const SENT_STATUSES = /^(sent|ordered|sending|processing|processed|completed|delivered|done)$/i;

/** A document ready to go out: read, checked, its recipients known. */
export interface SendJob {
	/** The item the document is sent for. */
	op: OperationContext;
	partnerMid: string;
	document: IDataObject;
	clientUrl: string;
	toEmails: string[];
	request: SendRequest;
	/** The document's key among the sends of this process. */
	key: string;
	/** What the item's output says of the document. */
	facts: IDataObject;
}

/**
 * Reads the document and decides: a job to send, or what says it went out already (`skipped`,
 * with the reason); with the document as read, which the item's flat row names. Unless asked to send anyway, a document goes out only when nothing says it
 * already went: not its `date_sent`, not a send of this n8n process, and (checked once its order
 * is made, see `sendOnce`) not another sending order of MakeLeaps that carried it.
 */
export async function prepareSend(
	op: OperationContext,
	partnerMid: string,
	documentMid: string,
	request: SendRequest,
	listed?: IDataObject,
): Promise<{ document: IDataObject } & ({ job: SendJob } | { result: IDataObject })> {
	// one MakeLeaps account (partner), whichever of its API keys sends
	const key = `${op.run.transport.baseUrl}\n${partnerMid}\n${documentMid}`;
	// with its contact inline where MakeLeaps expands it: its e-mail address needs no read then;
	// its client too, as the list of unsent documents gives it, to name it in the item's row
	const document =
		listed ?? (await getDocument(op, partnerMid, documentMid, { expand: 'client_contact,client' }));
	const facts = {
		document_mid: documentMid,
		document_number: document.document_number,
		document_type: document.document_type,
	};
	const clientUrl = clientUrlOf(op, document);
	if (!request.force) {
		const skipped = { ...facts, sent: false, skipped: 'already sent' };
		if (document.date_sent)
			return { document, result: { ...skipped, date_sent: document.date_sent } };
		const earlier = earlierSend(op, key, facts);
		if (earlier) return { document, result: earlier };
	}
	const toEmails = request.securesend
		? request.toEmails.length > 0
			? request.toEmails
			: await contactEmails(op, document)
		: request.toEmails;
	return { document, job: { op, partnerMid, document, clientUrl, toEmails, request, key, facts } };
}

/** What Send needs of a document, which a list may leave out. */
const SEND_NEEDS = ['client', 'client_contact', 'date_sent', 'document_number', 'document_type'];

/**
 * The unsent documents among `mids`, found in the partner's list of unsent documents where that
 * saves reading them one by one (see listLookup.ts). A document sent meanwhile, or one the list
 * does not give in full, is read by itself.
 */
export async function unsentDocuments(
	op: OperationContext,
	partnerMid: string,
	mids: string[],
): Promise<Map<string, IDataObject>> {
	// the client inline gives its contacts' links, for contactsOfClients
	const qs = { sent: 'false', expand: 'client_contact,client' };
	return await findInList(op, documentsPath(partnerMid), qs, mids, SEND_NEEDS);
}

/**
 * The contacts of the clients of `documents` (going by Secure Send to their contact) whose own
 * contact has no e-mail address, found together in the partner's contact list where that costs
 * less than reading each client's contacts; `contactEmails` then reads none for such a client.
 * It needs each client inline with its contacts' links, as the unsent list gives them.
 */
export async function contactsOfClients(
	op: OperationContext,
	partnerMid: string,
	documents: readonly IDataObject[],
): Promise<void> {
	const clients = new Map<string, IDataObject>();
	for (const document of documents) {
		const contact = document.client_contact;
		if (isRecord(contact) && emailOf(contact)) continue;
		if (isRecord(document.client)) clients.set(linkedMid(document.client), document.client);
	}
	await findContactsOfClients(op, partnerMid, [...clients.values()], CONTACT_NEEDS);
}

/** What Send needs of a listed contact to pick an e-mail address. */
const CONTACT_NEEDS = ['email'];

/** A send of the document by this n8n process: skipped when it went out, an error when unsure. */
export function earlierSend(op: OperationContext, key: string, facts: IDataObject) {
	const earlier = sentDocuments.since(key, 0);
	if (earlier?.uncertain) {
		op.fail(
			`An earlier send of this document may or may not have happened`,
			'It is not sent again, to avoid sending it twice. Look at its sending orders in MakeLeaps; to send it anyway, turn on Send Even If Already Sent.',
		);
	}
	// sent by this n8n a moment ago; MakeLeaps may not show it as sent yet
	if (earlier)
		return { ...facts, sent: false, skipped: 'already sent', sending_order: earlier.record };
	return undefined;
}

/** The URL of the document's client: the recipient of its sending order. */
function clientUrlOf(op: OperationContext, document: IDataObject): string {
	const client = isRecord(document.client) ? document.client.url : document.client;
	if (typeof client !== 'string' || client === '') {
		op.fail('MakeLeaps gave the document without its client', 'Nothing was sent.');
	}
	return client;
}

/** The order as MakeLeaps gives it now. */
export async function readOrder(op: OperationContext, orderUrl: string, described: string) {
	const answer = await op.request('GET', orderUrl, { subject: described });
	return answer.response ?? {};
}

/** Whether an order went out (or is going out): a date sent, or a status saying so. */
export const wentOut = (order: IDataObject) =>
	Boolean(order.date_sent) || SENT_STATUSES.test(String(order.status ?? ''));

/**
 * Who Secure Send goes to when no recipient is given: the document's contact, or else the first
 * contact of the client with an e-mail address (a company's contact often has none, its person
 * does). One read of the client's contacts, shared by the run's documents of that client; when
 * MakeLeaps does not give that list, the document's contact is read by itself.
 */
async function contactEmails(op: OperationContext, document: IDataObject): Promise<string[]> {
	const contact = document.client_contact;
	const contactUrl = isRecord(contact) ? contact.url : contact;
	const inline = isRecord(contact) ? emailOf(contact) : undefined;
	if (inline) return [inline];
	const clientUrl = isRecord(document.client) ? document.client.url : document.client;
	// found for the run in the partner's contact list (contactsOfClients)
	const found = isRecord(document.client) ? contactsFoundForRun(op, document.client) : undefined;
	const listed = found
		? ({ ok: true, value: { list: found } } as const)
		: typeof clientUrl === 'string'
			? await outcomeOf(
					op.run.once(`${clientUrl}contact/`, async () => ({
						list: await op.run.transport.getAll<IDataObject>(
							`${clientUrl}contact/`,
							{ per_page: MAX_PAGE_SIZE },
							MAX_CONTACTS_READ,
							op.itemIndex,
						),
					})),
				)
			: undefined;
	const contacts = listed?.ok ? (listed.value.list as IDataObject[]) : [];
	const own = contacts.find(
		(candidate) =>
			typeof contactUrl === 'string' &&
			(candidate.url === contactUrl || String(candidate.mid) === midOfUrl(contactUrl)),
	);
	if (!own && typeof contactUrl === 'string' && contactUrl !== '') {
		const answer = await op.request('GET', contactUrl, { subject: 'the contact of the document' });
		const email = emailOf(answer.response);
		if (email) return [email];
	}
	const email = [own, ...contacts].map(emailOf).find(Boolean);
	if (email) return [email];
	if (listed && !listed.ok) throw listed.error;
	throw new InvalidInput(
		'Recipients is empty and no contact of the client has an e-mail address',
		'Give the e-mail addresses in Recipients, or add an e-mail address to a contact in MakeLeaps',
	);
}

/** The most contacts of a client read to find an e-mail address. */
const MAX_CONTACTS_READ = 100;

function emailOf(contact: IDataObject | undefined): string | undefined {
	const address = (contact?.email as IDataObject | null | undefined)?.address;
	return typeof address === 'string' && address !== '' ? address : undefined;
}

/** The MID a sending order locator names: from the list, by URL or by ID. */
export function sendingOrderMidOf(op: OperationContext, partnerMid: string): string {
	const locator = op.parameter('sendingOrder') as INodeParameterResourceLocator | undefined;
	const prefix = op.run.transport.url(sendingOrdersPath(partnerMid));
	return recordMidOf(locator, op.label('sendingOrder'), prefix, 'sending order');
}

/** Cancels an order through its status link, where MakeLeaps allows it (it answers why not). */
export async function cancelSendingOrder(
	op: OperationContext,
	partnerMid: string,
	mid: string,
): Promise<IDataObject> {
	const described = `sending order ${mid}`;
	const order = await readOrder(op, sendingOrderPath(partnerMid, mid), described);
	const statusUrl = order.status_url;
	if (typeof statusUrl !== 'string' || statusUrl === '') {
		op.fail(
			`MakeLeaps offers no way to cancel the ${described}: it has no status_url`,
			'Cancel it in MakeLeaps, where the sending history shows what can still be cancelled.',
		);
	}
	const answer = await op.request('PATCH', statusUrl, {
		body: { status: 'cancelled' },
		subject: described,
	});
	op.run.recordWrite('updated', mid);
	return answer.response ?? {};
}
