/**
 * Withholding tax (源泉徴収) on a line: typed in the editor, from a list's column (in English or
 * Japanese, 源泉 or 源泉徴収), on a line from the catalog. It arrives as `has_jp_withholding_tax:
 * true`, MakeLeaps computes the amount (`jp_withholding_tax`), and the totals come back checked
 * without the node claiming MakeLeaps' arithmetic: its withholding is taken as it is, its total
 * before or after it. A service that does not take the field fails the item naming its answer,
 * and the document is not made twice.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { STRICT, useTestBed, type TestBed } from '../support/bed';
import { byId, posts, seedClient } from '../support/fixtures';

const keep = { onError: 'continueRegularOutput' } as const;
const v2 = { typeVersion: 2 };

/** Document → Create of an invoice for the client, its lines `from` the editor or a list. */
const invoice = (client: string, from: IDataObject): INodeParameters => ({
	resource: 'document',
	operation: 'create',
	documentType: 'invoice',
	client: byId(client),
	date: '2026-11-30',
	...from,
});
const typed = (...line: IDataObject[]) => ({ lineItems: { line } });
const listed = { lineItemsFrom: 'json', lineItemsJson: '={{ $json.lines }}' };

/** The withholding flag of each stored line, and the line sent for it. */
const flags = (bed: TestBed) =>
	bed.sandbox.documentsOf().map((d) => d.lineitems.map((line) => line.has_jp_withholding_tax));
const sentLines = (bed: TestBed) =>
	posts(bed)
		.filter((r) => r.path.endsWith('/document/'))
		.map((r) => (JSON.parse(r.body) as { lineitems: IDataObject[] }).lineitems);

describe('Withholding tax on a line', () => {
	const bed = useTestBed(STRICT);

	test("a typed line's Withholding Tax arrives as has_jp_withholding_tax: true; MakeLeaps' withholding is in the row, the totals checked", async () => {
		const client = seedClient(bed, 'C-1');
		const result = await bed.run(
			invoice(
				client,
				typed(
					{ description: 'Design', unitPrice: '100000', withholdingTax: true },
					{ description: 'Travel', unitPrice: '5000', withholdingTax: false },
				),
			),
			[{}],
			v2,
		);
		expect(result.error).toBeUndefined();
		expect(sentLines(bed)).toEqual([
			[
				expect.objectContaining({ description: 'Design', has_jp_withholding_tax: true }),
				expect.not.objectContaining({ has_jp_withholding_tax: expect.anything() }),
			],
		]);
		expect(flags(bed)).toEqual([[true, false]]);
		// 105,000 + 10,500 tax, less 10.21 % of 100,000 (the sandbox's guess of MakeLeaps' rule)
		expect(result.output[0].json).toMatchObject({
			subtotal: 105000,
			tax: 10500,
			jp_withholding_tax: 10210,
			total: 105290,
		});
	});

	test("a list's column 源泉 (or 源泉徴収, withholding_tax) says yes or no per line; a line from the catalog keeps the row's", async () => {
		const client = seedClient(bed, 'C-1');
		bed.sandbox.seedItem({
			code: 'DESIGN-H',
			description: 'Design work',
			unit_cost: '8000',
			tax_rate: '10',
		});
		const lines = [
			{ 品名: '翻訳', 数量: 1, 単価: 50000, 税率: 10, 源泉: 'yes' },
			{ 品名: '交通費', 数量: 1, 単価: 2000, 税率: 10, 源泉: '' },
			{ description: 'Review', quantity: 1, unit_price: 10000, tax_rate: 10, 源泉徴収: 1 },
			{ item_code: 'DESIGN-H', quantity: 2, withholding_tax: true },
			{ kind: 'text', description: 'Thank you', 源泉: 'no' },
		];
		const result = await bed.run(invoice(client, listed), [{ lines }], v2);
		expect(result.error).toBeUndefined();
		expect(flags(bed)).toEqual([[true, false, true, true, false]]);
		// withheld: 50,000 + 10,000 + 16,000 = 76,000 → 7,759.6 → 7,759
		expect(result.output[0].json).toMatchObject({ jp_withholding_tax: 7759, total: 78041 });
	});

	test("Convert keeps a line's withholding tax and tax-inclusive price; the invoice's totals are MakeLeaps'", async () => {
		const client = seedClient(bed, 'C-1');
		const partner = bed.sandbox.credentials.partnerMid;
		const quote = bed.sandbox.seedDocument({
			document_type: 'quote',
			client: `${bed.sandbox.baseUrl}/api/partner/${partner}/client/${client}/`,
			lineitems: [
				{
					...{ kind: 'simple', description: 'Fee', price: '100000', tax_rate: '10' },
					has_jp_withholding_tax: true,
				},
				{
					kind: 'simple',
					description: 'Goods',
					price: '1100',
					tax_rate: '10',
					is_tax_inclusive: true,
				},
			],
			autocalculate: true,
		});
		const result = await bed.run({
			resource: 'document',
			operation: 'convert',
			document: byId(String(quote.mid)),
			documentType: 'invoice',
		});
		expect(result.error).toBeUndefined();
		const invoice = bed.sandbox.documentsOf().find((d) => d.document_type === 'invoice')!;
		expect(
			invoice.lineitems.map((line) => [line.has_jp_withholding_tax, line.is_tax_inclusive]),
		).toEqual([
			[true, false],
			[false, true],
		]);
		expect([invoice.total, invoice.jp_withholding_tax]).toEqual([
			quote.total,
			quote.jp_withholding_tax,
		]);
	});

	test('a withholding on a text line, or a value that is not yes or no, fails the item before anything is sent', async () => {
		const client = seedClient(bed, 'C-1');
		const rows = [
			{ lines: [{ kind: 'text', description: 'Note', 源泉: 'yes' }] },
			{ lines: [{ description: 'Design', unit_price: 1000, tax_rate: 10, 源泉: 'あり' }] },
		];
		const result = await bed.run(invoice(client, listed), rows, keep);
		expect(result.output.map((item) => item.json.error)).toEqual([
			'Line Items (List) 1: Withholding Tax is yes on a text line, which has no amount to withhold from [item 0, row 1]',
			'Line Items (List) 1: Withholding Tax must be true or false (yes or no, 1 or 0), not "あり" [item 1, row 2]',
		]);
		expect(posts(bed)).toHaveLength(0);
	});

	test('Create or Update: a line whose withholding changes is updated, the change named; the same again is unchanged', async () => {
		const client = seedClient(bed, 'C-1');
		const upsert = (withheld: string) =>
			bed.run(
				{
					...invoice(client, listed),
					operation: 'createOrUpdate',
					externalId: 'ROW-1',
				},
				[{ lines: [{ description: 'Design', unit_price: 100000, tax_rate: 10, 源泉: withheld }] }],
				v2,
			);
		expect((await upsert('no')).output[0].json.operation).toBe('created');
		const changed = await upsert('yes');
		expect(changed.output[0].json).toMatchObject({
			operation: 'updated',
			changes: 'line 1 Design: withholding tax no → yes',
			jp_withholding_tax: 10210,
		});
		const writes = bed.sandbox.received('/api/').filter((r) => r.method !== 'GET').length;
		expect((await upsert('yes')).output[0].json.operation).toBe('unchanged');
		expect(bed.sandbox.received('/api/').filter((r) => r.method !== 'GET')).toHaveLength(writes);
		expect(bed.sandbox.documentsOf()).toHaveLength(1);
	});
});

