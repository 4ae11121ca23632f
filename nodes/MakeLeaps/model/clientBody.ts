/**
 * The MakeLeaps client as request bodies, built from checked field values (see fields.ts): the
 * create body of the interface, the changes an existing contact needs, and when two contacts are
 * the same person. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import type { FieldValues } from './fields';
import type { Changes } from './plans';

/** The parts of an address MakeLeaps keeps; a part not given is sent empty. */
const BLANK_ADDRESS = {
	postal_code: '',
	region: '',
	locality: '',
	street_address: '',
	extended_address: '',
};
/** Address values that only describe how to read an address, not where it is. */
const ADDRESS_SETTINGS = ['format', 'country_name'];

/** The values under one prefix of their API paths (`person.title` → `{ title }`). */
function group(values: FieldValues, prefix: string): Record<string, string> {
	const found: Record<string, string> = {};
	for (const [path, value] of Object.entries(values)) {
		if (path.startsWith(`${prefix}.`)) found[path.slice(prefix.length + 1)] = value;
	}
	return found;
}

function contact(
	type: string,
	fields: Record<string, string>,
	addresses: IDataObject[],
): IDataObject {
	const { email, ...texts } = fields;
	return { contact_type: type, ...texts, addresses, email: email ? { address: email } : null };
}

/**
 * The create body: top-level values as they are, an organization and/or a person contact, and
 * the address on the organization (on the person when there is no organization).
 */
export function clientBody(values: FieldValues): IDataObject {
	const body: IDataObject = {};
	for (const [path, value] of Object.entries(values)) if (!path.includes('.')) body[path] = value;
	const organization = group(values, 'organization');
	const person = group(values, 'person');
	const address = group(values, 'address');
	const located = Object.keys(address).some((key) => !ADDRESS_SETTINGS.includes(key));
	const addresses = located ? [{ ...BLANK_ADDRESS, ...address }] : [];
	const contacts: IDataObject[] = [];
	if (organization.name) contacts.push(contact('organization', organization, addresses));
	if (person.family_name)
		contacts.push(contact('person', person, organization.name ? [] : addresses));
	body.contacts = contacts;
	return body;
}

/** The parts of an address a change keeps from the current one. */
const ADDRESS_PARTS = [...Object.keys(BLANK_ADDRESS), ...ADDRESS_SETTINGS];

/**
 * The contacts an update of some fields wants (only the types it changes, only the fields given):
 * the address goes to the contact that holds it (the organization, else the person), merged
 * into the address it has, so parts not given stay as they are. A contact without an address
 * gets one only for a part that locates it, with `defaults` (the table's format and country) for
 * what is not given.
 */
export function contactEdits(
	values: FieldValues,
	contacts: IDataObject[],
	defaults: FieldValues = {},
): IDataObject[] {
	const address = group(values, 'address');
	const located = Object.keys(address).some((key) => !ADDRESS_SETTINGS.includes(key));
	const holder = contacts.some((c) => c.contact_type === 'organization')
		? 'organization'
		: 'person';
	const wanted: IDataObject[] = [];
	for (const type of ['organization', 'person']) {
		const { email, ...texts } = group(values, type);
		const existing = contacts.find((c) => c.contact_type === type);
		const current = (existing?.addresses as IDataObject[] | undefined)?.[0];
		const moves =
			type === holder && Object.keys(address).length > 0 && (located || current !== undefined);
		if (Object.keys(texts).length === 0 && !email && !moves) continue;
		const kept = Object.fromEntries(
			ADDRESS_PARTS.filter((part) => current?.[part] !== undefined).map((part) => [
				part,
				current?.[part],
			]),
		);
		const blank = { ...BLANK_ADDRESS, ...group(defaults, 'address') };
		wanted.push({
			contact_type: type,
			...texts,
			...(email ? { email: { address: email } } : {}),
			addresses: moves ? [{ ...blank, ...kept, ...address }] : [],
		});
	}
	return wanted;
}

/**
 * How an existing contact differs from a wanted one: the PATCH body that brings it in line, and
 * each changed field with its value before and after (`person.email`, `organization.address.locality`).
 */
export function contactChanges(
	wanted: IDataObject,
	existing: IDataObject,
): { patch: IDataObject; changes: Changes } {
	const type = String(wanted.contact_type);
	const patch: IDataObject = {};
	const changes: Changes = {};
	for (const [field, value] of Object.entries(wanted)) {
		const before = existing[field] ?? '';
		if (typeof value === 'string' && field !== 'contact_type' && value !== before) {
			patch[field] = value;
			changes[`${type}.${field}`] = { from: before, to: value };
		}
	}
	const email = (wanted.email as IDataObject | null)?.address;
	const emailBefore = (existing.email as IDataObject | null)?.address ?? '';
	if (email && email !== emailBefore) {
		patch.email = wanted.email;
		changes[`${type}.email`] = { from: emailBefore, to: email };
	}
	const [address] = wanted.addresses as IDataObject[];
	const current = (existing.addresses as IDataObject[] | undefined)?.[0] ?? {};
	for (const [key, value] of Object.entries(address ?? {})) {
		const before = current[key] ?? '';
		if (value === before) continue;
		patch.addresses = wanted.addresses;
		changes[`${type}.address.${key}`] = { from: before, to: value };
	}
	return { patch, changes };
}

/** The fields a create body sets, each as a change from empty. */
export function createdFields(body: IDataObject): Changes {
	let changes: Changes = {};
	for (const [key, value] of Object.entries(body))
		if (typeof value === 'string' && value !== '') changes[key] = { from: '', to: value };
	for (const contact of body.contacts as IDataObject[])
		changes = { ...changes, ...contactChanges(contact, {}).changes };
	return changes;
}

/** The names that tell who a contact is, by its contact type. */
const NAME_FIELDS: Record<string, string[]> = {
	person: ['family_name', 'given_name'],
	organization: ['name'],
};

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Who a contact is, without its e-mail: its contact type and names, trimmed (a person's family
 * and given names, an organization's name). Contacts that are the same (`sameContact`) have the
 * same identity, so it keys what must not run twice for one contact.
 */
export function contactIdentity(contact: IDataObject): string {
	const type = trimmed(contact.contact_type);
	const fields = NAME_FIELDS[type] ?? ['name', 'family_name', 'given_name'];
	return JSON.stringify([type, ...fields.map((field) => trimmed(contact[field]))]);
}

/** A contact's e-mail address, trimmed, in lower case; empty when it has none. */
function emailOf(contact: IDataObject): string {
	const { email } = contact;
	const address =
		typeof email === 'object' && email !== null ? (email as IDataObject).address : email;
	return trimmed(address).toLowerCase();
}

/**
 * The one rule of sameness for contacts: two contacts are the same person (or organization) when
 * they have the same identity (`contactIdentity`) and, where both have an e-mail address, the
 * same address in any capitals. Any other field (title, phone, department, address) may differ.
 */
export function sameContact(a: IDataObject, b: IDataObject): boolean {
	if (contactIdentity(a) !== contactIdentity(b)) return false;
	const [one, other] = [emailOf(a), emailOf(b)];
	return one === '' || other === '' || one === other;
}

/** Whether a client's inlined contacts hold every contact of a create body (`sameContact`). */
export function hasNamesOf(body: IDataObject, client: IDataObject): boolean {
	const contacts = Array.isArray(client.contacts) ? (client.contacts as unknown[]) : [];
	return (body.contacts as IDataObject[]).every((wanted) =>
		contacts.some(
			(candidate) =>
				typeof candidate === 'object' &&
				candidate !== null &&
				sameContact(wanted, candidate as IDataObject),
		),
	);
}
