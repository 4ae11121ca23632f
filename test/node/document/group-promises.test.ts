/**
 * Options > Group Rows By keeps its promises: a bad group value fails only its own rows; the rows
 * of a group describe one document, or the group fails naming them; a run and its preview pair
 * their items by one rule (one item per group, paired with its first row).
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { STRICT, useTestBed } from '../support/bed';
import { byId, seedClient } from '../support/fixtures';

// past 2^53: n8n hands the node 12345678901234567000
const TOO_LARGE = Number('12345678901234567890');
const TOO_LONG = 'x'.repeat(300);

const row = (invoice: string | number, client: string, description: string): IDataObject => ({
	invoice_id: invoice,
	client,
	description,
	currency: 'JPY',
	date: '2026-11-30',
	unit_price: 1000,
});

const grouped = (operation: 'create' | 'createOrUpdate', options: IDataObject = {}) =>
	({
		resource: 'document',
		operation,
		documentType: 'invoice',
		client: byId('={{ $json.client }}'),
		date: '={{ $json.date }}',
		currency: '={{ $json.currency }}',
		...(operation === 'createOrUpdate'
			? { externalId: '={{ $json.invoice_id || $json.description }}' }
			: {}),
		lineItems: {
			line: [
				{
					description: '={{ $json.description }}',
					quantity: 1,
					unitPrice: '={{ $json.unit_price }}',
					taxRate: 10,
				},
			],
		},
		options: { groupBy: '={{ $json.invoice_id }}', ...options },
	}) as INodeParameters;

/** What each output item says, with the row it is paired with. */
const outcomes = (items: INodeExecutionData[]) =>
	items.map((item) => ({
		pairedItem: item.pairedItem,
		outcome:
			item.json.error ?? item.json.preview ?? item.json.operation ?? item.json.document_number,
	}));

describe('Group Rows By: a bad group value fails only its rows', () => {
	const bed = useTestBed(STRICT);

	const sheet = (client: string, bad: string | number) => [
		row('INV-1', client, 'Design'),
		row(bad, client, 'Hosting'),
		row('INV-2', client, 'Travel'),
		row('INV-1', client, 'Catering'),
		row(bad, client, 'Support'),
	];
	const refusals = {
		'a number too large to be exact': [
			TOO_LARGE,
			(item: number) =>
				`Group Rows By 12345678901234567000 came as a number too large to be exact [item ${item}, row ${item + 1}]`,
		],
		'a text of 300 characters': [
			TOO_LONG,
			(item: number) =>
				`Group Rows By is 300 characters long; MakeLeaps allows at most 255 [item ${item}, row ${item + 1}]`,
		],
	} as const;

	test.each(Object.keys(refusals) as Array<keyof typeof refusals>)(
		'%s, with Continue On Fail: those rows carry the error, the other groups are made',
		async (name) => {
			const [bad, message] = refusals[name];
			const client = seedClient(bed, 'C-1');
			const result = await bed.run(grouped('createOrUpdate'), sheet(client, bad), {
				onError: 'continueRegularOutput',
			});
			expect(result.error).toBeUndefined();
			expect(outcomes(result.output)).toEqual([
				{ pairedItem: { item: 0 }, outcome: 'created' },
				{ pairedItem: { item: 1 }, outcome: message(1) },
				{ pairedItem: { item: 2 }, outcome: 'created' },
				{ pairedItem: { item: 4 }, outcome: message(4) },
			]);
			const made = bed.sandbox.documentsOf();
			expect(made.map((d) => [d.external_id, d.lineitems.map((l) => l.description)])).toEqual([
				['INV-1', ['Design', 'Catering']],
				['INV-2', ['Travel']],
			]);
		},
	);

	test.each(Object.keys(refusals) as Array<keyof typeof refusals>)(
		'%s, without Continue On Fail: the run stops at the first such row, naming the field and the item, after what came before it',
		async (name) => {
			const [bad, message] = refusals[name];
			const client = seedClient(bed, 'C-1');
			const result = await bed.run(grouped('create'), sheet(client, bad));
			const made = bed.sandbox.documentsOf();
			expect(made.map((d) => d.lineitems.map((l) => l.description))).toEqual([
				['Design', 'Catering'],
			]);
			expect(result.error?.message).toBe(
				`${message(1)}. Before it, this run had already created 1 document (${String(made[0].document_number)})`,
			);
		},
	);
});

