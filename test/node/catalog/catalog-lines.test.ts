/**
 * Lines from the line item catalog: a line naming an item (From List or By Code, or a list's
 * item_code column) takes its description, unit price, unit and tax rate, each overridden by the
 * row; the catalog is read once per run and only when a line names an item; an unknown item, or
 * one whose price is missing or not an amount, fails the item before anything is written.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { STRICT, useTestBed, type TestBed } from '../support/bed';
import { byId, documentUpsertRows, seedClient } from '../support/fixtures';

const catalogPath = (bed: TestBed) => `/api/partner/${bed.sandbox.credentials.partnerMid}/item/`;
const catalogReads = (bed: TestBed) => bed.sandbox.received(catalogPath(bed)).length;
const writes = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.method !== 'GET').length;

/** Two products: design work by the hour, and coffee beans at the reduced rate (decimals as MakeLeaps writes them). */
function seedCatalog(bed: TestBed) {
	return {
		design: bed.sandbox.seedItem({
			code: 'DESIGN-H',
			description: 'Design work',
			unit_cost: '8000',
			quantity_unit: 'hour',
			tax_rate: '10',
		}),
		coffee: bed.sandbox.seedItem({
			code: 'COFFEE-1KG',
			description: 'Coffee beans 1 kg',
			unit_cost: '3240.00',
			quantity_unit: 'bag',
			tax_rate: '8.00',
			tax_type: 'reduced',
		}),
	};
}

/** The stored lines of the partner's documents, as a row of a sheet would read them. */
const storedLines = (bed: TestBed) =>
	bed.sandbox.documentsOf().map((document) =>
		document.lineitems.map((line) => ({
			description: line.description,
			quantity: line.quantity,
			unit_cost: line.unit_cost,
			quantity_unit: line.quantity_unit,
			tax_rate: line.tax_rate,
			tax_type: line.tax_type,
		})),
	);

/** Document → Create of an invoice whose lines are a list in the item (`lines`). */
const fromList = (client: string): INodeParameters => ({
	resource: 'document',
	operation: 'create',
	documentType: 'invoice',
	client: byId(client),
	date: '2026-11-30',
	lineItemsFrom: 'json',
	lineItemsJson: '={{ $json.lines }}',
});

