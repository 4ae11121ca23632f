import type { IDataObject } from 'n8n-workflow';

import { findCatalogItem, simpleCatalogItem } from '../../../nodes/MakeLeaps/model/catalog';

const url = (mid: string) => `https://api.makeleaps.com/api/partner/1/item/${mid}/`;

const items: IDataObject[] = [
	{ url: url('11'), mid: '11', code: 'P-100', description: 'Design', unit_cost: '8000' },
	{ url: url('12'), item_code: 'P-200', description: 'Hosting', unit_cost: '3000' },
	{ url: url('13'), mid: '13', code: 'P-300', description: 'Old hosting' },
	{ url: url('14'), mid: '14', code: 'P-300', description: 'New hosting' },
];

const message = (run: () => unknown) => {
	try {
		run();
	} catch (error) {
		return [(error as Error).message, (error as { description?: string }).description];
	}
	throw new Error('expected a refusal');
};

describe('a catalog item named by a line', () => {
	test('found by its code under any of its names, or by its MID (or the end of its URL)', () => {
		const label = 'Line Items 1: Catalog Item';
		expect(findCatalogItem(items, { by: 'code', value: 'P-100' }, label).mid).toBe('11');
		expect(findCatalogItem(items, { by: 'code', value: 'P-200' }, label).url).toBe(url('12'));
		expect(findCatalogItem(items, { by: 'mid', value: '12' }, label).item_code).toBe('P-200');
	});

	test('none, or several with the code, is refused: a line never takes a guessed item', () => {
		const label = 'Line Items 3: Catalog Item';
		expect(message(() => findCatalogItem(items, { by: 'code', value: 'P-999' }, label))).toEqual([
			`Line Items 3: Catalog Item: MakeLeaps' line item catalog has no item with code "P-999"`,
			'Item → Get Many lists the items of the catalog with their codes',
		]);
		expect(message(() => findCatalogItem(items, { by: 'code', value: 'P-300' }, label))).toEqual([
			'Line Items 3: Catalog Item: 2 items of the line item catalog have code "P-300"',
			'Pick the item From List instead: 13, 14',
		]);
		expect(message(() => findCatalogItem(items, { by: 'mid', value: '99' }, label))[0]).toBe(
			`Line Items 3: Catalog Item: MakeLeaps' line item catalog has no item with ID 99`,
		);
	});

	test('a code is matched without the spaces MakeLeaps may keep around it', () => {
		const spaced = [{ mid: '21', code: ' P-400 ', description: 'Print', unit_cost: '100' }];
		expect(findCatalogItem(spaced, { by: 'code', value: 'P-400' }, 'L').mid).toBe('21');
	});

	test('a catalog whose items give no code says so', () => {
		const uncoded = [{ mid: '1', description: 'x', unit_cost: '1' }];
		expect(message(() => findCatalogItem(uncoded, { by: 'code', value: 'A' }, 'L'))[1]).toBe(
			'None of its 1 items gives a code (code, item_code, product_code): pick the item From List',
		);
	});
});

describe('Simplify: a catalog item as one flat row', () => {
	test('MID, code, description, unit price and tax rate as numbers, unit, tax rate and type', () => {
		const item = {
			url: url('15'),
			code: 'C-1',
			name: 'Coffee beans',
			price: 3240.5,
			unit: 'bag',
			tax_rate: 8,
			tax_type: 'reduced',
			tags: ['food'],
		};
		expect(simpleCatalogItem(item)).toEqual({
			mid: '15',
			code: 'C-1',
			description: 'Coffee beans',
			unit_price: 3240.5,
			unit: 'bag',
			tax_rate: 8,
			tax_type: 'reduced',
		});
		expect(simpleCatalogItem({ mid: '16' })).toEqual({
			mid: '16',
			code: null,
			description: null,
			unit_price: null,
			unit: null,
			tax_rate: null,
			tax_type: null,
		});
	});
});
