/** Document → Delete: one document deleted (or shown, with Preview Only). */
import type { IDataObject } from 'n8n-workflow';

import type { OperationContext } from '../../run/context';
import { deleteDocument } from '../../api/documents';
import { documentMidOf, getDocument } from '../../run/document/pickedDocument';
import { documentLocator } from './fields/pickers.fields';

export const description = [
	documentLocator('The document to delete', { resource: ['document'], operation: ['delete'] }),
];

export const previewable = true;

/** One request; a preview reads the document instead, to show what would be deleted. */
export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	const mid = documentMidOf(op, partnerMid);
	const document = op.run.preview ? await getDocument(op, partnerMid, mid) : { mid };
	return await op.settle({
		action: 'delete',
		record: document,
		apply: async () => {
			await deleteDocument(op, partnerMid, mid);
			op.run.recordWrite('deleted', mid, op.itemIndex);
			return { deleted: true, mid };
		},
	});
}
