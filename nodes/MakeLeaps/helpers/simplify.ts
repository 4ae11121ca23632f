/**
 * Records as flat rows a sheet can take: the fields a user reads, without the API's links and
 * nested lists. What an operation adds to a record (`operation`, `changes`, `kept`) stays.
 * Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { isRecord, linkedMid } from './locators';

/** What an operation says beside the record: kept as it is by Simplify. */
const ADDED = ['operation', 'changes', 'kept'];

const added = (record: IDataObject) =>
	Object.fromEntries(ADDED.filter((key) => key in record).map((key) => [key, record[key]]));

/** Where a document stands, in one word. */
function statusOf(document: IDataObject): string {
	if (document.date_cancelled) return 'cancelled';
	if (document.date_paid) return 'paid';
	if (document.date_sent) return 'sent';
	return 'draft';
}

/** A document: number, type, client, amounts, dates, status. */
export function simpleDocument(document: IDataObject): IDataObject {
	const client = isRecord(document.client) ? document.client : undefined;
	return {
		mid: document.mid,
		external_id: document.external_id,
		document_number: document.document_number,
		document_type: document.document_type,
		template: document.document_template ?? null,
		title: document.title,
		client_mid: linkedMid(document.client),
		client_name: client?.display_name ?? null,
		currency: document.currency,
		subtotal: document.subtotal,
		tax: document.tax,
		total: document.total,
		date: document.date,
		date_due: document.date_due,
		status: statusOf(document),
		sent: Boolean(document.date_sent),
		paid: Boolean(document.date_paid),
		cancelled: Boolean(document.date_cancelled),
		date_sent: document.date_sent ?? null,
		date_paid: document.date_paid ?? null,
		...added(document),
	};
}

/**
 * A client: its IDs and name, and the organization's name and the person's name, e-mail and
 * phone, from its contacts when they came with it in full, else from `known` (the contacts the
 * node sent or read for a client it just created or changed, whose answer gives them as links).
 */
export function simpleClient(client: IDataObject, known: IDataObject[] = []): IDataObject {
	const inline = Array.isArray(client.contacts) ? client.contacts.filter(isRecord) : [];
	const contacts = inline.length > 0 ? inline : known.filter(isRecord);
	const organization = contacts.find((contact) => contact.contact_type === 'organization');
	const person = contacts.find((contact) => contact.contact_type === 'person');
	const email = isRecord(person?.email) ? person.email.address : undefined;
	return {
		mid: client.mid,
		client_external_id: client.client_external_id,
		display_name: client.display_name,
		organization_name: organization?.name ?? null,
		person_name:
			[person?.family_name, person?.given_name]
				.filter((part) => typeof part === 'string' && part)
				.join(' ') || null,
		email: email ?? null,
		phone_number: person?.phone_number || organization?.phone_number || null,
		archived: Boolean(client.date_archived),
		...added(client),
	};
}

/** The simple form of a record of a resource, for the resources that have one. */
export const SIMPLE: Record<string, (record: IDataObject, known?: IDataObject[]) => IDataObject> = {
	client: simpleClient,
	document: simpleDocument,
};
