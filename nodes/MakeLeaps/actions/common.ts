import type { IDataObject, IExecuteFunctions, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { MAX_PAGE_SIZE, type MakeLeapsTransport } from '../transport';
import { ClientIndex } from './client/ClientIndex';

/** MIDs are opaque; these characters are all they use, and all that is safe in a URL path. */
const MID = /^[A-Za-z0-9_-]{1,64}$/;
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const MAX_TEXT = 255;

export const partnerLocator: INodeProperties = {
	displayName: 'Partner',
	name: 'partner',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	description:
		'The MakeLeaps company (partner) that owns the clients. Leave empty to use the only partner of the API key.',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchPartners', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 1725857643916378083',
			validation: [{ type: 'regex', properties: { regex: MID.source, errorMessage: 'Not a valid partner MID' } }],
		},
	],
};

export function clientLocator(name: string, displayName: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchClients', searchable: true },
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: 'e.g. https://api.makeleaps.com/api/partner/1725857643916378083/client/1734479364211706503/',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^https?://.+/api/partner/[^/]+/client/[^/]+/?$', errorMessage: 'Not a MakeLeaps client URL' },
					},
				],
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 1734479364211706503',
				validation: [{ type: 'regex', properties: { regex: MID.source, errorMessage: 'Not a valid client MID' } }],
			},
		],
	};
}

/** Return All and Limit, as every n8n "Get Many" offers them. */
export function pagingFields(show: { resource: string[]; operation: string[] }): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: { show },
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { ...show, returnAll: [false] } },
		},
	];
}

/** Everything an operation needs for one run: the transport and the node's input checks. */
export class RunContext {
	private onlyPartner?: ReturnType<typeof onlyPartner>;
	private readonly indexes = new Map<string, ClientIndex>();

	constructor(
		readonly node: IExecuteFunctions,
		readonly transport: MakeLeapsTransport,
	) {}

	fail(itemIndex: number, message: string, description?: string): never {
		throw new NodeOperationError(this.node.getNode(), `${message} [item ${itemIndex}]`, { itemIndex, description });
	}

	/** A text parameter, trimmed; numbers from expressions are accepted, other types are not. */
	text(name: string, displayName: string, itemIndex: number, fallback = ''): string {
		const value = this.node.getNodeParameter(name, itemIndex, fallback) as unknown;
		return this.checkText(value, displayName, itemIndex);
	}

	checkText(value: unknown, displayName: string, itemIndex: number): string {
		if (value === undefined || value === null) return '';
		if (typeof value !== 'string' && typeof value !== 'number') {
			this.fail(itemIndex, `${displayName} must be text, not ${Array.isArray(value) ? 'a list' : typeof value}`);
		}
		const text = String(value).trim();
		const characters = [...text].length; // code points, as MakeLeaps counts them: an emoji is one
		if (characters > MAX_TEXT) {
			this.fail(itemIndex, `${displayName} is ${characters} characters long; MakeLeaps allows at most ${MAX_TEXT}`);
		}
		return text;
	}

	email(value: string, displayName: string, itemIndex: number): string {
		if (value !== '' && !EMAIL.test(value)) {
			this.fail(itemIndex, `${displayName} "${value}" is not a valid e-mail address`);
		}
		return value;
	}

	mid(value: unknown, displayName: string, itemIndex: number): string {
		const text = this.checkText(value, displayName, itemIndex);
		if (!MID.test(text)) {
			this.fail(
				itemIndex,
				text === '' ? `${displayName} is empty` : `${displayName} "${text}" is not a valid MakeLeaps ID`,
				'A MakeLeaps ID (MID) is made of digits, such as 1734479364211706503',
			);
		}
		return text;
	}

	/** The partner MID of the item; the API key's only partner when none was chosen. */
	async partnerMid(itemIndex: number): Promise<string> {
		const locator = this.node.getNodeParameter('partner', itemIndex) as INodeParameterResourceLocator;
		if (locator?.value !== '' && locator?.value !== undefined) return this.mid(locator.value, 'Partner', itemIndex);
		this.onlyPartner ??= onlyPartner(this.transport);
		const found = await this.onlyPartner;
		if (found.problem !== undefined) this.fail(itemIndex, found.problem, 'Choose the partner in Partner');
		return found.mid;
	}

	/** The partner's clients by external ID, scanned once per run and shared by all items. */
	clientIndex(partnerMid: string): ClientIndex {
		let index = this.indexes.get(partnerMid);
		if (!index) this.indexes.set(partnerMid, (index = new ClientIndex(this.transport, partnerMid)));
		return index;
	}

	/** Reads a list endpoint as Return All / Limit ask, following `meta.next` across pages. */
	async readList(path: string, qs: IDataObject, itemIndex: number): Promise<IDataObject[]> {
		const returnAll = this.node.getNodeParameter('returnAll', itemIndex, false) as boolean;
		const limit = returnAll ? Infinity : (this.node.getNodeParameter('limit', itemIndex, 50) as number);
		if (!(limit >= 1)) this.fail(itemIndex, `Limit must be 1 or more, not ${String(limit)}`);
		const perPage = Math.min(limit, MAX_PAGE_SIZE);
		return await this.transport.getAll<IDataObject>(path, { ...qs, per_page: perPage }, limit, itemIndex);
	}

	/** Client MID from a client locator (list, URL or ID) of the given partner. */
	clientMid(name: string, displayName: string, itemIndex: number, partnerMid: string): string {
		const locator = this.node.getNodeParameter(name, itemIndex) as INodeParameterResourceLocator;
		if (locator.mode !== 'url') return this.mid(locator.value, displayName, itemIndex);
		return this.clientMidFromUrl(locator.value, displayName, itemIndex, partnerMid);
	}

	clientUrl(partnerMid: string, clientMid: string): string {
		return this.transport.url(`/api/partner/${partnerMid}/client/${clientMid}/`);
	}

	clientMidFromUrl(value: unknown, displayName: string, itemIndex: number, partnerMid: string): string {
		const url = this.checkText(value, displayName, itemIndex);
		const prefix = this.transport.url(`/api/partner/${partnerMid}/client/`);
		const match = url.startsWith(prefix) ? /^([A-Za-z0-9_-]{1,64})\/?$/.exec(url.slice(prefix.length)) : null;
		if (!match) {
			this.fail(
				itemIndex,
				`${displayName} "${url}" is not a client URL of partner ${partnerMid}`,
				`Use a URL of the form ${prefix}<client MID>/ or pick the client from the list`,
			);
		}
		return match[1];
	}
}

/** The MID of the API key's partner, when it has exactly one (as most accounts do). */
export async function onlyPartner(
	transport: MakeLeapsTransport,
): Promise<{ mid: string; problem?: undefined } | { mid?: undefined; problem: string }> {
	const partners = await transport.getAll<IDataObject>('/api/partner/');
	const mids = partners.map((p) => /\/partner\/([^/]+)\/?$/.exec(String(p.url))?.[1]).filter(Boolean) as string[];
	if (mids.length === 1) return { mid: mids[0] };
	return {
		problem:
			mids.length === 0
				? 'The API key has no MakeLeaps partner'
				: `The API key belongs to ${mids.length} partners; choose one in Partner`,
	};
}