describe('Lines from the catalog', () => {
	const bed = useTestBed(STRICT);

	test('typed lines take an item From List or By Code, the line overriding what it gives', async () => {
		const { design } = seedCatalog(bed);
		const client = seedClient(bed, 'C-1');
		const line = (catalogItem: IDataObject, extra: IDataObject = {}) => ({
			kind: 'catalog',
			catalogItem: { __rl: true, ...catalogItem },
			...extra,
		});
		const result = await bed.run({
			...fromList(client),
			lineItemsFrom: 'fields',
			lineItems: {
				line: [
					line({ mode: 'list', value: design }, { quantity: '3' }),
					line({ mode: 'code', value: 'COFFEE-1KG' }, { quantity: '2', unitPrice: '3000' }),
					{ description: 'Delivery', quantity: '1', unitPrice: '500', taxRate: '10' },
				],
			},
		});
		expect(result.error).toBeUndefined();
		expect(storedLines(bed)).toEqual([
			[
				{
					description: 'Design work',
					quantity: '3',
					unit_cost: '8000',
					quantity_unit: 'hour',
					tax_rate: '10',
					tax_type: '',
				},
				{
					description: 'Coffee beans 1 kg',
					quantity: '2',
					unit_cost: '3000',
					quantity_unit: 'bag',
					tax_rate: '8.00',
					tax_type: 'reduced',
				},
				{
					description: 'Delivery',
					quantity: '1',
					unit_cost: '500',
					quantity_unit: '',
					tax_rate: '10',
					tax_type: '',
				},
			],
		]);
		// 24000 + 500 at 10 % (2450), 6000 at 8 % (480)
		expect(result.output[0].json.total).toBe('33430');
		expect(catalogReads(bed)).toBe(1);
	});

	test('rows of a sheet name items by item_code: the catalog is read once a run, and only then', async () => {
		seedCatalog(bed);
		const client = seedClient(bed, 'C-1');
		const rows = [1, 2, 3].map((quantity) => ({
			lines: [
				{ item_code: 'DESIGN-H', quantity },
				{ item_code: 'COFFEE-1KG', quantity: 1, description: 'Coffee (house blend)' },
			],
		}));
		const result = await bed.run(fromList(client), rows);
		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => item.json.total)).toEqual(['12299', '21099', '29899']);
		expect(storedLines(bed).map((lines) => lines.map((line) => line.description))).toEqual(
			Array(3).fill(['Design work', 'Coffee (house blend)']),
		);
		expect(catalogReads(bed)).toBe(1);

		// no line names an item: no read of the catalog
		const lines = [{ description: 'Work', quantity: 1, unit_price: 1000, tax_rate: 10 }];
		const plain = await bed.run(fromList(client), [{ lines }, { lines }]);
		expect(plain.output.map((item) => item.json.total)).toEqual(['1100', '1100']);
		expect(catalogReads(bed)).toBe(1);
	});

	test('an unknown code fails its item naming the line, the field and the code; nothing is written', async () => {
		seedCatalog(bed);
		const client = seedClient(bed, 'C-1');
		const good = { lines: [{ item_code: 'DESIGN-H' }] };
		const bad = { lines: [{ item_code: 'DESIGN-H' }, { item_code: 'DESIGN-X', quantity: 2 }] };
		const stopped = await bed.run(fromList(client), [bad, good]);
		expect(stopped.error?.message).toBe(
			`Line Items (List) 2: Catalog Item: MakeLeaps' line item catalog has no item with code "DESIGN-X" [item 0, row 1]`,
		);
		expect(writes(bed)).toBe(0);

		const goesOn = await bed.run(fromList(client), [bad, good], {
			onError: 'continueRegularOutput',
		});
		expect(goesOn.output.map((item) => item.json.error ?? item.json.total)).toEqual([
			`Line Items (List) 2: Catalog Item: MakeLeaps' line item catalog has no item with code "DESIGN-X" [item 0, row 1]`,
			'8800',
		]);
		expect(bed.sandbox.documentsOf()).toHaveLength(1);
	});

	test('Update → Replace Line Items takes lines from the catalog too', async () => {
		seedCatalog(bed);
		const client = seedClient(bed, 'C-1');
		const invoice = await bed.run(fromList(client), [{ lines: [{ item_code: 'DESIGN-H' }] }]);
		const result = await bed.run(
			{
				resource: 'document',
				operation: 'update',
				document: byId(String(invoice.output[0].json.mid)),
				replaceLineItems: true,
				lineItemsFrom: 'json',
				lineItemsJson: '={{ $json.lines }}',
			},
			[{ lines: [{ item_code: 'COFFEE-1KG', quantity: 10 }] }],
		);
		expect(result.output[0].json.total).toBe('34992');
		expect(storedLines(bed)[0].map((line) => line.description)).toEqual(['Coffee beans 1 kg']);
		expect(catalogReads(bed)).toBe(2);
	});

	test('a catalog answered with entries that are not items is refused', async () => {
		seedCatalog(bed);
		const client = seedClient(bed, 'C-1');
		bed.sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => ({
					...body,
					meta: { ...(body.meta as object), count: 1 },
					response: ['DESIGN-H'],
				}),
			},
			{ path: catalogPath(bed) },
		);
		const result = await bed.run(fromList(client), [{ lines: [{ item_code: 'DESIGN-H' }] }]);
		expect(result.error?.message).toBe(
			`MakeLeaps answered the line item catalog of partner ${bed.sandbox.credentials.partnerMid} with entries that are not items [item 0, row 1]`,
		);
		expect(writes(bed)).toBe(0);
	});
});

