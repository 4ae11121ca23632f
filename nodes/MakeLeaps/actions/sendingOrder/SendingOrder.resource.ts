import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../../run/loop/operation';
import { resourceProperties, type Resource } from '../properties';
import * as cancel from './cancel.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

const operations: Record<string, Operation> = { cancel, get, getAll };

const operationPicker: INodeProperties = {
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
			description: 'Get a sending order (by ID or URL) and its state. Reads only.',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many sending orders',
			description: 'List sending orders. Reads only.',
		},
	],
	default: 'get',
};

export const sendingOrder: Resource = {
	description: resourceProperties('sendingOrder', operationPicker, operations),
	operations,
};
