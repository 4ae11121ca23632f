/**
 * Sending documents the way MakeLeaps documents it: create a sending order for the documents'
 * client, attach them, wait until MakeLeaps has validated the order, then execute it once.
 * Documents of one client going to the same recipients with the same settings share one order
 * (one e-mail), up to a limit. A document is never sent twice by accident: one already sent is
 * skipped unless asked, sends of one document take turns in this process, and a send whose
 * answer was lost is looked up, never repeated.
 */
import type { IDataObject, INodeParameterResourceLocator } from 'n8n-workflow';

import {
	excerpt,
	isUncertainWrite,
	MAX_PAGE_SIZE,
	outcomeOf,
	redactValue,
	type Outcome,
} from '../transport';
import type { OperationContext } from './context';
import { sentDocuments } from './createdRecords';
import { documentPath, documentsPath, getDocument } from './documents';
import { findInList } from './listLookup';
import { isRecord, linkedMid, midOfUrl, recordMidOf } from './locators';
import { contactsFoundForRun, findContactsOfClients } from './clients';
import { InvalidInput } from './validation';

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

export const sendingOrdersPath = (partnerMid: string) =>
	`/api/partner/${partnerMid}/sending/order/`;

/** Statuses of an order that went out (or is going out): read after a send whose answer was lost. */
const SENT_STATUSES = /^(sent|ordered|sending|processing|processed|completed|delivered|done)$/i;

/**
 * MakeLeaps validates an order after each change: the first poll comes after this long, and each
 * wait doubles up to the last, so that a quick validation costs one read and a slow one a few.
 */
const FIRST_WAIT_MS = 2000;
const LONGEST_WAIT_MS = 8000;

/** The most sending orders of a client read to find one that already carried the document. */
const MAX_ORDERS_READ = 300;
/** Orders listed without their documents: the newest this many are opened one by one. */
const MAX_ORDERS_OPENED = 3;

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
 * with the reason). Unless asked to send anyway, a document goes out only when nothing says it
 * already went: not its `date_sent`, not a send of this n8n process, and (checked once its order
 * is made, see `sendOnce`) not another sending order of MakeLeaps that carried it.
 */
