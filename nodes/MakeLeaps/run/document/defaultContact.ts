/**
 * A new document's contact when the item names none: the client's default contact, read once per
 * run and client, the clients of the run's items first looked for together in the client list.
 */
import type { IDataObject, INodeParameterResourceLocator } from 'n8n-workflow';

import { clientList, readClient } from '../../api/clients';
import type { OperationContext } from '../context';
import { findInList } from '../fromList';
import { pickedClientMid } from '../client/clientByExternalId';

/**
 * The default contact of a client, as MakeLeaps gives it (its URL), read once per run and client;
 * the clients of the run's items are first looked for together in the client list. What an
 * earlier node saw of the client is not used: the contact may have changed since.
 */
export async function defaultContactUrl(
	op: OperationContext,
	partnerMid: string,
	clientMid: string,
): Promise<string | undefined> {
	await op.run.forAllItems(`clients listed ${partnerMid}`, async () => {
		await listClientsOfRun(op, partnerMid);
	});
	const client = await op.run.sharedRead(
		`client ${clientMid}`,
		// its contacts in full in the same read: a row names the contact, not its MID
		async () => await readClient(op, partnerMid, clientMid, true),
	);
	op.run.noteClient(client);
	const contact = client.default_contact;
	if (typeof contact === 'string') return contact;
	if (typeof contact === 'object' && contact !== null)
		return String((contact as IDataObject).url ?? '') || undefined;
	return undefined;
}

/**
 * The clients the run's items pick by ID, URL or from the list, found in the client list where
 * that saves reading each (see sharedRead.ts); each one found stands for its read. Clients picked
 * By External ID are found through the client index instead.
 */
async function listClientsOfRun(op: OperationContext, partnerMid: string): Promise<void> {
	const named = await op.namedByItems(async (member) => {
		const picked = member.parameter('client') as INodeParameterResourceLocator | undefined;
		if (picked?.mode === 'externalId') return undefined;
		return await pickedClientMid(member, picked, member.label('client'), partnerMid);
	});
	const mids = named.filter((mid): mid is string => mid !== undefined);
	const qs = { expand: 'contacts' };
	const found = await findInList(op, clientList, partnerMid, qs, mids, ['default_contact']);
	// a client listed without a default contact is read: its own answer may name one
	for (const [mid, client] of found)
		if (client.default_contact) await op.run.sharedRead(`client ${mid}`, async () => client);
}
