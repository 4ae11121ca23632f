/**
 * Line items from the editor's fields or from a list in the incoming item, checked line by line
 * and turned into MakeLeaps' shape: amounts as exact decimal texts. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { isEmpty } from './fields';
import { checkAmount, checkQuantity, checkTaxRate } from './money';
import { checkFlag, checkText, InvalidInput } from './validation';

const KINDS = ['normal', 'simple', 'text', 'subtotal'];
export const TAX_TYPES = [
	'standard',
	'reduced',
	'non_taxable',
	'untaxable',
	'duty_free',
	'legacy_tax',
	'legacy_no_tax',
];

/**
 * The names a line's values may go by in a list (a spreadsheet's headers, in English or in
 * Japanese), first match wins.
 */
const ALIASES: Record<string, string[]> = {
	kind: ['kind', '種別'],
	description: ['description', 'item', 'name', '品名', '摘要', '内容'],
	quantity: ['quantity', 'qty', '数量'],
	unitPrice: ['unitPrice', 'unit_price', 'unit_cost', 'unitCost', 'rate', '単価'],
	price: ['price', 'amount', '金額'],
	taxRate: ['taxRate', 'tax_rate', '税率'],
	taxType: ['taxType', 'tax_type', '税区分'],
	quantityUnit: ['quantityUnit', 'quantity_unit', 'unit', '単位'],
	// an item of the line item catalog, by its code (or a picker's value), see model/catalog.ts
	catalogItem: ['catalogItem', 'catalog_item', 'itemCode', 'item_code', '商品コード'],
	// 源泉徴収: withholding income tax on a freelancer's or professional's invoice to a company
	withholdingTax: [
		'withholdingTax',
		'withholding_tax',
		'has_jp_withholding_tax',
		'源泉',
		'源泉徴収',
		'源泉徴収税',
	],
};

/** The names of a line's values in messages, as the editor shows them. */
const LABELS: Record<string, string> = {
	kind: 'Type of Line',
	description: 'Description',
	quantity: 'Quantity',
	unitPrice: 'Rate (Unit Price)',
	price: 'Line Amount',
	taxRate: 'Tax Rate',
	taxType: 'Tax Type',
	quantityUnit: 'Quantity Unit',
	catalogItem: 'Catalog Item',
	withholdingTax: 'Withholding Tax',
};

/**
 * The yes/no fields of a line MakeLeaps records (makeleaps-evidence.md §2b), sent only when yes:
 * withholding tax, which the node offers, and tax inclusive, which it does not (what it means
 * for the totals is not known) but keeps on a line it copies (Convert) and compares.
 */
export const LINE_FLAGS = ['has_jp_withholding_tax', 'is_tax_inclusive'];

/** Whether a line in MakeLeaps' shape has a yes/no field on: true only, not a text that says so. */
export const flagOn = (line: IDataObject, flag: string): boolean => line[flag] === true;

/** The name of a line's value in messages (`quantity` → Quantity). */
export const lineLabel = (key: string): string => LABELS[key];

/** The value a line gives for `key` under any of its names; undefined when it is empty (isEmpty). */
export const givenValue = (line: IDataObject, key: string): IDataObject[string] =>
	ALIASES[key].map((alias) => line[alias]).find((value) => !isEmpty(value));

const pick = givenValue;

/** The amount a line lacks, with a hint when it holds the other kind's amount instead. */
function missing(line: IDataObject, where: string, wanted: 'unitPrice' | 'price'): InvalidInput {
	const other = wanted === 'unitPrice' ? 'price' : 'unitPrice';
	const found = ALIASES[other].find((alias) => !isEmpty(line[alias]));
	const hint =
		found === undefined
			? undefined
			: wanted === 'unitPrice'
				? `The line has "${found}", the amount of a simple line: give its kind as simple, or give the price of one unit as unit_price`
				: `The line has "${found}", the price of one unit of a normal line: give its kind as normal, or give the amount as price`;
	return new InvalidInput(`${where}: ${LABELS[wanted]} is empty`, hint);
}

