/**
 * A client as a run reads it: its name remembered for Simplify, and with its contacts in full
 * when asked, whether or not MakeLeaps honours `expand` (the contacts found together in the
 * partner's contact list, the client's contact list, or each contact read).
 */
import type { IDataObject } from 'n8n-workflow';

import { readClient } from '../../api/clients';
import { contactList, listClientContacts } from '../../api/contacts';
import { readAt } from '../../api/requests';
import { isRecord, linkedMid } from '../../model/locators';
import { checkMid } from '../../model/validation';
import { outcomeOf } from '../../transport';
import type { OperationContext } from '../context';
import { findInList } from '../fromList';

/** A client as MakeLeaps returns it, with its contacts in full when asked. */
export async function getClient(
	op: OperationContext,
	partnerMid: string,
	clientMid: string,
	includeContacts = false,
): Promise<IDataObject> {
	const client = await readClient(op, partnerMid, clientMid, includeContacts);
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
	const listed = await outcomeOf(
		listClientContacts(op.run.transport, partnerMid, mid, op.itemIndex),
	);
	if (listed.ok) return { ...client, contacts: listed.value };
	// the client's contact list is a guess: refused, the contacts are read another way
	if (!isRefused(listed.error)) throw listed.error;
	const expanded = await outcomeOf(readClient(op, partnerMid, mid, true));
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
 * client's contact list (see sharedRead.ts); `withContacts` then reads none for a client whose
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
	const found = await findInList(op, contactList, partnerMid, {}, ownerOf.keys(), needed, {
		// one read of its contact list per client still missing one
		readsLeft: (missing) => new Set([...missing].map((mid) => ownerOf.get(mid))).size,
		belongs: (contact) =>
			contact.owner === undefined || linkedMid(contact.owner) === ownerOf.get(String(contact.mid)),
	});
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

/** A record MakeLeaps gave as its URL (such as a client's default contact), read when needed. */
export async function recordAt(
	op: OperationContext,
	reference: unknown,
): Promise<IDataObject | null> {
	if (isRecord(reference) || reference === null || reference === undefined)
		return reference ?? null;
	return (await readAt(op, String(reference), 'record')) ?? null;
}