describe('Group Rows By: the rows of a group make one document', () => {
	const bed = useTestBed(STRICT);

	test('rows of one group naming two clients: the group fails, naming the rows and the field; nothing is made for it, the other group is', async () => {
		const first = seedClient(bed, 'C-1');
		const second = seedClient(bed, 'C-2');
		const rows = [
			row('INV-1', first, 'Design'),
			row('INV-2', first, 'Travel'),
			row('INV-1', second, 'Hosting'),
			row('INV-1', first, 'Catering'),
		];
		const result = await bed.run(grouped('create'), rows, { onError: 'continueRegularOutput' });
		expect(outcomes(result.output)).toEqual([
			{
				pairedItem: { item: 0 },
				outcome: `The rows of this group give different Client: "${first}" in item 0 (row 1), "${second}" in item 2 (row 3) [item 0, row 1]`,
			},
			{ pairedItem: { item: 1 }, outcome: '0001' },
		]);
		expect(result.output[0].error?.description).toMatch(
			/Nothing was made or changed for this group/,
		);
		expect(bed.sandbox.documentsOf().map((d) => d.lineitems.map((l) => l.description))).toEqual([
			['Travel'],
		]);
		const posts = bed.sandbox.received('/api/').filter((r) => r.method === 'POST');
		expect(posts).toHaveLength(1);
	});

	test.each([
		['Currency', { currency: 'USD' }, '"JPY" in item 0 (row 1), "USD" in item 1 (row 2)'],
		[
			'Date',
			{ date: '2026-12-01' },
			'"2026-11-30" in item 0 (row 1), "2026-12-01" in item 1 (row 2)',
		],
	])(
		'Create or Update: rows that differ in %s fail the group before anything is read for it',
		async (label, change, named) => {
			const client = seedClient(bed, 'C-1');
			const rows = [
				row('INV-1', client, 'Design'),
				{ ...row('INV-1', client, 'Travel'), ...change },
			];
			const result = await bed.run(grouped('createOrUpdate'), rows);
			expect(result.error?.message).toBe(
				`The rows of this group give different ${label}: ${named} [item 0, row 1]`,
			);
			// the partner is chosen: not even the document list was read
			expect(bed.sandbox.received('/api/')).toEqual([]);
		},
	);

	test("a later row's empty cells leave the first row's values: one document, the first row's date", async () => {
		const client = seedClient(bed, 'C-1');
		const rows = [
			row('INV-1', client, 'Design'),
			{ ...row('INV-1', client, 'Travel'), date: '', currency: '' },
		];
		const result = await bed.run(grouped('createOrUpdate'), rows);
		expect(result.error).toBeUndefined();
		expect(bed.sandbox.documentsOf()).toMatchObject([
			{
				date: '2026-11-30',
				currency: 'JPY',
				lineitems: [{ description: 'Design' }, { description: 'Travel' }],
			},
		]);
	});

	test("a value given by a later row only (the first row empty) fails the group: the document is the first row's", async () => {
		const client = seedClient(bed, 'C-1');
		const rows = [{ ...row('INV-1', client, 'Design'), date: '' }, row('INV-1', client, 'Travel')];
		const result = await bed.run(grouped('createOrUpdate'), rows);
		expect(result.error?.message).toBe(
			'The rows of this group give different Date: nothing in item 0 (row 1), "2026-11-30" in item 1 (row 2) [item 0, row 1]',
		);
		expect(bed.sandbox.documentsOf()).toEqual([]);
	});

	test("a later row's own bad value fails the group, naming that row", async () => {
		const client = seedClient(bed, 'C-1');
		const rows = [
			row('INV-1', client, 'Design'),
			{ ...row('INV-1', client, 'Travel'), date: '2026-13-01' },
		];
		const result = await bed.run(grouped('create'), rows);
		expect(result.error?.message).toMatch(
			/^Item 1 \(row 2\) of this group: Date "2026-13-01" .*\[item 0, row 1\]$/,
		);
		expect(bed.sandbox.documentsOf()).toEqual([]);
	});
});

describe('Group Rows By: one pairing rule for a run and its preview', () => {
	const bed = useTestBed(STRICT);

	test('one item per group, paired with its first row, whatever its outcome; a row with a refused value is its own', async () => {
		const first = seedClient(bed, 'C-1');
		const second = seedClient(bed, 'C-2');
		const rows = [
			row('INV-1', first, 'Design'),
			row('INV-2', first, 'Travel'),
			row('INV-1', first, 'Catering'),
			row(TOO_LARGE, first, 'Hosting'),
			row('INV-2', second, 'Support'),
			row('', first, 'Alone'), // no group: a document of its own
			row('INV-3', first, 'Audit'),
			row('INV-3', first, 'Report'),
		];
		const preview = await bed.run(grouped('createOrUpdate', { previewOnly: true }), rows);
		const run = await bed.run(grouped('createOrUpdate'), rows, {
			onError: 'continueRegularOutput',
		});
		const twoClients = `The rows of this group give different Client: "${first}" in item 1 (row 2), "${second}" in item 4 (row 5) [item 1, row 2]`;
		const tooLarge =
			'Group Rows By 12345678901234567000 came as a number too large to be exact [item 3, row 4]';
		expect(outcomes(preview.output)).toEqual([
			{ pairedItem: { item: 0 }, outcome: 'would create' },
			{ pairedItem: { item: 1 }, outcome: twoClients },
			{ pairedItem: { item: 3 }, outcome: tooLarge },
			{ pairedItem: { item: 5 }, outcome: 'would create' },
			{ pairedItem: { item: 6 }, outcome: 'would create' },
		]);
		expect(preview.output.map((item) => item.json.preview)).toEqual([
			'would create',
			'would fail',
			'would fail',
			'would create',
			'would create',
		]);
		expect(outcomes(run.output)).toEqual([
			{ pairedItem: { item: 0 }, outcome: 'created' },
			{ pairedItem: { item: 1 }, outcome: twoClients },
			{ pairedItem: { item: 3 }, outcome: tooLarge },
			{ pairedItem: { item: 5 }, outcome: 'created' },
			{ pairedItem: { item: 6 }, outcome: 'created' },
		]);
		expect(bed.sandbox.documentsOf().map((d) => d.lineitems.map((l) => l.description))).toEqual([
			['Design', 'Catering'],
			['Alone'],
			['Audit', 'Report'],
		]);
	});
});
