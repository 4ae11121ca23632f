import type { INodeProperties } from 'n8n-workflow';

import { fieldProperties, type FieldTable } from '../../helpers/fields';
import { clientLocator } from '../common.fields';
import { documentTypeField } from './document.fields';
import { lineItemFields } from './lineItems.fields';
import { contactLocator, templateLocator } from './pickers.fields';

/** The editor fields of a document to make: type, client, contact, template, fields, lines. */
export function documentInputs(
	table: FieldTable,
	show: { resource: string[]; operation: string[] },
): INodeProperties[] {
	const properties = fieldProperties(table, show);
	const additional = properties.pop()!;
	return [
		documentTypeField(show),
		{
			...clientLocator('client', 'Client', 'The client the document is for'),
			required: true,
			displayOptions: { show },
		},
		contactLocator(show),
		templateLocator(show),
		...properties,
		...lineItemFields(show),
		additional,
	];
}

/** Options > Group Rows By: one document from several input items, such as the rows of a sheet. */
export const groupByOption: INodeProperties = {
	displayName: 'Group Rows By',
	name: 'groupBy',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.invoice }}',
	description:
		"Make one document of all the input items that give the same value here (an invoice number or order column): its lines from each of them, in order; they must give the same client, dates and other document fields. The document is paired with the first of them, so $('Sheet').item after this node reads that row. Empty: one document per item.",
};
