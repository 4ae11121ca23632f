/** Document → Get Pickup Links: one item per link of the document, as MakeLeaps lists them. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { listPickupLinks } from '../../../api/pickupLinks';
import type { OperationContext } from '../../../run/context';
import { WithKnown } from '../../../run/loop/operation';
import { isRecord } from '../../../model/locators';
import { simplePickupLink } from './links';
import { excerpt } from '../../../transport';
import { documentLocator } from '../fields/pickers.fields';
import { documentMidOf } from '../../../run/document/pickedDocument';

const show = { resource: ['document'], operation: ['getPickupLinks'] };

export const description: INodeProperties[] = [
	{
		...documentLocator('The document whose pickup links to get', show),
		hint: "One item per link; a document without links gives none (to go on anyway, turn on Always Output Data in the node's Settings)",
	},
];

export const readOnly = true;

export const simplifies = true;

export const simple = simplePickupLink;

/** The document's links, every page (one request per page); each must be a record. */
export async function execute(op: OperationContext): Promise<WithKnown> {
	const { partnerMid, mid, document } = await documentOfLinks(op);
	const links = await listPickupLinks(op.run.transport, partnerMid, mid, op.itemIndex);
	const stray = links.find((link) => !isRecord(link));
	if (stray !== undefined) {
		op.fail(
			`MakeLeaps listed a pickup link of document ${mid} that is not a record: ${excerpt(stray)}`,
			'Nothing was output for this document. Read its links in MakeLeaps',
		);
	}
	return new WithKnown(links, { document });
}

/** Items may run a few at a time (see run/loop/inFlight.ts). */
export const overlaps = true;

/**
 * The document whose pickup links an item reads or makes, and what its rows show of it: its MID,
 * and its number when the item itself is that document (such as an item of Document → Get Many):
 * a label only, never read for.
 */
export async function documentOfLinks(
	op: OperationContext,
): Promise<{ partnerMid: string; mid: string; document: IDataObject }> {
	const partnerMid = await op.partnerMid();
	const mid = documentMidOf(op, partnerMid);
	const item = op.input?.json ?? {};
	const number = String(item.mid) === mid ? item.document_number : undefined;
	const document = { mid, document_number: typeof number === 'string' ? number : null };
	return { partnerMid, mid, document };
}
