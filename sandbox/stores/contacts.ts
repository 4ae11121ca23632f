/** The contacts of each partner's clients: create, change, and answer as the API gives them. */
import { objectBody, ValidationError, type FieldErrors } from '../rules/fields';
import { validateContact } from '../rules/contacts';
import { newMid, type Contact, type NewContact, type Partner } from './records';
import type { Urls } from './urls';

export class ContactStore {
	constructor(private readonly urls: Urls) {}

	/** Stores contacts given inline with a client, in order; answers their MIDs. */
	addAll(p: Partner, ownerMid: string, contacts: NewContact[]): string[] {
		return contacts.map((contact) => {
			const mid = newMid();
			p.contacts.set(mid, { ...contact, mid, ownerMid });
			return mid;
		});
	}

	/** POST of a contact to the partner's contact list: `owner` names the client it belongs to. */
	create(p: Partner, body: unknown): Contact {
		const { owner, ...fields } = objectBody(body);
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
	update(contact: Contact, body: unknown): Contact {
		const changes = objectBody(body);
		const { mid, ownerMid, ...stored } = contact;
		const { value, errors } = validateContact({ ...stored, ...changes });
		if (errors) throw new ValidationError(errors);
		Object.assign(contact, value, { mid, ownerMid });
		return contact;
	}

	json(p: Partner, c: Contact) {
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
}
