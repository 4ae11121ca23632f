import type { IDataObject } from 'n8n-workflow';

import type { OperationContext } from '../../run/context';
import { documentMidOf, documentPath, getDocument } from '../../run/documents';
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
			await op.request('DELETE', documentPath(partnerMid, mid), { subject: `document ${mid}` });
			op.run.recordWrite('deleted', mid);
			return { deleted: true, mid };
		},
	});
}
