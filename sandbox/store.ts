/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev code: the sandbox, never inside n8n */
/**
 * In-memory MakeLeaps domain: partners, clients and their contacts, with the
 * validation rules the real API applies (Django REST Framework style field errors).
 */
import { domainToASCII } from 'node:url';

import type { SandboxDocument } from './documents';

export type FieldErrors = { [field: string]: unknown };

export class ValidationError extends Error {
	constructor(readonly errors: FieldErrors) {
		super('validation failed');
	}
}

export interface Address {
	format: string;
	country_name: string;
	street_address: string;
	extended_address: string;
	locality: string;
	region: string;
	postal_code: string;
}

export interface Contact {
	mid: string;
	ownerMid: string;
	contact_type: 'organization' | 'person';
	name: string;
	family_name: string;
	given_name: string;
	title: string;
	department: string;
	phone_number: string;
	email: { address: string } | null;
	addresses: Address[];
}

export interface Client {
	mid: string;
	client_external_id: string;
	contactMids: string[];
	defaultContactMid: string | null;
	default_client?: string;
	date_archived: string | null;
}

export interface Partner {
	mid: string;
	name: string;
	clients: Map<string, Client>;
	contacts: Map<string, Contact>;
	documents: Map<string, SandboxDocument>;
}

const MAX_LENGTH = 255;
const CONTACT_TYPES = ['organization', 'person'];
const ADDRESS_FORMATS = ['default', 'jp_default'];
/**
 * Django's EmailValidator, which MakeLeaps' API (Django REST Framework) is taken to use: an ASCII
 * local part, and a domain that is valid once internationalised labels are punycode-encoded
 * (so `ueda@例え.jp` passes and `ユーザー@example.jp` does not).
 */
