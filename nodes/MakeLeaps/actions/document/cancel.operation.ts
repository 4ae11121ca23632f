/** Document → Cancel: a document cancelled, or taken out of cancellation. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../run/context';
import {
	changeDocument,
	clientNamed,
	documentMidOf,
	getDocument,
} from '../../run/document/pickedDocument';
import { documentLocator } from './fields/pickers.fields';

const show = { resource: ['document'], operation: ['cancel'] };

export const description: INodeProperties[] = [
	documentLocator('The document to cancel, or to take out of cancellation', show),
	{
		displayName: 'Undo',
		name: 'undo',
		type: 'boolean',
		default: false,
		description:
			'Whether to take a cancelled document out of cancellation instead of cancelling it',
		displayOptions: { show },
	},
];

export const previewable = true;

export const simplifies = true;

/**
 * Cancels a document (MakeLeaps records the moment in `date_cancelled`), or undoes it. The
 * document is read first: one already in the state asked for is left as it is, its cancelled
 * day kept, so a second run changes nothing.
 */
export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	const mid = documentMidOf(op, partnerMid);
	const undo = op.flag('undo');
	const document = await getDocument(op, partnerMid, mid, clientNamed(op));
	const cancelled = Boolean(document.date_cancelled);
	if (cancelled !== undo) return await op.settle({ action: 'unchanged', record: document });
	const to = undo ? null : new Date().toISOString();
	return await op.settle({
		action: 'update',
		record: document,
		changes: { date_cancelled: { from: document.date_cancelled ?? null, to } },
		apply: async () => {
			return await changeDocument(op, partnerMid, mid, { date_cancelled: to });
		},
	});
}
