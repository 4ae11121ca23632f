import type { INodeProperties } from 'n8n-workflow';

import { resourceProperties, type Operation, type Resource } from '../operation';
import * as getAll from './getAll.operation';

const operations: Record<string, Operation> = { getAll };

const operationPicker: INodeProperties = {
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
};

export const contact: Resource = {
	description: resourceProperties('contact', operationPicker, operations),
	operations,
};
