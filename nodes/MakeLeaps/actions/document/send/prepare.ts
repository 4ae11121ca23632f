/**
 * What to send for each item: its document read (or found in the run's list of unsent documents)
 * and checked, then either a job to send or what says it went out already. Unless asked to send
 * anyway, a document goes out only when nothing says it already went: not its `date_sent`, not a
 * send of this n8n process, and (checked once its order is filled, see `OrderDraft.check`) not
 * another sending order of MakeLeaps that carried it.
 */
import type { IDataObject } from 'n8n-workflow';

import { outcomeOf } from '../../../transport';
import { documentList } from '../../../api/documents';
import type { OperationContext } from '../../../run/context';
import { sentDocuments } from '../../../run/turns';
import { documentMidOf, getDocument } from '../../../run/document/pickedDocument';
import { findInList } from '../../../run/fromList';
import { isRecord } from '../../../model/locators';
import { channelsOf, recipientsOf, sendRequestOf, type SendRequest } from './itemRequest';
import { contactEmails, contactsOfClients } from './recipients';
import { attachmentsOf, type Attachment } from './attachments';

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
	/** What the item's output says of the document, sent or skipped. */
	facts: IDataObject;
	/** The files sent with the document (Options > Attachments). */
	files: Attachment[];
}

/** What Send needs of a document, which a list may leave out. */
const SEND_NEEDS = ['client', 'client_contact', 'date_sent', 'document_number', 'document_type'];

/**
 * The run's unsent documents (by partner and MID), found together in one list read where that
 * saves requests, with the contacts of their clients where Secure Send needs an address. An item
 * whose document cannot be named yet is left to fail on its own turn.
 */
export async function documentsOfRun(op: OperationContext): Promise<Map<string, IDataObject>> {
	const partner = await outcomeOf(op.partnerMid());
	if (!partner.ok) return new Map<string, IDataObject>();
	const named = await op.namedByItems(
		async (member) => ({
			// an item whose files are refused fails before any request of its own
			files: await attachmentsOf(member),
			mid: documentMidOf(member, partner.value),
			// Secure Send to the document's contact, whose e-mail address may need finding
			toContact: channelsOf(member).includes('securesend') && recipientsOf(member).length === 0,
		}),
		op.itemIndex,
	);
	const found = await unsentDocuments(
		op,
		partner.value,
		named.map(({ mid }) => mid),
	);
	const toContacts = named.filter((n) => n.toContact).map(({ mid }) => found.get(mid));
	await contactsOfClients(op, partner.value, toContacts.filter(isRecord));
	return new Map([...found].map(([mid, document]) => [`${partner.value} ${mid}`, document]));
}

/**
 * The unsent documents among `mids`, found in the partner's list of unsent documents where that
 * saves reading them one by one (see sharedRead.ts). A document sent meanwhile, or one the list
 * does not give in full, is read by itself.
 */
async function unsentDocuments(
	op: OperationContext,
	partnerMid: string,
	mids: string[],
): Promise<Map<string, IDataObject>> {
	// the client inline gives its contacts' links, for contactsOfClients
	const qs = { sent: 'false', expand: 'client_contact,client' };
	return await findInList(op, documentList, partnerMid, qs, mids, SEND_NEEDS);
}

/**
 * The item's document, read and checked with what the item asks: a job to send, or what says it
 * went out already (`skipped`, with the reason); with the document as read, which the item's flat
 * row names. `listed`: the run's documents found together (documentsOfRun).
 */
export async function prepareItem(
	op: OperationContext,
	listed: Map<string, IDataObject>,
): Promise<{ document: IDataObject } & ({ job: SendJob } | { result: IDataObject })> {
	const partnerMid = await op.partnerMid();
	const documentMid = documentMidOf(op, partnerMid);
	const request = sendRequestOf(op);
	const files = await attachmentsOf(op);
	// one MakeLeaps account (partner), whichever of its API keys sends
	const key = `${op.run.transport.baseUrl}\n${partnerMid}\n${documentMid}`;
	// with its contact inline where MakeLeaps expands it: its e-mail address needs no read then;
	// its client too, as the list of unsent documents gives it, to name it in the item's row
	const document =
		listed.get(`${partnerMid} ${documentMid}`) ??
		(await getDocument(op, partnerMid, documentMid, { expand: 'client_contact,client' }));
	const facts = {
		document_mid: documentMid,
		document_number: document.document_number,
		document_type: document.document_type,
		// the files go with the document only (sentOutcome): a skip sends none
		...(files.length > 0 ? { attachments: [] } : {}),
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
	const job = { op, partnerMid, document, clientUrl, toEmails, request, key, facts, files };
	return { document, job };
}

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
