import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as client from './actions/client/Client.resource';
import * as contact from './actions/contact/Contact.resource';
import { router } from './actions/router';
import { searchClients, searchPartners } from './methods/listSearch';

export class MakeLeaps implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'MakeLeaps',
		name: 'makeLeaps',
		icon: { light: 'file:../../icons/makeleaps.svg', dark: 'file:../../icons/makeleaps.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Create, update, delete and look up clients in MakeLeaps',
		defaults: { name: 'MakeLeaps' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'makeLeapsApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Client', value: 'client' },
					{ name: 'Contact', value: 'contact' },
				],
				default: 'client',
			},
			...client.description,
			...contact.description,
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Requests Per Minute',
						name: 'requestsPerMinute',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: 120,
						description: 'Upper bound on the pace of requests in one run. MakeLeaps allows about 120 per minute.',
					},
				],
			},
		],
	};

	methods = { listSearch: { searchPartners, searchClients } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
