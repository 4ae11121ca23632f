/**
 * The editor fields of a document beside its field table (model/documentFields.ts, which every
 * write, Simplify and Convert read): the type, and Create Missing Tags. Line items and pickers
 * are in lineItems.fields.ts and pickers.fields.ts.
 */
import type { INodeProperties } from 'n8n-workflow';

import { DOCUMENT_TYPES } from '../../../api/documents';

/** The Document Type options, in alphabetical order. */
export const DOCUMENT_TYPE_OPTIONS = Object.entries(DOCUMENT_TYPES)
	.map(([value, name]) => ({ name, value }))
	.sort((a, b) => a.name.localeCompare(b.name));

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
