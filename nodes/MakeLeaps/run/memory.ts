/**
 * The one store of what a run and its execution know: the reads its items share, what is worked
 * out once for all of them, the lists read once to find records by external ID (`clientIndex`,
 * `documentIndex`), records a list gave in full (`listed`), and what only names or explains (the
 * clients' and contacts' names for Simplify, the client filter's form MakeLeaps accepted, the partner looked
 * up once per execution and the partners the items chose), and the partners' tags.
 */
import type { IDataObject } from 'n8n-workflow';

import { clientList } from '../api/clients';
import { listDocuments } from '../api/documents';
import { listPartners, onlyPartner, type PartnerLookup } from '../api/accountPartners';
import { isRecord, linkedMid } from '../model/locators';
import { MAX_PAGE_SIZE, outcomeOf, type MakeLeapsTransport } from '../transport';
import { sharedPartnerLookup } from './partnerLookups';
import { RecordIndex, type IndexSpec } from './recordIndex';
import { SharedRead } from './sharedRead';
import { clientHints } from './client/clientHints';
import { byClient, clientFilterOf, filterFinds } from './document/clientFilter';
import { TagBook } from './tags';

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
	/** The partners' tags, read once when an item needs them (run/tags.ts), by partner. */
	private readonly tagBooks = new Map<string, TagBook>();
	/** How many different values the run's items give a parameter (run/client/clientHints.ts). */
	readonly distinctCounts = new Map<string, number>();
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
		return await this.sharedReadOf(key).get(read);
	}

	private sharedReadOf(key: string): SharedRead<IDataObject> {
		let shared = this.reads.get(key);
		if (!shared) this.reads.set(key, (shared = new SharedRead<IDataObject>(key)));
		return shared;
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

	/**
	 * The partner's clients by external ID, read once per run and shared by all items; what it
	 * reads and what the run writes are hints for later runs of the process (client/clientHints.ts).
	 */
	clientIndex(partnerMid: string): RecordIndex {
		const account = this.account(partnerMid);
		const spec = {
			key: 'client_external_id',
			noun: 'client',
			learnList: (records: readonly IDataObject[], readAt: number) =>
				clientHints.learnList(account, records, readAt),
			learn: (record: IDataObject) => clientHints.learn(account, record),
		};
		const query = { per_page: MAX_PAGE_SIZE, expand: 'contacts' };
		const load = async (itemIndex: number) =>
			await clientList(this.transport, partnerMid, query, Infinity, itemIndex);
		return this.index(`clients ${partnerMid}?${JSON.stringify(query)}`, load, spec);
	}

	/**
	 * A client's documents of one type by External ID (an External ID names a document within its
	 * client). They are read with the list's `client` filter, or taken from the type's whole list
	 * when the run's rows name so many clients that the whole list costs fewer pages (see
	 * `wholeDocumentList`). The type, the client and the first day asked for are checked again on
	 * every document that comes back: a filter ignored costs requests, never a record.
	 */
	documentIndex(
		partnerMid: string,
		type: string,
		since: string,
		clientMid: string,
		clientsInRun: number,
	): RecordIndex {
		const id = `documents ${partnerMid} ${type} ${since} of client ${clientMid}`;
		let index = this.indexes.get(id);
		if (index) return index;
		const whole = () => this.wholeDocumentList(partnerMid, type, since);
		const load = async (itemIndex: number) => {
			const all = await whole().get(async () => {
				const readAt = Date.now();
				const read = await this.readWhole(partnerMid, type, since, clientsInRun, itemIndex);
				return { ...read, readAt };
			});
			const records = all.records as IDataObject[] | undefined;
			if (records) return { records, readAt: all.readAt as number };
			const firstPage = all.firstPage as IDataObject[];
			return await this.clientDocuments(partnerMid, type, since, clientMid, itemIndex, firstPage);
		};
		const check = (document: IDataObject): boolean | string => {
			const typeAndDay = documentCheck(type, since)(document);
			if (typeAndDay !== true) return typeAndDay;
			if (document.client === undefined || document.client === null) return 'without their client';
			return linkedMid(document.client) === clientMid;
		};
		// a lookup after a lost answer reads the list afresh, whichever list it came from
		const forget = () => {
			whole().reset();
			this.sharedReadOf(wholeKey(partnerMid, type, since)).reset();
		};
		index = new RecordIndex(load, { key: 'external_id', noun: type, check }, forget);
		this.indexes.set(id, index);
		return index;
	}

	/**
	 * The type's whole list as this run read it for its clients' documents (`records` undefined when
	 * the run read each client's documents instead); none before the read.
	 */
	wholeDocumentList(partnerMid: string, type: string, since: string): SharedRead<IDataObject> {
		return this.sharedReadOf(`documents ${partnerMid} ${type} ${since}`);
	}

	/**
	 * The type's whole list, unless its first page announces more pages than the run has clients
	 * to look up one list each: then only that page, and each client's documents are read instead.
	 */
	private async readWhole(
		partnerMid: string,
		type: string,
		since: string,
		clientsInRun: number,
		itemIndex: number,
	): Promise<{ records?: IDataObject[]; firstPage?: IDataObject[] }> {
		let narrower = false;
		let firstPage: IDataObject[] = [];
		// a client filter seen to miss documents is not used: the whole list is read
		const narrowable = clientFilterOf(this.account(partnerMid)).finds !== false;
		const enough = (read: readonly IDataObject[], announced: number) => {
			if (read.length === 0 || read.length >= announced || narrower) return narrower;
			firstPage = [...read];
			// the pages still to read against one list (a page) per client of the run
			narrower = narrowable && clientsInRun < Math.ceil(announced / read.length) - 1;
			return narrower;
		};
		const query = documentQuery(type, since);
		const records = await listDocuments(
			this.transport,
			partnerMid,
			query,
			Infinity,
			itemIndex,
			enough,
		);
		return narrower ? { firstPage } : { records };
	}

	/**
	 * One client's documents of a type, the `client` filter in the form MakeLeaps accepts; the
	 * type's whole list (checked again by the index) when the filter is not known to find a
	 * client's documents, or both forms are refused (clientFilter.ts).
	 */
	private async clientDocuments(
		partnerMid: string,
		type: string,
		since: string,
		clientMid: string,
		itemIndex: number,
		firstPage: IDataObject[],
	): Promise<IDataObject[]> {
		const account = this.account(partnerMid);
		const query = documentQuery(type, since);
		const read = async ({ client }: { client?: string }, limit: number) => {
			if (client === undefined)
				return await listDocuments(this.transport, partnerMid, query, limit, itemIndex);
			const found = await byClient(
				account,
				this.transport.baseUrl,
				partnerMid,
				client,
				async (form) =>
					await listDocuments(
						this.transport,
						partnerMid,
						{ ...query, client: form },
						limit,
						itemIndex,
					),
			);
			if (!found.ok) throw found.refusal;
			return found.value;
		};
		const whole = async () =>
			(
				await this.sharedRead(wholeKey(partnerMid, type, since), async () => ({
					records: await read({}, Infinity),
				}))
			).records as IDataObject[];
		if (clientFilterOf(account).finds === false) return await whole();
		const filtered = await outcomeOf(read({ client: clientMid }, Infinity));
		if (!filtered.ok) {
			if ((filtered.error as { httpCode?: string }).httpCode !== '400') throw filtered.error;
			return await whole();
		}
		const clientOf = (document: IDataObject) =>
			document.client === undefined || document.client === null
				? undefined
				: linkedMid(document.client);
		const finds = await filterFinds(account, clientMid, filtered.value, firstPage, read, clientOf);
		return finds === true ? filtered.value : await whole();
	}

	/** One MakeLeaps account: the service and the partner, whichever API key reads it. */
	account(partnerMid: string): string {
		return `${this.transport.baseUrl}\n${partnerMid}`;
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

	/** The item's partner when the run already knows it (chosen, or looked up), without a read. */
	async knownPartner(itemIndex: number): Promise<string | undefined> {
		const chosen = this.chosenPartners.get(itemIndex);
		if (chosen !== undefined) return chosen;
		return (await this.partner.current()?.catch(() => undefined))?.mid;
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

	/** The index under `id`, made with `load` (a list of api/) the first time. */
	private index(
		id: string,
		load: (itemIndex: number) => Promise<IDataObject[]>,
		spec: IndexSpec,
	): RecordIndex {
		let index = this.indexes.get(id);
		if (!index) {
			index = new RecordIndex(load, spec);
			this.indexes.set(id, index);
		}
		return index;
	}
}

/** The type's whole list, read when the client filter cannot be trusted (clientFilter.ts). */
const wholeKey = (partnerMid: string, type: string, since: string) =>
	`documents ${partnerMid} ${type} ${since} whole`;

/** A document list's query: its type, and its first day when one is asked for. */
const documentQuery = (type: string, since: string) => ({
	document_type: type,
	...(since ? { date__gte: since } : {}),
});

/** Whether a listed document is of the type and from the first day asked for, or what it lacks. */
export function documentCheck(type: string, since: string) {
	return (document: IDataObject): boolean | string => {
		if (typeof document.document_type !== 'string') return 'without their document_type';
		if (document.document_type !== type) return false;
		if (!since) return true;
		const day = typeof document.date === 'string' ? document.date.slice(0, 10) : '';
		if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return 'without their date';
		return day >= since;
	};
}
