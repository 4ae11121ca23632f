import type { IDataObject } from 'n8n-workflow';

import type { OperationContext } from '../../run/context';
import { getSendingOrder } from '../../api/sendingOrders';
import { sendingOrderMidOf } from './locator';
import { sendingOrderLocator } from './pickers.fields';

export const description = [
	sendingOrderLocator('The sending order to get', {
		resource: ['sendingOrder'],
		operation: ['get'],
	}),
];

export const simplifies = true;

export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	return await getSendingOrder(op, partnerMid, sendingOrderMidOf(op, partnerMid));
}

/** Items may run a few at a time (see run/loop/inFlight.ts). */
export const overlaps = true;
