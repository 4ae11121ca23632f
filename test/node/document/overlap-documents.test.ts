/**
 * Document → Create and Create or Update far from Japan: a run whose every document gives its
 * Document Number has a few items in flight, and every promise of one by one holds; a run where
 * MakeLeaps numbers a document goes one at a time, so its numbers follow the rows.
 */
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { IN_FLIGHT } from '../../../nodes/MakeLeaps/run/loop/inFlight';
import { useTestBed, type TestBed } from '../support/bed';
import { propertyRuns } from '../support/cases';
import { byId, documentUpsertRows, faultOnPost, posts, seedClient } from '../support/fixtures';

/** A far link (250 ms a round trip) and a pace of 600 a minute: one request outlasts the interval. */
const LATENCY_MS = 250;
const PACE = 600;

const line = (description: string) => ({
	line: [{ description, quantity: 1, unitPrice: 1000, taxRate: 10 }],
});

const create: INodeParameters = {
	resource: 'document',
	operation: 'create',
	documentType: 'invoice',
	client: byId('={{ $json.client }}'),
	documentNumber: '={{ $json.number }}',
	date: '2026-11-30',
	additionalFields: { externalId: '={{ $json.id }}' },
	lineItems: line('={{ $json.description }}'),
	options: { requestsPerMinute: PACE },
};

const upsert: INodeParameters = {
	...create,
	operation: 'createOrUpdate',
	externalId: '={{ $json.id }}',
	additionalFields: { title: '={{ $json.title }}' },
};

/** Rows ROW-0.. with their numbers INV-00.. (or none where `numbered` says so). */
const rows = (client: string, count: number, numbered: (row: number) => boolean = () => true) =>
	Array.from({ length: count }, (_, i) => ({
		client,
		id: `ROW-${i}`,
		number: numbered(i) ? `INV-${String(i).padStart(2, '0')}` : '',
		description: `Work ${i}`,
	}));

const paired = (count: number) => Array.from({ length: count }, (_, item) => ({ item }));

