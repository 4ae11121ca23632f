/** The line items of a document: typed in the editor, or taken as a list from the input. */
import type { INodeProperties } from 'n8n-workflow';

const LINE_KINDS = [
	{ name: 'Normal (Quantity × Unit Price)', value: 'normal' },
	{ name: 'Simple (an Amount)', value: 'simple' },
	{ name: 'Subtotal', value: 'subtotal' },
	{ name: 'Text', value: 'text' },
];

const TAX_TYPES = [
	{ name: 'Default of the Template', value: '' },
	{ name: 'Duty Free', value: 'duty_free' },
	{ name: 'Non-Taxable', value: 'non_taxable' },
	{ name: 'Reduced Rate', value: 'reduced' },
	{ name: 'Standard Rate', value: 'standard' },
	{ name: 'Untaxable', value: 'untaxable' },
];

/** Line items typed in the editor, or taken as a list from the incoming item. */
export function lineItemFields(show: {
	resource: string[];
	operation: string[];
}): INodeProperties[] {
	return [
		{
			displayName: 'Line Items From',
			name: 'lineItemsFrom',
			type: 'options',
			options: [
				{ name: 'Fields Below', value: 'fields', description: 'Type the lines, or map each field' },
				{
					name: 'A List in the Input',
					value: 'json',
					description: 'A list of lines in the incoming item, as a grouped spreadsheet gives it',
				},
			],
			default: 'fields',
			displayOptions: { show },
		},
		{
			displayName: 'Line Items',
			name: 'lineItems',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true, sortable: true },
			placeholder: 'Add Line',
			default: {},
			displayOptions: { show: { ...show, lineItemsFrom: ['fields'] } },
			options: [
				{
					name: 'line',
					displayName: 'Line',
					values: [
						{
							displayName: 'Amount',
							name: 'price',
							type: 'string',
							default: '',
							placeholder: 'e.g. 5000',
							description: 'The amount of a simple line',
						},
						{ displayName: 'Description', name: 'description', type: 'string', default: '' },
						{
							displayName: 'Kind',
							name: 'kind',
							type: 'options',
							options: LINE_KINDS,
							default: 'normal',
						},
						{
							displayName: 'Quantity',
							name: 'quantity',
							type: 'string',
							default: '1',
							placeholder: 'e.g. 1.5',
						},
						{
							displayName: 'Tax Rate (%)',
							name: 'taxRate',
							type: 'string',
							default: '10',
							placeholder: 'e.g. 8',
						},
						{
							displayName: 'Tax Type',
							name: 'taxType',
							type: 'options',
							options: TAX_TYPES,
							default: '',
						},
						{
							displayName: 'Unit',
							name: 'quantityUnit',
							type: 'string',
							default: '',
							placeholder: 'e.g. hours',
						},
						{
							displayName: 'Unit Price',
							name: 'unitPrice',
							type: 'string',
							default: '',
							placeholder: 'e.g. 12000',
							description: 'Price of one unit, for a normal line',
						},
					],
				},
			],
		},
		{
			displayName: 'Line Items (List)',
			name: 'lineItemsJson',
			type: 'json',
			default: '={{ $json.lines }}',
			description:
				'A list of lines, each with description, quantity, unit_price (or price for an amount), tax_rate, and optionally kind, tax_type and unit',
			displayOptions: { show: { ...show, lineItemsFrom: ['json'] } },
		},
	];
}
