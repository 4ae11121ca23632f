/**
 * Line items from the editor's fields or from a list in the incoming item, checked line by line
 * and turned into MakeLeaps' shape: amounts as exact decimal texts. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { checkAmount, checkQuantity, checkTaxRate } from './money';
import { checkText, InvalidInput } from './validation';

const KINDS = ['normal', 'simple', 'text', 'subtotal'];
const TAX_TYPES = [
	'standard',
	'reduced',
	'non_taxable',
	'untaxable',
	'duty_free',
	'legacy_tax',
	'legacy_no_tax',
];

/** The names a line's values may go by in a list (a spreadsheet's headers), first match wins. */
const ALIASES: Record<string, string[]> = {
	kind: ['kind'],
	description: ['description', 'item', 'name'],
	quantity: ['quantity', 'qty'],
	unitPrice: ['unitPrice', 'unit_price', 'unit_cost', 'unitCost'],
	price: ['price', 'amount'],
	taxRate: ['taxRate', 'tax_rate'],
	taxType: ['taxType', 'tax_type'],
	quantityUnit: ['quantityUnit', 'quantity_unit', 'unit'],
};

const pick = (line: IDataObject, key: string): unknown =>
	ALIASES[key].map((alias) => line[alias]).find((value) => value !== undefined && value !== '');

/** One line in MakeLeaps' shape; `where` names it in errors ("Line Items 2"). */
export function lineItem(line: IDataObject, where: string, currency: string): IDataObject {
	const label = (name: string) => `${where}: ${name}`;
	const kind = checkText(pick(line, 'kind'), label('Kind')) || 'normal';
	if (!KINDS.includes(kind))
		throw new InvalidInput(`${label('Kind')} "${kind}" is not one of ${KINDS.join(', ')}`);
	if (kind === 'subtotal') return { kind };
	const description = checkText(pick(line, 'description'), label('Description'));
	if (!description) throw new InvalidInput(`${label('Description')} is empty`);
	if (kind === 'text') return { kind, description };
	const result: IDataObject = { kind, description };
	if (kind === 'normal') {
		result.quantity = checkQuantity(pick(line, 'quantity') ?? '1', label('Quantity'));
		const unitPrice = pick(line, 'unitPrice');
		if (unitPrice === undefined) throw new InvalidInput(`${label('Unit Price')} is empty`);
		result.unit_cost = checkAmount(unitPrice, label('Unit Price'), currency);
	} else {
		const price = pick(line, 'price');
		if (price === undefined) throw new InvalidInput(`${label('Amount')} is empty`);
		result.price = checkAmount(price, label('Amount'), currency);
	}
	const taxRate = pick(line, 'taxRate');
	if (taxRate === undefined) throw new InvalidInput(`${label('Tax Rate')} is empty`);
	result.tax_rate = checkTaxRate(taxRate, label('Tax Rate'));
	const taxType = checkText(pick(line, 'taxType'), label('Tax Type'));
	if (taxType && !TAX_TYPES.includes(taxType)) {
		throw new InvalidInput(
			`${label('Tax Type')} "${taxType}" is not one of ${TAX_TYPES.join(', ')}`,
		);
	}
	if (taxType) result.tax_type = taxType;
	const unit = checkText(pick(line, 'quantityUnit'), label('Unit'));
	if (unit) result.quantity_unit = unit;
	return result;
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
