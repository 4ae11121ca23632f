/**
 * The one store of what a run and its execution know: the reads its items share, what is worked
 * out once for all of them, the lists read once to find records by external ID (`clientIndex`,
 * `documentIndex`), records a list gave in full (`listed`), and what only names or explains (the
 * clients' and contacts' names for Simplify, the client filter's form MakeLeaps accepted, the partner looked
 * up once per execution and the partners the items chose), and the partners' tags.
 */
import type { IDataObject } from 'n8n-workflow';

import { clientsPath } from '../api/clients';
import { documentsPath } from '../api/documents';
import { listPartners, onlyPartner, type PartnerLookup } from '../api/accountPartners';
import { isRecord } from '../model/locators';
import { MAX_PAGE_SIZE, outcomeOf, type MakeLeapsTransport } from '../transport';
import { sharedPartnerLookup } from './partnerLookups';
import { RecordIndex, type IndexSpec } from './recordIndex';
import { SharedRead } from './sharedRead';
import { TagBook } from './tag/tagBook';

/** What the run and its execution know. Knowledge never decides a write: a write rests on what this run read. */
export class RunMemory {
	/** The reads the items share, by what they read (`client 123`, a sending order's URL). */
	private readonly reads = new Map<string, SharedRead<IDataObject>>();
	/** What is worked out once for all the items (Send's batches, a type's default template). */
	private readonly work = new Map<string, Promise<unknown>>();
	/** The lists read once to find records by external ID, by path and query. */
	private readonly indexes = new Map<string, RecordIndex>();
	/** Records found in one list read for the run's items, by kind and MID (`contact 123`). */
	readonly listed = new Map<string, IDataObject>();
	/** The names of the clients and contacts the run read, by kind and MID (`client 123`). */
	private readonly names = new Map<string, string>();
	/** The partners' tags, read once when an item needs them (run/tag/), by partner. */
	private readonly tagBooks = new Map<string, TagBook>();
	/** The form of the document list's client filter MakeLeaps accepted in this run. */
	clientFilterForm?: 'mid' | 'url';
	/** The partner each item chose in Partner (not the key's only partner looked up). */
	readonly chosenPartners = new Map<number, string>();
	/** The API key's only partner, looked up once per execution and credential. */
	private readonly partner: SharedRead<PartnerLookup>;
	private readonly partners = new SharedRead<IDataObject>('The partners of the API key');

	constructor(
		readonly transport: MakeLeapsTransport,
		executionId: string | undefined,
	) {
		this.partner = executionId
			? sharedPartnerLookup(`${executionId}\n${transport.account}`)
			: new SharedRead('The partner of the API key');
	}

	/** A read made once per run (such as a client every row of an import refers to). */
	async sharedRead(key: string, read: () => Promise<IDataObject>): Promise<IDataObject> {
		let shared = this.reads.get(key);
		if (!shared) this.reads.set(key, (shared = new SharedRead<IDataObject>(key)));
		return await shared.get(read);
	}

	/** Works `work` out once for all the items of the run; every item waits for its result. */
	async forAllItems<T>(key: string, work: () => Promise<T>): Promise<T> {
		if (!this.work.has(key)) this.work.set(key, work());
		return (await this.work.get(key)) as T;
	}

	/** What `forAllItems` works out under `key`, once begun; else undefined. */
	workedOut<T>(key: string): Promise<T> | undefined {
		return this.work.get(key) as Promise<T> | undefined;
	}

	/** The partner's clients by external ID, read once per run and shared by all items. */
	clientIndex(partnerMid: string): RecordIndex {
		const spec = { key: 'client_external_id', noun: 'client' };
		return this.index(clientsPath(partnerMid), { expand: 'contacts' }, spec);
	}

