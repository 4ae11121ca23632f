/** The pickers of the Document resource: template, the client's contact, a document. */
import type { INodeProperties } from 'n8n-workflow';

import { MID } from '../../helpers/validation';
import { operandLocator } from '../common.fields';

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
		displayName: 'Client Contact',
		name: 'clientContact',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description: "Who the document is addressed to. Leave empty for the client's default contact.",
		displayOptions: { show },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchContacts', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 1734479364020640438',
				validation: [
					{
						type: 'regex',
						properties: { regex: MID.source, errorMessage: 'Not a valid contact MID' },
					},
				],
			},
		],
	};
}

export const documentLocator = (
	description: string,
	show: { resource: string[]; operation: string[] },
) => operandLocator('document', description, show);
