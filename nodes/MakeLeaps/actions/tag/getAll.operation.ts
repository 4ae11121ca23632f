/** Tag → Get Many: the partner's tags (the names Tags fields and filters take). */
import type { IDataObject } from 'n8n-workflow';

import { listTags } from '../../api/tags';
import type { OperationContext } from '../../run/context';
import { pagingFields } from '../common.fields';

export const description = pagingFields({ resource: ['tag'], operation: ['getAll'] });

export const readOnly = true;

export const simplifies = true;

export async function execute(op: OperationContext): Promise<IDataObject[]> {
	const partnerMid = await op.partnerMid();
	return await listTags(op.run.transport, partnerMid, op.listLimit(), op.itemIndex);
}

/** Items may run a few at a time (see run/loop/inFlight.ts). */
export const overlaps = true;
