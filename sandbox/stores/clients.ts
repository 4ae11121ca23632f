/**
 * The clients of each partner: create (with their contacts), change, delete, search, and answer
 * as the API gives them. A client's contacts are kept by the contact store.
 */
import { validateContact } from '../rules/contacts';
import {
	charField,
	eachItem,
	notAList,
	objectBody,
	ValidationError,
	type FieldErrors,
} from '../rules/fields';
import type { ContactStore } from './contacts';
import { newMid, type Client, type NewContact, type Partner } from './records';
import type { Urls } from './urls';

const noObject = () => ['Invalid hyperlink - Object does not exist.'];
const noUrlMatch = () => ['Invalid hyperlink - No URL match.'];

export class ClientStore {
	constructor(
		private readonly urls: Urls,
		private readonly contacts: ContactStore,
	) {}

	create(p: Partner, body: unknown): Client {
		const fields = objectBody(body);
		const errors: FieldErrors = {};
		const externalId = charField(fields.client_external_id, { allowBlank: true });
		if (externalId.error) errors.client_external_id = externalId.error;
		const contacts = this.newContacts(fields.contacts, errors);
		const mid = newMid();
		const defaultClient = this.defaultClient(p, fields.default_client, errors);
		if (Object.keys(errors).length) throw new ValidationError(errors);

		const client: Client = {
			mid,
			client_external_id: externalId.value ?? '',
			contactMids: [],
			defaultContactMid: null,
			default_client: defaultClient,
			date_archived: null,
		};
		client.contactMids = this.contacts.addAll(p, mid, contacts);
		client.defaultContactMid = client.contactMids[0] ?? null;
		p.clients.set(mid, client);
		return client;
	}

	/** PATCH (partial) or PUT (full) of a client. A `contacts` list deletes the contacts it omits. */
	update(p: Partner, client: Client, body: unknown, partial: boolean): Client {
		const fields = objectBody(body);
		const errors: FieldErrors = {};
		const externalId = charField(fields.client_external_id, { allowBlank: true });
		if (externalId.error) errors.client_external_id = externalId.error;
		const contactMids = this.keptContacts(p, client, fields.contacts, partial, errors);
		const defaultContactMid = this.defaultContact(
			p,
			fields.default_contact,
			contactMids ?? client.contactMids,
			errors,
		);
		const defaultClient = this.defaultClient(p, fields.default_client, errors);
		if (Object.keys(errors).length) throw new ValidationError(errors);

		if (externalId.value !== undefined) client.client_external_id = externalId.value;
		if (contactMids !== undefined) this.keepContacts(p, client, contactMids);
		if (defaultContactMid !== undefined) client.defaultContactMid = defaultContactMid;
		if (defaultClient !== undefined) client.default_client = defaultClient;
		return client;
	}

	/** Deletes a client; one that a document refers to cannot be deleted. */
	delete(p: Partner, client: Client) {
		if ([...p.documents.values()].some((d) => d.clientMid === client.mid)) {
			throw new ValidationError({
				non_field_errors: ['This client cannot be deleted: documents refer to it.'],
			});
		}
		for (const mid of client.contactMids) p.contacts.delete(mid);
		p.clients.delete(client.mid);
	}

	displayName(p: Partner, client: Client): string {
		const contacts = client.contactMids.map((mid) => p.contacts.get(mid)!).filter(Boolean);
		const organization = contacts.find((c) => c.contact_type === 'organization');
		if (organization) return organization.name;
		const first = contacts[0];
		return first ? [first.given_name, first.family_name].filter(Boolean).join(' ') : '';
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

	json(p: Partner, client: Client, expand: string[] = []) {
		const contactOf = (mid: string, field: string) =>
			expand.includes(field)
				? this.contacts.json(p, p.contacts.get(mid)!)
				: this.urls.contact(p.mid, mid);
		const contacts = client.contactMids.map((mid) => p.contacts.get(mid)!);
		return {
			url: this.urls.client(p.mid, client.mid),
			mid: client.mid,
			display_name: this.displayName(p, client),
			organization_type: 'client',
			is_organization: contacts.some((c) => c.contact_type === 'organization'),
			date_archived: client.date_archived,
			client_external_id: client.client_external_id,
			contacts: client.contactMids.map((mid) => contactOf(mid, 'contacts')),
			default_contact:
				client.defaultContactMid === null
					? null
					: contactOf(client.defaultContactMid, 'default_contact'),
			...(client.default_client !== undefined ? { default_client: client.default_client } : {}),
			managing_teams: [],
			default_presets: [],
		};
	}

	/** The contacts a new client comes with: at least one, each a valid contact. */
	private newContacts(raw: unknown, errors: FieldErrors): NewContact[] {
		if (raw === undefined) errors.contacts = ['This field is required.'];
		else if (!Array.isArray(raw)) errors.contacts = notAList(raw);
		else if (raw.length === 0) errors.contacts = ['This list may not be empty.'];
		else {
			const contacts = eachItem(raw, validateContact);
			if (contacts.error) errors.contacts = contacts.error;
			return contacts.value ?? [];
		}
		return [];
	}

	/** The contacts a change keeps (URLs of the client's own contacts); undefined when not given. */
	private keptContacts(
		p: Partner,
		client: Client,
		raw: unknown,
		partial: boolean,
		errors: FieldErrors,
	): string[] | undefined {
		if (raw === undefined) {
			if (!partial) errors.contacts = ['This field is required.'];
		} else if (!Array.isArray(raw)) {
			errors.contacts = notAList(raw);
		} else {
			const mids = raw.map((url) => this.urls.parse(url, p.mid, 'contact'));
			if (mids.some((m) => m === undefined || !client.contactMids.includes(m))) {
				errors.contacts = noObject();
			} else return mids as string[];
		}
		return undefined;
	}

	/** Keeps only the listed contacts; the default moves to the first when it was dropped. */
	private keepContacts(p: Partner, client: Client, contactMids: string[]) {
		for (const mid of client.contactMids) if (!contactMids.includes(mid)) p.contacts.delete(mid);
		client.contactMids = contactMids;
		if (client.defaultContactMid !== null && !contactMids.includes(client.defaultContactMid)) {
			client.defaultContactMid = contactMids[0] ?? null;
		}
	}

	/** The default contact a change names: null, or one of the client's contacts. */
	private defaultContact(
		p: Partner,
		value: unknown,
		contactMids: string[],
		errors: FieldErrors,
	): string | null | undefined {
		if (value === undefined) return undefined;
		if (value === null) return null;
		const mid = this.urls.parse(value, p.mid, 'contact');
		if (mid === undefined) errors.default_contact = noUrlMatch();
		else if (!contactMids.includes(mid)) errors.default_contact = noObject();
		else return mid;
		return undefined;
	}

	/** `default_client` must be the URL of an existing client of the same partner. */
	private defaultClient(p: Partner, value: unknown, errors: FieldErrors): string | undefined {
		if (value === undefined || value === null) return undefined;
		const target = this.urls.parse(value, p.mid, 'client');
		if (target === undefined) errors.default_client = noUrlMatch();
		else if (!p.clients.has(target)) errors.default_client = noObject();
		else return value as string;
		return undefined;
	}
}
