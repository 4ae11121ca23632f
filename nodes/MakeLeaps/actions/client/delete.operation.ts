import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { clientLocator, type RunContext } from '../common';

export const description: INodeProperties[] = [
	{
		...clientLocator('client', 'Client', 'The client to delete'),
		required: true,
		displayOptions: { show: { resource: ['client'], operation: ['delete'] } },
	},
];

export async function execute(this: IExecuteFunctions, i: number, run: RunContext): Promise<IDataObject> {
	const partnerMid = await run.partnerMid(i);
	const clientMid = run.clientMid('client', 'Client', i, partnerMid);
	await run.transport.request('DELETE', `/api/partner/${partnerMid}/client/${clientMid}/`, {
		itemIndex: i,
		subject: `client ${clientMid}`,
	});
	return { deleted: true, mid: clientMid };
}
