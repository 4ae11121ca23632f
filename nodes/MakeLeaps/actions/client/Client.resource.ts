import type { INodeProperties } from 'n8n-workflow';

import { partnerLocator } from '../common';
import type { Operation } from '../operation';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as update from './update.operation';

export const operations: Record<string, Operation> = { create, update, delete: del };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['client'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Create a client', description: 'Create a client with its contacts' },
			{ name: 'Delete', value: 'delete', action: 'Delete a client', description: 'Delete a client' },
			{ name: 'Update', value: 'update', action: 'Update a client', description: 'Change fields of a client' },
		],
		default: 'create',
	},
	{ ...partnerLocator, displayOptions: { show: { resource: ['client'] } } },
	...create.description,
	...update.description,
	...del.description,
];