/** One line in MakeLeaps' shape; `where` names it in errors ("Line Items 2"). */
export function lineItem(line: IDataObject, where: string, currency: string): IDataObject {
	const label = (key: string) => `${where}: ${LABELS[key]}`;
	const kind = checkText(pick(line, 'kind'), label('kind')) || 'normal';
	if (!KINDS.includes(kind))
		throw new InvalidInput(`${label('kind')} "${kind}" is not one of ${KINDS.join(', ')}`);
	const withheld = checkFlag(pick(line, 'withholdingTax'), label('withholdingTax'), false);
	if (withheld && (kind === 'subtotal' || kind === 'text')) {
		throw new InvalidInput(
			`${label('withholdingTax')} is yes on a ${kind} line, which has no amount to withhold from`,
			'Give the withholding tax on the lines with an amount (normal or simple), or leave it empty here',
		);
	}
	if (kind === 'subtotal') return { kind };
	const description = checkText(pick(line, 'description'), label('description'));
	if (!description) throw new InvalidInput(`${label('description')} is empty`);
	if (kind === 'text') return { kind, description };
	const result: IDataObject = { kind, description };
	if (kind === 'normal') {
		result.quantity = checkQuantity(pick(line, 'quantity') ?? '1', label('quantity'));
		const unitPrice = pick(line, 'unitPrice');
		if (unitPrice === undefined) throw missing(line, where, 'unitPrice');
		result.unit_cost = checkAmount(unitPrice, label('unitPrice'), currency);
	} else {
		const price = pick(line, 'price');
		if (price === undefined) throw missing(line, where, 'price');
		result.price = checkAmount(price, label('price'), currency);
	}
	const taxRate = pick(line, 'taxRate');
	if (taxRate === undefined) {
		throw new InvalidInput(
			`${label('taxRate')} is empty`,
			"Give the line's tax rate in percent (tax_rate in a list): 10 for 10 %, 8 for the reduced rate, 0 for no tax",
		);
	}
	result.tax_rate = checkTaxRate(taxRate, label('taxRate'));
	const taxType = checkText(pick(line, 'taxType'), label('taxType'));
	if (taxType && !TAX_TYPES.includes(taxType)) {
		throw new InvalidInput(
			`${label('taxType')} "${taxType}" is not one of ${TAX_TYPES.join(', ')}`,
		);
	}
	if (taxType) result.tax_type = taxType;
	const unit = checkText(pick(line, 'quantityUnit'), label('quantityUnit'));
	if (unit) result.quantity_unit = unit;
	if (withheld) result.has_jp_withholding_tax = true;
	return result;
}

/** The fields of a line a new document is sent, by kind of line (MakeLeaps computes the rest). */
const SENT_FIELDS: Record<string, string[]> = {
	normal: ['kind', 'description', 'quantity', 'unit_cost', 'tax_rate', 'tax_type', 'quantity_unit'],
	simple: ['kind', 'description', 'price', 'tax_rate', 'tax_type'],
	text: ['kind', 'description'],
	subtotal: ['kind'],
};

/**
 * A line MakeLeaps gave, as a new document is sent it (Convert): the fields its kind is sent
 * with, those given and not empty, and its yes/no fields that are on.
 */
export function copiedLine(line: IDataObject): IDataObject {
	const kind = String(line.kind ?? 'normal');
	const fields = SENT_FIELDS[kind] ?? SENT_FIELDS.normal;
	const given = fields.filter(
		(field) => line[field] !== undefined && line[field] !== null && line[field] !== '',
	);
	const flags = kind === 'normal' || kind === 'simple' ? LINE_FLAGS : [];
	return Object.fromEntries([
		...given.map((field) => [field, line[field]]),
		...flags.filter((flag) => flagOn(line, flag)).map((flag) => [flag, true]),
	]);
}

/** The Tax Rate of a line typed in the editor and left empty: the standard rate. */
export const TYPED_TAX_RATE = '10';

/**
 * A line typed in the editor, with its empty Tax Rate meaning what the field says: 10, except on
 * a line from the catalog, whose item gives its rate. (A list's line has no such field, and says
 * its rate or fails.)
 */
export function typedLine(line: IDataObject): IDataObject {
	const fromCatalog = String(givenValue(line, 'kind') ?? '').trim() === 'catalog';
	if (fromCatalog || givenValue(line, 'taxRate') !== undefined) return line;
	return { ...line, taxRate: TYPED_TAX_RATE };
}

const NOT_JSON = Symbol('not JSON');

function parsedJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return NOT_JSON;
	}
}

/** The lines of a list from the input: an array of objects, or that array as JSON text. */
export function linesFromList(value: unknown, label: string): IDataObject[] {
	const list = typeof value === 'string' ? parsedJson(value) : value;
	if (list === NOT_JSON)
		throw new InvalidInput(`${label} is not a list of lines: it is text that is not JSON`);
	if (!Array.isArray(list)) {
		throw new InvalidInput(
			`${label} must be a list of lines, not ${list === null ? 'empty' : typeof list}`,
			'Map it to a field that holds a list, such as {{ $json.lines }} after grouping the rows of a sheet',
		);
	}
	const lines = list as unknown[];
	lines.forEach((line, i) => {
		if (typeof line !== 'object' || line === null || Array.isArray(line)) {
			throw new InvalidInput(
				`${label} ${i + 1} is not a line (an object with description, quantity…)`,
			);
		}
	});
	return lines as IDataObject[];
}

/** Every line checked; none at all is refused. */
export function lineItems(lines: IDataObject[], label: string, currency: string): IDataObject[] {
	if (lines.length === 0)
		throw new InvalidInput(`${label} is empty`, 'A document needs at least one line');
	return lines.map((line, i) => lineItem(line, `${label} ${i + 1}`, currency));
}
