/** Client: the Operation picker, the Partner, and each client operation's fields. */
import type { INodeProperties } from 'n8n-workflow';

import { resourceProperties, type Operation, type Resource } from '../operation';
import * as create from './create.operation';
import * as createOrUpdate from './createOrUpdate.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

const operations: Record<string, Operation> = {
	create,
	createOrUpdate,
	delete: del,
	get,
	getAll,
	update,
};

const operationPicker: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['client'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			action: 'Create a client',
			description: 'Create a client with its contacts',
		},
		{
			name: 'Create or Update',
			value: 'createOrUpdate',
			action: 'Create or update a client',
			description: 'Update the client with this external ID, or create it when there is none',
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a client',
			description: 'Delete a client',
		},
		{ name: 'Get', value: 'get', action: 'Get a client', description: 'Get a client' },
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many clients',
			description: 'List clients',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a client',
			description: 'Change fields of a client',
		},
	],
	default: 'create',
};

export const client: Resource = {
	description: resourceProperties('client', operationPicker, operations),
	operations,
};