	/**
	 * The partner's documents of one type by external ID (see the README for the cost). The type
	 * and the first day asked for are checked again on every document that comes back.
	 */
	documentIndex(partnerMid: string, type: string, since = ''): RecordIndex {
		const qs = { document_type: type, ...(since ? { date__gte: since } : {}) };
		const check = (document: IDataObject): boolean | string => {
			if (typeof document.document_type !== 'string') return 'without their document_type';
			if (document.document_type !== type) return false;
			if (!since) return true;
			const day = typeof document.date === 'string' ? document.date.slice(0, 10) : '';
			if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return 'without their date';
			return day >= since;
		};
		return this.index(documentsPath(partnerMid), qs, { key: 'external_id', noun: type, check });
	}

	/**
	 * Remembers the name of a client the run read (a record given in full), and of its contacts
	 * given in full, for Simplify and previews.
	 */
	noteClient(client: unknown): void {
		if (!isRecord(client)) return;
		this.noteName('client', client.mid, client.display_name);
		// a row that gives the client By External ID is named by it too (a preview's would-fail row)
		this.noteName('clientExternalId', client.client_external_id, client.display_name);
		const contacts = Array.isArray(client.contacts) ? client.contacts : [];
		for (const contact of [...contacts, client.default_contact].filter(isRecord))
			this.noteName('contact', contact.mid, contact.display_name || contact.name);
	}

	/** Remembers a record's name, by kind and MID (or a client's External ID), when it has both. */
	noteName(kind: 'client' | 'contact' | 'clientExternalId', mid: unknown, name: unknown): void {
		if (mid === undefined || mid === null || typeof name !== 'string' || name === '') return;
		this.names.set(`${kind} ${String(mid)}`, name);
	}

	/** The name the run knows of a linked record, without a read (clients, contacts and tags). */
	nameOf(kind: string, mid: string): string | undefined {
		if (kind === 'tag')
			return [...this.tagBooks.values()].map((book) => book.known?.nameOfMid(mid)).find(Boolean);
		return this.names.get(`${kind} ${mid}`);
	}

	/** The partner's tags as the run knows them (the list read once, the tags made since). */
	tagBook(partnerMid: string): TagBook {
		let book = this.tagBooks.get(partnerMid);
		if (!book) this.tagBooks.set(partnerMid, (book = new TagBook(this.transport, partnerMid)));
		return book;
	}

	/** The API key's only partner, looked up once per execution and credential. */
	async onlyPartner(itemIndex: number): Promise<PartnerLookup> {
		return await this.partner.get(async () => await onlyPartner(this.transport, itemIndex));
	}

	/**
	 * Why an item's chosen Partner is wrong, when MakeLeaps refused a request of the item (403 or
	 * 404) and the partner is not among the API key's partners: the message names those. A listing
	 * that fails explains nothing and changes nothing.
	 */
	async partnerProblem(itemIndex: number): Promise<string | undefined> {
		const chosen = this.chosenPartners.get(itemIndex);
		if (chosen === undefined) return undefined;
		const listed = await outcomeOf(
			this.partners.get(async () => ({ list: await listPartners(this.transport, itemIndex) })),
		);
		if (!listed.ok) return undefined;
		const partners = listed.value.list as Array<{ name: string; mid: string }>;
		if (partners.length === 0 || partners.some((partner) => partner.mid === chosen))
			return undefined;
		const named = partners.map((partner) => `${partner.name} (${partner.mid})`).join(', ');
		return `Partner ${chosen} is not a partner of this API key, which reaches ${named}`;
	}

	private index(path: string, qs: IDataObject, spec: IndexSpec): RecordIndex {
		const id = `${path}?${JSON.stringify(qs)}`;
		let index = this.indexes.get(id);
		if (!index) {
			const query = { per_page: MAX_PAGE_SIZE, ...qs };
			const load = async (itemIndex: number) =>
				await this.transport.getAll<IDataObject>(path, query, Infinity, itemIndex);
			index = new RecordIndex(load, spec);
			this.indexes.set(id, index);
		}
		return index;
	}
}
