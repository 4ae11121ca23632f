import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../helpers/context';
import { createDocument, documentFromInput } from '../../helpers/documents';
import { documentFields } from './document.fields';
import { checkGroupAgrees } from './groups';
import { documentInputs, groupByOption } from './inputs';

export { groupsBy } from './groups';

export const description = documentInputs(documentFields, {
	resource: ['document'],
	operation: ['create'],
});

export const options: INodeProperties[] = [groupByOption];

export const simplifies = true;

export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	await checkGroupAgrees(op, documentFields, partnerMid);
	const body = await documentFromInput(op, documentFields, partnerMid, true);
	return await createDocument(op, partnerMid, body);
}
