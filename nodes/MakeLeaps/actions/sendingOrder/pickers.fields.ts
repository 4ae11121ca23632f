import type { INodeProperties } from 'n8n-workflow';

import { recordLocator } from '../common.fields';

export function sendingOrderLocator(
	description: string,
	show: { resource: string[]; operation: string[] },
): INodeProperties {
	return {
		...recordLocator('sendingOrder', 'sendingOrder', 'Sending Order', description),
		required: true,
		displayOptions: { show },
	};
}
