/** Document → Convert: a new document of another type made once from an existing one. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../run/context';
import {
	clientDocumentIndex,
	documentScope,
	documentWithExternalId,
} from '../../run/document/clientDocuments';
import { settleCreate } from '../../run/document/documentCreate';
import { checkDate, today } from '../../model/dates';
import { documentChanges } from '../../model/documentBody';
import { DOCUMENT_TYPES } from '../../api/documents';
import { documentMidOf, getDocument } from '../../run/document/pickedDocument';
import { documentTypeOf } from './fromItem';
import { KEPT_ON_CONVERT } from '../../model/documentFields';
import { copiedLine } from '../../model/lineItems';
import { isRecord, linkedMid } from '../../model/locators';
import { fieldsText, MARK_FIELDS, markOfFields } from '../../model/marks';
import { checkText } from '../../model/validation';
import { documentTypeField } from './fields/document.fields';
import { documentLocator } from './fields/pickers.fields';

const show = { resource: ['document'], operation: ['convert'] };

export const description: INodeProperties[] = [
	documentLocator('The quote, order or other document to turn into a new one', show),
	{
		...documentTypeField(show),
		displayName: 'Into',
		description: 'The type of the document to make from it',
	},
	{
		displayName: 'External ID',
		name: 'externalId',
		type: 'string',
		default: '',
		placeholder: 'e.g. ORDER-2026-014',
		description:
			'Your own identifier for the new document. Running again with the same ID makes nothing new; an ID already taken by a document not made from this one fails the item. Empty: the type and MID of the document it comes from, such as quote-1734479364211706503.',
		displayOptions: { show },
	},
	{
		displayName: 'Date',
		name: 'date',
		type: 'string',
		default: '',
		placeholder: 'e.g. 2026-12-01',
		description: 'The date of the new document (YYYY-MM-DD). Empty: today.',
		displayOptions: { show },
	},
];

export const options: INodeProperties[] = [
	{
		displayName: 'Allow Cancelled Source',
		name: 'allowCancelled',
		type: 'boolean',
		default: false,
		description:
			'Whether to convert a document that is cancelled in MakeLeaps. Off, such a document is refused and nothing is made.',
	},
	{
		displayName: 'Convert Even If Converted',
		name: 'convertConverted',
		type: 'boolean',
		default: false,
		description:
			"Whether to make a new document from one MakeLeaps marks converted (in MakeLeaps' own screen or elsewhere) when the node finds none it made from it. Off, such a document is refused and nothing is made. A document the node made from it is always found, so nothing is made twice.",
	},
	{
		displayName: 'Allow Same Type',
		name: 'allowSameType',
		type: 'boolean',
		default: false,
		description:
			'Whether to make a copy of a document as a new one of its own type, such as an invoice from an invoice. Off, that is refused and nothing is made.',
	},
];

export const previewable = true;

export const simplifies = true;

/**
 * What a new document keeps of the one it comes from: its client, contact and lines, and the
 * fields the document field table marks `kept` (model/documentFields.ts).
 */
const KEPT = ['client_contact', ...KEPT_ON_CONVERT];

/**
 * Makes a document of another type from an existing one (a quote into an invoice): the same
 * client and lines, MakeLeaps computing the totals. The new document carries an External ID, so
 * a second run finds it and makes nothing; the one it comes from is left as it is. A document
 * found with that ID is taken only when it is this source's (see `notMadeFrom`); otherwise the
 * item fails naming it. With none found, a source MakeLeaps marks converted (made into another
 * document elsewhere) is refused unless Convert Even If Converted (see `refuseConverted`).
 */
