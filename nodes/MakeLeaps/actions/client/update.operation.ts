import type { IDataObject, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../helpers/context';
import { fieldOption } from '../../helpers/fields';
import { contactMidOf, contactUrl } from '../../helpers/locators';
import { checkText } from '../../helpers/validation';
import { clientLocator } from '../common.fields';
import { clientFields } from './client.fields';

const show = { resource: ['client'], operation: ['update'] };

export const description: INodeProperties[] = [
	{
		...clientLocator('client', 'Client', 'The client to update'),
		required: true,
		displayOptions: { show },
	},
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
			fieldOption(clientFields, 'clientExternalId'),
			{
				displayName: 'Default Contact',
				name: 'defaultContact',
				type: 'string',
				default: '',
				placeholder: 'e.g. 1734479364020640438',
				description: "MID or URL of one of the client's contacts to make its default contact",
			},
		],
	},
];

/** PATCHes only the fields set. `contacts` is never sent: MakeLeaps deletes a contact left out of it. */
export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	const clientMid = op.clientMid('client', partnerMid);
	const { baseUrl } = op.run.transport;
	const body: IDataObject = {};

	const defaultClient = op.parameter('defaultClient') as INodeParameterResourceLocator | undefined;
	if (
		defaultClient?.value !== '' &&
		defaultClient?.value !== undefined &&
		defaultClient?.value !== null
	) {
		body.default_client = op.clientUrl(partnerMid, op.clientMid('defaultClient', partnerMid));
	}
	const fields = op.collection('updateFields');
	if (fields.clientExternalId !== undefined) {
		body.client_external_id = checkText(
			fields.clientExternalId,
			op.label('updateFields.clientExternalId'),
		);
	}
	if (fields.defaultContact !== undefined && fields.defaultContact !== '') {
		const label = op.label('updateFields.defaultContact');
		body.default_contact = contactUrl(
			baseUrl,
			partnerMid,
			contactMidOf(fields.defaultContact, label, baseUrl, partnerMid),
		);
	}
	if (Object.keys(body).length === 0)
		op.fail('Nothing to update', 'Set Default Client or add an Update Field');

	const answer = await op.request('PATCH', `/api/partner/${partnerMid}/client/${clientMid}/`, {
		body,
		subject: `client ${clientMid}`,
	});
	op.run.recordWrite('updated', clientMid);
	return answer.response ?? {};
}
