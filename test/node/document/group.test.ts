/**
 * Options > Group Rows By: one document from several input items (the rows of a sheet of invoice
 * lines), the same fields in every row, its lines from each, re-runnable, without a Code node.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { STRICT, useTestBed } from '../support/bed';
import { byId, seedClient } from '../support/fixtures';

const sheet = (client: string, quantity = 2): IDataObject[] => [
	{ invoice_id: 'INV-1', client, description: 'Design', quantity, unit_price: 10000, tax_rate: 10 },
	{
		invoice_id: 'INV-2',
		client,
		description: 'Hosting',
		quantity: 1,
		unit_price: 5000,
		tax_rate: 10,
	},
	{
		invoice_id: 'INV-1',
		client,
		description: 'Catering',
		quantity: 1,
		unit_price: 2160,
		tax_rate: 8,
	},
	{
		invoice_id: 'INV-1',
		client,
		description: 'Travel',
		quantity: 1,
		unit_price: 3000,
		tax_rate: 10,
	},
];

const grouped = (operation: string): INodeParameters => ({
	resource: 'document',
	operation,
	documentType: 'invoice',
	client: byId('={{ $json.client }}'),
	date: '2026-11-30',
	...(operation === 'createOrUpdate' ? { externalId: '={{ $json.invoice_id }}' } : {}),
	lineItems: {
		line: [
			{
				description: '={{ $json.description }}',
				quantity: '={{ $json.quantity }}',
				unitPrice: '={{ $json.unit_price }}',
				taxRate: '={{ $json.tax_rate }}',
			},
		],
	},
	options: { groupBy: '={{ $json.invoice_id }}' },
});

describe('Group Rows By', () => {
	const bed = useTestBed(STRICT);

	test('Create or Update: one invoice per invoice_id with a line per row, in order; each output paired with its first row; run again, nothing changes', async () => {
		const client = seedClient(bed, 'C-1');
		const first = await bed.run(grouped('createOrUpdate'), sheet(client));
		expect(first.error).toBeUndefined();
		expect(first.output.map((item) => [item.json.external_id, item.json.operation])).toEqual([
			['INV-1', 'created'],
			['INV-2', 'created'],
		]);
		// paired with the first row of its group, so $('Sheet').item after the node finds one row
		expect(first.output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		const invoice = bed.sandbox.documentsOf().find((d) => d.external_id === 'INV-1')!;
		expect(invoice.lineitems.map((line) => line.description)).toEqual([
			'Design',
			'Catering',
			'Travel',
		]);
		expect(invoice.total).toBe('27632');

		bed.sandbox.resetRequests();
		const again = await bed.run(grouped('createOrUpdate'), sheet(client));
		expect(again.output.map((item) => item.json.operation)).toEqual(['unchanged', 'unchanged']);
		expect(bed.sandbox.received('/api/').filter((r) => r.method !== 'GET')).toEqual([]);

		const changed = await bed.run(grouped('createOrUpdate'), sheet(client, 3));
		expect(changed.output.map((item) => item.json.operation)).toEqual(['updated', 'unchanged']);
	});

	test('Create: a bad line in a later row of a group fails the group, naming that row; nothing is made for it', async () => {
		const client = seedClient(bed, 'C-1');
		const rows = sheet(client);
		rows[3] = { ...rows[3], unit_price: 'abc' };
		const result = await bed.run(grouped('create'), rows, { onError: 'continueRegularOutput' });
		expect(result.output.map((item) => item.json.error ?? item.json.document_number)).toEqual([
			'Line Items of item 3 (row 4) 1: Rate (Unit Price) "abc" is not a number [item 0, row 1]',
			'0001',
		]);
		expect(result.output[0].pairedItem).toEqual({ item: 0 });
		expect(bed.sandbox.documentsOf()).toHaveLength(1);
	});
});

describe('One External ID in several rows, without Group Rows By', () => {
	const bed = useTestBed();
	const ungrouped = { ...grouped('createOrUpdate'), options: {} };

	test.each([
		['a run', { previewOnly: false }],
		['a preview', { previewOnly: true }],
	])(
		'%s: every row of the ID fails before any write, naming the ID, the rows and the fix; the others go',
		async (_name, options) => {
			const client = seedClient(bed, 'C-1');
			const result = await bed.run({ ...ungrouped, options }, sheet(client), {
				onError: 'continueRegularOutput',
			});
			const said = result.output.map((o) =>
				String(o.json.error ?? o.json.operation ?? o.json.preview),
			);
			const refused =
				/^Set Group Rows By in Options, or give each row its own External ID: 3 rows give External ID "INV-1" for one invoice \(item 0 \(row 1\), item 2 \(row 3\), item 3 \(row 4\)\)/;
			for (const item of [0, 2, 3]) expect(said[item]).toMatch(refused);
			expect(said[1]).toBe(options.previewOnly ? 'would create' : 'created');
			const description = result.output[0].error?.description ?? result.output[0].json.description;
			expect(String(description)).toMatch(/Nothing was written for these rows/);
			const made = bed.sandbox.documentsOf().map((d) => d.external_id);
			expect(made).toEqual(options.previewOnly ? [] : ['INV-2']);
		},
	);

	test('without Continue On Fail the run stops at the first of them, before its write', async () => {
		const client = seedClient(bed, 'C-1');
		const result = await bed.run(ungrouped, sheet(client));
		expect(result.error?.message).toMatch(/3 rows give External ID "INV-1".*\[item 0, row 1\]$/);
		expect(bed.sandbox.documentsOf()).toEqual([]);
	});

	test("Rows With One External ID → Each Updates in Turn: the last row's lines win, as asked", async () => {
		const client = seedClient(bed, 'C-1');
		const inTurn = { ...ungrouped, options: { sameExternalId: 'inTurn' } };
		const result = await bed.run(inTurn, sheet(client));
		expect(result.error).toBeUndefined();
		expect(result.output.map((o) => o.json.operation)).toEqual([
			'created',
			'created',
			'updated',
			'updated',
		]);
		const [invoice] = bed.sandbox.documentsOf().filter((d) => d.external_id === 'INV-1');
		expect(invoice.lineitems.map((line) => line.description)).toEqual(['Travel']);
	});

	test('rows that give the same in every field are one document asked twice: no refusal', async () => {
		const client = seedClient(bed, 'C-1');
		const [row] = sheet(client);
		const result = await bed.run(ungrouped, [row, { ...row, quantity: '2 ' }]);
		expect(result.output.map((o) => o.json.operation)).toEqual(['created', 'unchanged']);
		expect(bed.sandbox.documentsOf()).toHaveLength(1);
	});
});
