/**
 * An item of MakeLeaps' line item catalog, read under the names MakeLeaps may give its values
 * (they are not documented: see docs/known-guesses.md), found by its MID or its code, and shown
 * as a flat row. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { cells } from '../cells';
import { isEmpty } from '../fields';
import { linkedMid } from '../locators';
import { decimalCell } from '../money';
import { InvalidInput } from '../validation';

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
		unit_price: decimalCell(value('unitPrice')),
		unit: value('unit'),
		tax_rate: decimalCell(value('taxRate')),
		tax_type: value('taxType'),
	});
}
