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
import { isEmpty, readFieldValues, type FieldTable, type FieldValues } from '../model/fields';
import { clientUrl } from '../model/locators';
import { carryOut, previewOf, type Plan } from '../model/plans';
import { checkCount, checkFlag, checkMid, checkText, InvalidInput } from '../model/validation';
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

	/**
	 * What the item gives every parameter of its operation, as one text: two rows that give the
	 * same ask for the same thing. Texts are compared trimmed, numbers as their text, and every
	 * empty value alike; a parameter whose expression fails counts as a value of its own.
	 */
	givenValues(): string {
		return JSON.stringify(
			this.properties.map((property) => {
				try {
					return sameness(this.run.parameters.read(property.name, this.itemIndex, null));
				} catch {
					return `refused ${this.itemIndex}`;
				}
			}),
		);
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

/** A parameter's value as rows are compared (givenValues): trimmed texts, empty values alike. */
function sameness(value: unknown): unknown {
	if (isEmpty(value)) return null;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	if (typeof value === 'string') return value.trim();
	if (Array.isArray(value)) return value.map(sameness);
	if (typeof value === 'object' && value !== null)
		return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, sameness(v)]));
	return String(value);
}
