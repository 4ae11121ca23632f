/**
 * Records as flat rows a sheet can take (Simplify, version 2): the fields a user reads, every
 * value a cell (text, number, yes/no or null; see cells.ts), linked records by name where the run
 * knows it, else by MID. What an operation says beside the record stays, as text: `operation`,
 * `changes` and `differences` (one line each, see `changesText`) and `kept`. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { simpleCatalogItem } from './catalog';
import { documentFields, type DocumentFieldSpec } from './documentFields';
import { cells, cellText, changesText, fieldsText, type NameOf } from './cells';
import { isRecord, linkedMid } from './locators';
import { amountCell } from './money';

/** What the run knows beside the record it outputs, so that its row needs no read more. */
export interface Known {
	/** The contacts of a client the node just wrote, as it sent or read them. */
	contacts?: IDataObject[];
	/** The document an outcome is about, as the run read it (Send). */
	document?: IDataObject;
	/** Names of linked records the run read (clients), by kind and MID. */
	nameOf?: NameOf;
	/** The workflow's time zone: a row that says whether a day has passed counts in it. */
	timeZone?: string;
}

export type Simplifier = (record: IDataObject, known?: Known) => IDataObject;

/** What an operation says beside the record, each as one cell. */
function added(record: IDataObject, nameOf?: NameOf): IDataObject {
	const row: IDataObject = {};
	if ('operation' in record) row.operation = record.operation;
	if ('changes' in record) row.changes = changesText(record.changes, nameOf);
	if ('kept' in record) row.kept = fieldsText(record.kept, nameOf);
	// a record a Create found already there: how it differs from the row (Contact → Create)
	if ('differences' in record) row.differences = changesText(record.differences, nameOf);
	return row;
}

/** A record's MID, or null. */
const midOf = (link: unknown) =>
	link === undefined || link === null ? null : linkedMid(link) || null;

/** The name of a linked client: from the client given in full, else as the run knows it. */
function clientName(client: unknown, nameOf?: NameOf): string | null {
	if (isRecord(client) && typeof client.display_name === 'string') return client.display_name;
	const mid = midOf(client);
	return (mid === null ? undefined : nameOf?.('client', mid)) ?? null;
}

/** A list's members joined with commas (recipients, problems); null when it is not a list. */
const joined = (value: unknown) =>
	Array.isArray(value)
		? value.map((member) => (typeof member === 'string' ? member : cellText(member))).join(', ')
		: null;

/** Where a document stands, in one word. */
function statusOf(document: IDataObject): string {
	if (document.date_cancelled) return 'cancelled';
	if (document.date_paid) return 'paid';
	if (document.date_sent) return 'sent';
	return 'draft';
}

/**
 * The columns of a document's row that are not fields of the document table: its MID, type and
 * template, its client, what MakeLeaps computes (amounts, with its withholding tax) and where it
 * stands. The table's fields with a `columnAfter` come in between (model/documentFields.ts).
 */
const DOCUMENT_OWN: Record<string, (document: IDataObject, known: Known) => IDataObject[string]> = {
	mid: (document) => document.mid,
	document_type: (document) => document.document_type,
	template: (document) => document.document_template,
	client_mid: (document) => midOf(document.client),
	client_name: (document, known) => clientName(document.client, known.nameOf),
	// amounts as numbers, where a Filter or a sheet compares them (the raw output keeps the text)
	subtotal: (document) => amountCell(document.subtotal),
	tax: (document) => amountCell(document.tax),
	jp_withholding_tax: (document) => amountCell(document.jp_withholding_tax),
	total: (document) => amountCell(document.total),
	status: (document) => statusOf(document),
	sent: (document) => Boolean(document.date_sent),
	paid: (document) => Boolean(document.date_paid),
	cancelled: (document) => Boolean(document.date_cancelled),
	date_sent: (document) => document.date_sent,
	date_paid: (document) => document.date_paid,
};

/** How a table field's value becomes a cell, where it is not the value itself. */
const FIELD_CELLS: Record<string, (document: IDataObject, known: Known) => IDataObject[string]> = {
	tags: (document, known) => tagsCell(document.tags, known.nameOf),
};

