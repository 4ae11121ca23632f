/** The editor fields of a document to make (Create, Create or Update), and Group Rows By. */
import type { INodeProperties } from 'n8n-workflow';

import { fieldProperties, type FieldTable } from '../../../model/fields';
import { clientLocator } from '../../common.fields';
import { documentTypeField } from './document.fields';
import { lineItemFields } from './lineItems.fields';
import { contactLocator, templateLocator } from './pickers.fields';

/**
 * The fields that make a document the same one, in the order they decide it: the External ID
 * (Create or Update finds the document by it) and the Document Number (unique among the
 * documents of a type). They come right after the Document Type and the Client.
 */
const IDENTIFYING = ['externalId', 'documentNumber'];

/**
 * The editor fields of a document to make, in the order a user decides them: type, client, what
 * makes it the same document, contact, template, the other fields, lines, Additional Fields.
 */
export function documentInputs(
	table: FieldTable,
	show: { resource: string[]; operation: string[] },
): INodeProperties[] {
	const properties = fieldProperties(table, show);
	const additional = properties.pop()!;
	const identifying = IDENTIFYING.flatMap((name) => properties.filter((p) => p.name === name));
	return [
		documentTypeField(show),
		{
			...clientLocator(
				'client',
				'Client',
				'The client the document is for. Ext. ID: your Client External ID of a client that exists (none is made).',
			),
			required: true,
			displayOptions: { show },
		},
		...identifying,
		contactLocator(show),
		templateLocator(show),
		...properties.filter((property) => !identifying.includes(property)),
		...lineItemFields(show),
		groupNotice(show),
		additional,
	];
}

/** What Group Rows By does, in the panel where grouping applies rather than only in its tooltip. */
const groupNotice = (show: { resource: string[]; operation: string[] }): INodeProperties => ({
	displayName:
		"Several rows, one document: with Options > Group Rows By set, the input items that give the same value there make one document, with the lines of each of them, output once and paired with the group's first row. Rows after the first may leave the document fields empty; a value that differs from the first row's fails the group.",
	name: 'groupRowsNotice',
	type: 'notice',
	default: '',
	displayOptions: { show },
});

/** Options > Group Rows By: one document from several input items, such as the rows of a sheet. */
export const groupByOption: INodeProperties = {
	displayName: 'Group Rows By',
	name: 'groupBy',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.invoice }}',
	description:
		"Make one document of all the input items that give the same value here (an invoice number or order column): its lines from each of them, in order. The later ones give the first one's client, dates and other document fields, or leave them empty. The document is paired with the first of them, so $('Sheet').item after this node reads that row. Empty: one document per item.",
};
