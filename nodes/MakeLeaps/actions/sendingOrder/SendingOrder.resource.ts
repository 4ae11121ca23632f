import type { INodeProperties } from 'n8n-workflow';

import { partnerLocator } from '../common.fields';
import { propertiesOf, type Operation, type Resource } from '../operation';
import * as cancel from './cancel.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

const operations: Record<string, Operation> = { cancel, get, getAll };

const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sendingOrder'] } },
		options: [
			{
				name: 'Cancel',
				value: 'cancel',
				action: 'Cancel a sending order',
				description: 'Call back a sending order, where MakeLeaps still allows it',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a sending order',
				description: 'Get a sending order and its state',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many sending orders',
				description: 'List sending orders',
			},
		],
		default: 'get',
	},
	{ ...partnerLocator, displayOptions: { show: { resource: ['sendingOrder'] } } },
	...Object.entries(operations).flatMap(([name, operation]) =>
		propertiesOf('sendingOrder', name, operation),
	),
];

export const sendingOrder: Resource = { description, operations };