export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	const sourceMid = documentMidOf(op, partnerMid);
	const type = documentTypeOf(op);
	const date = checkDate(op.parameter('date', ''), op.label('date')) || today(op.timeZone);
	const given = checkText(op.parameter('externalId', ''), op.label('externalId'));
	const allowCancelled = op.flag('options.allowCancelled');
	const allowSameType = op.flag('options.allowSameType');
	const convertConverted = op.flag('options.convertConverted');
	// its client and contact named, the new document's row names them too (the same ones)
	const named = op.simplify ? { expand: 'client,client_contact' } : undefined;
	const source = await getDocument(op, partnerMid, sourceMid, named);
	const sourceType = convertible(op, source, type, allowCancelled, allowSameType);
	// the source's MID never changes; its number may be changed, and used again by another
	const ownId = `${sourceType}-${sourceMid}`;
	const externalId = given || ownId;
	// the default of earlier versions (type and number): a conversion they made is found again
	const number = source.document_number;
	const legacyId =
		!given && typeof number === 'string' && number !== '' && number !== sourceMid
			? `${sourceType}-${number}`
			: undefined;
	const body = convertedBody(op, partnerMid, source, type, date, externalId);
	// an earlier conversion is among the source client's documents
	const clientMid = linkedMid(source.client);
	const index = clientDocumentIndex(op, partnerMid, type, clientMid, '', 'own');
	const once = op.run.creates(documentScope(partnerMid, type, clientMid), index);
	return await once.inTurn(op, externalId, async () => {
		for (const id of legacyId ? [externalId, legacyId] : [externalId]) {
			const listed = await documentWithExternalId(op, once, type, id);
			if (!listed) continue;
			const found = await complete(op, partnerMid, listed, id === ownId);
			const why = notMadeFrom(found, sourceMid, source, body, id === ownId);
			if (why) refuseTaken(op, found, type, id, why, id === legacyId);
			return await op.settle({ action: 'unchanged', record: found });
		}
		if (!convertConverted) refuseConverted(op, source, externalId);
		return await settleCreate(op, partnerMid, body, once, externalId);
	});
}

/** The source's type, once it is known to be one that may be converted into `type`. */
function convertible(
	op: OperationContext,
	source: IDataObject,
	type: string,
	allowCancelled: boolean,
	allowSameType: boolean,
): string {
	const sourceType = source.document_type;
	const named = `${String(sourceType)} ${String(source.document_number)}`;
	if (typeof sourceType !== 'string' || !(sourceType in DOCUMENT_TYPES)) {
		op.fail(
			`MakeLeaps gave document ${String(source.mid)} without a document type the node knows`,
			'Nothing was made.',
		);
	}
	if (sourceType === type && !allowSameType) {
		op.fail(
			`The ${named} is already of type ${type}`,
			`Nothing was made. To make a copy of it as a new ${type}, turn on ${op.label('options.allowSameType')} in Options.`,
		);
	}
	if (allowCancelled) return sourceType;
	// a field MakeLeaps leaves out could hide a cancellation: refused rather than guessed
	if (!('date_cancelled' in source)) {
		op.fail(
			`MakeLeaps gave ${named} without date_cancelled, so the node cannot tell whether it is cancelled`,
			`Nothing was made. To convert it whatever its state, turn on ${op.label('options.allowCancelled')} in Options.`,
		);
	}
	if (source.date_cancelled) {
		op.fail(
			`The ${named} is cancelled`,
			`Nothing was made. To convert it anyway, turn on ${op.label('options.allowCancelled')} in Options.`,
		);
	}
	return sourceType;
}

/**
 * Fails the item when the source says it was converted (`is_converted`, `date_converted`), or
 * does not say: the node found no document it made from it, so another was made elsewhere (in
 * MakeLeaps' own screen, another tool), and a second one would be a duplicate.
 */
function refuseConverted(op: OperationContext, source: IDataObject, externalId: string) {
	const named = `${String(source.document_type)} ${String(source.document_number)}`;
	const option = op.label('options.convertConverted');
	const { mark, problem } = markOfFields(MARK_FIELDS.converted, source);
	if (mark === null) return;
	const fields = fieldsText(MARK_FIELDS.converted);
	if (problem !== undefined || mark === undefined) {
		op.fail(
			`MakeLeaps gave ${named} ${problem ? `as ${problem}` : `without ${fields}`}, so the node cannot tell whether it was converted already`,
			`Nothing was made. To convert it whatever MakeLeaps says, turn on ${option} in Options.`,
		);
	}
	const when =
		typeof source.date_converted === 'string' && source.date_converted !== ''
			? `on ${source.date_converted} (date_converted)`
			: '(is_converted)';
	op.fail(
		`The ${named} was converted ${when}, and the node finds no document it made from it (External ID "${externalId}")`,
		`Nothing was made: it was converted in MakeLeaps' own screen or by another tool, so look for that document in MakeLeaps. To make another document from it anyway, turn on ${option} in Options; run again, the node then finds the one it made.`,
	);
}

