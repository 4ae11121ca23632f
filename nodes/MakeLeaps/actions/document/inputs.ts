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
