import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { clientLocator, type RunContext } from '../common';

const show = { resource: ['client'], operation: ['get'] };

export const description: INodeProperties[] = [
	{ ...clientLocator('client', 'Client', 'The client to get'), required: true, displayOptions: { show } },
	{
		displayName: 'Options',
		name: 'getOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Include Contacts',
				name: 'includeContacts',
				type: 'boolean',
				default: false,
				description: 'Whether to return the client\'s contacts in full (names, e-mail, addresses) instead of their URLs',
			},
		],
	},
];

export async function execute(this: IExecuteFunctions, i: number, run: RunContext): Promise<IDataObject> {
	const partnerMid = await run.partnerMid(i);
	const clientMid = run.clientMid('client', 'Client', i, partnerMid);
	const options = this.getNodeParameter('getOptions', i, {}) as IDataObject;
	const answer = await run.transport.request('GET', `/api/partner/${partnerMid}/client/${clientMid}/`, {
		qs: options.includeContacts === true ? { expand: 'contacts' } : undefined,
		itemIndex: i,
		subject: `client ${clientMid}`,
	});
	return answer.response ?? {};
}
