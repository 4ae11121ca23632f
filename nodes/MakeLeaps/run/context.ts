/**
 * What an operation works with. A RunContext lives for one execution of the node (the transport
 * and what is read once per run); an OperationContext is the one handle an operation gets for
 * one item: its parameters, checked, and requests made on its behalf.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeParameterResourceLocator,
	INodeProperties,
} from 'n8n-workflow';

import {
	MAX_PAGE_SIZE,
	outcomeOf,
	type Envelope,
	type MakeLeapsTransport,
	type RequestOptions,
} from '../transport';
import { RecordIndex, type IndexSpec } from './recordIndex';
import { createdRecords, type CreatedEntry } from './turns';
import { readFieldValues, type FieldTable, type FieldValues } from '../model/fields';
import { clientMidOf, clientsUrl, clientUrl, isRecord, pickedMid } from '../model/locators';
import { mappedKey, mappedValue } from './parameters';
import { listPartners, onlyPartner, type PartnerLookup } from '../api/accountPartners';
import { sharedPartnerLookup } from './partnerLookups';
import { carryOut, previewOf, type Plan } from '../model/plans';
import { SharedRead } from './sharedRead';
import { checkCount, checkFlag, checkMid, checkText, InvalidInput } from '../model/validation';

/** What a run changed in MakeLeaps, so that an error stopping it can say so. */
export interface RunWrites {
	created: string[];
	updated: string[];
	deleted: string[];
	/** Documents sent (by the MID of the document). */
	sent: string[];
}

export class RunContext {
	private readonly partner: SharedRead<PartnerLookup>;
	private readonly indexes = new Map<string, RecordIndex>();
	private readonly reads = new Map<string, SharedRead<IDataObject>>();
	/** Per parameter name, the item key it is mapped from, or null (see mappedField.ts). */
	private readonly mappedKeys = new Map<string, string | null>();
	/** In a preview, the records earlier items would create, by scope and external ID. */
	private readonly planned = new Map<string, IDataObject>();
	readonly writes: RunWrites = { created: [], updated: [], deleted: [], sent: [] };
	/** When the run began. */
	readonly startedAt = Date.now();
	/** The form of the document list's client filter MakeLeaps accepted in this run. */
	clientFilterForm?: 'mid' | 'url';
	/** Items grouped by an option's value (Group Rows By), worked out once per run. */
	readonly groups = new Map<string, Map<string, number[]>>();
	/** What this run created a record from, by scope and external ID: a later row the same needs no read. */
	readonly createdFrom = new Map<string, string>();
	/** What an operation works out once for all the items of the run (Send's batches). */
	readonly plans = new Map<string, Promise<unknown>>();
	/** Records found in one list read for the run's items, by kind and MID (`contact 123`). */
	readonly listed = new Map<string, IDataObject>();
	/** The partner each item chose in Partner (not the key's only partner looked up). */
	readonly chosenPartners = new Map<number, string>();
	/** The names of the clients the run read, by MID: Simplify names a document's client by them. */
	private readonly clientNames = new Map<string, string>();
	private readonly partners = new SharedRead<IDataObject>('The partners of the API key');

	constructor(
		readonly n8n: IExecuteFunctions,
		readonly transport: MakeLeapsTransport,
		/** Preview Only: read and decide, write nothing (see plans.ts). */
		readonly preview = false,
	) {
		const executionId = n8n.getExecutionId?.();
		this.partner = executionId
			? sharedPartnerLookup(`${executionId}\n${transport.account}`)
			: new SharedRead('The partner of the API key');
	}

