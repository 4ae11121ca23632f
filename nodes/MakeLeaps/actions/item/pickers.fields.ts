/** The Catalog Item of a document line: picked from the catalog, or given by its code. */
import type { INodeProperties } from 'n8n-workflow';

export const catalogItemLocator = (show: { kind: string[] }): INodeProperties => ({
	displayName: 'Catalog Item',
	name: 'catalogItem',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	description:
		"The product of the line item catalog: the line takes its description, rate, unit and tax rate, each unless the line's own field gives it",
	displayOptions: { show },
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchCatalogItems', searchable: true },
		},
		{
			displayName: 'By Code',
			name: 'code',
			type: 'string',
			placeholder: 'e.g. P-100',
		},
	],
});
