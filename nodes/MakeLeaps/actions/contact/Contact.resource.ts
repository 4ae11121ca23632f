/** Contact: the Operation picker, the Partner, and each contact operation's fields. */
import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../../run/loop/operation';
import { resourceProperties, type Resource } from '../properties';
import * as create from './create.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

const operations: Record<string, Operation> = { create, getAll, update };

const operationPicker: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['contact'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			action: 'Create a contact of a client',
			description:
				'Add a person or an organization to a client (by ID, URL or Client External ID) and return the contact. Preview Only writes nothing.',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many contacts of a client',
			description: 'List the contacts of a client (by ID, URL or Client External ID). Reads only.',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a contact of a client',
			description:
				"Change a contact's names, e-mail, phone, title or department; empty fields stay as they are. Preview Only writes nothing.",
		},
	],
	default: 'getAll',
};

export const contact: Resource = {
	description: resourceProperties('contact', operationPicker, operations),
	operations,
};
