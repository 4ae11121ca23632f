import type { IDataObject } from 'n8n-workflow';

import type { OperationContext } from '../../helpers/context';
import { createDocument, documentFromInput } from '../../helpers/documents';
import { documentFields } from './document.fields';
import { documentInputs } from './inputs';

export const description = documentInputs(documentFields, {
	resource: ['document'],
	operation: ['create'],
});

export const simplifies = true;

export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	const body = await documentFromInput(op, documentFields, partnerMid, true);
	return await createDocument(op, partnerMid, body);
}
