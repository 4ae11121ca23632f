/**
 * Every input field of a document, once: the field table (text, dates, currency, additional
 * fields) and the type. Line items and pickers are in lineItems.fields.ts and pickers.fields.ts.
 */
import type { INodeProperties } from 'n8n-workflow';

import { checkDate } from '../../../model/dates';
import { DOCUMENT_TYPES } from '../../../api/documents';
import type { FieldTable } from '../../../model/fields';
import { checkCurrency } from '../../../model/money';
import { parseTagNames } from '../../../model/tags';
import { LONG_TEXT } from '../../../model/validation';

/** The Document Type options, in alphabetical order. */
export const DOCUMENT_TYPE_OPTIONS = Object.entries(DOCUMENT_TYPES)
	.map(([value, name]) => ({ name, value }))
	.sort((a, b) => a.name.localeCompare(b.name));

export const documentFields: FieldTable = {
	additional: { name: 'additionalFields', displayName: 'Additional Fields' },
	fields: [
		{
			displayName: 'Document Number',
			name: 'documentNumber',
			type: 'string',
			default: '',
			placeholder: 'e.g. INV-2026-001',
			description:
				'Unique among the documents of this type. Leave empty to let MakeLeaps number it.',
			api: 'document_number',
			section: 'main',
		},
		{
			displayName: 'Date',
			name: 'date',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-11-30',
			description: 'Date of the document (YYYY-MM-DD). Leave empty for today.',
			api: 'date',
			section: 'main',
			parse: checkDate,
		},
		{
			displayName: 'Due Date',
			name: 'dueDate',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-12-31',
			description: 'When payment is due (YYYY-MM-DD)',
			api: 'date_due',
			section: 'main',
			parse: checkDate,
		},
		{
			displayName: 'Currency',
			name: 'currency',
			type: 'string',
			default: 'JPY',
			placeholder: 'e.g. JPY',
			description:
				'Three-letter currency code of the amounts, such as JPY (the default) or USD. JPY amounts are whole yen.',
			api: 'currency',
			section: 'main',
			check: checkCurrency,
		},
		{
			displayName: 'External ID',
			name: 'externalId',
			type: 'string',
			default: '',
			placeholder: 'e.g. ORDER-1042',
			description:
				'Your own identifier for the document, such as the row or order it comes from. Create or Update finds the document by it: the same ID is always the same document.',
			api: 'external_id',
			section: 'additional',
		},
		{
			displayName: 'Message',
			name: 'message',
			type: 'string',
			default: '',
			description: 'Text shown to the client on the document',
			api: 'message',
			section: 'additional',
			maxLength: LONG_TEXT,
		},
		{
			displayName: 'Note',
			name: 'note',
			type: 'string',
			default: '',
			description: 'Remarks printed on the document',
			api: 'note',
			section: 'additional',
			maxLength: LONG_TEXT,
		},
		{
			displayName: 'Project Name',
			name: 'projectName',
			type: 'string',
			default: '',
			api: 'project_name',
			section: 'additional',
		},
		{
			displayName: 'Tag Names or IDs',
			name: 'tags',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getTags', loadOptionsDependsOn: ['partner.value'] },
			default: [],
			description:
				'The tags the document has, from the account\'s tags; an expression gives their names (a list, or a text with commas), in any capitals. A name the account has no tag of fails the item, unless Options → Create Missing Tags is on. Empty: the tags are left as they are. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			api: 'tags',
			section: 'additional',
			parse: parseTagNames,
		},
		{
			displayName: 'Title',
			name: 'title',
			type: 'string',
			default: '',
			placeholder: 'e.g. Website maintenance, November',
			api: 'title',
			section: 'additional',
		},
	],
};

export function documentTypeField(show: {
	resource: string[];
	operation: string[];
}): INodeProperties {
	return {
		displayName: 'Document Type',
		name: 'documentType',
		type: 'options',
		options: DOCUMENT_TYPE_OPTIONS,
		default: 'invoice',
		required: true,
		displayOptions: { show },
	};
}

/** Options > Create Missing Tags: a name of Tag Names or IDs the account has no tag of is made. */
export const createMissingTagsOption: INodeProperties = {
	displayName: 'Create Missing Tags',
	name: 'createMissingTags',
	type: 'boolean',
	default: false,
	description:
		'Whether to make a tag MakeLeaps does not have yet when Tag Names or IDs names one (once, whatever the rows naming it). Off, such a name fails the item before anything is written for it, so a typo makes no new tag.',
};
