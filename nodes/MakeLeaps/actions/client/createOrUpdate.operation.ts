import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { RunContext } from '../common';
import { clientBody, createClient } from './create.operation';

export const description: INodeProperties[] = [
	{
		displayName: 'Client External ID',
		name: 'clientExternalId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. CLIENT-12345',
		description:
			'Your own identifier for the client, such as the ID in your spreadsheet or CRM. The client with this ID is updated; when there is none, it is created.',
		displayOptions: { show: { resource: ['client'], operation: ['createOrUpdate'] } },
	},
];

/** The contact fields Create or Update keeps in step with the input; empty inputs clear nothing. */
const TEXT_FIELDS = ['name', 'family_name', 'given_name', 'title', 'department', 'phone_number'];
const ADDRESS_FIELDS = ['format', 'country_name', 'postal_code', 'region', 'locality', 'street_address', 'extended_address'];

/** The fields of `wanted` that differ from the existing contact, as a PATCH body. */
export function contactChanges(wanted: IDataObject, existing: IDataObject): IDataObject {
	const changes: IDataObject = {};
	for (const field of TEXT_FIELDS) {
		if (typeof wanted[field] === 'string' && wanted[field] !== (existing[field] ?? '')) changes[field] = wanted[field];
	}
	const email = (wanted.email as IDataObject | null)?.address;
	if (email && email !== (existing.email as IDataObject | null)?.address) changes.email = wanted.email;
	const [address] = wanted.addresses as IDataObject[];
	const current = (existing.addresses as IDataObject[] | undefined)?.[0] ?? {};
	if (address && ADDRESS_FIELDS.some((field) => (address[field] ?? '') !== (current[field] ?? ''))) {
		changes.addresses = wanted.addresses;
	}
	return changes;
}

export async function execute(this: IExecuteFunctions, i: number, run: RunContext): Promise<IDataObject> {
	const partnerMid = await run.partnerMid(i);
	const body = clientBody(run, i);
	const externalId = body.client_external_id as string | undefined;
	if (!externalId) run.fail(i, 'Client External ID is empty', 'Create or Update finds the client by this ID');

	const index = run.clientIndex(partnerMid);
	const found = await index.find(externalId, i);
	if (found.length > 1) {
		run.fail(
			i,
			`${found.length} clients have Client External ID "${externalId}"`,
			`Remove or renumber the duplicates in MakeLeaps first: ${found.map((c) => String(c.mid)).join(', ')}`,
		);
	}
	if (found.length === 0 && index.isUncertain(externalId)) {
		run.fail(
			i,
			`An earlier item's create of Client External ID "${externalId}" may or may not have happened`,
			'It is not created again in this run, to avoid a duplicate. Look for the client in MakeLeaps, then run this item again.',
		);
	}
	if (found.length === 0) {
		const created = await createClient(run, partnerMid, body, i);
		await index.remember(created);
		return { ...created, operation: 'created' };
	}

	// Contacts are changed in place, one PATCH per contact that differs: sending `contacts` on the
	// client would delete every contact left out of the list.
	const client = await withContacts(run, partnerMid, found[0], i);
	const contacts = client.contacts as IDataObject[];
	const changed: string[] = [];
	for (const wanted of body.contacts as IDataObject[]) {
		const type = String(wanted.contact_type);
		const existing = contacts.find((c) => c.contact_type === type);
		if (!existing) {
			run.fail(
				i,
				`Client "${externalId}" has no ${type} contact to update`,
				`Create or Update changes the client's existing contacts; add the ${type} contact in MakeLeaps or leave its fields empty`,
			);
		}
		const changes = contactChanges(wanted, existing);
		if (Object.keys(changes).length === 0) continue;
		const mid = run.mid(existing.mid, 'Contact', i);
		await run.transport.request('PATCH', `/api/partner/${partnerMid}/contact/${mid}/`, {
			body: changes,
			itemIndex: i,
			subject: `contact ${mid}`,
		});
		changed.push(...Object.keys(changes).map((field) => `${type}.${field}`));
	}
	const result = changed.length ? await withContacts(run, partnerMid, client, i, true) : client;
	await index.remember(result);
	return { ...result, operation: 'updated', changed };
}

/** The client with its contacts as objects: from the list scan when inlined there, else fetched. */
async function withContacts(run: RunContext, partnerMid: string, client: IDataObject, i: number, refresh = false) {
	const contacts = client.contacts as unknown[];
	if (!refresh && contacts.every((c) => typeof c === 'object' && c !== null)) return client;
	const mid = run.mid(client.mid, 'Client', i);
	const answer = await run.transport.request('GET', `/api/partner/${partnerMid}/client/${mid}/`, {
		qs: { expand: 'contacts' },
		itemIndex: i,
		subject: `client ${mid}`,
	});
	return answer.response ?? {};
}