	/**
	 * A parameter of an item: read from the item when the parameter only maps one of its keys,
	 * else as n8n gives it (an expression's result can be of any type).
	 */
	parameter(name: string, itemIndex: number, fallback?: unknown): unknown {
		let key = this.mappedKeys.get(name);
		if (key === undefined) {
			const raw = this.n8n.getNodeParameter(name, 0, '', { rawExpressions: true });
			this.mappedKeys.set(name, (key = mappedKey(raw) ?? null));
		}
		if (key !== null) {
			const mapped = mappedValue(this.n8n.getInputData()[itemIndex]?.json, key);
			if (mapped.found) return mapped.value;
		}
		return this.n8n.getNodeParameter(name, itemIndex, fallback) as unknown;
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

	/** Remembers the name of a client the run read (a record given in full), for Simplify. */
	noteClient(client: unknown): void {
		if (!isRecord(client) || client.mid === undefined || client.mid === null) return;
		const name = client.display_name;
		if (typeof name === 'string' && name !== '') this.clientNames.set(String(client.mid), name);
	}

	/** The name the run knows of a linked record, without a read (clients only). */
	nameOf(kind: string, mid: string): string | undefined {
		return kind === 'client' ? this.clientNames.get(mid) : undefined;
	}

	/** Records a record this run created, updated or deleted (by MID). */
	recordWrite(kind: keyof RunWrites, mid: unknown): void {
		if (mid !== undefined && mid !== null) this.writes[kind].push(String(mid));
	}

	/**
	 * Create or Update's share of what every run in this process created, for one kind of record
	 * (`scope`: the partner and "client" or a document type), looked up beside `index`; without an
	 * index (the records are read in each turn), since this run began.
	 */
	imports(scope: string, index?: RecordIndex) {
		const prefix = `${this.transport.account}\n${scope}\n`;
		return {
			oneAtATime: async <T>(key: string, task: () => Promise<T>) =>
				await createdRecords.oneAtATime(prefix + key, task),
			recordCreated: (key: string, record: IDataObject) =>
				createdRecords.record(prefix + key, { record, at: Date.now() }),
			recordUncertain: (key: string) =>
				createdRecords.record(prefix + key, { uncertain: true, at: Date.now() }),
			/**
			 * A create by any run since this run first read the list; in a preview, also the record
			 * an earlier item of this run would create (`planned`).
			 */
			earlierCreate: (key: string): CreatedEntry | undefined => {
				const planned = this.planned.get(prefix + key);
				if (planned) return { record: planned, at: Date.now() };
				const since = index ? (index.firstReadAt ?? Date.now()) : this.startedAt;
				return createdRecords.since(prefix + key, since);
			},
			/** In a preview, the record this item would create, for later items with its key. */
			recordPlanned: (key: string, record: IDataObject) => {
				if (this.preview) this.planned.set(prefix + key, record);
			},
		};
	}

	/** Works `work` out once for all the items of the run; every item waits for it. */
	async plan(key: string, work: () => Promise<unknown>): Promise<void> {
		if (!this.plans.has(key)) this.plans.set(key, work());
		await this.plans.get(key);
	}

	/** A read made once per run (such as a client every row of an import refers to). */
	async once(key: string, read: () => Promise<IDataObject>): Promise<IDataObject> {
		let shared = this.reads.get(key);
		if (!shared) this.reads.set(key, (shared = new SharedRead<IDataObject>(key)));
		return await shared.get(read);
	}

	/** The partner's clients by external ID, read once per run and shared by all items. */
	clientIndex(partnerMid: string): RecordIndex {
		const path = `/api/partner/${partnerMid}/client/`;
		return this.index(path, { expand: 'contacts' }, { key: 'client_external_id', noun: 'client' });
	}

	/**
	 * The partner's documents of one type by external ID (see the README for the cost). The type
	 * and the first day asked for are checked again on every document that comes back.
	 */
	documentIndex(partnerMid: string, type: string, since = ''): RecordIndex {
		const path = `/api/partner/${partnerMid}/document/`;
		const qs = { document_type: type, ...(since ? { date__gte: since } : {}) };
		const check = (document: IDataObject): boolean | string => {
			if (typeof document.document_type !== 'string') return 'without their document_type';
			if (document.document_type !== type) return false;
			if (!since) return true;
			const day = typeof document.date === 'string' ? document.date.slice(0, 10) : '';
			if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return 'without their date';
			return day >= since;
		};
		return this.index(path, qs, { key: 'external_id', noun: type, check });
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

export class OperationContext {
	/** The input items whose lines this item's document takes: itself, or its whole group. */
	group: number[];
	/**
	 * The contacts of the client this item created or changed, as the node sent or read them:
	 * Simplify names them when MakeLeaps answers the client with its contacts as links.
	 */
	contactsKnown?: IDataObject[];
	/** The document the item's outcome is about, as the run read it: Simplify names it (Send). */
	documentKnown?: IDataObject;
	/** Whether the item's output goes out as a flat row (Simplify): set before the operation runs. */
	simplify = false;

	constructor(
		readonly run: RunContext,
		readonly itemIndex: number,
		/** The properties of the operation, to name a parameter the way the editor shows it. */
		private readonly properties: INodeProperties[],
	) {
		this.group = [itemIndex];
	}

	/** The handle of another item of the run, to read its parameters. */
	forItem(itemIndex: number): OperationContext {
		return new OperationContext(this.run, itemIndex, this.properties);
	}

	/**
	 * What each item of the run from `from` on names (a document's MID, a client), for a read
	 * shared by them; an item that cannot name it yet is left out and fails on its own turn.
	 */
	async namedByItems<T>(name: (item: OperationContext) => Promise<T>, from = 0): Promise<T[]> {
		const named: T[] = [];
		const count = this.run.n8n.getInputData().length;
		for (let item = from; item < count; item++) {
			const result = await outcomeOf(name(this.forItem(item)));
			if (result.ok) named.push(result.value);
		}
		return named;
	}

	/**
	 * The items whose option `path` (such as `options.groupBy`) gives the same value as this
	 * item's, in input order; undefined when this item gives none. Worked out once per run. An
	 * item whose value is refused (or whose expression fails) is in no group: it fails on its own
	 * turn, and only it.
	 */
	groupOf(path: string): number[] | undefined {
		const [name, option] = path.split('.');
		const keyOf = (item: OperationContext) =>
			checkText(item.collection(name)[option], this.label(path));
		let groups = this.run.groups.get(path);
		if (!groups) {
			groups = new Map();
			const count = this.run.n8n.getInputData().length;
			for (let item = 0; item < count; item++) {
				let key: string;
				try {
					key = keyOf(this.forItem(item));
				} catch {
					continue; // the item's own turn reads its value again and fails with it
				}
				if (!key) continue;
				const members = groups.get(key);
				if (members) members.push(item);
				else groups.set(key, [item]);
			}
			this.run.groups.set(path, groups);
		}
		const key = keyOf(this);
		return key ? groups.get(key) : undefined;
	}

	/** Refuses the item's input: the router adds the item and turns it into an n8n error. */
	fail(message: string, description?: string): never {
		throw new InvalidInput(message, description);
	}

	/** A parameter as n8n gives it (an expression's result can be of any type). */
	parameter(name: string, fallback?: unknown): unknown {
		return this.run.parameter(name, this.itemIndex, fallback);
	}

	/** Carries out what was decided for the item or, with Preview Only, says what it would do. */
	async settle(plan: Plan): Promise<IDataObject> {
		return this.run.preview ? previewOf(plan) : await carryOut(plan);
	}

	/** A text parameter, trimmed and checked. */
	text(name: string): string {
		return checkText(this.parameter(name, ''), this.label(name));
	}

	/** A collection parameter (Options, Filters, Update Fields). */
	collection(name: string): IDataObject {
		const value = this.parameter(name, {});
		return typeof value === 'object' && value !== null ? (value as IDataObject) : {};
	}

	/** A yes/no parameter (`filters.archived` reads an option of a collection). */
	flag(path: string, fallback = false): boolean {
		const [name, option] = path.split('.');
		const value =
			option === undefined ? this.parameter(name, fallback) : this.collection(name)[option];
		return checkFlag(value, this.label(path), fallback);
	}

	/** The checked values of a field table for this item, by API path. */
	fieldValues(table: FieldTable): FieldValues {
		const additional = this.collection(table.additional.name);
		return readFieldValues(table, (spec) =>
			spec.section === 'main' ? this.parameter(spec.name, '') : additional[spec.name],
		);
	}

	/** The partner of the item; the API key's only partner when none was chosen. */
	async partnerMid(): Promise<string> {
		const locator = this.parameter('partner') as INodeParameterResourceLocator | undefined;
		if (locator?.value !== '' && locator?.value !== undefined) {
			const mid = checkMid(locator.value, 'Partner');
			this.run.chosenPartners.set(this.itemIndex, mid);
			return mid;
		}
		const found = await this.run.onlyPartner(this.itemIndex);
		if (found.problem !== undefined) this.fail(found.problem, 'Choose the partner in Partner');
		return found.mid;
	}

	/**
	 * The client MID a client locator parameter names: from the list, by URL, by ID, or by
	 * External ID (looked up in the client list, read once per run).
	 */
	async clientMid(name: string, partnerMid: string): Promise<string> {
		const locator = this.parameter(name) as INodeParameterResourceLocator | undefined;
		return await this.clientMidOfPicked(locator, this.label(name), partnerMid);
	}

	/** The client MID of a picker's value (a locator, or a MID or URL from an expression). */
	async clientMidOfPicked(picked: unknown, label: string, partnerMid: string): Promise<string> {
		const locator = picked as INodeParameterResourceLocator | undefined;
		if (locator?.mode !== 'externalId') {
			const { baseUrl } = this.run.transport;
			return typeof picked === 'object' && picked !== null && locator?.mode !== undefined
				? clientMidOf(locator, label, baseUrl, partnerMid)
				: pickedMid(picked, label, clientsUrl(baseUrl, partnerMid), 'client');
		}
		const externalId = checkText(locator.value, label);
		if (!externalId) this.fail(`${label} is empty`);
		const found = await this.run.clientIndex(partnerMid).find(externalId, this.itemIndex);
		if (found.length === 0)
			this.fail(`MakeLeaps has no client with Client External ID "${externalId}"`);
		if (found.length > 1) {
			this.fail(
				`${found.length} clients have Client External ID "${externalId}"`,
				`Pick the client by ID instead: ${found.map((client) => String(client.mid)).join(', ')}`,
			);
		}
		const mid = checkMid(found[0].mid, label);
		this.run.noteClient(found[0]);
		// the listed client stands for a read of it (a new document's default contact), when the
		// list gave what that read is for
		if (found[0].default_contact) await this.run.once(`client ${mid}`, async () => found[0]);
		return mid;
	}

	clientUrl(partnerMid: string, clientMid: string): string {
		return clientUrl(this.run.transport.baseUrl, partnerMid, clientMid);
	}

	/** A request on behalf of this item: errors name it. */
	async request<T = IDataObject>(
		method: IHttpRequestMethods,
		path: string,
		options: Omit<RequestOptions, 'itemIndex'> = {},
	): Promise<Envelope<T>> {
		return await this.run.transport.request<T>(method, path, {
			...options,
			itemIndex: this.itemIndex,
		});
	}

	/** How many records Return All / Limit ask for (Infinity: all). */
	listLimit(): number {
		return this.flag('returnAll')
			? Infinity
			: checkCount(this.parameter('limit', 50), this.label('limit'), 1);
	}

	/** A list read as Return All / Limit ask, following `meta.next` across pages. */
	async readList(path: string, qs: IDataObject = {}): Promise<IDataObject[]> {
		const limit = this.listLimit();
		const query = { ...qs, per_page: Math.min(limit, MAX_PAGE_SIZE) };
		return await this.run.transport.getAll<IDataObject>(path, query, limit, this.itemIndex);
	}

	/** The editor's name of a parameter (`filters.search` → Search). */
	label(path: string): string {
		const [name, option] = path.split('.');
		const found = this.properties.find((property) => property.name === name);
		if (option === undefined) return found?.displayName ?? name;
		const options = (found?.options ?? []) as INodeProperties[];
		return options.find((candidate) => candidate.name === option)?.displayName ?? option;
	}
}
