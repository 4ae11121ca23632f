/**
 * Item → Get Many: the line item catalog as flat rows (or as MakeLeaps gives it), Return All along
 * its pages or up to Limit; and the Catalog Item picker of a document line.
 */
import { listSearch } from '../../../dev/harness/editor';
import { useTestBed, type TestBed } from '../support/bed';

const getMany = { resource: 'item', operation: 'getAll' };

/** `n` products P-001… at 100, 200… yen, at 10 %. */
const seedProducts = (bed: TestBed, n: number) =>
	Array.from({ length: n }, (_, k) =>
		bed.sandbox.seedItem({
			code: `P-${String(k + 1).padStart(3, '0')}`,
			description: `Product ${k + 1}`,
			unit_cost: `${(k + 1) * 100}.00`,
			quantity_unit: 'pc',
			tax_rate: '10',
		}),
	);

const catalogRequests = (bed: TestBed) =>
	bed.sandbox.received(`/api/partner/${bed.sandbox.credentials.partnerMid}/item/`);

describe('Item: Get Many', () => {
	const bed = useTestBed();

	test('one flat row per item, the price and the rate as numbers', async () => {
		const [mid] = seedProducts(bed, 1);
		const result = await bed.run({ ...getMany, returnAll: true }, [{}], { typeVersion: 2 });
		expect(result.output.map((item) => item.json)).toEqual([
			{
				mid,
				code: 'P-001',
				description: 'Product 1',
				unit_price: 100,
				unit: 'pc',
				tax_rate: 10,
				tax_type: null,
			},
		]);
	});

	test('Return All reads every page (100 a page); Limit reads only what it needs', async () => {
		const mids = seedProducts(bed, 130);
		const all = await bed.run({ ...getMany, returnAll: true });
		expect(all.output.map((item) => item.json.mid)).toEqual(mids);
		expect(catalogRequests(bed).map((request) => request.query.per_page)).toEqual(['100', '100']);

		bed.sandbox.resetRequests();
		const some = await bed.run({ ...getMany, limit: 5 });
		expect(some.output.map((item) => item.json.code)).toEqual([
			'P-001',
			'P-002',
			'P-003',
			'P-004',
			'P-005',
		]);
		expect(catalogRequests(bed)).toHaveLength(1);
		// version 1, or Simplify off: the items as MakeLeaps gives them
		expect(some.output[0].json).toMatchObject({ code: 'P-001', unit_cost: '100.00' });
	});

	test('it only reads: no request but GET', async () => {
		seedProducts(bed, 3);
		const result = await bed.run({ ...getMany, returnAll: true }, [{}, {}]);
		expect(result.output).toHaveLength(6);
		expect(bed.sandbox.received('/api/').every((request) => request.method === 'GET')).toBe(true);
	});
});

describe('The Catalog Item picker', () => {
	const bed = useTestBed();

	test('lists items by code, description and price, page by page; the search box filters', async () => {
		const mids = seedProducts(bed, 25);
		const search = (filter?: string, paginationToken?: string) =>
			listSearch({
				credentials: bed.credentials,
				method: 'searchCatalogItems',
				parameters: { resource: 'document', operation: 'create', partner: bed.partner },
				filter,
				paginationToken,
			});
		const first = await search();
		expect(first.results[0]).toEqual({ name: 'P-001 · Product 1 · 100.00', value: mids[0] });
		const second = await search(undefined, first.paginationToken as string);
		expect([...first.results, ...second.results].map((r) => r.value)).toEqual(mids);
		expect(second.paginationToken).toBeUndefined();
		expect((await search('product 2')).results.map((r) => r.name)).toEqual([
			'P-002 · Product 2 · 200.00',
			'P-020 · Product 20 · 2000.00',
		]);
	});
});
