/**
 * The line item catalog, pure. An item of it, read under the names MakeLeaps may give its values
 * (they are not documented: see docs/known-guesses.md), found by its MID or its code, and shown
 * as a flat row; a document line that names an item: which item it names, and the line it makes,
 * the row's own values first, what it leaves empty taken from the item.
 */
import type { IDataObject } from 'n8n-workflow';

import { cells } from './cells';
import { isEmpty } from './fields';
import { givenValue, lineLabel, TAX_TYPES } from './lineItems';
import { isRecord, linkedMid } from './locators';
import {
	ACCOUNT_CURRENCY,
	amountCell,
	checkRecordedAmount,
	checkTaxRate,
	decimalCell,
} from './money';
import { checkMid, checkText, InvalidInput } from './validation';

/** The names each value of a catalog item may go by, a document line's own name first. */
export const CATALOG_FIELDS = {
	code: ['code', 'item_code', 'product_code'],
	description: ['description', 'name'],
	unitPrice: ['unit_cost', 'unit_price', 'price'],
	unit: ['quantity_unit', 'unit'],
	taxRate: ['tax_rate'],
	taxType: ['tax_type'],
	currency: ['currency'],
} as const;

export type CatalogValue = keyof typeof CATALOG_FIELDS;

/** A value of a catalog item and the name it came under. */
export interface Found {
	field: string;
	value: IDataObject[string];
}

/** Every value the item gives for `key`, under each of its names, in the order of CATALOG_FIELDS. */
export function catalogValues(item: IDataObject, key: CatalogValue): Found[] {
	return CATALOG_FIELDS[key]
		.filter((field) => !isEmpty(item[field]))
		.map((field) => ({ field, value: item[field] }));
}

/** The item's value for `key`: the first of its names it gives. */
export const catalogValue = (item: IDataObject, key: CatalogValue): Found | undefined =>
	catalogValues(item, key)[0];

/** The item's code as text, or '' when it gives none. */
export const catalogCode = (item: IDataObject): string =>
	String(catalogValue(item, 'code')?.value ?? '').trim();

/** How messages name an item: its code, else its MID. */
export const catalogItemName = (item: IDataObject): string =>
	catalogCode(item) ? `"${catalogCode(item)}"` : linkedMid(item);

/** A catalog item named by a line: picked from the list (its MID) or given by its code. */
export interface CatalogRef {
	by: 'mid' | 'code';
	value: string;
}

/**
 * The one item of the catalog that `ref` names; `label` names the line's field in errors. None,
 * or several with the same code, is refused: a line never takes a guessed item.
 */
export function findCatalogItem(
	items: readonly IDataObject[],
	ref: CatalogRef,
	label: string,
): IDataObject {
	const found = items.filter((item) =>
		ref.by === 'mid' ? linkedMid(item) === ref.value : catalogCode(item) === ref.value,
	);
	if (found.length === 1) return found[0];
	const named = ref.by === 'mid' ? `ID ${ref.value}` : `code "${ref.value}"`;
	if (found.length > 1) {
		throw new InvalidInput(
			`${label}: ${found.length} items of the line item catalog have ${named}`,
			`Pick the item From List instead: ${found.map((item) => linkedMid(item)).join(', ')}`,
		);
	}
	const coded = items.some((item) => catalogCode(item) !== '');
	throw new InvalidInput(
		`${label}: MakeLeaps' line item catalog has no item with ${named}`,
		ref.by === 'code' && items.length > 0 && !coded
			? `None of its ${items.length} items gives a code (${CATALOG_FIELDS.code.join(', ')}): pick the item From List`
			: 'Item → Get Many lists the items of the catalog with their codes',
	);
}

/** A catalog item as a flat row (Simplify): its MID, code, description, price, unit and tax. */
export function simpleCatalogItem(item: IDataObject): IDataObject {
	const value = (key: CatalogValue) => catalogValue(item, key)?.value;
	return cells({
		mid: linkedMid(item) || null,
		code: value('code'),
		description: value('description'),
		unit_price: amountCell(decimalCell(value('unitPrice'))),
		unit: value('unit'),
		tax_rate: amountCell(decimalCell(value('taxRate'))),
		tax_type: value('taxType'),
	});
}

/** The kinds of line a catalog item can make: a normal one (the editor's "From the Catalog"). */
const CATALOG_KINDS = ['normal', 'catalog'];

/**
 * The catalog item a line names, or undefined: a picker's value (a typed line: From List gives
 * its MID, By Code its code) or a list's column (a code). A line of the editor's kind "catalog"
 * must name one; a line of another kind than normal cannot.
 */
export function catalogRefOf(line: IDataObject, where: string): CatalogRef | undefined {
	const label = `${where}: ${lineLabel('catalogItem')}`;
	const kind = checkText(givenValue(line, 'kind'), `${where}: ${lineLabel('kind')}`) || 'normal';
	const picked = givenValue(line, 'catalogItem');
	const locator = isRecord(picked) ? picked : undefined;
	const value = checkText(locator ? locator.value : picked, label);
	if (!value) {
		if (kind !== 'catalog') return undefined;
		throw new InvalidInput(`${label} is empty`, 'Pick the item From List, or give its code');
	}
	if (!CATALOG_KINDS.includes(kind)) {
		throw new InvalidInput(
			`${label} "${value}" is given on a line of type ${kind}`,
			'An item of the catalog makes a normal line (Quantity × Rate): leave the type empty or normal',
		);
	}
	if (locator?.mode === 'list') return { by: 'mid', value: checkMid(value, label) };
	return { by: 'code', value };
}

