/**
 * The document an item picks (Document: from the list, by URL or by ID), read and changed as a
 * run does it: a client the answer gives in full is remembered, to name it in flat rows; the
 * answer to a write (a change or a create) checked against what was sent.
 */
import type { IDataObject, INodeParameterResourceLocator } from 'n8n-workflow';

import { patchDocument, readDocument } from '../../api/documents';
import { documentsUrl, isRecord, recordMidOf } from '../../model/locators';
import { ACCOUNT_CURRENCY } from '../../model/money';
import { answeredFieldsProblem } from '../../model/documentFields';
import { answeredLinesProblem, totalsProblem } from '../../model/totals';
import type { OperationContext } from '../context';
import { checkTags, withTagUrls } from './documentTags';

/** The MID a document locator names: from the list, by URL or by ID. */
export function documentMidOf(op: OperationContext, partnerMid: string): string {
	const locator = op.parameter('document') as INodeParameterResourceLocator | undefined;
	const prefix = documentsUrl(op.run.transport.baseUrl, partnerMid);
	return recordMidOf(locator, op.label('document'), prefix, 'document');
}

/**
 * What a read of a document the item outputs as a flat row (Simplify) asks for: its client in
 * full, so the row names it with no read more (ignored, the row gives the client's MID alone).
 */
export const clientNamed = (op: OperationContext): IDataObject | undefined =>
	op.simplify ? { expand: 'client' } : undefined;

/** A document as MakeLeaps returns it. */
export async function getDocument(
	op: OperationContext,
	partnerMid: string,
	mid: string,
	qs?: IDataObject,
): Promise<IDataObject> {
	return clientNoted(op, await readDocument(op, partnerMid, mid, qs));
}

/**
 * Changes a document (PATCH), a write of the run, its tags sent as their URLs and checked on the
 * answer (documentTags.ts); answers it as MakeLeaps gives it back.
 */
export async function changeDocument(
	op: OperationContext,
	partnerMid: string,
	mid: string,
	asked: IDataObject,
): Promise<IDataObject> {
	const { body, tags } = await withTagUrls(op, partnerMid, asked);
	const document = clientNoted(op, await patchDocument(op, partnerMid, mid, body));
	op.run.recordWrite('updated', mid, op.itemIndex, document.document_number);
	checkTags(op, partnerMid, document, tags, 'changed');
	return document;
}

/**
 * A client given in full (`expand=client`) names the documents of the run that are its; a
 * contact given in full (`expand=client_contact`) names the contact.
 */
function clientNoted(op: OperationContext, document: IDataObject): IDataObject {
	op.run.noteClient(document.client);
	const contact = document.client_contact;
	if (isRecord(contact)) op.run.noteName('contact', contact.mid, contact.display_name);
	return document;
}

/**
 * Fails the item when the answer to a write is not what was sent: a field whose reading by
 * MakeLeaps is a guess not given back as sent (model/documentFields.ts), a line without a yes/no
 * field sent on (its withholding tax), or totals that are not what the lines sent come to
 * (beyond rounding, model/totals.ts). The document exists, is not written again, and the
 * message says so.
 */
export function checkAnswer(
	op: OperationContext,
	document: IDataObject,
	sent: IDataObject,
	done: 'created' | 'changed',
): void {
	const written = `The document was ${done} in MakeLeaps (MID ${String(document.mid)}) and is not written again`;
	const named = `${String(document.document_type ?? 'document')} ${String(document.document_number ?? '')}`;
	const field = answeredFieldsProblem(document, sent, named.trim(), done);
	if (field !== undefined) {
		op.fail(
			field,
			`${written}: check it there. MakeLeaps may take this field otherwise than the node guesses; see Known guesses.`,
		);
	}
	if (!Array.isArray(sent.lineitems)) return;
	const lines = sent.lineitems as IDataObject[];
	const line = answeredLinesProblem(document, lines);
	if (line !== undefined) {
		op.fail(
			line,
			`${written}: check its lines there. MakeLeaps may take a line's withholding tax otherwise than the node guesses; see Known guesses.`,
		);
	}
	const currency = String(sent.currency ?? document.currency ?? ACCOUNT_CURRENCY);
	const problem = totalsProblem(document, lines, currency);
	if (problem === undefined) return;
	op.fail(
		problem,
		`The document was ${done} in MakeLeaps (MID ${String(document.mid)}): check its lines there. A difference this large is not rounding: MakeLeaps read the lines otherwise than they were sent. Run Account → Check and report what its line_item_shape row says.`,
	);
}
