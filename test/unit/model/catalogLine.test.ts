import type { IDataObject } from 'n8n-workflow';

import { catalogRefOf, withCatalogItem } from '../../../nodes/MakeLeaps/model/catalog';
import { lineItem } from '../../../nodes/MakeLeaps/model/lineItems';
import { checkRecordedAmount } from '../../../nodes/MakeLeaps/model/money';

const item = (fields: IDataObject = {}): IDataObject => ({
	url: 'https://api.makeleaps.com/api/partner/1/item/1734479364211706503/',
	mid: '1734479364211706503',
	code: 'P-100',
	description: 'Design work',
	unit_cost: '8000',
	quantity_unit: 'hour',
	tax_rate: '10',
	tax_type: '',
	...fields,
});

/** The line a row naming `catalog` makes, as MakeLeaps is sent it. */
const line = (row: IDataObject, catalog: IDataObject = item(), currency = 'JPY') =>
	lineItem(withCatalogItem(row, catalog, 'Line Items 1', currency), 'Line Items 1', currency);

const refusal = (run: () => unknown) => {
	try {
		run();
	} catch (error) {
		const { message, description } = error as Error & { description?: string };
		return { message, description };
	}
	throw new Error('expected a refusal');
};

describe('a line from the catalog: the row first, the item for what the row leaves empty', () => {
	test('a row naming an item by its code takes its description, unit price, unit and tax rate', () => {
		expect(line({ item_code: 'P-100', quantity: 3 })).toEqual({
			kind: 'normal',
			description: 'Design work',
			quantity: '3',
			unit_cost: '8000',
			tax_rate: '10',
			quantity_unit: 'hour',
		});
	});

	test("each value the row gives overrides the item's, under any of a line's names", () => {
		const row = {
			catalog_item: 'P-100',
			品名: 'Design work (rush)',
			単価: '9000',
			税率: '8',
			tax_type: 'reduced',
			単位: 'h',
		};
		expect(line(row)).toEqual({
			kind: 'normal',
			description: 'Design work (rush)',
			quantity: '1',
			unit_cost: '9000',
			tax_rate: '8',
			tax_type: 'reduced',
			quantity_unit: 'h',
		});
	});

	test("an empty value (nothing, null, spaces: a blank cell) leaves the item's", () => {
		const row = { item_code: 'P-100', description: '  ', unit_price: null, tax_rate: '', unit: '' };
		expect(line(row)).toMatchObject({
			description: 'Design work',
			unit_cost: '8000',
			tax_rate: '10',
		});
	});

	test("the item's other names are read: price or unit_price, unit, name", () => {
		const other = { unit_cost: undefined, quantity_unit: undefined, description: undefined };
		const named = item({ ...other, price: 1200, unit: 'pc', name: 'Sticker' });
		expect(line({ item_code: 'P-100' }, named)).toMatchObject({
			description: 'Sticker',
			unit_cost: '1200',
			quantity_unit: 'pc',
		});
		expect(
			line({ item_code: 'P-100' }, item({ unit_cost: undefined, unit_price: '50' })),
		).toMatchObject({
			unit_cost: '50',
		});
	});

	test("the item's tax type is taken when it is one MakeLeaps knows", () => {
		expect(line({ item_code: 'P-100' }, item({ tax_type: 'reduced' }))).toMatchObject({
			tax_type: 'reduced',
		});
		expect(refusal(() => line({ item_code: 'P-100' }, item({ tax_type: 'food' })))).toEqual({
			message:
				'Line Items 1: Catalog Item "P-100": tax_type "food" is not one of standard, reduced, non_taxable, untaxable, duty_free, legacy_tax, legacy_no_tax',
			description: "Give the line's Tax Type, or correct the item in MakeLeaps",
		});
	});
});

