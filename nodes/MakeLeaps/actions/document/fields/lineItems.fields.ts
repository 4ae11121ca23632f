/** The line items of a document: typed in the editor, or taken as a list from the input. */
import type { INodeProperties } from 'n8n-workflow';

import { catalogItemLocator } from '../../item/pickers.fields';

const LINE_KINDS = [
	{ name: 'From the Catalog (Quantity × Its Rate)', value: 'catalog' },
	{ name: 'Normal (Quantity × Rate)', value: 'normal' },
	{ name: 'Simple (a Line Amount)', value: 'simple' },
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

/**
 * What a line is: the first thing a user decides, so the first field of a line (named, not
 * inline: n8n's lint would sort an inline entry among the others by name, last).
 */
const lineKind: INodeProperties = {
	displayName: 'Type of Line',
	name: 'kind',
	type: 'options',
	options: LINE_KINDS,
	default: 'normal',
	description:
		'Normal: Quantity × Rate; From the Catalog: Quantity × the Rate of an item of the line item catalog, which fills the fields left empty; Simple: a Line Amount; Subtotal and Text: a line without an amount',
};

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
					// in the order a user decides (n8n shows them in this order): the type of line, the
					// catalog item of a line from the catalog, then an invoice's columns; each field only
					// for the kinds of line that use it
					values: [
						lineKind,
						catalogItemLocator({ kind: ['catalog'] }),
						{
							displayName: 'Description',
							name: 'description',
							type: 'string',
							default: '',
							description: "Empty on a line from the catalog: the item's description",
						},
						{
							displayName: 'Line Amount',
							name: 'price',
							type: 'string',
							default: '',
							placeholder: 'e.g. 5000',
							description:
								"The amount of the line: a plain number in the document's currency (whole yen for JPY), without commas or currency signs",
							displayOptions: { show: { kind: ['simple'] } },
						},
						{
							displayName: 'Quantity',
							name: 'quantity',
							type: 'string',
							// empty, so that a column dropped on it is the whole value (a default "1" made it
							// "1 {{ $json.quantity }}"); empty means 1, as the default "1" did
							default: '',
							placeholder: '1',
							hint: 'Empty means 1',
							description: 'How many units: a number, decimals allowed (1.5 hours)',
							displayOptions: { show: { kind: ['normal', 'catalog'] } },
						},
						{
							displayName: 'Quantity Unit',
							name: 'quantityUnit',
							type: 'string',
							default: '',
							placeholder: 'e.g. hours',
							description: "Empty on a line from the catalog: the item's unit",
							displayOptions: { show: { kind: ['normal', 'catalog'] } },
						},
						{
							displayName: 'Rate (Unit Price)',
							name: 'unitPrice',
							type: 'string',
							default: '',
							placeholder: 'e.g. 12000',
							description:
								"Price of one unit, a plain number in the document's currency (whole yen for JPY), without commas or currency signs; the line comes to Quantity × Rate. Empty on a line from the catalog: the item's price.",
							displayOptions: { show: { kind: ['normal', 'catalog'] } },
						},
						// one field for every kind of line (two of one name made the editor show the empty
						// one on any line); empty, as Quantity, so that a column dropped on it is the whole value
						{
							displayName: 'Tax Rate (%)',
							name: 'taxRate',
							type: 'string',
							default: '',
							placeholder: '10',
							hint: "Empty means 10, or the catalog item's rate on a line from the catalog",
							description: 'A percentage: 10 for 10 %, 8 for the reduced rate, 0 for no tax',
							displayOptions: { show: { kind: ['normal', 'simple', 'catalog'] } },
						},
						{
							displayName: 'Tax Type',
							name: 'taxType',
							type: 'options',
							options: TAX_TYPES,
							default: '',
							description:
								"On a line from the catalog, Default of the Template gives the item's tax type when it has one",
							displayOptions: { show: { kind: ['normal', 'simple', 'catalog'] } },
						},
						{
							displayName: 'Withholding Tax',
							name: 'withholdingTax',
							type: 'boolean',
							default: false,
							description:
								"Whether Japanese withholding income tax (源泉徴収) is deducted on this line, as on a freelancer's or professional's invoice to a company. MakeLeaps computes the amount.",
							displayOptions: { show: { kind: ['normal', 'simple', 'catalog'] } },
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
				"A list of lines, each with description, quantity, unit_price (or price for a simple line), tax_rate, and optionally kind, tax_type and unit. Amounts are plain numbers in the document's currency (whole yen for JPY, no commas or signs); tax_rate is a percentage (10 for 10 %). A line with item_code (or catalog_item) takes what it leaves empty from that item of the line item catalog; withholding_tax yes deducts Japanese withholding income tax on the line. A sheet's Japanese headers work too: 品名 or 摘要, 数量, 単位, 単価, 税率, 金額, 商品コード, 源泉 or 源泉徴収.",
			displayOptions: { show: { ...show, lineItemsFrom: ['json'] } },
		},
	];
}
