import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../helpers/context';
import { clientLocator } from '../common.fields';

export const description: INodeProperties[] = [
	{
		...clientLocator('client', 'Client', 'The client to delete'),
		required: true,
		displayOptions: { show: { resource: ['client'], operation: ['delete'] } },
	},
];

export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	const clientMid = op.clientMid('client', partnerMid);
	await op.request('DELETE', `/api/partner/${partnerMid}/client/${clientMid}/`, {
		subject: `client ${clientMid}`,
	});
	op.run.recordWrite('deleted', clientMid);
	return { deleted: true, mid: clientMid };
}
