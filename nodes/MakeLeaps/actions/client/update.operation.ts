import type { IDataObject, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';

import { contactEdits } from '../../helpers/clientBody';
import { contactUpdates, getClient, patchContacts } from '../../helpers/clients';
import type { OperationContext } from '../../helpers/context';
import { fieldOption, readFieldValues, type FieldTable } from '../../helpers/fields';
import type { Changes } from '../../helpers/plans';
import { contactMidOf, contactUrl, pickedValue } from '../../helpers/locators';
import { checkText } from '../../helpers/validation';
import { clientLocator, contactPicker } from '../common.fields';
import { clientFields } from './client.fields';

const show = { resource: ['client'], operation: ['update'] };

/** The client fields an update changes on the client's contacts, all in Update Fields. */
const contactFields: FieldTable = {
	additional: { name: 'updateFields', displayName: 'Update Fields' },
	fields: clientFields.fields
		.filter((spec) => spec.api.includes('.'))
		.map((spec) => ({
			...spec,
			requires: undefined,
			hint: undefined,
			section: 'additional' as const,
		})),
};

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
			...contactFields.fields.map((spec) => fieldOption(contactFields, spec.name)),
		],
	},
];

export const previewable = true;

export const simplifies = true;

/**
 * Changes only the fields set: the client's own (External ID, Default Client, Default Contact)
 * with one PATCH, and its contacts' (names, e-mail, phone, address) with a PATCH of each contact
 * that differs. `contacts` is never sent on the client: MakeLeaps deletes a contact left out of
 * it. To change contacts (and for a preview) the client is read first, so only what differs is
 * sent; the client's own fields alone are sent without a read.
 */
export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	const clientMid = await op.clientMid('client', partnerMid);
	const { baseUrl } = op.run.transport;
	const body: IDataObject = {};

	const defaultClient = op.parameter('defaultClient') as INodeParameterResourceLocator | undefined;
	if (
		defaultClient?.value !== '' &&
		defaultClient?.value !== undefined &&
		defaultClient?.value !== null
	) {
		body.default_client = op.clientUrl(partnerMid, await op.clientMid('defaultClient', partnerMid));
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
	// only the fields added to Update Fields count (a default such as the address format does not)
	const set = contactFields.fields.filter((spec) => fields[spec.name] !== undefined);
	const values = readFieldValues({ ...contactFields, fields: set }, (spec) => fields[spec.name]);
	if (Object.keys(body).length === 0 && Object.keys(values).length === 0)
		op.fail('Nothing to update', 'Set Default Client or add an Update Field');

	const path = `/api/partner/${partnerMid}/client/${clientMid}/`;
	const patchClient = async (patch: IDataObject) => {
		const answer = await op.request('PATCH', path, { body: patch, subject: `client ${clientMid}` });
		op.run.recordWrite('updated', clientMid);
		return answer.response ?? {};
	};
	const editsContacts = Object.keys(values).length > 0;
	// the client's own fields alone: one PATCH, nothing read (the same values again change nothing)
	if (!editsContacts && !op.run.preview) return await patchClient(body);

	const client = await getClient(op, partnerMid, clientMid, editsContacts);
	const wanted = { contacts: contactEdits(values, (client.contacts as IDataObject[]) ?? []) };
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
	return await op.settle({
		action: 'update',
		record: client,
		changes,
		apply: async () => {
			await patchContacts(op, partnerMid, clientMid, patches);
			if (Object.keys(clientPatch).length > 0) return await patchClient(clientPatch);
			return await getClient(op, partnerMid, clientMid);
		},
	});
}

/** A field as MakeLeaps gives it: a linked record as its URL, anything else as given ('' for none). */
const linkOrValue = (value: unknown) =>
	typeof value === 'object' && value !== null ? ((value as IDataObject).url ?? '') : (value ?? '');