/**
 * The own columns, each table column placed right after the column its field names (after the
 * table's earlier columns that name the same one).
 */
function placedColumns(own: string[], fields: DocumentFieldSpec[]): string[] {
	const columns = [...own];
	const last = new Map<string, string>();
	let waiting = fields.filter((spec) => spec.columnAfter !== undefined);
	while (waiting.length > 0) {
		const spec = waiting.find((field) => columns.includes(field.columnAfter!));
		if (spec === undefined)
			throw new Error(`No column ${waiting[0].columnAfter} to put ${waiting[0].api} after`);
		const anchor = spec.columnAfter!;
		columns.splice(columns.indexOf(last.get(anchor) ?? anchor) + 1, 0, spec.api);
		last.set(anchor, spec.api);
		waiting = waiting.filter((field) => field !== spec);
	}
	return columns;
}

/** The columns of a document's row (Simplify), in order. */
export const DOCUMENT_COLUMNS = placedColumns(Object.keys(DOCUMENT_OWN), documentFields.fields);

/** A document: its columns (DOCUMENT_COLUMNS), then what an operation says beside it. */
export function simpleDocument(document: IDataObject, known: Known = {}): IDataObject {
	const value = (column: string) => {
		const own = DOCUMENT_OWN[column] ?? FIELD_CELLS[column];
		return own ? own(document, known) : document[column];
	};
	return cells({
		...Object.fromEntries(DOCUMENT_COLUMNS.map((column) => [column, value(column)])),
		...added(document, known.nameOf),
	});
}

/**
 * A document's tags as one cell: their names joined, each as the tag list the run read names it
 * (a tag given by its URL, its MID or in full); a tag the run cannot name, by its MID.
 */
function tagsCell(tags: unknown, nameOf?: NameOf): string | null {
	if (!Array.isArray(tags)) return tags === undefined || tags === null ? null : cellText(tags);
	return tags.map((tag) => tagName(tag, nameOf)).join(', ');
}

/** One tag of a document by its name: a bare MID (or a name) as the run knows it, else its text. */
function tagName(tag: unknown, nameOf?: NameOf): string {
	const bare = typeof tag === 'number' ? String(tag) : tag;
	if (typeof bare === 'string' && !bare.includes('/')) return nameOf?.('tag', bare) ?? bare;
	return cellText(tag, nameOf);
}

/** A tag: its MID and name. */
export const simpleTag = (tag: IDataObject): IDataObject =>
	cells({ mid: linkedMid(tag) || null, name: tag.name });

/** A person's name, family name first as MakeLeaps shows it; null without one. */
const personName = (person?: IDataObject) =>
	[person?.family_name, person?.given_name]
		.filter((part) => typeof part === 'string' && part)
		.join(' ') || null;

const emailOf = (contact?: IDataObject) =>
	isRecord(contact?.email) ? contact.email.address : contact?.email;

/**
 * A client: its IDs and name, and the organization's name and the person's name, e-mail and
 * phone, from its contacts when they came with it in full, else from `known.contacts` (the
 * contacts the node sent or read for a client it just created or changed, whose answer gives
 * them as links).
 */
export function simpleClient(client: IDataObject, known: Known = {}): IDataObject {
	const inline = Array.isArray(client.contacts) ? client.contacts.filter(isRecord) : [];
	const contacts = inline.length > 0 ? inline : (known.contacts ?? []).filter(isRecord);
	const organization = contacts.find((contact) => contact.contact_type === 'organization');
	const person = contacts.find((contact) => contact.contact_type === 'person');
	return cells({
		mid: client.mid,
		client_external_id: client.client_external_id,
		display_name: client.display_name,
		organization_name: organization?.name,
		person_name: personName(person),
		email: emailOf(person),
		phone_number: person?.phone_number || organization?.phone_number || null,
		archived: Boolean(client.date_archived),
		...added(client, known.nameOf),
	});
}