describe('Document writes in flight: every document numbered, a few at a time', () => {
	const bed = useTestBed({ latencyMs: LATENCY_MS });

	test('20 invoices with their numbers: in flight, each once, outputs in input order and paired', async () => {
		const input = rows(seedClient(bed, 'C-1'), 20);
		const result = await bed.run(create, input);
		expect(result.error).toBeUndefined();
		expect(result.output.map((o) => o.json.document_number)).toEqual(input.map((r) => r.number));
		expect(result.output.map((o) => o.pairedItem)).toEqual(paired(20));
		expect(posts(bed)).toHaveLength(20);
		const stored = bed.sandbox.documentsOf();
		expect(stored.map((d) => d.document_number).sort()).toEqual(input.map((r) => r.number));
		for (const document of stored) {
			const row = input.find((r) => r.number === document.document_number)!;
			expect([document.external_id, document.lineitems[0].description]).toEqual([
				row.id,
				row.description,
			]);
		}
		expect(bed.sandbox.maxInFlight).toBeGreaterThan(1);
		expect(bed.sandbox.maxInFlight).toBeLessThanOrEqual(IN_FLIGHT);
	}, 30000);

	test('a row without a number: the run goes one at a time, MakeLeaps numbers in row order', async () => {
		const input = rows(seedClient(bed, 'C-1'), 12, (i) => i !== 3 && i !== 8);
		const result = await bed.run(create, input);
		expect(result.error).toBeUndefined();
		expect(bed.sandbox.maxInFlight).toBe(1);
		expect(result.output.map((o) => o.json.document_number)).toEqual(
			input.map((r, i) => r.number || (i === 3 ? '0001' : '0002')),
		);
		expect(result.output.map((o) => o.pairedItem)).toEqual(paired(12));
		expect(bed.sandbox.documentsOf().map((d) => d.external_id)).toEqual(input.map((r) => r.id));
	}, 30000);

	test('two documents giving one number: one at a time, the later row refused as one by one', async () => {
		const input = rows(seedClient(bed, 'C-1'), 8);
		input[6].number = input[2].number;
		const result = await bed.run(create, input, { onError: 'continueRegularOutput' });
		expect(bed.sandbox.maxInFlight).toBe(1);
		const errors = result.output.flatMap((o, item) => (o.json.error ? [item] : []));
		expect(errors).toEqual([6]);
		const stored = bed.sandbox.documentsOf();
		expect(stored.find((d) => d.document_number === 'INV-02')?.external_id).toBe('ROW-2');
		expect(stored).toHaveLength(7);
	}, 30000);

	test('a number one row frees and a later row takes: one at a time, both succeed as one by one', async () => {
		const client = seedClient(bed, 'C-1');
		const clientUrl = bed.sandbox.clients().find((c) => c.mid === client)!.url;
		bed.sandbox.seedDocument({
			document_type: 'invoice',
			document_number: 'N-1',
			external_id: 'E-A',
			client: clientUrl,
			date: '2026-11-30',
			lineitems: [{ kind: 'simple', description: 'Work A', price: '1000', tax_rate: '10' }],
			autocalculate: true,
		});
		// row 1 moves E-A from N-1 to N-9, row 2 makes E-B with N-1; the others are enough to be in flight
		const input = [
			{ client, id: 'E-0', number: 'N-0', title: 'November', description: 'Work 0' },
			{ client, id: 'E-A', number: 'N-9', title: 'November', description: 'Work A' },
			{ client, id: 'E-B', number: 'N-1', title: 'November', description: 'Work B' },
			...[3, 4, 5, 6, 7].map((k) => ({
				client,
				id: `E-${k}`,
				number: `N-${k}0`,
				title: 'November',
				description: `Work ${k}`,
			})),
		];
		const result = await bed.run(upsert, input, { onError: 'continueRegularOutput' });
		expect(result.error).toBeUndefined();
		expect(result.output.map((o) => o.json.error)).toEqual(input.map(() => undefined));
		expect(result.output.map((o) => o.json.operation)).toEqual([
			'created',
			'updated',
			...Array(6).fill('created'),
		]);
		const stored = bed.sandbox.documentsOf();
		expect(stored.map((d) => [d.external_id, d.document_number]).sort()).toEqual(
			input.map((r) => [r.id, r.number]).sort(),
		);
		expect(posts(bed)).toHaveLength(7);
		expect(bed.sandbox.maxInFlight).toBe(1);
	}, 30000);

	test('numbers nobody holds while an existing document keeps its own: still in flight', async () => {
		const client = seedClient(bed, 'C-1');
		const clientUrl = bed.sandbox.clients().find((c) => c.mid === client)!.url;
		bed.sandbox.seedDocument({
			document_type: 'invoice',
			document_number: 'INV-03',
			external_id: 'ROW-3',
			client: clientUrl,
			date: '2026-11-30',
			lineitems: [{ kind: 'simple', description: 'Old', price: '1000', tax_rate: '10' }],
			autocalculate: true,
		});
		const input = rows(client, 12).map((r) => ({ ...r, title: 'November' }));
		const result = await bed.run(upsert, input);
		expect(result.error).toBeUndefined();
		expect(result.output.map((o) => o.json.operation)).toEqual(
			input.map((_, i) => (i === 3 ? 'updated' : 'created')),
		);
		expect(bed.sandbox.documentsOf()).toHaveLength(12);
		expect(posts(bed)).toHaveLength(11);
		expect(bed.sandbox.maxInFlight).toBeGreaterThan(1);
	}, 30000);

	test('Group Rows By with numbers: groups in flight, each invoice with its lines in row order', async () => {
		const client = seedClient(bed, 'C-1');
		// 8 invoices of 3 lines, their rows interleaved: INV-0, INV-1, … INV-7, INV-0, …
		const input = Array.from({ length: 24 }, (_, k) => ({
			client,
			id: `INV-${k % 8}`,
			number: `INV-${k % 8}`,
			title: 'November',
			description: `Line ${Math.floor(k / 8)} of ${k % 8}`,
		}));
		const grouped = {
			...upsert,
			options: { ...(upsert.options as IDataObject), groupBy: '={{ $json.id }}' },
		};
		const result = await bed.run(grouped, input);
		expect(result.error).toBeUndefined();
		expect(result.output.map((o) => [o.pairedItem, o.json.document_number])).toEqual(
			Array.from({ length: 8 }, (_, item) => [{ item }, `INV-${item}`]),
		);
		const stored = bed.sandbox.documentsOf();
		expect(stored).toHaveLength(8);
		for (const document of stored) {
			const n = String(document.document_number).slice(4);
			expect(document.lineitems.map((l) => l.description)).toEqual(
				[0, 1, 2].map((k) => `Line ${k} of ${n}`),
			);
		}
		expect(posts(bed)).toHaveLength(8);
		expect(bed.sandbox.maxInFlight).toBeGreaterThan(1);
		expect(bed.sandbox.maxInFlight).toBeLessThanOrEqual(IN_FLIGHT);
	}, 30000);

	test('the same External ID in interleaved rows that differ: each refused, nothing written', async () => {
		const client = seedClient(bed, 'C-1');
		const input = Array.from({ length: 12 }, (_, k) => ({
			client,
			id: `KEY-${'ABC'[k % 3]}`,
			number: `INV-${'ABC'[k % 3]}`,
			title: `Version ${k}`,
			description: 'Work',
		}));
		const result = await bed.run(upsert, input, { onError: 'continueRegularOutput' });
		expect(result.output.map((o) => o.pairedItem)).toEqual(paired(12));
		for (const [k, output] of result.output.entries())
			expect(String(output.json.error)).toMatch(
				new RegExp(`4 rows give External ID "KEY-${'ABC'[k % 3]}" for one invoice`),
			);
		expect(posts(bed)).toHaveLength(0);
		expect(bed.sandbox.documentsOf()).toHaveLength(0);
	}, 30000);

	test('the same External ID in interleaved rows that agree: one document each, in flight', async () => {
		const client = seedClient(bed, 'C-1');
		const input = Array.from({ length: 12 }, (_, k) => ({
			client,
			id: `KEY-${'ABC'[k % 3]}`,
			number: `INV-${'ABC'[k % 3]}`,
			title: `Version ${'ABC'[k % 3]}`,
			description: 'Work',
		}));
		const result = await bed.run(upsert, input);
		expect(result.error).toBeUndefined();
		expect(result.output.map((o) => o.pairedItem)).toEqual(paired(12));
		expect(result.output.map((o) => o.json.operation)).toEqual([
			...Array(3).fill('created'),
			...Array(9).fill('unchanged'),
		]);
		const stored = bed.sandbox.documentsOf();
		expect(stored.map((d) => [d.external_id, d.document_number, d.title]).sort()).toEqual([
			['KEY-A', 'INV-A', 'Version A'],
			['KEY-B', 'INV-B', 'Version B'],
			['KEY-C', 'INV-C', 'Version C'],
		]);
		expect(posts(bed)).toHaveLength(3);
		expect(bed.sandbox.maxInFlight).toBeGreaterThan(1);
	}, 30000);

	test('Preview Only with numbers: in flight too, nothing written', async () => {
		const input = rows(seedClient(bed, 'C-1'), 12).map((r) => ({ ...r, title: 'November' }));
		const preview = { ...upsert, options: { requestsPerMinute: PACE, previewOnly: true } };
		const result = await bed.run(preview, input);
		expect(result.error).toBeUndefined();
		expect(result.output.map((o) => o.pairedItem)).toEqual(paired(12));
		expect(posts(bed)).toHaveLength(0);
		expect(bed.sandbox.documentsOf()).toHaveLength(0);
	}, 30000);

	test('a refused row without Continue On Fail stops the run, naming the documents later items made', async () => {
		const input = rows(seedClient(bed, 'C-1'), 20);
		faultOnPost(bed, 10, {
			kind: 'status',
			status: 400,
			contentType: 'application/json',
			body: JSON.stringify({ title: ['This title is not accepted.'] }),
		});
		const result = await bed.run(create, input);
		const message = result.error?.message ?? '';
		const failed = Number(/\[item (\d+), row \d+\]/.exec(message)?.[1]);
		const stored = bed.sandbox.documentsOf();
		const rowOf = (d: IDataObject) => Number(String(d.external_id).slice(4));
		const before = stored.filter((d) => rowOf(d) < failed).map((d) => d.document_number);
		const later = stored.filter((d) => rowOf(d) > failed).map((d) => d.document_number);
		expect(before).toHaveLength(failed);
		expect(later.length).toBeGreaterThan(0);
		expect(later.length).toBeLessThan(IN_FLIGHT);
		expect(message).toContain(
			`Before it, this run had already created ${failed} documents (${before.join(', ')})`,
		);
		const one = later.length === 1;
		expect(message).toContain(
			`Later items already under way when it failed also created ${later.length} document${one ? '' : 's'} (${later.join(', ')})`,
		);
		expect(bed.sandbox.maxInFlight).toBeGreaterThan(1);
	}, 30000);

	test('a lost answer while others are in flight: uncertain, never sent again', async () => {
		const input = rows(seedClient(bed, 'C-1'), 12);
		faultOnPost(bed, 5, { kind: 'resetAfter' });
		const result = await bed.run(create, input, { onError: 'continueRegularOutput' });
		expect(result.error).toBeUndefined();
		const errors = result.output.filter((o) => o.json.error !== undefined);
		expect(errors).toHaveLength(1);
		expect(String(errors[0].json.error)).toMatch(/may or may not have/);
		expect(posts(bed)).toHaveLength(12);
		const stored = bed.sandbox.documentsOf();
		expect(stored).toHaveLength(12);
		expect(new Set(stored.map((d) => d.external_id)).size).toBe(12);
		expect(bed.sandbox.maxInFlight).toBeGreaterThan(1);
	}, 30000);
});

