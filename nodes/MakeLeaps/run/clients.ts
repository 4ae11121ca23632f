/**
 * The client domain with its requests: create (never twice), read with contacts (whether or not
 * MakeLeaps honours `expand`), and change an existing client's contacts in place.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE, outcomeOf } from '../transport';
import { contactChanges, hasNamesOf } from '../model/clientBody';
import type { OperationContext } from './context';
import { createRecord } from './creates';
import { listDocuments } from './documents';
import { findInList } from './listLookup';
import { isRecord, linkedMid } from '../model/locators';
import type { Changes } from '../model/plans';
import { checkMid } from '../model/validation';

/** POSTs a new client of the partner, never twice (see creates.ts). */
export async function createClient(
	op: OperationContext,
	partnerMid: string,
	body: IDataObject,
): Promise<IDataObject> {
	const externalId = body.client_external_id as string | undefined;
	const created = await createRecord(
		op,
		partnerMid,
		`/api/partner/${partnerMid}/client/`,
		body,
		() => ({
			externalId,
			index: op.run.clientIndex(partnerMid),
			scope: `${partnerMid} client`,
			// the client with this ID is this create's only when it has the row's names
			holdsSent: async (found) => {
				const holding: IDataObject[] = [];
				for (const client of found.slice(0, 3)) {
					const full = await withContacts(op, partnerMid, client).catch(() => client);
					if (hasNamesOf(body, full)) holding.push(full);
				}
				return holding;
			},
			noun: 'client',
			keyName: 'Client External ID',
		}),
	);
	// the answer gives the contacts as links: Simplify names those sent
	op.contactsKnown = body.contacts as IDataObject[];
	return created;
}

/** A client as MakeLeaps returns it, with its contacts in full when asked. */
export async function getClient(
	op: OperationContext,
	partnerMid: string,
	clientMid: string,
	includeContacts = false,
): Promise<IDataObject> {
	const client = await getClientRecord(op, partnerMid, clientMid, includeContacts);
	op.run.noteClient(client);
	return includeContacts ? await withContacts(op, partnerMid, client) : client;
}

/**
 * The client with its contacts as records: as given when MakeLeaps inlined them (`expand`), else
 * read from the client's contact list, which needs no `expand`.
 */
export async function withContacts(
	op: OperationContext,
	partnerMid: string,
	client: IDataObject,
): Promise<IDataObject> {
	const contacts = Array.isArray(client.contacts) ? (client.contacts as unknown[]) : [];
	if (contacts.length > 0 && contacts.every(isRecord)) return client;
	const found = contactsFoundForRun(op, client);
	if (found) return { ...client, contacts: found };
	const mid = checkMid(client.mid, 'Client');
	const path = `/api/partner/${partnerMid}/client/${mid}/contact/`;
	const qs = { per_page: MAX_PAGE_SIZE };
	const listed = await outcomeOf(
		op.run.transport.getAll<IDataObject>(path, qs, Infinity, op.itemIndex),
	);
	if (listed.ok) return { ...client, contacts: listed.value };
	// the client's contact list is a guess: refused, the contacts are read another way
	if (!isRefused(listed.error)) throw listed.error;
	const expanded = await outcomeOf(getClientRecord(op, partnerMid, mid, true));
	const inline =
		expanded.ok && Array.isArray(expanded.value.contacts) ? expanded.value.contacts : [];
	if (inline.length > 0 && inline.every(isRecord)) return { ...client, contacts: inline };
	const links = (inline.length > 0 ? inline : contacts).filter((link) => typeof link === 'string');
	if (links.length === 0 || links.length > MAX_CONTACTS_READ) throw listed.error;
	const read: IDataObject[] = [];
	for (const link of links) {
		const contact = await outcomeOf(recordAt(op, link));
		if (!contact.ok || !isRecord(contact.value)) throw listed.error;
		read.push(contact.value);
	}
	return { ...client, contacts: read };
}

/**
 * The contacts of `clients` that give them as links (a client list that ignores `expand`), found
 * together in the partner's contact list where that costs fewer requests than reading each
 * client's contact list (see listLookup.ts); `withContacts` then reads none for a client whose
 * contacts were all found with the fields in `needed`. A contact whose `owner` names another
 * client is not taken.
 */
export async function findContactsOfClients(
	op: OperationContext,
	partnerMid: string,
	clients: readonly IDataObject[],
	needed: readonly string[],
): Promise<void> {
	const ownerOf = new Map<string, string>();
	for (const client of clients) {
		if (client.mid === undefined || client.mid === null) continue;
		const contacts = Array.isArray(client.contacts) ? (client.contacts as unknown[]) : [];
		if (contacts.some(isRecord)) continue;
		for (const link of contacts) ownerOf.set(linkedMid(link), String(client.mid));
	}
	const found = await findInList(
		op,
		`/api/partner/${partnerMid}/contact/`,
		{},
		ownerOf.keys(),
		needed,
		{
			// one read of its contact list per client still missing one
			readsLeft: (missing) => new Set([...missing].map((mid) => ownerOf.get(mid))).size,
			belongs: (contact) =>
				contact.owner === undefined ||
				linkedMid(contact.owner) === ownerOf.get(String(contact.mid)),
		},
	);
	for (const [mid, contact] of found) op.run.listed.set(`contact ${mid}`, contact);
}

