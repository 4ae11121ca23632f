import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../../run/loop/operation';
import { resourceProperties, type Resource } from '../properties';
import * as check from './check/check.operation';

const operations: Record<string, Operation> = { check };

const operationPicker: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['account'] } },
	options: [
		{
			name: 'Check',
			value: 'check',
			action: 'Check the node against your account',
			description:
				'Read your account and report, one item per check, whether what the node assumes about MakeLeaps holds. Changes nothing.',
		},
	],
	default: 'check',
};

export const account: Resource = {
	description: resourceProperties('account', operationPicker, operations),
	operations,
};