describe("Withholding tax when MakeLeaps' total is before it", () => {
	const bed = useTestBed({ ...STRICT, totalBeforeWithholding: true });

	test('the totals pass too: the node does not claim which total MakeLeaps gives', async () => {
		const client = seedClient(bed, 'C-1');
		const result = await bed.run(
			invoice(client, typed({ description: 'Design', unitPrice: '100000', withholdingTax: true })),
			[{}],
			v2,
		);
		expect(result.error).toBeUndefined();
		expect(result.output[0].json).toMatchObject({ jp_withholding_tax: 10210, total: 110000 });
	});
});

describe('Withholding tax when MakeLeaps does not take it', () => {
	const bed = useTestBed({ ignoredFields: ['has_jp_withholding_tax'] });

	test('the item fails naming what MakeLeaps answered; a run again makes no second document', async () => {
		const client = seedClient(bed, 'C-1');
		const upsert = {
			...invoice(
				client,
				typed({ description: 'Design', unitPrice: '100000', withholdingTax: true }),
			),
			operation: 'createOrUpdate',
			externalId: 'ROW-1',
		};
		const first = await bed.run(upsert, [{}], keep);
		expect(first.output[0].json.error).toBe(
			'MakeLeaps answered line 1 of invoice 0001 with has_jp_withholding_tax false on it, though it was sent with has_jp_withholding_tax true [item 0, row 1]',
		);
		expect(first.output[0].error?.description).toMatch(
			/^The document was created in MakeLeaps \(MID \d+\) and is not written again/,
		);
		const again = await bed.run(upsert, [{}], keep);
		expect(again.output[0].json.error).toMatch(/^MakeLeaps answered line 1 of invoice 0001/);
		expect(bed.sandbox.documentsOf()).toHaveLength(1);
		expect(posts(bed).filter((r) => r.path.endsWith('/document/'))).toHaveLength(1);
	});
});
