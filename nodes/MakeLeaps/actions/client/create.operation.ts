import type { IDataObject } from 'n8n-workflow';

import { clientBody } from '../../helpers/clientBody';
import { createClient } from '../../helpers/clients';
import type { OperationContext } from '../../helpers/context';
import { fieldProperties, withDefaults } from '../../helpers/fields';
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