describe('a price is never guessed', () => {
	test('an item without a price stops the line, unless the row gives one', () => {
		const priceless = item({ unit_cost: '' });
		expect(refusal(() => line({ item_code: 'P-100' }, priceless))).toEqual({
			message:
				'Line Items 1: Catalog Item "P-100" has no unit price in MakeLeaps (none of unit_cost, unit_price, price)',
			description: "Give the line's Rate (Unit Price), or correct the item's price in MakeLeaps",
		});
		expect(line({ item_code: 'P-100', unit_price: 7000 }, priceless)).toMatchObject({
			unit_cost: '7000',
		});
	});

	test('a price that is not an amount of the currency is refused, naming the item and its field', () => {
		expect(refusal(() => line({ item_code: 'P-100' }, item({ unit_cost: '8,000' }))).message).toBe(
			'Line Items 1: Catalog Item "P-100": unit_cost "8,000" is not a number',
		);
		expect(refusal(() => line({ item_code: 'P-100' }, item({ unit_cost: '80.50' }))).message).toBe(
			'Line Items 1: Catalog Item "P-100": unit_cost 80.50 has decimals, but JPY amounts have none',
		);
		expect(
			refusal(() => line({ item_code: 'P-100' }, item({ unit_cost: { amount: 1 } }))).message,
		).toBe('Line Items 1: Catalog Item "P-100": unit_cost [object Object] is not a number');
	});

	test("zeros past the currency's decimals, as MakeLeaps writes decimals, change nothing", () => {
		expect(line({ item_code: 'P-100' }, item({ unit_cost: '8000.00' }))).toMatchObject({
			unit_cost: '8000',
		});
		expect(
			line({ item_code: 'P-100' }, item({ unit_cost: '19.900', currency: 'USD' }), 'USD'),
		).toMatchObject({
			unit_cost: '19.9',
		});
		expect(checkRecordedAmount('12.50', 'x', 'USD')).toBe('12.50');
	});

	test('two prices that differ are refused; the same amount twice is one price', () => {
		expect(refusal(() => line({ item_code: 'P-100' }, item({ price: '8800' }))).message).toBe(
			'Line Items 1: Catalog Item "P-100" gives unit_cost 8000 and price 8800: which one is its unit price is not known',
		);
		expect(line({ item_code: 'P-100' }, item({ price: '8000.00' }))).toMatchObject({
			unit_cost: '8000',
		});
	});

	test('an item priced in another currency than the document is refused', () => {
		expect(refusal(() => line({ item_code: 'P-100' }, item({ currency: 'USD' }))).message).toBe(
			'Line Items 1: Catalog Item "P-100" is priced in USD, the document in JPY',
		);
		expect(line({ item_code: 'P-100' }, item({ currency: 'jpy' }))).toMatchObject({
			unit_cost: '8000',
		});
	});

	test("an item without a currency lends its price to documents in the account's currency only", () => {
		expect(refusal(() => line({ item_code: 'P-100' }, item(), 'USD'))).toEqual({
			message:
				'Line Items 1: Catalog Item "P-100" gives no currency in MakeLeaps: its price is taken only for documents in JPY, the account\'s currency, and this one is in USD',
			description:
				"Give the line's Rate (Unit Price) in USD, or set the item's currency in MakeLeaps",
		});
		expect(line({ item_code: 'P-100', unit_price: '60' }, item(), 'USD')).toMatchObject({
			unit_cost: '60',
		});
		expect(line({ item_code: 'P-100' }, item({ currency: '' }))).toMatchObject({
			unit_cost: '8000',
		});
	});

	test('a description or tax rate neither the row nor the item gives is asked of the row', () => {
		expect(refusal(() => line({ item_code: 'P-100' }, item({ tax_rate: null }))).message).toBe(
			'Line Items 1: Tax Rate is empty, and Catalog Item "P-100" has none in MakeLeaps',
		);
		expect(refusal(() => line({ item_code: 'P-100' }, item({ description: '' }))).message).toBe(
			'Line Items 1: Description is empty, and Catalog Item "P-100" has none in MakeLeaps',
		);
		expect(refusal(() => line({ item_code: 'P-100' }, item({ tax_rate: '0.1' }))).message).toBe(
			'Line Items 1: Catalog Item "P-100": tax_rate 0.1 is below 1 %: did you mean 10?',
		);
	});
});

describe('which catalog item a line names', () => {
	const where = 'Line Items 2';

	test('a picker gives the MID From List and the code By Code; a column gives a code', () => {
		const picked = { __rl: true, mode: 'list', value: '1734479364211706503' };
		expect(catalogRefOf({ kind: 'catalog', catalogItem: picked }, where)).toEqual({
			by: 'mid',
			value: '1734479364211706503',
		});
		const byCode = { __rl: true, mode: 'code', value: ' P-100 ' };
		expect(catalogRefOf({ kind: 'catalog', catalogItem: byCode }, where)).toEqual({
			by: 'code',
			value: 'P-100',
		});
		expect(catalogRefOf({ item_code: 100 }, where)).toEqual({ by: 'code', value: '100' });
		expect(catalogRefOf({ 商品コード: 'P-1', kind: 'normal' }, where)).toEqual({
			by: 'code',
			value: 'P-1',
		});
	});

	test('a line naming none is an ordinary line', () => {
		expect(catalogRefOf({ description: 'x', item_code: '' }, where)).toBeUndefined();
		expect(catalogRefOf({ kind: 'text', description: 'x' }, where)).toBeUndefined();
	});

	test('a line from the catalog must name an item; a line of another type cannot', () => {
		const empty = { __rl: true, mode: 'list', value: '' };
		expect(refusal(() => catalogRefOf({ kind: 'catalog', catalogItem: empty }, where))).toEqual({
			message: 'Line Items 2: Catalog Item is empty',
			description: 'Pick the item From List, or give its code',
		});
		expect(refusal(() => catalogRefOf({ kind: 'simple', item_code: 'P-1' }, where)).message).toBe(
			'Line Items 2: Catalog Item "P-1" is given on a line of type simple',
		);
		const bad = { __rl: true, mode: 'list', value: '../1' };
		expect(
			refusal(() => catalogRefOf({ kind: 'catalog', catalogItem: bad }, where)).message,
		).toMatch(/^Line Items 2: Catalog Item/);
	});
});