export async function prepareSend(
	op: OperationContext,
	partnerMid: string,
	documentMid: string,
	request: SendRequest,
	listed?: IDataObject,
): Promise<{ job: SendJob } | { result: IDataObject }> {
	// one MakeLeaps account (partner), whichever of its API keys sends
	const key = `${op.run.transport.baseUrl}\n${partnerMid}\n${documentMid}`;
	// with its contact inline where MakeLeaps expands it: its e-mail address needs no read then
	const document =
		listed ?? (await getDocument(op, partnerMid, documentMid, { expand: 'client_contact' }));
	const facts = {
		document_mid: documentMid,
		document_number: document.document_number,
		document_type: document.document_type,
	};
	const clientUrl = clientUrlOf(op, document);
	if (!request.force) {
		const skipped = { ...facts, sent: false, skipped: 'already sent' };
		if (document.date_sent) return { result: { ...skipped, date_sent: document.date_sent } };
		const earlier = earlierSend(op, key, facts);
		if (earlier) return { result: earlier };
	}
	const toEmails = request.securesend
		? request.toEmails.length > 0
			? request.toEmails
			: await contactEmails(op, document)
		: request.toEmails;
	return { job: { op, partnerMid, document, clientUrl, toEmails, request, key, facts } };
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
function earlierSend(op: OperationContext, key: string, facts: IDataObject) {
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

/**
 * The jobs in sending orders: those of the same account, client, recipients and settings
 * together, up to `perOrder` each, in the order of their first item.
 */
export function batchesOf(jobs: SendJob[]): SendJob[][] {
	const open = new Map<string, SendJob[]>();
	const batches: SendJob[][] = [];
	for (const job of jobs) {
		const key = JSON.stringify([job.partnerMid, job.clientUrl, job.toEmails, job.request]);
		let batch = open.get(key);
		// the same document twice goes in a later order, where it is found sent
		if (!batch || batch.length >= job.request.perOrder || batch.some((b) => b.key === job.key)) {
			batch = [];
			open.set(key, batch);
			batches.push(batch);
		}
		batch.push(job);
	}
	return batches;
}

/**
 * Sends the jobs (of one batch) in one sending order; answers each job's outcome, in order. The
 * documents take turns with other sends of them in this process, locked in a fixed order so that
 * two batches never wait for each other; inside the turn, a send made meanwhile is found.
 */
export async function sendTogether(jobs: SendJob[]): Promise<Array<Outcome<IDataObject>>> {
	const keys = [...new Set(jobs.map((job) => job.key))].sort();
	const inTurn = keys.reduceRight<() => Promise<Array<Outcome<IDataObject>>>>(
		(inner, key) => async () => await sentDocuments.oneAtATime(key, inner),
		async () => await sendInTurn(jobs),
	);
	return await inTurn();
}

async function sendInTurn(jobs: SendJob[]): Promise<Array<Outcome<IDataObject>>> {
	const outcomes = new Map<SendJob, Outcome<IDataObject>>();
	const going: SendJob[] = [];
	for (const job of jobs) {
		// sent (or maybe sent) by another run of this process since the job was prepared
		try {
			const earlier = job.request.force ? undefined : earlierSend(job.op, job.key, job.facts);
			if (earlier) outcomes.set(job, { ok: true, value: earlier });
			else going.push(job);
		} catch (error) {
			outcomes.set(job, { ok: false, error });
		}
	}
	if (going.length > 0) {
		const sent = await outcomeOf(sendOnce(going));
		for (const job of going) {
			const outcome = sent.ok ? sent.value.get(job)! : sent;
			outcomes.set(
				job,
				outcome.ok ? { ok: true, value: { ...job.facts, ...outcome.value } } : outcome,
			);
		}
	}
	return jobs.map((job) => outcomes.get(job)!);
}

/** The URL of the document's client: the recipient of its sending order. */
function clientUrlOf(op: OperationContext, document: IDataObject): string {
	const client = isRecord(document.client) ? document.client.url : document.client;
	if (typeof client !== 'string' || client === '') {
		op.fail('MakeLeaps gave the document without its client', 'Nothing was sent.');
	}
	return client;
}

/**
 * The client's sending orders, read once the node's own order is made (see `sendOnce`): `undefined`
 * when MakeLeaps refuses or fails the read, which only helps decide and so blocks nothing.
 */
async function ordersOfClient(
	op: OperationContext,
	partnerMid: string,
	clientUrl: string,
): Promise<IDataObject[] | undefined> {
	const qs = { recipient_organization: clientUrl, per_page: MAX_PAGE_SIZE };
	const path = sendingOrdersPath(partnerMid);
	const listed = await outcomeOf(
		op.run.transport.getAll<IDataObject>(path, qs, MAX_ORDERS_READ, op.itemIndex),
	);
	return listed.ok ? listed.value : undefined;
}

/**
 * The documents of `mids` that another order of the client carried out, with that order
 * (MakeLeaps' own record, which may show a send before the document's `date_sent` does). The
 * list's recipient filter is re-checked on every order; orders listed without their documents
 * are opened, the newest few.
 */
async function sentElsewhere(
	op: OperationContext,
	orders: readonly IDataObject[],
	clientUrl: string,
	ownUrl: string,
	mids: readonly string[],
): Promise<Map<string, IDataObject>> {
	const clientMid = midOfUrl(clientUrl);
	const found = new Map<string, IDataObject>();
	const take = (order: IDataObject, carried: string[]) => {
		for (const mid of mids) if (carried.includes(mid) && !found.has(mid)) found.set(mid, order);
	};
	const unknown: IDataObject[] = [];
	for (const order of orders) {
		if (linkedMid(order.recipient_organization) !== clientMid || !wentOut(order)) continue;
		if (linkedMid(order) === midOfUrl(ownUrl)) continue;
		const carried = documentsOf(order);
		if (carried === undefined) unknown.push(order);
		else take(order, carried);
	}
	unknown.sort((a, b) => String(sentAt(b)).localeCompare(String(sentAt(a))));
	for (const order of unknown.slice(0, MAX_ORDERS_OPENED)) {
		if (typeof order.url !== 'string') continue;
		const described = `sending order ${String(order.mid)}`;
		const opened = await outcomeOf(
			op.run.once(order.url, async () => await readOrder(op, order.url as string, described)),
		);
		if (!opened.ok) continue;
		const carried = documentsOf(opened.value);
		if (carried) take(opened.value, carried);
	}
	return found;
}

const sentAt = (order: IDataObject) => order.date_sent ?? order.date_created ?? '';

/** The MIDs of the documents an order carries, or undefined when the answer does not show them. */
function documentsOf(order: IDataObject): string[] | undefined {
	if (!Array.isArray(order.items)) return undefined;
	return (order.items as unknown[]).map((item) => linkedMid(isRecord(item) ? item.document : ''));
}

/**
 * Creates the order, attaches the documents, waits until MakeLeaps has validated it and executes
 * it. A document MakeLeaps refuses to attach fails alone; the others go. The send is recorded as
 * soon as MakeLeaps accepts the execute request: a later run then cannot send the documents
 * again. Requests shared by the batch are made on behalf of its first item.
 */
async function sendOnce(jobs: SendJob[]): Promise<Map<SendJob, Outcome<IDataObject>>> {
	const [first] = jobs;
	const { op, partnerMid, clientUrl, toEmails, request } = first;
	const outcomes = new Map<SendJob, Outcome<IDataObject>>();
	const order = await beforeSending(
		op.request('POST', sendingOrdersPath(partnerMid), {
			body: {
				recipient_organization: clientUrl,
				securesend_selected: request.securesend,
				send_to_clientinbox_selected: request.clientInbox,
				sendbypost_selected: request.post,
				enable_cc_payments: request.cardPayments,
				to_emails: toEmails,
				subject: request.subject,
				message: request.message,
			},
			subject: `partner ${partnerMid}`,
		}),
	);
	const orderUrl = linkOf(op, order, 'url');
	const itemsUrl = linkOf(op, order, 'items_url');
	const sendUrl = linkOf(op, order, 'send_url');
	const described = `sending order ${String(order.mid ?? orderUrl)}`;
	const attached: SendJob[] = [];
	for (const job of jobs) {
		const documentUrl = op.run.transport.url(documentPath(partnerMid, String(job.document.mid)));
		const added = await outcomeOf(
			beforeSending(
				job.op.request('POST', itemsUrl, {
					body: { position: attached.length, document: documentUrl },
					subject: described,
				}),
			),
		);
		// an add whose answer was lost may have been applied: the order is not sent
		if (!added.ok && isUncertainWrite(added.error)) throw added.error;
		if (added.ok) attached.push(job);
		else outcomes.set(job, added);
	}
	if (attached.length === 0) return outcomes;
	const deadline = Date.now() + request.waitSeconds * 1000;
	await op.run.transport.pause(Math.min(FIRST_WAIT_MS, request.waitSeconds * 1000));
	// One read of the client's orders, made after the order exists: it shows whether another
	// order carried a document out meanwhile, and usually that this one is ready.
	let listed: IDataObject | undefined;
	if (!request.force) {
		const orders = (await ordersOfClient(op, partnerMid, clientUrl)) ?? [];
		const mids = attached.map((job) => String(job.document.mid));
		const elsewhere = await sentElsewhere(op, orders, clientUrl, orderUrl, mids);
		if (elsewhere.size > 0) {
			const rest = await withoutSentElsewhere(attached, elsewhere, orderUrl, described);
			for (const [job, outcome] of rest.outcomes) outcomes.set(job, outcome);
			if (rest.going.length === 0) return outcomes;
			for (const [job, outcome] of await sendOnce(rest.going)) outcomes.set(job, outcome);
			return outcomes;
		}
		listed = orders.find((candidate) => linkedMid(candidate) === midOfUrl(orderUrl));
	}
	const ready = await untilReady(op, orderUrl, described, request.waitSeconds, deadline, listed);
	// the order must carry what was added, and nothing else, before it goes out
	const carried = documentsOf(ready);
	const added = attached.map((job) => String(job.document.mid));
	if (carried && [...carried].sort().join() !== [...added].sort().join()) {
		op.fail(
			`MakeLeaps' ${described} carries other documents than the node added (${carried.join(', ') || 'none'})`,
			'Nothing was sent. Look at the order in MakeLeaps: send it there, or delete it.',
		);
	}

	const sent = await outcomeOf(
		op.request('POST', sendUrl, {
			body: {},
			expect: 'nothing',
			subject: described,
			action: 'send',
		}),
	);
	const keys = attached.map((job) => job.key);
	let sendingOrder: IDataObject;
	if (sent.ok) {
		// Not read back (one request less): the order as it was when ready, without the fields
		// that told its state before it went out.
		sendingOrder = { ...ready, mid: ready.mid ?? order.mid, url: orderUrl };
		for (const field of STATE_BEFORE_SENDING) delete sendingOrder[field];
		for (const key of keys) sentDocuments.record(key, { record: sendingOrder, at: Date.now() });
	} else {
		sendingOrder = await afterLostSend(op, sent.error, orderUrl, described, keys);
	}
	for (const job of attached) {
		op.run.recordWrite('sent', job.document.mid);
		outcomes.set(job, { ok: true, value: { sent: true, sending_order: sendingOrder } });
	}
	return outcomes;
}

/** Fields of an order read before it was executed that no longer hold once it went out. */
const STATE_BEFORE_SENDING = ['ready_to_order', 'status', 'problems', 'date_sent'];

/** A request before anything was sent: whatever goes wrong, running the item again is safe. */
async function beforeSending(request: Promise<{ response?: IDataObject }>): Promise<IDataObject> {
	const result = await outcomeOf(request);
	if (result.ok) return result.value.response ?? {};
	const error = result.error as { description?: string | null };
	if (isUncertainWrite(error)) {
		error.description =
			'Nothing was sent: the document goes out only when the sending order is executed, which the node had not done yet. Running this item again is safe; it may leave an unsent sending order in MakeLeaps.';
	}
	throw result.error;
}

/** A link of the order (its url, items_url, send_url); without it nothing can be sent. */
function linkOf(op: OperationContext, order: IDataObject, name: string): string {
	const link = order[name];
	if (typeof link !== 'string' || link === '') {
		op.fail(
			`MakeLeaps' sending order has no ${name}`,
			`Nothing was sent. MakeLeaps answered: ${excerpt(redactValue(order), 300)}`,
		);
	}
	return link;
}

async function readOrder(op: OperationContext, orderUrl: string, described: string) {
	const answer = await op.request('GET', orderUrl, { subject: described });
	return answer.response ?? {};
}

/**
 * Polls the order until MakeLeaps reports it ready to send, until `deadline`; answers the order
 * as read then. The order as the client's list gave it stands for the first read when it shows
 * its readiness and its documents.
 */
async function untilReady(
	op: OperationContext,
	orderUrl: string,
	described: string,
	waitSeconds: number,
	deadline: number,
	listed?: IDataObject,
): Promise<IDataObject> {
	let order =
		listed && 'ready_to_order' in listed && documentsOf(listed) !== undefined ? listed : undefined;
	for (let wait = FIRST_WAIT_MS; ; wait = Math.min(wait * 2, LONGEST_WAIT_MS)) {
		order ??= await readOrder(op, orderUrl, described);
		if (order.ready_to_order === true) return order;
		const left = deadline - Date.now();
		if (left <= 0) {
			op.fail(
				`MakeLeaps did not report the ${described} ready to send within ${waitSeconds} seconds (${whatItSays(order)})`,
				'Nothing was sent. The order stays in MakeLeaps, unsent: correct what it reports and send it there, or delete it. A longer Options > Validation Wait gives MakeLeaps more time.',
			);
		}
		await op.run.transport.pause(Math.min(wait, left));
		order = undefined;
	}
}

/**
 * Documents of the order that another order carried out meanwhile: they are not sent (each
 * item says which order carried it), and this order, which holds them, is deleted unsent; the
 * other documents go in a new one. When the delete fails, they are not sent either.
 */
async function withoutSentElsewhere(
	attached: SendJob[],
	elsewhere: Map<string, IDataObject>,
	orderUrl: string,
	described: string,
): Promise<{ outcomes: Map<SendJob, Outcome<IDataObject>>; going: SendJob[] }> {
	const [{ op }] = attached;
	const outcomes = new Map<SendJob, Outcome<IDataObject>>();
	const going: SendJob[] = [];
	for (const job of attached) {
		const order = elsewhere.get(String(job.document.mid));
		if (!order) {
			going.push(job);
			continue;
		}
		sentDocuments.record(job.key, { record: order, at: Date.now() });
		outcomes.set(job, {
			ok: true,
			value: { sent: false, skipped: 'already sent', sending_order: order },
		});
	}
	const deleted = await outcomeOf(op.request('DELETE', orderUrl, { subject: described }));
	if (deleted.ok) return { outcomes, going };
	const error = new InvalidInput(
		`Not sent: its ${described} also holds a document another sending order sent meanwhile, and MakeLeaps did not delete it`,
		'Nothing was sent for this item. Delete the unsent order in MakeLeaps, then run the item again.',
	);
	for (const job of going) outcomes.set(job, { ok: false, error });
	return { outcomes, going: [] };
}

/** What an order that is not ready says about itself, in a few words. */
function whatItSays(order: IDataObject): string {
	const said = ['status', 'problems', 'errors', 'validation_errors', 'ready_to_order']
		.filter((name) => !isEmpty(order[name]))
		.map((name) => `${name}: ${excerpt(redactValue(order[name]), 200)}`);
	return said.length > 0 ? said.join('; ') : 'it gave no reason';
}

/**
 * The execute request was sent and its answer lost. It is not sent again; the order is read
 * once: if it shows it went out, the send happened; otherwise the item fails as uncertain, and
 * later sends of the document in this process stop too.
 */
async function afterLostSend(
	op: OperationContext,
	error: unknown,
	orderUrl: string,
	described: string,
	keys: string[],
): Promise<IDataObject> {
	if (!isUncertainWrite(error)) throw error;
	const read = await outcomeOf(readOrder(op, orderUrl, described));
	if (read.ok && wentOut(read.value)) {
		for (const key of keys) sentDocuments.record(key, { record: read.value, at: Date.now() });
		return read.value;
	}
	for (const key of keys) sentDocuments.record(key, { uncertain: true, at: Date.now() });
	error.description = `${error.description ?? ''}. The ${described} did not show that it went out when it was read right after.`;
	throw error;
}

const isEmpty = (value: unknown) =>
	value === undefined ||
	value === null ||
	value === '' ||
	(Array.isArray(value) && value.length === 0);

const wentOut = (order: IDataObject) =>
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

export const sendingOrderPath = (partnerMid: string, mid: string) =>
	`${sendingOrdersPath(partnerMid)}${mid}/`;

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