/**
 * The rows of each key take their turns in input order in flight, whatever each does before its
 * turn: a row whose line names a catalog item waits for the catalog's read first, a row without
 * an External ID fails at once (and lets later items queue). Every row gives its own title, so
 * each write (the create, or a change of the title) tells its row; the writes of each key, in the
 * order MakeLeaps received them, must be those of its rows in input order.
 */
describe('Property: in flight, the writes of each key come in input order', () => {
	const bed = useTestBed({ latencyMs: 20 });
	const CATALOG = {
		code: 'CONSULT',
		description: 'Consulting',
		unit_cost: '10000',
		tax_rate: '10',
	};
	const typed = [{ description: 'Work', quantity: 1, unit_price: 1000, tax_rate: 10 }];
	const fromCatalog = [{ catalogItem: 'CONSULT', quantity: 2 }];
	const row = fc.record({
		key: fc.constantFrom('K1', 'K2', 'K3', ''),
		catalog: fc.boolean(),
	});

	/** The row each write (a document's create or change) names by its title, in arrival order. */
	const writers = (test: TestBed, since: number) =>
		test.sandbox.requests
			.slice(since)
			.filter((r) => r.method !== 'GET' && /\/document\/(\d+\/)?$/.test(r.path))
			.map((r) =>
				Number(/^row (\d+)$/.exec(String((JSON.parse(r.body) as IDataObject).title))?.[1]),
			);

	test('rows of a few keys, catalog lines and refused rows among them', async () => {
		const client = seedClient(bed, 'C-1');
		bed.sandbox.seedItem(CATALOG);
		let n = 0;
		await fc.assert(
			fc.asyncProperty(fc.array(row, { minLength: 2, maxLength: 9 }), async (picked) => {
				n++;
				const input = picked.map(({ key, catalog }, i) => ({
					id: key && `${key}-${n}`,
					client,
					number: `N-${key || 'none'}-${n}-${key ? '' : i}`,
					title: `row ${i}`,
					lines: catalog ? fromCatalog : typed,
				}));
				const since = bed.sandbox.requests.length;
				const result = await bed.run(
					{
						...documentUpsertRows,
						documentNumber: '={{ $json.number }}',
						// each row of a key writes in turn: its own title tells which
						options: { requestsPerMinute: 60_000, sameExternalId: 'inTurn' },
					},
					input,
					{ onError: 'continueRegularOutput' },
				);
				const outcomes = result.output.map((item) => item.json.operation ?? item.json.error);
				const order = writers(bed, since);
				for (const key of new Set(input.map((r) => r.id).filter(Boolean))) {
					const rows = input.flatMap((r, i) => (r.id === key ? [i] : []));
					// every row of the key wrote (its title is its own), in input order
					expect({ key, outcomes: rows.map((i) => outcomes[i]) }).toEqual({
						key,
						outcomes: rows.map((_, k) => (k === 0 ? 'created' : 'updated')),
					});
					expect({ key, writes: order.filter((i) => rows.includes(i)) }).toEqual({
						key,
						writes: rows,
					});
				}
			}),
			propertyRuns(30),
		);
	}, 120000);
});