/** An error about a value the catalog item gives: MakeLeaps' record, not the row, is at fault. */
function fromCatalog(refused: unknown, hint: string): never {
	if (!(refused instanceof InvalidInput)) throw refused;
	throw new InvalidInput(refused.message, hint);
}

/** "1000", 1000 and "1000.00" are the same amount. */
export const amountKey = (value: unknown) =>
	String(value)
		.trim()
		.replace(/^(-?\d+)\.(\d*?)0*$/, (_, whole: string, fraction: string) =>
			fraction ? `${whole}.${fraction}` : whole,
		);

/**
 * The item's unit price for a line in `currency`: one, present, an amount and in that currency,
 * or refused. A price without a stated currency is in the account's own (ACCOUNT_CURRENCY), and
 * lends itself to no document in another: the currency is never guessed either.
 */
function unitPriceOf(item: IDataObject, label: string, currency: string): string {
	const line = lineLabel('unitPrice');
	const hint = `Give the line's ${line}, or correct the item's price in MakeLeaps`;
	const currencyOf = checkText(catalogValue(item, 'currency')?.value, `${label}: currency`);
	if (currencyOf && currencyOf.toUpperCase() !== currency) {
		throw new InvalidInput(
			`${label} is priced in ${currencyOf}, the document in ${currency}`,
			`Give the line's ${line} in ${currency}`,
		);
	}
	if (!currencyOf && currency !== ACCOUNT_CURRENCY) {
		throw new InvalidInput(
			`${label} gives no currency in MakeLeaps: its price is taken only for documents in ${ACCOUNT_CURRENCY}, the account's currency, and this one is in ${currency}`,
			`Give the line's ${line} in ${currency}, or set the item's currency in MakeLeaps`,
		);
	}
	const [price, ...others] = catalogValues(item, 'unitPrice');
	if (price === undefined) {
		throw new InvalidInput(
			`${label} has no unit price in MakeLeaps (none of ${CATALOG_FIELDS.unitPrice.join(', ')})`,
			hint,
		);
	}
	const differing = others.filter((other) => amountKey(other.value) !== amountKey(price.value));
	if (differing.length > 0) {
		const given = [price, ...differing].map(({ field, value }) => `${field} ${String(value)}`);
		throw new InvalidInput(
			`${label} gives ${given.join(' and ')}: which one is its unit price is not known`,
			hint,
		);
	}
	try {
		return checkRecordedAmount(price.value, `${label}: ${price.field}`, currency);
	} catch (refused) {
		return fromCatalog(refused, hint);
	}
}

/** The item's text or rate for `key`, checked (undefined when it gives none). */
function itemText(item: IDataObject, key: CatalogValue, label: string): string | undefined {
	const line = lineLabel(key === 'unit' ? 'quantityUnit' : key);
	const found = catalogValue(item, key);
	if (found === undefined) return undefined;
	const hint = `Give the line's ${line}, or correct the item in MakeLeaps`;
	try {
		const named = `${label}: ${found.field}`;
		const text =
			key === 'taxRate' ? checkTaxRate(found.value, named) : checkText(found.value, named);
		if (key === 'taxType' && !TAX_TYPES.includes(text)) {
			throw new InvalidInput(
				`${label}: ${found.field} "${text}" is not one of ${TAX_TYPES.join(', ')}`,
			);
		}
		return text;
	} catch (refused) {
		return fromCatalog(refused, hint);
	}
}

/**
 * The line a row naming `item` makes, in the row's own words (then checked as any line): a normal
 * line whose description, unit price, unit, tax rate and tax type are the row's where it gives
 * them (empty values aside), else the item's; its withholding tax is the row's. The item's values are checked here, naming the
 * item: a price it lacks, or one that is not an amount, stops the line, never guessed.
 */
export function withCatalogItem(
	line: IDataObject,
	item: IDataObject,
	where: string,
	currency: string,
): IDataObject {
	const label = `${where}: ${lineLabel('catalogItem')} ${catalogItemName(item)}`;
	const own = (key: string) => givenValue(line, key);
	const merged: IDataObject = {
		kind: 'normal',
		quantity: own('quantity'),
		description: own('description') ?? itemText(item, 'description', label),
		unitPrice: own('unitPrice') ?? unitPriceOf(item, label, currency),
		quantityUnit: own('quantityUnit') ?? itemText(item, 'unit', label),
		taxRate: own('taxRate') ?? itemText(item, 'taxRate', label),
		taxType: own('taxType') ?? itemText(item, 'taxType', label),
		// the row's alone: no item field for it is known
		withholdingTax: own('withholdingTax'),
	};
	for (const key of ['description', 'taxRate'] as const) {
		if (merged[key] !== undefined) continue;
		throw new InvalidInput(
			`${where}: ${lineLabel(key)} is empty, and ${lineLabel('catalogItem')} ${catalogItemName(item)} has none in MakeLeaps`,
			`Give the line's ${lineLabel(key)}`,
		);
	}
	return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined));
}
