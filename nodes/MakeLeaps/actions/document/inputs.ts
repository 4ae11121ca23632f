import type { INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../helpers/context';

import { fieldProperties, type FieldTable } from '../../helpers/fields';
import { clientLocator } from '../common.fields';
import { InGroup } from '../operation';
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
		"Make one document of all the input items that give the same value here (an invoice number or order column): its fields from the first of them, its lines from each of them, in order. The document is paired with that first item, so $('Sheet').item after this node reads that row. Empty: one document per item.",
};

/**
 * The item's place in its group (Options > Group Rows By): the first item makes the document
 * for the whole group; the others only lend it their lines and output nothing.
 */
export function joinGroup(op: OperationContext): InGroup | undefined {
	const group = op.groupOf('options.groupBy');
	if (group === undefined) return undefined;
	if (group[0] !== op.itemIndex) return new InGroup(group[0]);
	op.group = group;
	return undefined;
}
