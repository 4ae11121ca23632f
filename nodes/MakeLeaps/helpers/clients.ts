/**
 * The client domain with its requests: create (never twice), read with contacts, and change
 * an existing client's contacts in place.
 */
import type { IDataObject } from 'n8n-workflow';

import { isUncertainWrite } from '../transport';
import { contactChanges, hasNamesOf } from './clientBody';
import type { OperationContext } from './context';
import { checkMid } from './validation';

/** POSTs a new client of the partner and answers it as MakeLeaps returns it. */
export async function createClient(
	op: OperationContext,
	partnerMid: string,
	body: IDataObject,
): Promise<IDataObject> {
	try {
		const answer = await op.request('POST', `/api/partner/${partnerMid}/client/`, {
			body,
			subject: `partner ${partnerMid}`,
		});
		return answer.response ?? {};
	} catch (error) {
		return await findAfterUncertainCreate(error, op, partnerMid, body);
	}
}

/**
 * After a create that may or may not have happened (the transport never repeats it), looks for
 * the client by its external ID: found with the same names, the create happened and the item
 * succeeds; otherwise the item fails as uncertain, and later items of the run with the same
 * external ID are not created blindly either.
 */
async function findAfterUncertainCreate(
	error: unknown,
	op: OperationContext,
	partnerMid: string,
	body: IDataObject,
): Promise<IDataObject> {
	const externalId = body.client_external_id as string | undefined;
	if (!isUncertainWrite(error) || !externalId) throw error;
	const index = op.run.clientIndex(partnerMid);
	index.forget();
	const found = await index.find(externalId, op.itemIndex).catch(() => []);
	const mine = found.filter((client) => hasNamesOf(body, client));
	if (mine.length === 1) return mine[0];
	index.markUncertain(externalId);
	error.description =
		`${error.description ?? ''} No client with Client External ID "${externalId}" and these names was found right after.`.trim();
	throw error;
}

/** A client as MakeLeaps returns it, with its contacts in full when asked. */
export async function getClient(
	op: OperationContext,
	partnerMid: string,
	clientMid: string,
	withContacts = false,
): Promise<IDataObject> {
	const answer = await op.request('GET', `/api/partner/${partnerMid}/client/${clientMid}/`, {
		qs: withContacts ? { expand: 'contacts' } : undefined,
		subject: `client ${clientMid}`,
	});
	return answer.response ?? {};
}

/** The client with its contacts as objects: as given when inlined already, else read. */
export async function withContacts(
	op: OperationContext,
	partnerMid: string,
	client: IDataObject,
): Promise<IDataObject> {
	const contacts = client.contacts as unknown[];
	if (contacts.every((c) => typeof c === 'object' && c !== null)) return client;
	return await getClient(op, partnerMid, checkMid(client.mid, 'Client'), true);
}

/**
 * Brings the client's existing contacts in line with a create body, one PATCH per contact that
 * differs, and answers the fields changed (`person.email`…). Sending `contacts` on the client
 * instead would delete every contact left out of the list.
 */
export async function updateContacts(
	op: OperationContext,
	partnerMid: string,
	client: IDataObject,
	body: IDataObject,
): Promise<string[]> {
	const contacts = client.contacts as IDataObject[];
	const changed: string[] = [];
	for (const wanted of body.contacts as IDataObject[]) {
		const type = String(wanted.contact_type);
		const existing = contacts.find((c) => c.contact_type === type);
		if (!existing) {
			op.fail(
				`Client "${String(client.client_external_id)}" has no ${type} contact to update`,
				`Create or Update changes the client's existing contacts; add the ${type} contact in MakeLeaps or leave its fields empty`,
			);
		}
		const changes = contactChanges(wanted, existing);
		if (Object.keys(changes).length === 0) continue;
		const mid = checkMid(existing.mid, 'Contact');
		await op.request('PATCH', `/api/partner/${partnerMid}/contact/${mid}/`, {
			body: changes,
			subject: `contact ${mid}`,
		});
		changed.push(...Object.keys(changes).map((field) => `${type}.${field}`));
	}
	return changed;
}
