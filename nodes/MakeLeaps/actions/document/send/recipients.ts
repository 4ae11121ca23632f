/**
 * Who Secure Send goes to when the item gives no recipient: the e-mail address of the document's
 * contact, or else of the first contact of its client that has one. The contacts of the run's
 * clients are found together where that costs fewer requests.
 */
import type { IDataObject } from 'n8n-workflow';

import { contactsOfClientAt, listContactsOfClientAt } from '../../../api/contacts';
import { readAt } from '../../../api/requests';
import { outcomeOf } from '../../../transport';
import type { OperationContext } from '../../../run/context';
import { isRecord, linkedMid, midOfUrl } from '../../../model/locators';
import { contactsFoundForRun, findContactsOfClients } from '../../../run/client/clientReads';
import { InvalidInput } from '../../../model/validation';

/** What Send needs of a listed contact to pick an e-mail address. */
const CONTACT_NEEDS = ['email'];
/** The most contacts of a client read to find an e-mail address. */
const MAX_CONTACTS_READ = 100;

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

/**
 * Who Secure Send goes to when no recipient is given: the document's contact, or else the first
 * contact of the client with an e-mail address (a company's contact often has none, its person
 * does). One read of the client's contacts, shared by the run's documents of that client; when
 * MakeLeaps does not give that list, the document's contact is read by itself.
 */
export async function contactEmails(
	op: OperationContext,
	document: IDataObject,
): Promise<string[]> {
	const contact = document.client_contact;
	const contactUrl = isRecord(contact) ? contact.url : contact;
	const inline = isRecord(contact) ? emailOf(contact) : undefined;
	if (inline) return [inline];
	const listed = await contactsOfClient(op, document);
	const contacts = listed?.ok ? (listed.value.list as IDataObject[]) : [];
	const own = contacts.find(
		(candidate) =>
			typeof contactUrl === 'string' &&
			(candidate.url === contactUrl || String(candidate.mid) === midOfUrl(contactUrl)),
	);
	if (!own && typeof contactUrl === 'string' && contactUrl !== '') {
		const email = emailOf(await readAt(op, contactUrl, 'the contact of the document'));
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

/**
 * The contacts of the document's client: found for the run in the partner's contact list
 * (contactsOfClients), else read once per run; a failed read is kept, to be told only when no
 * address is found otherwise. Undefined when the document names no client.
 */
async function contactsOfClient(op: OperationContext, document: IDataObject) {
	const clientUrl = isRecord(document.client) ? document.client.url : document.client;
	const found = isRecord(document.client) ? contactsFoundForRun(op, document.client) : undefined;
	if (found) return { ok: true, value: { list: found } } as const;
	if (typeof clientUrl !== 'string') return undefined;
	return await outcomeOf(
		op.run.sharedRead(contactsOfClientAt(clientUrl), async () => ({
			list: await listContactsOfClientAt(
				op.run.transport,
				clientUrl,
				MAX_CONTACTS_READ,
				op.itemIndex,
			),
		})),
	);
}

function emailOf(contact: IDataObject | undefined): string | undefined {
	const address = (contact?.email as IDataObject | null | undefined)?.address;
	return typeof address === 'string' && address !== '' ? address : undefined;
}
