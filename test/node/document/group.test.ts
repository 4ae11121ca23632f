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
			'Line Items of item 3 1: Rate (Unit Price) "abc" is not a number [item 0]',
			'0001',
		]);
		expect(result.output[0].pairedItem).toEqual({ item: 0 });
		expect(bed.sandbox.documentsOf()).toHaveLength(1);
	});
});
