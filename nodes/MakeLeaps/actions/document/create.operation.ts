/** Document → Create: a new document from an item's fields and lines (or a group's). */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../run/context';
import { documentsOverlap } from '../../run/document/numbersGiven';
import { createDocument } from '../../run/document/documentCreate';
import { documentFromInput } from './fromItem';
import { fieldsOn } from '../../model/documentFields';
import { createMissingTagsOption } from './fields/document.fields';
import { checkGroupAgrees, groupsBy } from './groups';
import { documentInputs, groupByOption } from './fields/inputs';

export { groupsBy };

/** The document fields Create shows (the field table's). */
const fields = fieldsOn('create');

export const description = documentInputs(fields, {
	resource: ['document'],
	operation: ['create'],
});

export const options: INodeProperties[] = [createMissingTagsOption, groupByOption];

export const simplifies = true;

/** A few documents at a time when every document gives its number (run/document/numbersGiven.ts). */
export const overlaps = (first: OperationContext, count: number) =>
	documentsOverlap(first, count, { table: fields, groupsBy });

export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	await checkGroupAgrees(op, fields, partnerMid);
	const body = await documentFromInput(op, fields, partnerMid, true);
	return await createDocument(op, partnerMid, body);
}
