/** Client → Create: a new client with its contacts, never created twice. */
import type { IDataObject } from 'n8n-workflow';

import { clientBody } from '../../model/clientBody';
import { createClient } from '../../run/client/clientCreate';
import type { OperationContext } from '../../run/context';
import { fieldProperties, withDefaults } from '../../model/fields';
import { clientFields } from './client.fields';

export const description = fieldProperties(clientFields, {
	resource: ['client'],
	operation: ['create'],
});

export const simplifies = true;

export async function execute(op: OperationContext): Promise<IDataObject> {
	const body = clientBody(withDefaults(clientFields, op.fieldValues(clientFields)));
	return await createClient(op, await op.partnerMid(), body);
}

/** Items may run a few at a time (see actions/inFlight.ts). */
export const overlaps = true;
