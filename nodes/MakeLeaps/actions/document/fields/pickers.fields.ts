/** The pickers of the Document resource: template, the client's contact, a document. */
import type { INodeProperties } from 'n8n-workflow';

import { contactPicker, operandLocator } from '../../common.fields';

export function templateLocator(show: {
	resource: string[];
	operation: string[];
}): INodeProperties {
	return {
		displayName: 'Template',
		name: 'template',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description:
			'The layout of the document. Leave empty to let MakeLeaps use its default for this type.',
		displayOptions: { show },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchTemplates', searchable: true },
			},
			{ displayName: 'By Code', name: 'id', type: 'string', placeholder: 'e.g. ja_JP_2' },
		],
	};
}

export function contactLocator(show: { resource: string[]; operation: string[] }): INodeProperties {
	return {
		...contactPicker(
			'clientContact',
			'Client Contact',
			"Who the document is addressed to. Leave empty for the client's default contact.",
		),
		displayOptions: { show },
	};
}

export const documentLocator = (
	description: string,
	show: { resource: string[]; operation: string[] },
) => operandLocator('document', description, show);
