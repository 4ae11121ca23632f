import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../helpers/context';
import { createDocument, documentFromInput } from '../../helpers/documents';
import { documentFields } from './document.fields';
import type { InGroup } from '../operation';
import { documentInputs, groupByOption, joinGroup } from './inputs';

export const description = documentInputs(documentFields, {
	resource: ['document'],
	operation: ['create'],
});

export const options: INodeProperties[] = [groupByOption];

export const simplifies = true;

export async function execute(op: OperationContext): Promise<IDataObject | InGroup> {
	const joined = joinGroup(op);
	if (joined) return joined;
	const partnerMid = await op.partnerMid();
	const body = await documentFromInput(op, documentFields, partnerMid, true);
	return await createDocument(op, partnerMid, body);
}