/**
 * A document found by External ID with what deciding needs: its client and, unless its ID names
 * the source, its lines in full. A list that gave it in part is not trusted: it is read itself.
 */
async function complete(
	op: OperationContext,
	partnerMid: string,
	found: IDataObject,
	idNamesSource: boolean,
): Promise<IDataObject> {
	const lines = found.lineitems;
	const linesGiven = Array.isArray(lines) && lines.length > 0 && lines.every(isRecord);
	if (found.client && (idNamesSource || linesGiven)) return found;
	if (found.mid === undefined) return found;
	return await getDocument(op, partnerMid, String(found.mid));
}

/**
 * Why a document found with the External ID is not this source's conversion, or undefined when
 * it is. MakeLeaps is not known to link a converted document to its source, so what can be
 * compared is: it is not the source itself, it has the same client and, unless its ID is the
 * one made of the source's MID, the same lines and currency as this source gives now.
 */
export function notMadeFrom(
	found: IDataObject,
	sourceMid: string,
	source: IDataObject,
	body: IDataObject,
	idNamesSource: boolean,
): string | undefined {
	if (String(found.mid) === sourceMid) return 'itself';
	if (linkedMid(found.client) !== linkedMid(source.client)) return 'for another client';
	if (idNamesSource) return undefined;
	const compared: IDataObject = { lineitems: body.lineitems };
	if (typeof body.currency === 'string') compared.currency = body.currency;
	const differs = Object.keys(documentChanges(compared, found).changes);
	if (differs.length === 0) return undefined;
	return differs.includes('lineitems') ? 'with other lines' : 'in another currency';
}

/** Fails the item: the External ID belongs to another document, named by its number and MID. */
function refuseTaken(
	op: OperationContext,
	found: IDataObject,
	type: string,
	id: string,
	why: string,
	legacy: boolean,
): never {
	const named = `${type} ${String(found.document_number)} (MID ${String(found.mid)})`;
	op.fail(
		why === 'itself'
			? `External ID "${id}" is the document's own: it cannot be converted into itself`
			: `External ID "${id}" is taken by ${named}, ${why}: not made from this document`,
		legacy
			? `Nothing was made. "${id}" was this document's External ID in earlier versions (its type and number), and another document may have had its number then. If ${named} was made from this document, there is nothing to do; otherwise give this item an External ID of its own.`
			: 'Nothing was made. Give this item another External ID, or leave it empty for one made of the MID of the document it comes from.',
	);
}

/** The create body of the new document, from what MakeLeaps gave of the one it comes from. */
function convertedBody(
	op: OperationContext,
	partnerMid: string,
	source: IDataObject,
	type: string,
	date: string,
	externalId: string,
): IDataObject {
	const named = `${String(source.document_type)} ${String(source.document_number)}`;
	const lines = source.lineitems;
	if (!Array.isArray(lines) || lines.length === 0 || !lines.every(isRecord)) {
		op.fail(
			`MakeLeaps gave ${named} without its lines`,
			'Nothing was made: a converted document takes its lines from the one it comes from.',
		);
	}
	const clientMid = linkedMid(source.client);
	if (!clientMid) {
		op.fail(
			`MakeLeaps gave ${named} without its client`,
			'Nothing was made: a converted document is for the client of the one it comes from.',
		);
	}
	const body: IDataObject = {
		document_type: type,
		client: op.clientUrl(partnerMid, clientMid),
		date,
		external_id: externalId,
		autocalculate: true,
		// a line answered without its own rate takes the document's (as MakeLeaps answered in 2019)
		lineitems: (lines as IDataObject[]).map((line) =>
			copiedLine(
				line.tax_rate === undefined && source.tax_rate !== undefined && line.kind !== 'text'
					? { ...line, tax_rate: source.tax_rate }
					: line,
			),
		),
	};
	for (const field of KEPT) {
		const value = source[field];
		const kept = isRecord(value) ? value.url : value;
		if (typeof kept === 'string' && kept !== '') body[field] = kept;
	}
	return body;
}
