import type { IDataObject } from 'n8n-workflow';

import type { OperationContext } from '../../run/context';
import { sendingOrderMidOf, sendingOrderPath } from '../document/send/prepare';
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
	const mid = sendingOrderMidOf(op, partnerMid);
	const answer = await op.request('GET', sendingOrderPath(partnerMid, mid), {
		subject: `sending order ${mid}`,
	});
	return answer.response ?? {};
}
