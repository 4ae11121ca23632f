import type { INodeProperties } from 'n8n-workflow';

import { partnerLocator } from '../common.fields';
import { propertiesOf, type Operation, type Resource } from '../operation';
import * as getAll from './getAll.operation';

const operations: Record<string, Operation> = { getAll };

const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contact'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many contacts of a client',
				description: 'List the contacts of a client',
			},
		],
		default: 'getAll',
	},
	{ ...partnerLocator, displayOptions: { show: { resource: ['contact'] } } },
	...Object.entries(operations).flatMap(([name, operation]) =>
		propertiesOf('contact', name, operation),
	),
];

export const contact: Resource = { description, operations };
