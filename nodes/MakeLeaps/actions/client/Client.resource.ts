/** Client: the Operation picker, the Partner, and each client operation's fields. */
import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../../run/loop/operation';
import { resourceProperties, type Resource } from '../properties';
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
			description:
				'Make a new client (an organization name, a person family name, or both) and return it. Each call makes one more client: to make it only once, use Create or Update with a Client External ID.',
		},
		{
			name: 'Create or Update',
			value: 'createOrUpdate',
			action: 'Create or update a client',
			description:
				'Find the client by your Client External ID: make it when there is none, else change only the fields that differ. Returns the client and what was done (created, updated or unchanged). Repeating a call never makes a second client; Preview Only writes nothing.',
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a client',
			description:
				'Delete a client (by ID, URL or Client External ID). A client that documents refer to is not deleted. Preview Only writes nothing.',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a client',
			description:
				'Get one client (by ID, URL or Client External ID) with its names and e-mail. Reads only.',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many clients',
			description:
				'List clients: all, or those whose names or e-mail addresses contain a search text. Returns each with its ID and Client External ID. Reads only.',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a client',
			description:
				'Change the given fields of a client (by ID, URL or Client External ID); empty fields stay as they are. Preview Only writes nothing.',
		},
	],
	default: 'create',
};

export const client: Resource = {
	description: resourceProperties('client', operationPicker, operations),
	operations,
};
