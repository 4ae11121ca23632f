import type { INodeProperties } from 'n8n-workflow';

import { partnerLocator } from '../common';
import type { Operation } from '../operation';
import * as getAll from './getAll.operation';

export const operations: Record<string, Operation> = { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contact'] } },
		options: [
			{ name: 'Get Many', value: 'getAll', action: 'Get many contacts of a client', description: 'List the contacts of a client' },
		],
		default: 'getAll',
	},
	{ ...partnerLocator, displayOptions: { show: { resource: ['contact'] } } },
	...getAll.description,
];
