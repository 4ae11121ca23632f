/** Client → Update: a client's own fields and its contacts' fields, only what differs. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { patchClient } from '../../api/clients';
import { contactEdits } from '../../model/clientBody';
import { getClient } from '../../run/client/clientReads';
import { contactUpdates, patchContacts, type ContactPatch } from '../../run/client/contactPatches';
import type { OperationContext } from '../../run/context';
import { WithKnown } from '../../run/loop/operation';
import {
	fieldOption,
	readFieldValues,
	withDefaults,
	type FieldSpec,
	type FieldTable,
} from '../../model/fields';
import type { Changes } from '../../model/plans';
import { contactMidOf, contactUrl, pickedValue } from '../../model/locators';
import { clientLocator, contactPicker } from '../common.fields';
import { clientFields } from './client.fields';
import { namedClientMid } from '../../run/client/clientByExternalId';

const show = { resource: ['client'], operation: ['update'] };

/** The fields of Update Fields read from the table: the external ID and the contacts' fields. */
const updateFields: FieldTable = {
	additional: { name: 'updateFields', displayName: 'Update Fields' },
	fields: clientFields.fields
		.filter((spec) => spec.name === 'clientExternalId' || spec.api.includes('.'))
		.map((spec) => ({
			...spec,
			requires: undefined,
			hint: undefined,
			section: 'additional' as const,
		})),
};

/** The defaults of a new client's fields (the format and country of a new address). */
const NEW_CLIENT = withDefaults(clientFields, {});

/**
 * Update Fields as a user thinks of a client: its own settings (Default Contact, Client External
 * ID), then its organization's fields, its person's, its address's, each in the table's order.
 * Default Client, a setting of the client too, stays a field of its own above them, where saved
 * workflows have it.
 */
const GROUPS = ['organization', 'person', 'address'];
const groupOf = (spec: FieldSpec) => GROUPS.indexOf(spec.api.split('.')[0]) + 1;

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
			"Another client of the same partner to set as this client's default client in MakeLeaps (for a branch, its head office). Leave empty to keep it unchanged. The client's other settings, Default Contact and Client External ID, come first in Update Fields.",
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
			contactPicker(
				'defaultContact',
				'Default Contact',
				"One of the client's contacts, to make its default contact (documents are addressed to it unless they name another)",
			),
			...[...updateFields.fields]
				.sort((a, b) => groupOf(a) - groupOf(b))
				.map((spec) => fieldOption(updateFields, spec.name)),
		],
	},
];

export const previewable = true;

export const simplifies = true;

/**
 * Changes only the fields given: the client's own (External ID, Default Client, Default Contact)
 * with one PATCH, and its contacts' (names, e-mail, phone, address) with a PATCH of each contact
 * that differs. `contacts` is never sent on the client: MakeLeaps deletes a contact left out of
 * it. The client is read first, with its contacts, and only what differs is sent: a run and its
 * preview make the same decision, and a client that already says so gets no PATCH.
 */
export async function execute(op: OperationContext): Promise<IDataObject | WithKnown> {
	const partnerMid = await op.partnerMid();
	const clientMid = await namedClientMid(op, 'client', partnerMid, 'write');
	const { baseUrl } = op.run.transport;
	const fields = op.collection('updateFields');
	const body: IDataObject = {};
	if (pickedValue(op.parameter('defaultClient')) !== undefined) {
		body.default_client = op.clientUrl(
			partnerMid,
			await namedClientMid(op, 'defaultClient', partnerMid, 'write'),
		);
	} else if (Object.keys(fields).length === 0) {
		op.fail('Nothing to update', 'Set Default Client or add an Update Field');
	}
	// empty fields (a blank cell) are not given: the client keeps what it has
	const values = readFieldValues(updateFields, (spec) => fields[spec.name]);
	if (values.client_external_id !== undefined) body.client_external_id = values.client_external_id;
	const chosen = pickedValue(fields.defaultContact);
	if (chosen !== undefined) {
		const label = op.label('updateFields.defaultContact');
		body.default_contact = contactUrl(
			baseUrl,
			partnerMid,
			contactMidOf(chosen, label, baseUrl, partnerMid),
		);
	}

	const client = await getClient(op, partnerMid, clientMid, true);
	const contacts = (client.contacts as IDataObject[]) ?? [];
	const wanted = { contacts: contactEdits(values, contacts, NEW_CLIENT) };
	const { patches, changes: contactChanges } = contactUpdates(op, client, wanted);
	const clientPatch: IDataObject = {};
	const changes: Changes = {};
	for (const [field, to] of Object.entries(body)) {
		const from = linkOrValue(client[field]);
		if (from === to) continue;
		clientPatch[field] = to;
		changes[field] = { from, to };
	}
	Object.assign(changes, contactChanges);
	if (Object.keys(changes).length === 0)
		return await op.settle({ action: 'unchanged', record: client });
	// the answers give the contacts as links: Simplify names them as read and changed
	let changedContacts: IDataObject[] | undefined;
	const updated = await op.settle({
		action: 'update',
		record: client,
		changes,
		apply: async () => {
			await patchContacts(op, partnerMid, clientMid, patches);
			changedContacts = contactsPatched(contacts, patches);
			if (Object.keys(clientPatch).length === 0) return await getClient(op, partnerMid, clientMid);
			const updated = await patchClient(op, partnerMid, clientMid, clientPatch);
			op.run.recordWrite('updated', clientMid, op.itemIndex);
			return updated;
		},
	});
	return new WithKnown(updated, { contacts: changedContacts });
}

/** A field as MakeLeaps gives it: a linked record as its URL, anything else as given ('' for none). */
const linkOrValue = (value: unknown) =>
	typeof value === 'object' && value !== null ? ((value as IDataObject).url ?? '') : (value ?? '');

/** A client's contacts as read, with what their PATCHes send over them. */
function contactsPatched(contacts: IDataObject[], patches: ContactPatch[]): IDataObject[] {
	return contacts.map((contact) => ({
		...contact,
		...patches.find((patch) => patch.mid === String(contact.mid))?.body,
	}));
}
