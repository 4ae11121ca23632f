/**
 * The document whose pickup links an item reads or makes, and what its rows show of it: its MID,
 * and its number when the item itself is that document (such as an item of Document → Get Many):
 * a label only, never read for.
 */
import type { OperationContext } from '../../../run/context';
import { documentMidOf } from '../../../run/document/pickedDocument';

export async function documentOfLinks(
	op: OperationContext,
): Promise<{ partnerMid: string; mid: string }> {
	const partnerMid = await op.partnerMid();
	const mid = documentMidOf(op, partnerMid);
	const item = op.run.n8n.getInputData()[op.itemIndex]?.json ?? {};
	const number = String(item.mid) === mid ? item.document_number : undefined;
	op.documentKnown = { mid, document_number: typeof number === 'string' ? number : null };
	return { partnerMid, mid };
}
