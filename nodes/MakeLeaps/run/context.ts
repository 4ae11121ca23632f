/**
 * What an operation works with for one item: the OperationContext, its one handle on the item's
 * parameters (read and checked, named as the editor shows them), its partner and client, and the
 * requests made on its behalf. The run it belongs to is `op.run` (runContext.ts).
 */
import type {
	IBinaryData,
	IDataObject,
	IHttpRequestMethods,
	INodeExecutionData,
	INodeParameterResourceLocator,
	INodeProperties,
} from 'n8n-workflow';

import { requestFor } from '../api/requests';
import { outcomeOf, type Envelope, type RequestOptions } from '../transport';
import { readFieldValues, type FieldTable, type FieldValues } from '../model/fields';
import { clientMidOf, clientsUrl, clientUrl, pickedMid, pickedValue } from '../model/locators';
import { carryOut, previewOf, type Plan } from '../model/plans';
import { checkCount, checkFlag, checkMid, checkText, InvalidInput } from '../model/validation';
import { clientByHint } from './client/clientHints';
import type { RunContext } from './runContext';

/** What the item loop decided for an item before its operation runs (see loop/itemLoop.ts). */
export interface ItemAsks {
	/** The input items whose lines this item's document takes: itself, or its whole group. */
	group?: number[];
	/** Whether the item's output goes out as a flat row (Simplify). */
	simplify?: boolean;
}

export class OperationContext {
	/** The input items whose lines this item's document takes: itself, or its whole group. */
	readonly group: number[];
	/** Whether the item's output goes out as a flat row (Simplify). */
	readonly simplify: boolean;

	constructor(
		readonly run: RunContext,
		readonly itemIndex: number,
		/** The properties of the operation, to name a parameter the way the editor shows it. */
		private readonly properties: INodeProperties[],
		{ group, simplify }: ItemAsks = {},
	) {
		this.group = group ?? [itemIndex];
		this.simplify = simplify ?? false;
	}

	/** This item's handle, with what the item loop decided for it. */
	asked(asks: ItemAsks): OperationContext {
		return new OperationContext(this.run, this.itemIndex, this.properties, asks);
	}

	/** The input item as n8n gave it: its JSON and its files. */
	get input(): INodeExecutionData | undefined {
		return this.run.n8n.getInputData()[this.itemIndex];
	}

	/** How many input items the run has. */
	get itemCount(): number {
		return this.run.n8n.getInputData().length;
	}

	/** The workflow's time zone: what "today" is, when a link expires. */
	get timeZone(): string {
		return this.run.n8n.getTimezone();
	}

	/** Whether the node goes on after an item fails (Continue On Fail). */
	get continuesOnFail(): boolean {
		return this.run.n8n.continueOnFail();
	}

	/** The bytes of a file the item carries in a binary field. */
	async fileOf(field: string): Promise<Buffer> {
		return await this.run.n8n.helpers.getBinaryDataBuffer(this.itemIndex, field);
	}

	/** A file for the item's output, beside its JSON (a document's PDF). */
	async outputFile(bytes: Buffer, fileName: string, mimeType: string): Promise<IBinaryData> {
		return await this.run.n8n.helpers.prepareBinaryData(bytes, fileName, mimeType);
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
		const count = this.itemCount;
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
		const key = this.groupKey(path);
		return key ? this.groups(path).get(key) : undefined;
	}

	/** Every group of the run by its value of `path`, its items in input order (see groupOf). */
	groups(path: string): Map<string, number[]> {
		return this.run.parameters.groupsBy(path, (item) => this.forItem(item).groupKey(path));
	}

	/** The item's value of the option that groups items ('' for none). */
	private groupKey(path: string): string {
		const [name, option] = path.split('.');
		return checkText(this.collection(name)[option], this.label(path));
	}

	/** Refuses the item's input: the item loop adds the item and turns it into an n8n error. */
	fail(message: string, description?: string): never {
		throw new InvalidInput(message, description);
	}

