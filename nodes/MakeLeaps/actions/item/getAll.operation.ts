/** Item → Get Many: the items of the partner's line item catalog, its products and prices. */
import type { IDataObject } from 'n8n-workflow';

import { listCatalogItems } from '../../api/catalogItems';
import type { OperationContext } from '../../run/context';
import { pagingFields } from '../common.fields';

export const description = pagingFields({ resource: ['item'], operation: ['getAll'] });

export const simplifies = true;

export const readOnly = true;

export async function execute(op: OperationContext): Promise<IDataObject[]> {
	const partnerMid = await op.partnerMid();
	return await listCatalogItems(op.run.transport, partnerMid, op.itemIndex, op.listLimit());
}

/** Items may run a few at a time (see run/loop/inFlight.ts). */
export const overlaps = true;
