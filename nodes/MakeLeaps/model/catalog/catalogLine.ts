/**
 * A document line that names an item of the line item catalog: which item it names, and the
 * line it makes, the row's own values first, what it leaves empty taken from the item. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { givenValue, lineLabel, TAX_TYPES } from '../lineItems';
import { isRecord } from '../locators';
import { ACCOUNT_CURRENCY, checkRecordedAmount, checkTaxRate } from '../money';
import { checkMid, checkText, InvalidInput } from '../validation';
import {
	CATALOG_FIELDS,
	catalogItemName,
	catalogValue,
	catalogValues,
	type CatalogRef,
	type CatalogValue,
} from './catalogItem';

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
 * them (empty values aside), else the item's. The item's values are checked here, naming the
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
