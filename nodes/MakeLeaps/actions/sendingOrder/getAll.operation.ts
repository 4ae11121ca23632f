import type { IDataObject } from 'n8n-workflow';

import type { OperationContext } from '../../run/context';
import { listSendingOrders } from '../../api/sendingOrders';
import { pagingFields } from '../common.fields';

export const description = pagingFields({ resource: ['sendingOrder'], operation: ['getAll'] });

export const simplifies = true;

export async function execute(op: OperationContext): Promise<IDataObject[]> {
	const partnerMid = await op.partnerMid();
	return await listSendingOrders(op.run.transport, partnerMid, op.listLimit(), op.itemIndex);
}

/** Items may run a few at a time (see run/loop/inFlight.ts). */
export const overlaps = true;
