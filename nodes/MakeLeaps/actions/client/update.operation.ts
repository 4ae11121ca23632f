import type { IDataObject, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../helpers/context';
import { fieldOption } from '../../helpers/fields';
import { contactMidOf, contactUrl, pickedValue } from '../../helpers/locators';
import { checkText } from '../../helpers/validation';
import { clientLocator, contactPicker } from '../common.fields';
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
			"Another client of the same partner to set as this client's default client in MakeLeaps (for a branch, its head office). Leave empty to keep it unchanged.",
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
			contactPicker(
				'defaultContact',
				'Default Contact',
				"One of the client's contacts, to make its default contact (documents are addressed to it unless they name another)",
			),
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
	const chosen = pickedValue(fields.defaultContact);
	if (chosen !== undefined) {
		const label = op.label('updateFields.defaultContact');
		body.default_contact = contactUrl(
			baseUrl,
			partnerMid,
			contactMidOf(chosen, label, baseUrl, partnerMid),
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