/**
 * The client's contacts, in its order, when the run found every one of them in the partner's
 * contact list (findContactsOfClients); otherwise undefined.
 */
export function contactsFoundForRun(
	op: OperationContext,
	client: IDataObject,
): IDataObject[] | undefined {
	const contacts = Array.isArray(client.contacts) ? (client.contacts as unknown[]) : [];
	const found = contacts.map((link) => op.run.listed.get(`contact ${linkedMid(link)}`));
	return contacts.length > 0 && found.every(isRecord) ? found : undefined;
}

/** The most contacts read one by one when the client's contact list cannot be read. */
const MAX_CONTACTS_READ = 10;

/** MakeLeaps refused the request as such (400, 404, 405): another form of it may be accepted. */
const isRefused = (error: unknown) =>
	['400', '404', '405'].includes(String((error as { httpCode?: string }).httpCode));

async function getClientRecord(
	op: OperationContext,
	partnerMid: string,
	mid: string,
	expand: boolean,
) {
	const answer = await op.request('GET', `/api/partner/${partnerMid}/client/${mid}/`, {
		qs: expand ? { expand: 'contacts' } : undefined,
		subject: `client ${mid}`,
	});
	return answer.response ?? {};
}

/** How many of a client's documents are read to tell why it cannot be deleted. */
const DOCUMENTS_NAMED = 5;

/**
 * Some documents that refer to the client (none when it has none), or undefined when MakeLeaps
 * cannot tell: it refuses the client filter in both forms, or lists documents without their
 * client. Only documents whose client is this one count, in case the service ignores the filter.
 */
export async function clientDocuments(
	op: OperationContext,
	partnerMid: string,
	clientMid: string,
): Promise<IDataObject[] | undefined> {
	const filters = { client: clientMid };
	const documents = await listDocuments(op, partnerMid, filters, {}, DOCUMENTS_NAMED, 'tell');
	if (documents?.some((document) => document.client === undefined)) return undefined;
	return documents;
}

/** A record MakeLeaps gave as its URL (such as a client's default contact), read when needed. */
export async function recordAt(
	op: OperationContext,
	reference: unknown,
): Promise<IDataObject | null> {
	if (isRecord(reference) || reference === null || reference === undefined)
		return reference ?? null;
	const answer = await op.request('GET', String(reference), { subject: 'record' });
	return answer.response ?? null;
}

/** A PATCH of one of a client's contacts. */
export interface ContactPatch {
	mid: string;
	body: IDataObject;
}

/**
 * How the client's existing contacts differ from a create body: one PATCH per contact that
 * differs, and the fields changed. Sending `contacts` on the client instead would delete every
 * contact left out of the list.
 */
export function contactUpdates(
	op: OperationContext,
	client: IDataObject,
	body: IDataObject,
): { patches: ContactPatch[]; changes: Changes } {
	const contacts = client.contacts as IDataObject[];
	const patches: ContactPatch[] = [];
	let changes: Changes = {};
	for (const wanted of body.contacts as IDataObject[]) {
		const type = String(wanted.contact_type);
		const existing = contacts.find((c) => c.contact_type === type);
		if (!existing) {
			op.fail(
				`Client "${String(client.client_external_id)}" has no ${type} contact to update`,
				`Create or Update changes the client's existing contacts; add the ${type} contact in MakeLeaps or leave its fields empty`,
			);
		}
		const differences = contactChanges(wanted, existing);
		if (Object.keys(differences.patch).length === 0) continue;
		// a contact an earlier item would create in a preview has no MID yet: it is never patched
		patches.push({ mid: String(existing.mid), body: differences.patch });
		changes = { ...changes, ...differences.changes };
	}
	return { patches, changes };
}

/** A client's contacts as read, with what their PATCHes send over them. */
export function contactsPatched(contacts: IDataObject[], patches: ContactPatch[]): IDataObject[] {
	return contacts.map((contact) => ({
		...contact,
		...patches.find((patch) => patch.mid === String(contact.mid))?.body,
	}));
}

/** Sends the PATCHes of a client's contacts. */
export async function patchContacts(
	op: OperationContext,
	partnerMid: string,
	clientMid: string,
	patches: ContactPatch[],
): Promise<void> {
	for (const { mid, body } of patches) {
		const contactMid = checkMid(mid, 'Contact');
		// what the run's list read gave of it no longer holds
		op.run.listed.delete(`contact ${contactMid}`);
		await op.request('PATCH', `/api/partner/${partnerMid}/contact/${contactMid}/`, {
			body,
			subject: `contact ${contactMid}`,
		});
	}
	if (patches.length > 0) op.run.recordWrite('updated', clientMid);
}
