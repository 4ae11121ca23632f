/**
 * Contact → Update: a contact changed in what differs, refused when it is not the chosen
 * client's.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { patchContact, readContact } from '../../api/contacts';
import { contactChanges } from '../../model/clientBody';
import type { OperationContext } from '../../run/context';
import { getClient } from '../../run/client/clientReads';
import { contactMidOf, isRecord, linkedMid, pickedValue } from '../../model/locators';
import { checkMid } from '../../model/validation';
import { clientLocator, contactPicker } from '../common.fields';
import { contactFieldOptions, contactValues } from './contact.fields';
import { namedClientMid } from '../../run/client/clientByExternalId';

const show = { resource: ['contact'], operation: ['update'] };

export const description: INodeProperties[] = [
	{
		...clientLocator(
			'client',
			'Client',
			'The client whose contact to change: the contact is picked from its list, and a contact of another client is refused. Empty: not checked.',
		),
		displayOptions: { show },
	},
	{
		...contactPicker('contact', 'Contact', 'The contact to change'),
		required: true,
		displayOptions: { show },
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: contactFieldOptions,
	},
];

export const previewable = true;

export const simplifies = true;

/**
 * Reads the contact and PATCHes only what differs; a contact that already says so is left alone.
 * With Client set, a contact of another client is refused before anything is written.
 */
export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	const picked = pickedValue(op.parameter('contact'));
	const { baseUrl } = op.run.transport;
	const mid = checkMid(
		contactMidOf(picked, op.label('contact'), baseUrl, partnerMid),
		op.label('contact'),
	);
	// fields added but empty (blank cells) are left as they are: the contact is unchanged
	if (Object.keys(op.collection('updateFields')).length === 0)
		op.fail('Nothing to update', 'Add an Update Field');
	const values = contactValues(op, 'updateFields');
	const clientMid =
		pickedValue(op.parameter('client')) === undefined
			? undefined
			: await namedClientMid(op, 'client', partnerMid, 'write');
	const contact = await readContact(op, partnerMid, mid);
	if (clientMid !== undefined) await checkOwner(op, partnerMid, clientMid, mid, contact);
	const { email, ...texts } = values;
	const wanted = {
		contact_type: contact.contact_type,
		...texts,
		...(email ? { email: { address: email } } : {}),
		addresses: [],
	};
	const { patch, changes } = contactChanges(wanted, contact);
	if (Object.keys(patch).length === 0)
		return await op.settle({ action: 'unchanged', record: contact });
	return await op.settle({
		action: 'update',
		record: contact,
		changes,
		apply: async () => {
			const updated = await patchContact(op, partnerMid, mid, patch);
			op.run.recordWrite('updated', mid, op.itemIndex);
			return updated;
		},
	});
}

/**
 * Refuses a contact that is not one of the client's: by its `owner` (the client's URL), or, when
 * MakeLeaps gave none, by the client's list of its contacts.
 */
async function checkOwner(
	op: OperationContext,
	partnerMid: string,
	clientMid: string,
	mid: string,
	contact: IDataObject,
) {
	let owner: string | undefined;
	if (contact.owner !== undefined && contact.owner !== null) {
		const url = isRecord(contact.owner) ? contact.owner.url : contact.owner;
		owner = /\/client\/([^/]+)\/?$/.exec(String(url))?.[1];
		if (owner === clientMid) return;
	} else {
		const client = await getClient(op, partnerMid, clientMid);
		const contacts = Array.isArray(client.contacts) ? (client.contacts as unknown[]) : [];
		if (contacts.some((link) => linkedMid(link) === mid)) return;
	}
	op.fail(
		`${op.label('contact')} ${mid} is not a contact of the client in ${op.label('client')} (${clientMid})`,
		`${owner ? `It is a contact of client ${owner}. ` : ''}Pick a contact of this client, or leave ${op.label('client')} empty.`,
	);
}
