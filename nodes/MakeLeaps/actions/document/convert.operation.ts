import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../helpers/context';
import { checkDate, today } from '../../helpers/dates';
import {
	documentMidOf,
	documentTypeOf,
	documentWithExternalId,
	getDocument,
	settleCreate,
} from '../../helpers/documents';
import { isRecord, linkedMid } from '../../helpers/locators';
import { checkText } from '../../helpers/validation';
import { documentTypeField } from './document.fields';
import { documentLocator } from './pickers.fields';

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
			'Your own identifier for the new document. Running again with the same ID makes nothing new. Empty: the type and number of the document it comes from, such as quote-0003.',
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

export const previewable = true;

export const simplifies = true;

/** What a new document keeps of the one it comes from: its client, contact, currency, title, lines. */
const KEPT = ['client_contact', 'currency', 'title', 'note', 'message', 'project_name'];
/** The fields of a line that a new document is sent, by kind of line (MakeLeaps computes the rest). */
const LINE_FIELDS: Record<string, string[]> = {
	normal: ['kind', 'description', 'quantity', 'unit_cost', 'tax_rate', 'tax_type', 'quantity_unit'],
	simple: ['kind', 'description', 'price', 'tax_rate', 'tax_type'],
	text: ['kind', 'description'],
	subtotal: ['kind'],
};

/**
 * Makes a document of another type from an existing one (a quote into an invoice): the same
 * client and lines, MakeLeaps computing the totals. The new document carries an External ID, so
 * a second run finds it and makes nothing; the one it comes from is left as it is.
 */
export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	const sourceMid = documentMidOf(op, partnerMid);
	const type = documentTypeOf(op);
	const date =
		checkDate(op.parameter('date', ''), op.label('date')) || today(op.run.n8n.getTimezone());
	const source = await getDocument(op, partnerMid, sourceMid);
	const externalId =
		checkText(op.parameter('externalId', ''), op.label('externalId')) ||
		`${String(source.document_type)}-${String(source.document_number)}`;
	const body = convertedBody(op, partnerMid, source, type, date, externalId);
	const index = op.run.documentIndex(partnerMid, type);
	const imports = op.run.imports(`${partnerMid} ${type}`, index);
	return await imports.oneAtATime(externalId, async () => {
		const existing = await documentWithExternalId(op, index, imports, type, externalId);
		// made before from this or another document: left as it is
		if (existing) return await op.settle({ action: 'unchanged', record: existing });
		return await settleCreate(op, partnerMid, body, index, imports, externalId);
	});
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
	const lines = source.lineitems;
	if (!Array.isArray(lines) || lines.length === 0 || !lines.every(isRecord)) {
		op.fail(
			`MakeLeaps gave ${String(source.document_type)} ${String(source.document_number)} without its lines`,
			'Nothing was made: a converted document takes its lines from the one it comes from.',
		);
	}
	const body: IDataObject = {
		document_type: type,
		client: op.clientUrl(partnerMid, linkedMid(source.client)),
		date,
		external_id: externalId,
		autocalculate: true,
		lineitems: (lines as IDataObject[]).map((line) => {
			const fields = LINE_FIELDS[String(line.kind ?? 'normal')] ?? LINE_FIELDS.normal;
			const given = fields.filter((field) => line[field] !== undefined && line[field] !== null);
			return Object.fromEntries(
				given.filter((field) => line[field] !== '').map((field) => [field, line[field]]),
			);
		}),
	};
	for (const field of KEPT) {
		const value = source[field];
		const kept = isRecord(value) ? value.url : value;
		if (typeof kept === 'string' && kept !== '') body[field] = kept;
	}
	return body;
}
