/**
 * Contact → Create: a contact added to a client once, the same person or organization found
 * first.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { createContact } from '../../api/contacts';
import { contactChanges, contactIdentity, sameContact } from '../../model/clientBody';
import { getClient } from '../../run/client/clientReads';
import type { OperationContext } from '../../run/context';
import { refuseUncertain, uncertainCreate } from '../../run/creates';
import { isUncertainWrite } from '../../transport';
import { clientLocator } from '../common.fields';
import { contactBody, contactFieldOptions, contactValues } from './contact.fields';
import { namedClientMid } from '../../run/client/clientByExternalId';

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
		description: 'A person needs a Person Family Name, an organization an Organization Name',
		displayOptions: { show },
		options: contactFieldOptions,
	},
];

export const previewable = true;

export const simplifies = true;

/**
 * Adds a contact to a client, once. The client's contacts are read first: one that is the same
 * person or organization (`sameContact`: type, names, and the e-mail where both have one) is
 * this contact already, and is left as it is, its other differences reported. Creates of the same
 * names at one client take turns across the executions of this n8n process, each reading the
 * contacts in its turn, so two at once add one contact.
 */
export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	const clientMid = await namedClientMid(op, 'client', partnerMid, 'write');
	const type = String(op.parameter('contactType', 'person'));
	if (type !== 'person' && type !== 'organization') {
		op.fail(`${op.label('contactType')} "${type}" is not person or organization`);
	}
	// an empty field says nothing: it is not sent, and not a difference from the contact found
	const given = Object.entries(contactValues(op, 'contactFields')).filter(([, value]) => value);
	const record = { ...contactBody(type, Object.fromEntries(given)), addresses: [] };
	const identity = contactIdentity(record);
	const once = op.run.creates(`${partnerMid} contacts of client ${clientMid}`);
	return await once.inTurn(op, identity, async () => {
		const client = await getClient(op, partnerMid, clientMid, true);
		const earlier = once.earlier(identity);
		// made by this or another run in this process, should the read not show it yet
		const made = earlier?.uncertain ? [] : ((earlier?.record.contacts as IDataObject[]) ?? []);
		const contacts = [...((client.contacts as IDataObject[]) ?? []), ...made];
		const same = contacts.filter((contact) => sameContact(record, contact));
		if (same.length > 0) {
			// the account may hold the contact twice already: the one closest to the item is shown
			const [closest] = same
				.map((contact) => ({ contact, differences: contactChanges(record, contact).changes }))
				.sort((a, b) => Object.keys(a.differences).length - Object.keys(b.differences).length);
			const { contact, differences } = closest;
			return await op.settle({ action: 'unchanged', record: contact, differences });
		}
		if (earlier?.uncertain) {
			refuseUncertain(
				op,
				`this contact (${nameOf(record)})`,
				'It is not created again, to avoid a duplicate. Look for the contact in MakeLeaps, then run this item again: it finds the contact if MakeLeaps made it.',
			);
		}
		return await once.settle(op, identity, {
			record,
			changes: contactChanges(record, {}).changes,
			// the client's contacts this process made, for a later row with the same names
			kept: (contact) => ({ contacts: [...made, contact] }),
			make: async () => {
				const body = { ...record, owner: op.clientUrl(partnerMid, clientMid) };
				const created = await createContact(op, partnerMid, clientMid, body).catch(
					(error: unknown) => {
						if (!isUncertainWrite(error)) throw error;
						return uncertainCreate(error, once, identity, LOST_ANSWER);
					},
				);
				op.run.recordWrite('created', created.mid, op.itemIndex);
				return created;
			},
		});
	});
}

/** What an item whose create's answer was lost adds to its error. */
const LOST_ANSWER = 'A later run of Contact → Create finds the contact if MakeLeaps made it.';

/** How a contact is named in messages. */
const nameOf = (contact: IDataObject) =>
	[contact.family_name, contact.given_name, contact.name].filter(Boolean).join(' ');

/** Items may run a few at a time (see run/loop/inFlight.ts). */
export const overlaps = true;