const EMAIL_USER = /^[-!#$%&'*+/=?^_`{}|~0-9A-Z]+(\.[-!#$%&'*+/=?^_`{}|~0-9A-Z]+)*$/i;
const EMAIL_DOMAIN =
	/^((?=[a-z0-9-]{1,63}\.)(xn--)?[a-z0-9]+(-[a-z0-9]+)*\.)+[a-z0-9-]{2,63}(?<!-)$/i;

export function isEmail(value: string): boolean {
	const at = value.lastIndexOf('@');
	if (at <= 0 || /\s/.test(value)) return false;
	const domain = domainToASCII(value.slice(at + 1));
	return EMAIL_USER.test(value.slice(0, at)) && domain !== '' && EMAIL_DOMAIN.test(domain);
}

let midCounter = 0n;
/** 19-digit decimal MIDs like the real service issues. */
export function newMid(): string {
	midCounter += 1n;
	return (1734479364000000000n + BigInt(Date.now() % 1000000) * 1000n + midCounter).toString();
}

const isObject = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

function typeName(v: unknown): string {
	if (v === null) return 'NoneType';
	if (Array.isArray(v)) return 'list';
	if (typeof v === 'object') return 'dict';
	if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
	if (typeof v === 'boolean') return 'bool';
	return 'str';
}

/** DRF CharField: strings and numbers are accepted, other types are not. */
function charField(
	value: unknown,
	opts: { required?: boolean; allowBlank?: boolean } = {},
): { value?: string; error?: string[] } {
	if (value === undefined) return opts.required ? { error: ['This field is required.'] } : {};
	if (value === null) return { error: ['This field may not be null.'] };
	if (typeof value !== 'string' && typeof value !== 'number')
		return { error: ['Not a valid string.'] };
	const text = String(value).trim();
	if (text === '' && !opts.allowBlank) return { error: ['This field may not be blank.'] };
	if ([...text].length > MAX_LENGTH) {
		// Python counts code points
		return { error: [`Ensure this field has no more than ${MAX_LENGTH} characters.`] };
	}
	return { value: text };
}

function validateAddress(raw: unknown): { value?: Address; errors?: FieldErrors } {
	if (!isObject(raw)) {
		return {
			errors: {
				non_field_errors: [`Invalid data. Expected a dictionary, but got ${typeName(raw)}.`],
			},
		};
	}
	const errors: FieldErrors = {};
	const format = charField(raw.format, { required: true });
	if (format.error) errors.format = format.error;
	else if (!ADDRESS_FORMATS.includes(format.value!))
		errors.format = [`"${format.value}" is not a valid choice.`];
	const country = charField(raw.country_name, { required: true });
	if (country.error) errors.country_name = country.error;
	else if (!/^[A-Z]{2}$/.test(country.value!))
		errors.country_name = ['Enter a two-letter country code.'];
	const text: Record<string, string> = {};
	for (const key of ['street_address', 'extended_address', 'locality', 'region', 'postal_code']) {
		const field = charField(raw[key], { allowBlank: true });
		if (field.error) errors[key] = field.error;
		else text[key] = field.value ?? '';
	}
	if (Object.keys(errors).length) return { errors };
	return {
		value: {
			format: format.value!,
			country_name: country.value!,
			street_address: text.street_address,
			extended_address: text.extended_address,
			locality: text.locality,
			region: text.region,
			postal_code: text.postal_code,
		},
	};
}

type NewContact = Omit<Contact, 'mid' | 'ownerMid'>;

export function validateContact(raw: unknown): { value?: NewContact; errors?: FieldErrors } {
	if (!isObject(raw)) {
		return {
			errors: {
				non_field_errors: [`Invalid data. Expected a dictionary, but got ${typeName(raw)}.`],
			},
		};
	}
	const errors: FieldErrors = {};
	const type = charField(raw.contact_type, { required: true });
	if (type.error) errors.contact_type = type.error;
	else if (!CONTACT_TYPES.includes(type.value!))
		errors.contact_type = [`"${type.value}" is not a valid choice.`];

	const isOrganization = type.value === 'organization';
	const isPerson = type.value === 'person';
	const text: Record<string, string> = {};
	for (const key of ['name', 'family_name', 'given_name', 'title', 'department', 'phone_number']) {
		const required = (key === 'name' && isOrganization) || (key === 'family_name' && isPerson);
		const field = charField(raw[key], { required, allowBlank: !required });
		if (field.error) errors[key] = field.error;
		else text[key] = field.value ?? '';
	}

	let email: { address: string } | null = null;
	if (raw.email !== undefined && raw.email !== null) {
		if (!isObject(raw.email)) {
			errors.email = {
				non_field_errors: [`Invalid data. Expected a dictionary, but got ${typeName(raw.email)}.`],
			};
		} else {
			const address = charField(raw.email.address, { required: true });
			if (address.error) errors.email = { address: address.error };
			else if (!isEmail(address.value!))
				errors.email = { address: ['Enter a valid email address.'] };
			else email = { address: address.value! };
		}
	}

	const addresses: Address[] = [];
	if (raw.addresses !== undefined) {
		if (!Array.isArray(raw.addresses)) {
			errors.addresses = [`Expected a list of items but got type "${typeName(raw.addresses)}".`];
		} else {
			const perItem = raw.addresses.map((a) => validateAddress(a));
			if (perItem.some((r) => r.errors)) errors.addresses = perItem.map((r) => r.errors ?? {});
			else addresses.push(...perItem.map((r) => r.value!));
		}
	}

	if (Object.keys(errors).length) return { errors };
	return {
		value: {
			contact_type: type.value as Contact['contact_type'],
			name: text.name,
			family_name: text.family_name,
			given_name: text.given_name,
			title: text.title,
			department: text.department,
			phone_number: text.phone_number,
			email,
			addresses,
		},
	};
}

/** Builds absolute URLs the way the real API does and parses them back. */
export class Urls {
	constructor(readonly baseUrl: string) {}

	partner(mid: string) {
		return `${this.baseUrl}/api/partner/${mid}/`;
	}
	client(partnerMid: string, clientMid: string) {
		return `${this.baseUrl}/api/partner/${partnerMid}/client/${clientMid}/`;
	}
	contact(partnerMid: string, contactMid: string) {
		return `${this.baseUrl}/api/partner/${partnerMid}/contact/${contactMid}/`;
	}

	/** Returns the mid of a hyperlink of the given kind under the partner, or undefined. */
	parse(url: unknown, partnerMid: string, kind: 'client' | 'contact'): string | undefined {
		if (typeof url !== 'string') return undefined;
		const prefix = `${this.baseUrl}/api/partner/${partnerMid}/${kind}/`;
		if (!url.startsWith(prefix)) return undefined;
		const rest = url.slice(prefix.length);
		const match = /^(\d+)\/$/.exec(rest);
		return match?.[1];
	}
}

export class Store {
	readonly partners = new Map<string, Partner>();

	constructor(readonly urls: Urls) {}

	addPartner(name: string, mid = newMid()): Partner {
		const partner: Partner = {
			mid,
			name,
			clients: new Map(),
			contacts: new Map(),
			documents: new Map(),
		};
		this.partners.set(mid, partner);
		return partner;
	}

	partnerJson(p: Partner) {
		const base = this.urls.partner(p.mid);
		return {
			url: base,
			name: p.name,
			clients: `${base}client/`,
			contacts: `${base}contact/`,
			documents: `${base}document/`,
			line_item_catalog: `${base}item/`,
			tags: `${base}tag/`,
			sending_orders: `${base}sending/order/`,
			history: `${base}history/`,
			integrations: {},
		};
	}

	contactJson(p: Partner, c: Contact) {
		const client = p.clients.get(c.ownerMid);
		const personName = [c.given_name, c.family_name].filter(Boolean).join(' ');
		return {
			url: this.urls.contact(p.mid, c.mid),
			mid: c.mid,
			owner: this.urls.client(p.mid, c.ownerMid),
			owner_type: 'client',
			contact_type: c.contact_type,
			name: c.name,
			family_name: c.family_name,
			given_name: c.given_name,
			display_name: c.contact_type === 'organization' ? c.name : personName,
			title: c.title,
			department: c.department,
			format: 'default',
			phone_number: c.phone_number,
			is_default: client?.defaultContactMid === c.mid,
			email: c.email,
			addresses: c.addresses.map((a) => ({
				...a,
				display: [a.postal_code, a.region, a.locality, a.street_address, a.extended_address]
					.filter(Boolean)
					.join(' '),
			})),
			default_address: c.addresses[0]
				? { formatted_html: `<div class="adr">${c.addresses[0].street_address}</div>` }
				: null,
		};
	}

	displayName(p: Partner, client: Client): string {
		const contacts = client.contactMids.map((mid) => p.contacts.get(mid)!).filter(Boolean);
		const organization = contacts.find((c) => c.contact_type === 'organization');
		if (organization) return organization.name;
		const first = contacts[0];
		return first ? [first.given_name, first.family_name].filter(Boolean).join(' ') : '';
	}

	clientJson(p: Partner, client: Client, expand: string[] = []) {
		const contactUrl = (mid: string) =>
			expand.includes('contacts')
				? this.contactJson(p, p.contacts.get(mid)!)
				: this.urls.contact(p.mid, mid);
		const defaultContact =
			client.defaultContactMid === null
				? null
				: expand.includes('default_contact')
					? this.contactJson(p, p.contacts.get(client.defaultContactMid)!)
					: this.urls.contact(p.mid, client.defaultContactMid);
		const contacts = client.contactMids.map((mid) => p.contacts.get(mid)!);
		return {
			url: this.urls.client(p.mid, client.mid),
			mid: client.mid,
			display_name: this.displayName(p, client),
			organization_type: 'client',
			is_organization: contacts.some((c) => c.contact_type === 'organization'),
			date_archived: client.date_archived,
			client_external_id: client.client_external_id,
			contacts: client.contactMids.map(contactUrl),
			default_contact: defaultContact,
			...(client.default_client !== undefined ? { default_client: client.default_client } : {}),
			managing_teams: [],
			default_presets: [],
		};
	}

	/** Text that the list's `search` filter matches against. */
	searchText(p: Partner, client: Client): string {
		const contacts = client.contactMids.map((mid) => p.contacts.get(mid)!);
		return [
			this.displayName(p, client),
			client.client_external_id,
			...contacts.flatMap((c) => [c.name, c.family_name, c.given_name, c.email?.address ?? '']),
		]
			.join('\n')
			.toLowerCase();
	}

	createClient(p: Partner, body: unknown): Client {
		const errors: FieldErrors = {};
		if (!isObject(body)) {
			throw new ValidationError({
				non_field_errors: [`Invalid data. Expected a dictionary, but got ${typeName(body)}.`],
			});
		}
		const externalId = charField(body.client_external_id, { allowBlank: true });
		if (externalId.error) errors.client_external_id = externalId.error;

		const contacts: NewContact[] = [];
		if (body.contacts === undefined) errors.contacts = ['This field is required.'];
		else if (!Array.isArray(body.contacts)) {
			errors.contacts = [`Expected a list of items but got type "${typeName(body.contacts)}".`];
		} else if (body.contacts.length === 0) errors.contacts = ['This list may not be empty.'];
		else {
			const perContact = body.contacts.map((c) => validateContact(c));
			if (perContact.some((r) => r.errors)) errors.contacts = perContact.map((r) => r.errors ?? {});
			else contacts.push(...perContact.map((r) => r.value!));
		}

		const mid = newMid();
		const defaultClient = this.defaultClient(p, body.default_client, errors);
		if (Object.keys(errors).length) throw new ValidationError(errors);

		const client: Client = {
			mid,
			client_external_id: externalId.value ?? '',
			contactMids: [],
			defaultContactMid: null,
			default_client: defaultClient,
			date_archived: null,
		};
		for (const contact of contacts) {
			const contactMid = newMid();
			p.contacts.set(contactMid, { ...contact, mid: contactMid, ownerMid: mid });
			client.contactMids.push(contactMid);
		}
		client.defaultContactMid = client.contactMids[0] ?? null;
		p.clients.set(mid, client);
		return client;
	}

	/** PATCH (partial) or PUT (full) of a client. A `contacts` list deletes the contacts it omits. */
	updateClient(p: Partner, client: Client, body: unknown, partial: boolean): Client {
		if (!isObject(body)) {
			throw new ValidationError({
				non_field_errors: [`Invalid data. Expected a dictionary, but got ${typeName(body)}.`],
			});
		}
		const errors: FieldErrors = {};
		const externalId = charField(body.client_external_id, { allowBlank: true });
		if (externalId.error) errors.client_external_id = externalId.error;

		let contactMids: string[] | undefined;
		if (body.contacts === undefined) {
			if (!partial) errors.contacts = ['This field is required.'];
		} else if (!Array.isArray(body.contacts)) {
			errors.contacts = [`Expected a list of items but got type "${typeName(body.contacts)}".`];
		} else {
			const mids = body.contacts.map((url) => this.urls.parse(url, p.mid, 'contact'));
			if (mids.some((m) => m === undefined || !client.contactMids.includes(m))) {
				errors.contacts = ['Invalid hyperlink - Object does not exist.'];
			} else contactMids = mids as string[];
		}

		let defaultContactMid: string | null | undefined;
		if (body.default_contact !== undefined) {
			if (body.default_contact === null) defaultContactMid = null;
			else {
				const mid = this.urls.parse(body.default_contact, p.mid, 'contact');
				if (mid === undefined) errors.default_contact = ['Invalid hyperlink - No URL match.'];
				else if (!(contactMids ?? client.contactMids).includes(mid)) {
					errors.default_contact = ['Invalid hyperlink - Object does not exist.'];
				} else defaultContactMid = mid;
			}
		}

		const defaultClient = this.defaultClient(p, body.default_client, errors);
		if (Object.keys(errors).length) throw new ValidationError(errors);

		if (externalId.value !== undefined) client.client_external_id = externalId.value;
		if (contactMids !== undefined) {
			for (const mid of client.contactMids) if (!contactMids.includes(mid)) p.contacts.delete(mid);
			client.contactMids = contactMids;
			if (client.defaultContactMid !== null && !contactMids.includes(client.defaultContactMid)) {
				client.defaultContactMid = contactMids[0] ?? null;
			}
		}
		if (defaultContactMid !== undefined) client.defaultContactMid = defaultContactMid;
		if (defaultClient !== undefined) client.default_client = defaultClient;
		return client;
	}

	/** POST of a contact to the partner's contact list: `owner` names the client it belongs to. */
	createContact(p: Partner, body: unknown): Contact {
		if (!isObject(body)) {
			throw new ValidationError({
				non_field_errors: [`Invalid data. Expected a dictionary, but got ${typeName(body)}.`],
			});
		}
		const { owner, ...fields } = body;
		const ownerMid = this.urls.parse(owner, p.mid, 'client');
		const client = ownerMid === undefined ? undefined : p.clients.get(ownerMid);
		const { value, errors } = validateContact(fields);
		const all: FieldErrors = { ...(errors ?? {}) };
		if (owner === undefined) all.owner = ['This field is required.'];
		else if (!client) all.owner = ['Invalid hyperlink - Object does not exist.'];
		if (Object.keys(all).length) throw new ValidationError(all);
		const contact = { ...value!, mid: newMid(), ownerMid: client!.mid };
		p.contacts.set(contact.mid, contact);
		client!.contactMids.push(contact.mid);
		return contact;
	}

	/** PATCH of a contact: the sent fields over the stored ones, validated as a whole. */
	updateContact(contact: Contact, body: unknown): Contact {
		if (!isObject(body)) {
			throw new ValidationError({
				non_field_errors: [`Invalid data. Expected a dictionary, but got ${typeName(body)}.`],
			});
		}
		const { mid, ownerMid, ...stored } = contact;
		const { value, errors } = validateContact({ ...stored, ...body });
		if (errors) throw new ValidationError(errors);
		Object.assign(contact, value, { mid, ownerMid });
		return contact;
	}

	/** `default_client` must be the URL of an existing client of the same partner. */
	private defaultClient(p: Partner, value: unknown, errors: FieldErrors): string | undefined {
		if (value === undefined || value === null) return undefined;
		const target = this.urls.parse(value, p.mid, 'client');
		if (target === undefined) errors.default_client = ['Invalid hyperlink - No URL match.'];
		else if (!p.clients.has(target))
			errors.default_client = ['Invalid hyperlink - Object does not exist.'];
		else return value as string;
		return undefined;
	}

	/** Deletes a client; one that a document refers to cannot be deleted. */
	deleteClient(p: Partner, client: Client) {
		if ([...p.documents.values()].some((d) => d.clientMid === client.mid)) {
			throw new ValidationError({
				non_field_errors: ['This client cannot be deleted: documents refer to it.'],
			});
		}
		for (const mid of client.contactMids) p.contacts.delete(mid);
		p.clients.delete(client.mid);
	}
}
