/**
 * A new client, never created twice (see creates.ts): a lost answer is looked up by its Client
 * External ID, and a client found is this create's only when it has the names sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { postClient } from '../../api/clients';
import { hasNamesOf } from '../../model/clientBody';
import type { OperationContext } from '../context';
import { createRecord } from '../createRecord';
import { withContacts } from './clientReads';

/** POSTs a new client of the partner, never twice (see creates.ts). */
export async function createClient(
	op: OperationContext,
	partnerMid: string,
	body: IDataObject,
): Promise<IDataObject> {
	const externalId = body.client_external_id as string | undefined;
	return await createRecord(
		op,
		async () => await postClient(op, partnerMid, body),
		() => ({
			externalId,
			index: op.run.clientIndex(partnerMid),
			scope: `${partnerMid} client`,
			// the client with this ID is this create's only when it has the row's names
			holdsSent: async (found) => {
				const holding: IDataObject[] = [];
				for (const client of found.slice(0, 3)) {
					const full = await withContacts(op, partnerMid, client).catch(() => client);
					if (hasNamesOf(body, full)) holding.push(full);
				}
				return holding;
			},
			noun: 'client',
			keyName: 'Client External ID',
		}),
	);
}
