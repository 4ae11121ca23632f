/** Contact → Get Many: one client's contacts. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { listClientContacts } from '../../api/contacts';
import type { OperationContext } from '../../run/context';
import { clientLocator, pagingFields } from '../common.fields';
import { namedClientMid } from '../../run/client/clientByExternalId';

const show = { resource: ['contact'], operation: ['getAll'] };

export const description: INodeProperties[] = [
	{
		...clientLocator('client', 'Client', 'The client whose contacts to list'),
		required: true,
		displayOptions: { show },
	},
	...pagingFields(show),
];

export const simplifies = true;

export async function execute(op: OperationContext): Promise<IDataObject[]> {
	const partnerMid = await op.partnerMid();
	const clientMid = await namedClientMid(op, 'client', partnerMid);
	const limit = op.listLimit();
	return await listClientContacts(op.run.transport, partnerMid, clientMid, op.itemIndex, limit);
}

/** Items may run a few at a time (see run/loop/inFlight.ts). */
export const overlaps = true;