/** A contact: whose it is, its names, e-mail, phone and first address on one line. */
export function simpleContact(contact: IDataObject, known: Known = {}): IDataObject {
	const [address] = Array.isArray(contact.addresses) ? contact.addresses.filter(isRecord) : [];
	const parts = ['postal_code', 'region', 'locality', 'street_address', 'extended_address'];
	const organization = contact.contact_type === 'organization';
	return cells({
		mid: contact.mid,
		client_mid: midOf(contact.owner),
		client_name: clientName(contact.owner, known.nameOf),
		contact_type: contact.contact_type,
		display_name: contact.display_name ?? (organization ? contact.name : personName(contact)),
		name: contact.name,
		family_name: contact.family_name,
		given_name: contact.given_name,
		title: contact.title,
		department: contact.department,
		email: emailOf(contact),
		phone_number: contact.phone_number,
		address: address
			? parts
					.map((part) => address[part])
					.filter((part) => typeof part === 'string' && part)
					.join(' ')
			: null,
		is_default: contact.is_default,
		...added(contact, known.nameOf),
	});
}

/** The channels an order goes by, in the words of Send's Send By. */
function channelsOf(order: IDataObject): string {
	const flags = {
		securesend: order.securesend_selected,
		clientInbox: order.send_to_clientinbox_selected,
		post: order.sendbypost_selected,
	};
	return Object.entries(flags)
		.filter(([, on]) => on === true)
		.map(([channel]) => channel)
		.join(', ');
}

/** A sending order: to whom, how, with which documents, where it stands. */
export function simpleSendingOrder(order: IDataObject, known: Known = {}): IDataObject {
	const items = Array.isArray(order.items) ? (order.items as unknown[]) : undefined;
	return cells({
		mid: order.mid,
		client_mid: midOf(order.recipient_organization),
		client_name: clientName(order.recipient_organization, known.nameOf),
		status: order.status,
		channel: channelsOf(order),
		to: joined(order.to_emails),
		subject: order.subject,
		// files of the order (Attachments) carry no document
		document_mids: joined(
			items?.map((item) => linkedMid(isRecord(item) ? item.document : item)).filter(Boolean),
		),
		ready_to_order: order.ready_to_order,
		problems: joined(order.problems),
		date_created: order.date_created,
		date_sent: order.date_sent,
		date_cancelled: order.date_cancelled,
	});
}

/**
 * What Send did for a document, with the same columns for a send and a skip: the document, the
 * outcome (`sent`, `skipped` with the reason) and the sending order that carried it, when known.
 */
export function simpleSend(outcome: IDataObject, known: Known = {}): IDataObject {
	const order = isRecord(outcome.sending_order) ? outcome.sending_order : undefined;
	const client = known.document?.client ?? order?.recipient_organization;
	return cells({
		mid: outcome.document_mid,
		document_number: outcome.document_number,
		document_type: outcome.document_type,
		client_mid: midOf(client),
		client_name: clientName(client, known.nameOf),
		operation: outcome.sent === true ? 'sent' : 'skipped',
		reason: outcome.skipped,
		to: joined(order?.to_emails),
		channel: order ? channelsOf(order) : null,
		sending_order_mid: midOf(order),
		sending_order_status: order?.status,
		date_sent: order?.date_sent ?? outcome.date_sent,
		// the files sent with the document (Attachments), when it names any
		...('attachments' in outcome ? { attachments: joined(outcome.attachments) } : {}),
	});
}

/**
 * What Preview Only says of an item, as a flat row: its `changes` as one text, anything else
 * that is not a cell as its text.
 */
export function simplePreview(preview: IDataObject, known: Known = {}): IDataObject {
	const texts = Object.fromEntries(
		(['changes', 'differences'] as const)
			.filter((key) => key in preview)
			.map((key) => [key, changesText(preview[key], known.nameOf)]),
	);
	return cells({ ...preview, ...texts }, known.nameOf);
}

/** The simple form of a record of a resource, for the resources that have one. */
export const SIMPLE: Record<string, Simplifier> = {
	client: simpleClient,
	contact: simpleContact,
	document: simpleDocument,
	item: simpleCatalogItem,
	sendingOrder: simpleSendingOrder,
	tag: simpleTag,
};
