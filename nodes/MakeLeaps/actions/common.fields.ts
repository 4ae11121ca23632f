/** Editor fields several resources share: the partner, client and document pickers, Return All and Limit. */
import type { INodeProperties } from 'n8n-workflow';

import { MID } from '../helpers/validation';

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
			validation: [
				{
					type: 'regex',
					properties: { regex: MID.source, errorMessage: 'Not a valid partner MID' },
				},
			],
		},
	],
};

/** A picker of a partner's client or document: from the list, by URL or by ID. */
export function recordLocator(
	kind: 'client' | 'document',
	name: string,
	displayName: string,
	description: string,
): INodeProperties {
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
				typeOptions: {
					searchListMethod: `search${kind[0].toUpperCase()}${kind.slice(1)}s`,
					searchable: true,
				},
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: `e.g. https://api.makeleaps.com/api/partner/1725857643916378083/${kind}/1734479364211706503/`,
				validation: [
					{
						type: 'regex',
						properties: {
							regex: `^https?://.+/api/partner/[^/]+/${kind}/[^/]+/?$`,
							errorMessage: `Not a MakeLeaps ${kind} URL`,
						},
					},
				],
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 1734479364211706503',
				validation: [
					{
						type: 'regex',
						properties: { regex: MID.source, errorMessage: `Not a valid ${kind} MID` },
					},
				],
			},
		],
	};
}

export const clientLocator = (name: string, displayName: string, description: string) =>
	recordLocator('client', name, displayName, description);

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
