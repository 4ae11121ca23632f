/**
 * The MakeLeaps client as request bodies, built from checked field values (see fields.ts): the
 * create body of the interface, and the changes an existing contact needs. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import type { FieldValues } from './fields';

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

/** The fields of a wanted contact that differ from the existing one, as a PATCH body. */
export function contactChanges(wanted: IDataObject, existing: IDataObject): IDataObject {
	const changes: IDataObject = {};
	for (const [field, value] of Object.entries(wanted)) {
		if (
			typeof value === 'string' &&
			field !== 'contact_type' &&
			value !== (existing[field] ?? '')
		) {
			changes[field] = value;
		}
	}
	const email = (wanted.email as IDataObject | null)?.address;
	if (email && email !== (existing.email as IDataObject | null)?.address)
		changes.email = wanted.email;
	const [address] = wanted.addresses as IDataObject[];
	const current = (existing.addresses as IDataObject[] | undefined)?.[0] ?? {};
	if (address && Object.keys(address).some((key) => address[key] !== (current[key] ?? ''))) {
		changes.addresses = wanted.addresses;
	}
	return changes;
}

/** Whether a client's inlined contacts carry the names of a create body. */
export function hasNamesOf(body: IDataObject, client: IDataObject): boolean {
	const contacts = Array.isArray(client.contacts) ? (client.contacts as unknown[]) : [];
	return (body.contacts as IDataObject[]).every((wanted) =>
		contacts.some((candidate) => {
			const c = candidate as IDataObject | null;
			return (
				typeof c === 'object' &&
				c !== null &&
				c.contact_type === wanted.contact_type &&
				(c.name ?? '') === (wanted.name ?? '') &&
				(c.family_name ?? '') === (wanted.family_name ?? '')
			);
		}),
	);
}
