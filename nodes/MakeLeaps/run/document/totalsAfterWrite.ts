/**
 * The totals MakeLeaps answers for a document just written (created or changed), checked
 * against what the lines sent come to: a difference beyond rounding fails the item.
 */
import type { IDataObject } from 'n8n-workflow';

import { ACCOUNT_CURRENCY } from '../../model/money';
import { totalsProblem } from '../../model/totals';
import type { OperationContext } from '../context';

/**
 * Fails the item when the totals MakeLeaps answers for a document just written are not what the
 * lines sent come to (beyond rounding): the lines were read otherwise than sent. The document
 * exists, and the message says so.
 */
export function checkTotals(
	op: OperationContext,
	document: IDataObject,
	sent: IDataObject,
	done: 'created' | 'changed',
): void {
	if (!Array.isArray(sent.lineitems)) return;
	const currency = String(sent.currency ?? document.currency ?? ACCOUNT_CURRENCY);
	const problem = totalsProblem(document, sent.lineitems as IDataObject[], currency);
	if (problem === undefined) return;
	op.fail(
		problem,
		`The document was ${done} in MakeLeaps (MID ${String(document.mid)}): check its lines there. A difference this large is not rounding: MakeLeaps read the lines otherwise than they were sent. Run Account → Check and report what its line_item_shape row says.`,
	);
}
