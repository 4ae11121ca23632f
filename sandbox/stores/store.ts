/**
 * The partners' accounts, one store per resource (partners, clients, contacts, the line item
 * catalog, tags) on the same URLs. Documents and sending orders have their own stores beside it.
 */
import { ClientStore } from './clients';
import { ContactStore } from './contacts';
import { CatalogStore } from './items';
import { PartnerStore } from './partners';
import type { Client, Contact, Partner } from './records';
import { TagStore } from './tags';
import type { Urls } from './urls';

export class Store {
	readonly partners: PartnerStore;
	readonly contacts: ContactStore;
	readonly clients: ClientStore;
	readonly catalog: CatalogStore;
	readonly tags: TagStore;

	constructor(readonly urls: Urls) {
		this.partners = new PartnerStore(urls);
		this.contacts = new ContactStore(urls);
		this.clients = new ClientStore(urls, this.contacts);
		this.catalog = new CatalogStore(urls);
		this.tags = new TagStore(urls);
	}

	/** Changes a contact directly, as a user does in MakeLeaps (tests change records this way). */
	updateContact(contact: Contact, body: unknown): Contact {
		return this.contacts.update(contact, body);
	}

	/** Deletes a client directly, as a user does in MakeLeaps. */
	deleteClient(p: Partner, client: Client) {
		this.clients.delete(p, client);
	}
}
