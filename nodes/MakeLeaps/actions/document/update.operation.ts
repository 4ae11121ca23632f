/** Document → Update: a document's fields, sent and paid marks, or lines changed. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../run/context';
import { checkDate, today } from '../../model/dates';
import {
	changeDocument,
	checkAnswer,
	clientNamed,
	documentMidOf,
	getDocument,
} from '../../run/document/pickedDocument';
import { lineItemsOf } from './fromItem';
import { checkFieldsOfType, fieldsOn, givesTypedField } from '../../model/documentFields';
import { fieldProperties, readFieldValues, type FieldValues } from '../../model/fields';
import { ACCOUNT_CURRENCY } from '../../model/money';
import { splitTagNames } from '../../model/tags';
import { createMissingTagsOption } from './fields/document.fields';
import { lineItemFields } from './fields/lineItems.fields';
import { documentLocator } from './fields/pickers.fields';

const show = { resource: ['document'], operation: ['update'] };
const withLines = { ...show, replaceLineItems: [true] };

/** The document fields an update can change (the field table's), in one collection. */
const updateFields = fieldsOn('update', { name: 'updateFields', displayName: 'Update Fields' });

export const description: INodeProperties[] = [
	documentLocator('The document to update', show),
	...fieldProperties(updateFields, show),
	{
		displayName: 'Mark as Sent',
		name: 'markAsSent',
		type: 'boolean',
		default: false,
		description:
			'Whether to record the document as sent (now), for a document sent outside MakeLeaps',
		displayOptions: { show },
	},
	{
		displayName: 'Mark as Paid',
		name: 'markAsPaid',
		type: 'boolean',
		default: false,
		description: 'Whether to record the document as paid',
		displayOptions: { show },
	},
	{
		displayName: 'Paid On',
		name: 'paidOn',
		type: 'string',
		default: '',
		placeholder: 'e.g. 2026-12-15',
		description: 'The day the payment came in (YYYY-MM-DD). Leave empty for today.',
		displayOptions: { show: { ...show, markAsPaid: [true] } },
	},
	{
		displayName: 'Replace Line Items',
		name: 'replaceLineItems',
		type: 'boolean',
		default: false,
		description:
			'Whether to replace all the lines of the document; MakeLeaps computes the totals again',
		displayOptions: { show },
	},
	...lineItemFields(withLines),
];

export const options: INodeProperties[] = [
	createMissingTagsOption,
	{
		displayName: 'Replace Recorded Days',
		name: 'replaceRecordedDays',
		type: 'boolean',
		default: false,
		description:
			'Whether Mark as Sent and Mark as Paid replace the day MakeLeaps already records for a document sent or paid. Off, that day is kept and the output says so in "kept", so running the workflow again changes nothing.',
	},
];

/** The type of the document read, for a field only some types have; one not given fails the item. */
function typeOf(op: OperationContext, document: IDataObject | undefined): string {
	const type = document?.document_type;
	if (typeof type === 'string' && type !== '') return type;
	return op.fail(
		`MakeLeaps gave document ${String(document?.mid)} without its document type`,
		'Nothing was changed: a field that only some types of document have is sent only once the type is known.',
	);
}

/** A day as a timestamp MakeLeaps takes: noon UTC, the same calendar day in every time zone. */
const dayStamp = (day: string) => `${day}T12:00:00Z`;

export const simplifies = true;

/** PATCHes only what is set: fields, sent and paid marks, and the lines as a whole. */
export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	const mid = documentMidOf(op, partnerMid);
	const fields = op.collection('updateFields');
	// empty fields (a blank cell) are not given: the document keeps what it has
	const body: IDataObject = { ...readFieldValues(updateFields, (spec) => fields[spec.name]) };
	if (typeof body.tags === 'string') body.tags = splitTagNames(body.tags);
	if (op.flag('markAsSent')) body.date_sent = new Date().toISOString();
	if (op.flag('markAsPaid')) {
		const day = checkDate(op.parameter('paidOn', ''), op.label('paidOn')) || today(op.timeZone);
		body.date_paid = dayStamp(day);
	}
	const replaceLines = op.flag('replaceLineItems');
	if (Object.keys(fields).length === 0 && Object.keys(body).length === 0 && !replaceLines)
		op.fail('Nothing to update', 'Add an Update Field, or mark the document as sent or paid');
	const marks = ['date_sent', 'date_paid'].filter((field) => field in body);
	// read for the marks, the lines' currency, a field some types have, or to output it as it is
	const typed = givesTypedField(body);
	const reads = replaceLines || typed || marks.length > 0 || Object.keys(body).length === 0;
	const current = reads ? await getDocument(op, partnerMid, mid, clientNamed(op)) : undefined;
	if (typed) checkFieldsOfType(updateFields, body as FieldValues, typeOf(op, current));
	// a day MakeLeaps already records stays, unless asked: running the workflow again changes nothing
	const kept: IDataObject = {};
	if (current && !op.flag('options.replaceRecordedDays')) {
		for (const field of marks) {
			if (!current[field]) continue;
			kept[field] = current[field];
			delete body[field];
		}
	}
	if (replaceLines) {
		body.lineitems = await lineItemsOf(
			op,
			partnerMid,
			String(current?.currency ?? ACCOUNT_CURRENCY),
		);
		body.autocalculate = true;
	}
	const withKept = (record: IDataObject) =>
		Object.keys(kept).length > 0 ? { ...record, kept } : record;
	if (Object.keys(body).length === 0) return withKept(current ?? {});
	const result = await changeDocument(op, partnerMid, mid, body);
	checkAnswer(op, result, { ...body, currency: current?.currency }, 'changed');
	return withKept(result);
}
