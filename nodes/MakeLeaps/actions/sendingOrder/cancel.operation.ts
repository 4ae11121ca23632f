import type { IDataObject } from 'n8n-workflow';

import type { OperationContext } from '../../run/context';
import { cancelSendingOrder, sendingOrderMidOf } from '../document/send/prepare';
import { sendingOrderLocator } from './pickers.fields';

export const description = [
	sendingOrderLocator('The sending order to cancel', {
		resource: ['sendingOrder'],
		operation: ['cancel'],
	}),
];

export const simplifies = true;

export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	return await cancelSendingOrder(op, partnerMid, sendingOrderMidOf(op, partnerMid));
}
