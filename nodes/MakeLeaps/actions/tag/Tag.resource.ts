/** Tag: the Operation picker, the Partner, and Get Many. */
import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../../run/loop/operation';
import { resourceProperties, type Resource } from '../properties';
import * as getAll from './getAll.operation';

const operations: Record<string, Operation> = { getAll };

const operationPicker: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['tag'] } },
	options: [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many tags',
			description: 'List the tags documents can be filed under. Reads only.',
		},
	],
	default: 'getAll',
};

export const tag: Resource = {
	description: resourceProperties('tag', operationPicker, operations),
	operations,
};
