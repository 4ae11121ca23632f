import type { IDataObject } from 'n8n-workflow';

import type { OperationContext } from '../../run/context';
import { cancelSendingOrder, getSendingOrder } from '../../api/sendingOrders';
import { sendingOrderMidOf } from './locator';
import { sendingOrderLocator } from './pickers.fields';

export const description = [
	sendingOrderLocator('The sending order to cancel', {
		resource: ['sendingOrder'],
		operation: ['cancel'],
	}),
];

export const simplifies = true;

/** Cancels the order through its status link, where MakeLeaps allows it (it answers why not). */
export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	const mid = sendingOrderMidOf(op, partnerMid);
	const described = `sending order ${mid}`;
	const order = await getSendingOrder(op, partnerMid, mid);
	const statusUrl = order.status_url;
	if (typeof statusUrl !== 'string' || statusUrl === '') {
		op.fail(
			`MakeLeaps offers no way to cancel the ${described}: it has no status_url`,
			'Cancel it in MakeLeaps, where the sending history shows what can still be cancelled.',
		);
	}
	const cancelled = await cancelSendingOrder(op, statusUrl, described);
	op.run.recordWrite('updated', mid, op.itemIndex);
	return cancelled;
}
