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
	displayOptions: { show: { resource: ['item'] } },
	options: [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many catalog items',
			description:
				'List the products and prices of the line item catalog, with the codes a line can name. Reads only.',
		},
	],
	default: 'getAll',
};

/** The line item catalog: the company's products and prices, which document lines can name. */
export const item: Resource = {
	description: resourceProperties('item', operationPicker, operations),
	operations,
};
