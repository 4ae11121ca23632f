import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { contactChanges } from '../../helpers/clientBody';
import { getClient } from '../../helpers/clients';
import type { OperationContext } from '../../helpers/context';
import { clientLocator } from '../common.fields';
import { contactBody, contactFieldOptions, contactValues } from './contact.fields';

const show = { resource: ['contact'], operation: ['create'] };

export const description: INodeProperties[] = [
	{
		...clientLocator('client', 'Client', 'The client the contact belongs to'),
		required: true,
		displayOptions: { show },
	},
	{
		displayName: 'Contact Type',
		name: 'contactType',
		type: 'options',
		options: [
			{ name: 'Person', value: 'person' },
			{ name: 'Organization', value: 'organization' },
		],
		default: 'person',
		displayOptions: { show },
	},
	{
		displayName: 'Contact Fields',
		name: 'contactFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'A person needs a Family Name, an organization an Organization Name',
		displayOptions: { show },
		options: contactFieldOptions,
	},
];

export const previewable = true;

export const simplifies = true;

/**
 * Adds a contact to a client. The client's contacts are read first: one of the same type with the
 * same name (and e-mail, when given) is this contact already, so a second run adds nothing.
 */
export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	const clientMid = await op.clientMid('client', partnerMid);
	const type = String(op.parameter('contactType', 'person'));
	if (type !== 'person' && type !== 'organization') {
		op.fail(`${op.label('contactType')} "${type}" is not person or organization`);
	}
	const body = contactBody(type, contactValues(op, 'contactFields'));
	const client = await getClient(op, partnerMid, clientMid, true);
	const same = ((client.contacts as IDataObject[]) ?? []).find(
		(contact) =>
			contact.contact_type === type &&
			Object.keys(contactChanges({ ...body, addresses: [] }, contact).patch).length === 0,
	);
	if (same) return await op.settle({ action: 'unchanged', record: same });
	const record = { ...body, addresses: [] };
	return await op.settle({
		action: 'create',
		record,
		changes: contactChanges(record, {}).changes,
		apply: async () => {
			const answer = await op.request('POST', `/api/partner/${partnerMid}/contact/`, {
				body: { ...record, owner: op.clientUrl(partnerMid, clientMid) },
				subject: `client ${clientMid}`,
			});
			const created = answer.response ?? {};
			op.run.recordWrite('created', created.mid);
			return created;
		},
	});
}