describe('A catalog that differs from the guess', () => {
	// the switches are read on every request; each test sets its own, in its own sandbox
	const bed = useTestBed();

	test('an item without a price fails the line, never guessed; a row giving the price makes it', async () => {
		seedCatalog(bed);
		bed.sandbox.options.catalogItemOmits = ['unit_cost'];
		const client = seedClient(bed, 'C-1');
		const result = await bed.run(fromList(client), [{ lines: [{ item_code: 'DESIGN-H' }] }]);
		expect(result.error?.message).toBe(
			'Line Items (List) 1: Catalog Item "DESIGN-H" has no unit price in MakeLeaps (none of unit_cost, unit_price, price) [item 0, row 1]',
		);
		expect(writes(bed)).toBe(0);
		const priced = await bed.run(fromList(client), [
			{ lines: [{ item_code: 'DESIGN-H', unit_price: 7500 }] },
		]);
		expect(priced.output[0].json.total).toBe('8250');
	});

	test('an item without a currency lends its price to a JPY document only; in USD the line is refused before any write', async () => {
		seedCatalog(bed);
		bed.sandbox.options.catalogItemOmits = ['currency'];
		const client = seedClient(bed, 'C-1');
		const usd = { ...fromList(client), currency: 'USD' };
		const rows = [{ lines: [{ item_code: 'DESIGN-H', quantity: 2 }] }];
		const refused =
			'Line Items (List) 1: Catalog Item "DESIGN-H" gives no currency in MakeLeaps: its price is taken only for documents in JPY, the account\'s currency, and this one is in USD [item 0, row 1]';
		const hint =
			"Give the line's Rate (Unit Price) in USD, or set the item's currency in MakeLeaps";

		const stopped = await bed.run(usd, rows);
		expect(stopped.error?.message).toBe(refused);
		expect(stopped.error?.description).toBe(hint);
		expect(writes(bed)).toBe(0);

		const goesOn = await bed.run(
			usd,
			[...rows, { lines: [{ item_code: 'DESIGN-H', unit_price: 60 }] }],
			{
				onError: 'continueRegularOutput',
			},
		);
		expect(goesOn.output.map((item) => item.json.error ?? item.json.total)).toEqual([
			refused,
			'66.00',
		]);
		expect(writes(bed)).toBe(1);
		expect(bed.sandbox.documentsOf().map((d) => [d.currency, d.total])).toEqual([['USD', '66.00']]);

		const yen = await bed.run(fromList(client), rows);
		expect(yen.output[0].json.total).toBe('17600');
		expect(storedLines(bed)[1][0]).toMatchObject({ unit_cost: '8000' });
		expect(bed.sandbox.documentsOf().map((d) => d.currency)).toEqual(['USD', 'JPY']);
	});

	test('an item priced in a way that is not an amount fails the line, naming its field', async () => {
		bed.sandbox.seedItem({
			code: 'HALF',
			description: 'Half a yen',
			unit_cost: '0.50',
			tax_rate: '10',
		});
		const client = seedClient(bed, 'C-1');
		const result = await bed.run(fromList(client), [{ lines: [{ item_code: 'HALF' }] }]);
		expect(result.error?.message).toBe(
			'Line Items (List) 1: Catalog Item "HALF": unit_cost 0.50 has decimals, but JPY amounts have none [item 0, row 1]',
		);
		expect(writes(bed)).toBe(0);
	});

	test('a catalog giving its fields under the other plausible names is read; an unknown name is not guessed', async () => {
		seedCatalog(bed);
		bed.sandbox.options.catalogItemNames = {
			unit_cost: 'price',
			quantity_unit: 'unit',
			code: 'item_code',
		};
		const client = seedClient(bed, 'C-1');
		const rows = [{ lines: [{ item_code: 'DESIGN-H', quantity: 2 }] }];
		expect((await bed.run(fromList(client), rows)).output[0].json.total).toBe('17600');
		expect(storedLines(bed)[0][0]).toMatchObject({ unit_cost: '8000', quantity_unit: 'hour' });

		bed.sandbox.options.catalogItemNames = { unit_cost: 'cost' };
		const unknown = await bed.run(fromList(client), rows);
		expect(unknown.error?.message).toMatch(
			/Catalog Item "DESIGN-H" has no unit price in MakeLeaps/,
		);
		expect(bed.sandbox.documentsOf()).toHaveLength(1);
	});
});

describe('Create or Update with lines from the catalog', () => {
	const bed = useTestBed(STRICT);

	test('an unchanged row stays unchanged; a new price in the catalog changes the lines', async () => {
		const { design } = seedCatalog(bed);
		const client = seedClient(bed, 'C-1');
		const rows = [
			{ id: 'ROW-1', client, title: 'November', lines: [{ item_code: 'DESIGN-H', quantity: 2 }] },
			{ id: 'ROW-2', client, title: 'November', lines: [{ item_code: 'COFFEE-1KG' }] },
		];
		const first = await bed.run(documentUpsertRows, rows);
		expect(first.output.map((item) => item.json.operation)).toEqual(['created', 'created']);

		bed.sandbox.resetRequests();
		const again = await bed.run(documentUpsertRows, rows);
		expect(again.output.map((item) => item.json.operation)).toEqual(['unchanged', 'unchanged']);
		expect([writes(bed), catalogReads(bed)]).toEqual([0, 1]);

		bed.sandbox.store.catalog.items.get(design)!.unit_cost = '9000';
		const preview = await bed.run({ ...documentUpsertRows, options: { previewOnly: true } }, rows);
		expect(preview.output.map((item) => item.json.preview)).toEqual(['would update', 'unchanged']);
		expect(writes(bed)).toBe(0);

		const changed = await bed.run(documentUpsertRows, rows);
		expect(changed.output.map((item) => item.json.operation)).toEqual(['updated', 'unchanged']);
		expect(changed.output[0].json.total).toBe('19800');
	});
});
