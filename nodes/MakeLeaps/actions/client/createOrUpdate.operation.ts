import type { IDataObject } from 'n8n-workflow';

import { clientBody, contactEdits, createdFields } from '../../model/clientBody';
import { createClient } from '../../run/client/clientCreate';
import { clientByHint } from '../../run/client/clientByExternalId';
import { findContactsOfClients, getClient, withContacts } from '../../run/client/clientReads';
import { contactUpdates, patchContacts, type ContactPatch } from '../../run/client/contactPatches';
import type { Changes } from '../../model/plans';
import type { OperationContext } from '../../run/context';
import { WithKnown } from '../../run/loop/operation';
import type { CreateOnce, KeyWords } from '../../run/creates';
import { fieldProperties, withDefaults, type FieldValues } from '../../model/fields';
import type { RecordIndex } from '../../run/recordIndex';
import { checkMid } from '../../model/validation';
import { clientFields } from './client.fields';

export const description = fieldProperties(
	clientFields,
	{ resource: ['client'], operation: ['createOrUpdate'] },
	{
		clientExternalId: {
			required: true,
			description:
				'Your own identifier for the client, such as the ID in your spreadsheet or CRM. The client with this ID is updated; when there is none, it is created.',
		},
	},
);

export const previewable = true;

export const simplifies = true;

/** How the once of creates (run/creates.ts) names clients and their Client External ID. */
const CLIENT_WORDS: KeyWords = {
	records: 'clients',
	key: 'Client External ID',
	// the duplicates share the ID: their names tell them apart, their MIDs find them
	nameOf: (client) =>
		client.display_name
			? `${String(client.display_name)} (${String(client.mid)})`
			: String(client.mid),
	create: (externalId) => `Client External ID "${externalId}"`,
	lookFor:
		'It is not created again, to avoid a duplicate. Look for the client in MakeLeaps, then run this item again.',
};

/** What deciding one row needs beside the client found. */
interface Row {
	partnerMid: string;
	externalId: string;
	values: FieldValues;
	index: RecordIndex;
	once: CreateOnce;
}

/**
 * Finds the client by its external ID and decides: create it, update its contacts in place, or
 * leave it. Rows with the same external ID in other executions of this n8n process wait for
 * each other, so two imports at once create a client only once.
 */
export async function execute(op: OperationContext): Promise<WithKnown> {
	const values = op.fieldValues(clientFields);
	// a new client gets the fields' defaults; an existing one changes only in what the row gives
	const body = clientBody(withDefaults(clientFields, values));
	const externalId = values.client_external_id;
	if (!externalId)
		op.fail(
			'Give the row a Client External ID: it is empty',
			"Create or Update finds the client by your own ID of it, such as a sheet's customer number column; without one, every run would make the client again.",
		);
	const partnerMid = await op.partnerMid();
	const index = op.run.clientIndex(partnerMid);
	const once = op.run.creates(`${partnerMid} client`, index);
	// MakeLeaps answers a client with its contacts as links: Simplify names those sent
	let sentContacts: IDataObject[] | undefined;
	const row = { partnerMid, externalId, values, index, once };
	const client = await once.inTurn(op, externalId, async () => {
		// a client this process knows by the ID, read and confirmed, stands for the list when the
		// row leaves it unchanged, or when MakeLeaps narrowed its list to the ID; a create, and an
		// update the list alone could confirm, are decided by the list
		const hinted = await clientByHint(op, partnerMid, externalId, 'clientExternalId', 'read');
		if (hinted) {
			const decided = await contactsDecided(op, row, hinted.client, true);
			if (hinted.exact || decided.patches.length === 0)
				return await settleContacts(op, row, decided);
		}
		const existing = await once.existing(op, externalId, CLIENT_WORDS);
		if (!existing) {
			sentContacts = body.contacts as IDataObject[];
			return await once.settle(op, externalId, {
				record: body,
				changes: createdFields(body),
				make: async () => await createClient(op, partnerMid, body),
			});
		}
		// a row the same as the one this run created the client from changes nothing: its
		// contacts are not read (Simplify names those sent)
		if (once.madeFrom(externalId, body)) {
			sentContacts = body.contacts as IDataObject[];
			return await op.settle({ action: 'unchanged', record: existing });
		}
		return await settleContacts(op, row, await contactsDecided(op, row, existing, false));
	});
	return new WithKnown(client, { contacts: sentContacts });
}

/** The client with its contacts, and the patches that make them what the row gives. */
interface ContactsDecided {
	client: IDataObject;
	patches: ContactPatch[];
	changes: Changes;
}

/** What the row changes in the client's contacts (none: it is left as it is). */
async function contactsDecided(
	op: OperationContext,
	{ partnerMid, values, index }: Row,
	existing: IDataObject,
	byHint: boolean,
): Promise<ContactsDecided> {
	// a client an earlier item of a preview would create has its contacts inline: none is read;
	// a client that came by its hint has its own read (the run names few: no list is walked)
	if (!byHint) {
		await op.run.forAllItems(`contacts listed ${partnerMid}`, async () => {
			await findContactsOfClients(op, partnerMid, await clientsOfRun(op, index), CONTACT_FIELDS);
		});
	}
	const client = await withContacts(op, partnerMid, existing);
	const contacts = client.contacts as IDataObject[];
	const wanted = { contacts: contactEdits(values, contacts, NEW_CLIENT) };
	return { client, ...contactUpdates(op, client, wanted) };
}

/** The client's contacts changed in place where the row differs from them; else left as they are. */
async function settleContacts(
	op: OperationContext,
	{ partnerMid, externalId, index, once }: Row,
	{ client, patches, changes }: ContactsDecided,
): Promise<IDataObject> {
	if (patches.length === 0) return await op.settle({ action: 'unchanged', record: client });
	return await op.settle({
		action: 'update',
		record: client,
		changes,
		apply: async () => {
			const mid = checkMid(client.mid, 'Client');
			// changed since it was created: a later row like the first is compared again
			once.changed(externalId);
			await patchContacts(op, partnerMid, mid, patches);
			const result = await getClient(op, partnerMid, mid, true);
			await index.record(result);
			return result;
		},
	});
}

/** The defaults of a new client's fields (the format and country of a new address). */
const NEW_CLIENT = withDefaults(clientFields, {});

/** The fields of a contact a row is compared on: a contact listed without one is read. */
const CONTACT_FIELDS = [
	'contact_type',
	'addresses',
	...new Set(
		clientFields.fields
			.map((spec) => /^(?:organization|person)\.(.+)$/.exec(spec.api)?.[1])
			.filter((field): field is string => field !== undefined),
	),
];

/** The existing clients the run's rows name by external ID (a row that is not valid names none). */
async function clientsOfRun(op: OperationContext, index: RecordIndex): Promise<IDataObject[]> {
	const found = await op.namedByItems(async (row) => {
		const externalId = row.fieldValues(clientFields).client_external_id;
		return externalId === undefined ? [] : await index.find(externalId, row.itemIndex);
	});
	return found.filter((clients) => clients.length === 1).map(([client]) => client);
}

/** Items may run a few at a time (see run/loop/inFlight.ts). */
export const overlaps = true;
