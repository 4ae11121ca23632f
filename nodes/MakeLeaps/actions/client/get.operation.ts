/** Client → Get: one client, with its contacts in full when asked. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { getClient } from '../../run/client/clientReads';
import type { OperationContext } from '../../run/context';
import { clientLocator } from '../common.fields';
import { namedClientMid } from '../../run/client/clientByExternalId';

const show = { resource: ['client'], operation: ['get'] };

export const description: INodeProperties[] = [
	{
		...clientLocator('client', 'Client', 'The client to get'),
		required: true,
		displayOptions: { show },
	},
];

export const options: INodeProperties[] = [
	{
		displayName: 'Include Contacts',
		name: 'includeContacts',
		type: 'boolean',
		default: false,
		description:
			"Whether to return the client's contacts in full (names, e-mail, addresses) instead of their URLs",
	},
];

export const simplifies = true;

export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	const clientMid = await namedClientMid(op, 'client', partnerMid);
	const includeContacts = op.flag('options.includeContacts');
	return await getClient(op, partnerMid, clientMid, includeContacts);
}

/** Items may run a few at a time (see run/loop/inFlight.ts). */
export const overlaps = true;