	/** A parameter as n8n gives it (an expression's result can be of any type). */
	parameter(name: string, fallback?: unknown): unknown {
		return this.run.parameters.read(name, this.itemIndex, fallback);
	}

	/** Carries out what was decided for the item or, with Preview Only, says what it would do. */
	async settle(plan: Plan): Promise<IDataObject> {
		const nameOf = (kind: string, mid: string) => this.run.nameOf(kind, mid);
		return this.run.preview ? previewOf(plan, nameOf) : await carryOut(plan);
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
		return await this.clientMidOfPicked(locator, this.label(name), partnerMid, name);
	}

	/** The client MID of a picker's value (a locator, or a MID or URL from an expression). */
	async clientMidOfPicked(
		picked: unknown,
		label: string,
		partnerMid: string,
		parameter = 'client',
	): Promise<string> {
		const locator = picked as INodeParameterResourceLocator | undefined;
		if (locator?.mode !== 'externalId') {
			if (this.run.preview && pickedValue(picked) === undefined) {
				this.fail(
					`${label} is empty: in a preview, a client an earlier node would create does not exist yet`,
					`A preview creates nothing, so that client has no ID to give. To preview the chain, pick ${label} By External ID (the client's Client External ID); the real run makes the client first.`,
				);
			}
			const { baseUrl } = this.run.transport;
			const mid =
				typeof picked === 'object' && picked !== null && locator?.mode !== undefined
					? clientMidOf(locator, label, baseUrl, partnerMid)
					: pickedMid(picked, label, clientsUrl(baseUrl, partnerMid), 'client');
			this.noteClientGiven(mid, locator);
			return mid;
		}
		const externalId = checkText(locator.value, label);
		if (!externalId) this.fail(`${label} is empty`);
		const hinted = await clientByHint(this, partnerMid, externalId, parameter);
		if (hinted) {
			this.run.noteClient(hinted);
			return checkMid(hinted.mid, label);
		}
		const found = await this.run.clientIndex(partnerMid).find(externalId, this.itemIndex);
		if (found.length === 0 && this.run.preview) {
			this.fail(
				`The client with Client External ID "${externalId}" does not exist yet`,
				'A preview creates nothing: when an earlier node would create this client, the real run makes it first, then this item.',
			);
		}
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
		if (found[0].default_contact) await this.run.sharedRead(`client ${mid}`, async () => found[0]);
		return mid;
	}

	/**
	 * The name of a client picked by ID, where the item already has it (no read): the editor's
	 * list kept it with the pick, or the item is that client (an earlier node's output, such as
	 * Client → Create or Update's). It only names rows; nothing is decided by it.
	 */
	private noteClientGiven(mid: string, locator?: INodeParameterResourceLocator) {
		if (this.run.nameOf('client', mid) !== undefined) return;
		const item = this.input?.json;
		const itemIsClient = item !== undefined && String(item.mid) === mid;
		const name = locator?.cachedResultName ?? (itemIsClient ? item.display_name : undefined);
		this.run.noteName('client', mid, name);
	}

	clientUrl(partnerMid: string, clientMid: string): string {
		return clientUrl(this.run.transport.baseUrl, partnerMid, clientMid);
	}

	/** A request on behalf of this item, for the calls of api/ (which write the paths): errors name it. */
	async request<T = IDataObject>(
		method: IHttpRequestMethods,
		path: string,
		options: Omit<RequestOptions, 'itemIndex'> = {},
	): Promise<Envelope<T>> {
		return await requestFor<T>(this.run.transport, this.itemIndex, method, path, options);
	}

	/** How many records Return All / Limit ask for (Infinity: all). */
	listLimit(): number {
		return this.flag('returnAll')
			? Infinity
			: checkCount(this.parameter('limit', 50), this.label('limit'), 1, 50);
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
