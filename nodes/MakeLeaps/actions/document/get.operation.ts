/** Document → Get: one document. */
import type { IDataObject } from 'n8n-workflow';

import type { OperationContext } from '../../run/context';
import { clientNamed, documentMidOf, getDocument } from '../../run/document/pickedDocument';
import { documentLocator } from './fields/pickers.fields';

export const description = [
	documentLocator('The document to get', { resource: ['document'], operation: ['get'] }),
];

export const simplifies = true;

export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	return await getDocument(op, partnerMid, documentMidOf(op, partnerMid), clientNamed(op));
}

/** Items may run a few at a time (see run/loop/inFlight.ts). */
export const overlaps = true;
