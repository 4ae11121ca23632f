import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { subtitleOf } from './actions/properties';
import { resources } from './actions/resources';
import { router } from './actions/router';
import { namedForTool } from './run/loop/toolFailure';
import {
	searchCatalogItems,
	searchClients,
	searchContacts,
	searchDocuments,
	searchPartners,
	searchSendingOrders,
	searchTemplates,
} from './methods/listSearch';
import { getTags } from './methods/loadOptions';
import type { TransportLimits } from './transport';

const properties: INodeTypeDescription['properties'] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Account', value: 'account' },
			{ name: 'Client', value: 'client' },
			{ name: 'Contact', value: 'contact' },
			{ name: 'Document', value: 'document' },
			{ name: 'Item', value: 'item' },
			{ name: 'Sending Order', value: 'sendingOrder' },
			{ name: 'Tag', value: 'tag' },
		],
		default: 'client',
	},
	...Object.values(resources).flatMap((resource) => resource.description),
];

export class MakeLeaps implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'MakeLeaps',
		name: 'makeLeaps',
		icon: { light: 'file:../../icons/makeleaps.svg', dark: 'file:../../icons/makeleaps.dark.svg' },
		group: ['output'],
		// 2: Simplify (one flat row of cells per item) on the operations that return records, on by default
		version: [1, 2],
		defaultVersion: 2,
		// the pickers' names ("Create or Update: Client"), not their values
		subtitle: subtitleOf(properties),
		description:
			'Make, look up and send clients and documents (invoices, quotes…) in MakeLeaps, and get their PDFs',
		defaults: { name: 'MakeLeaps' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'makeLeapsApi', required: true }],
		properties,
	};

	methods = {
		loadOptions: { getTags },
		listSearch: {
			searchPartners,
			searchCatalogItems,
			searchClients,
			searchContacts,
			searchDocuments,
			searchSendingOrders,
			searchTemplates,
		},
	};

	execute: (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>;

	/** n8n creates the node without arguments; tests pass shorter waits and timeouts. */
	constructor(limits: Partial<TransportLimits> = {}) {
		this.execute = async function (this: IExecuteFunctions) {
			try {
				return await router.call(this, limits);
			} catch (error) {
				throw namedForTool(this, error);
			}
		};
	}
}
