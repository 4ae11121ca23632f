/**
 * Client → Get Many: the partner's clients, filtered, with their default contact when simplified.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { listClients } from '../../api/clients';
import { recordAt } from '../../run/client/clientReads';
import type { OperationContext } from '../../run/context';
import { checkText } from '../../model/validation';
import { pagingFields } from '../common.fields';

const show = { resource: ['client'], operation: ['getAll'] };

export const description: INodeProperties[] = [
	...pagingFields(show),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Archived',
				name: 'archived',
				type: 'boolean',
				default: false,
				description: 'Whether to list archived clients instead of active ones',
			},
			{
				displayName: 'Search',
				name: 'search',
				type: 'string',
				default: '',
				placeholder: 'e.g. Example Co',
				description: 'Only clients whose names or e-mail addresses contain this text',
			},
		],
	},
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: 'Whether to return a simplified version of the response instead of the raw data',
		displayOptions: { show },
	},
];

/** The fields a user reads, with the default contact's name and e-mail. */
function simplified(client: IDataObject, contact: IDataObject | null): IDataObject {
	return {
		mid: client.mid,
		display_name: client.display_name,
		client_external_id: client.client_external_id,
		default_contact_name: contact?.display_name ?? null,
		default_contact_email: (contact?.email as IDataObject | null)?.address ?? null,
	};
}

export async function execute(op: OperationContext): Promise<IDataObject[]> {
	const partnerMid = await op.partnerMid();
	const simplify = op.flag('simplify', true);
	const qs: IDataObject = {};
	const search = checkText(op.collection('filters').search, op.label('filters.search'));
	if (search) qs.search = search;
	const archived = op.flag('filters.archived');
	if (archived) qs.archived = 'true';
	if (simplify) qs.expand = 'default_contact';
	// The filter is checked again on what comes back, in case the service ignores it (what it
	// lists without the filter is not documented); a record without the field is kept.
	const clients = (
		await listClients(op.run.transport, partnerMid, qs, op.listLimit(), op.itemIndex)
	).filter((client) => !('date_archived' in client) || Boolean(client.date_archived) === archived);
	if (!simplify) return clients;
	// Without `expand`, MakeLeaps gives the default contact as its URL: it is read for each client.
	const simple: IDataObject[] = [];
	for (const client of clients)
		simple.push(simplified(client, await recordAt(op, client.default_contact)));
	return simple;
}

/** Items may run a few at a time (see run/loop/inFlight.ts). */
export const overlaps = true;
