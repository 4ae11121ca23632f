import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { clientLocator, pagingFields, type RunContext } from '../common';

const show = { resource: ['contact'], operation: ['getAll'] };

export const description: INodeProperties[] = [
	{ ...clientLocator('client', 'Client', 'The client whose contacts to list'), required: true, displayOptions: { show } },
	...pagingFields(show),
];

export async function execute(this: IExecuteFunctions, i: number, run: RunContext): Promise<IDataObject[]> {
	const partnerMid = await run.partnerMid(i);
	const clientMid = run.clientMid('client', 'Client', i, partnerMid);
	return await run.readList(`/api/partner/${partnerMid}/client/${clientMid}/contact/`, {}, i);
}
