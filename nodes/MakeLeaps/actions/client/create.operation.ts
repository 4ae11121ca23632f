/** Client → Create: a new client with its contacts, never created twice. */
import type { IDataObject } from 'n8n-workflow';

import { clientBody } from '../../model/clientBody';
import { createClient } from '../../run/client/clientCreate';
import type { OperationContext } from '../../run/context';
import { WithKnown } from '../../run/loop/operation';
import { fieldProperties, withDefaults } from '../../model/fields';
import { clientFields } from './client.fields';

export const description = fieldProperties(clientFields, {
	resource: ['client'],
	operation: ['create'],
});

export const simplifies = true;

export async function execute(op: OperationContext): Promise<WithKnown> {
	const body = clientBody(withDefaults(clientFields, op.fieldValues(clientFields)));
	const created = await createClient(op, await op.partnerMid(), body);
	// MakeLeaps answers a client with its contacts as links: Simplify names those sent
	return new WithKnown(created, { contacts: body.contacts as IDataObject[] });
}

/** Items may run a few at a time (see run/loop/inFlight.ts). */
export const overlaps = true;
