import type { IDataObject, IExecuteFunctions, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';

import { clientLocator, type RunContext } from '../common';

const show = { resource: ['client'], operation: ['update'] };

export const description: INodeProperties[] = [
	{ ...clientLocator('client', 'Client', 'The client to update'), required: true, displayOptions: { show } },
	{
		...clientLocator(
			'defaultClient',
			'Default Client',
			'Sent as default_client: the URL of a client of the same partner. Pick a client or paste its URL; leave empty to keep it unchanged.',
		),
		displayOptions: { show },
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Client External ID',
				name: 'clientExternalId',
				type: 'string',
				default: '',
				placeholder: 'e.g. CLIENT-12345',
			},
			{
				displayName: 'Default Contact',
				name: 'defaultContact',
				type: 'string',
				default: '',
				placeholder: 'e.g. 1734479364020640438',
				description: 'MID or URL of one of the client\'s contacts to make its default contact',
			},
		],
	},
];

export async function execute(this: IExecuteFunctions, i: number, run: RunContext): Promise<IDataObject> {
	const partnerMid = await run.partnerMid(i);
	const clientMid = run.clientMid('client', 'Client', i, partnerMid);
	const body: IDataObject = {};

	const defaultClient = this.getNodeParameter('defaultClient', i, { mode: 'list', value: '' }) as INodeParameterResourceLocator;
	if (defaultClient?.value !== '' && defaultClient?.value !== undefined && defaultClient?.value !== null) {
		const target =
			defaultClient.mode === 'url'
				? run.clientMidFromUrl(defaultClient.value, 'Default Client', i, partnerMid)
				: run.mid(defaultClient.value, 'Default Client', i);
		body.default_client = run.clientUrl(partnerMid, target);
	}

	const fields = this.getNodeParameter('updateFields', i, {}) as IDataObject;
	if (fields.clientExternalId !== undefined) {
		body.client_external_id = run.checkText(fields.clientExternalId, 'Client External ID', i);
	}
	if (fields.defaultContact !== undefined && fields.defaultContact !== '') {
		const value = run.checkText(fields.defaultContact, 'Default Contact', i);
		const prefix = run.transport.url(`/api/partner/${partnerMid}/contact/`);
		const mid = value.startsWith(prefix) ? value.slice(prefix.length).replace(/\/$/, '') : value;
		body.default_contact = `${prefix}${run.mid(mid, 'Default Contact', i)}/`;
	}

	if (Object.keys(body).length === 0) {
		run.fail(i, 'Nothing to update', 'Set Default Client or add an Update Field');
	}
	// PATCH with only the fields set: `contacts` is never sent, because a contact left out of
	// that list is deleted by MakeLeaps.
	const answer = await run.transport.request('PATCH', `/api/partner/${partnerMid}/client/${clientMid}/`, {
		body,
		itemIndex: i,
		subject: `client ${clientMid}`,
	});
	return answer.response ?? {};
}
