/**
 * A quote's Valid Until (`date_valid`), one entry of the document field table: Create, Create or
 * Update (compared like any field: changed → updated, the same → unchanged), Update, Simplify's
 * column and the preview's changes. Another type of document refuses it before anything is sent;
 * a service that does not take it fails the item naming its answer, the document made once.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { STRICT, useTestBed, type TestBed } from '../support/bed';
import { byId, posts, seedClient } from '../support/fixtures';

const keep = { onError: 'continueRegularOutput' } as const;
const v2 = { typeVersion: 2 };

/** Create or Update of quotes from rows with an id and a Valid Until. */
const quotes = (client: string, type = 'quote'): INodeParameters => ({
	resource: 'document',
	operation: 'createOrUpdate',
	documentType: type,
	client: byId(client),
	externalId: '={{ $json.id }}',
	date: '2026-11-30',
	lineItems: { line: [{ description: 'Website', unitPrice: '300000' }] },
	additionalFields: { validUntil: '={{ $json.valid }}' },
});
const writes = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.method === 'POST' || r.method === 'PATCH');
const stored = (bed: TestBed) => bed.sandbox.documentsOf().map((d) => d.date_valid);

describe('Valid Until on a quote', () => {
	const bed = useTestBed(STRICT);

	test('created with it, a run again unchanged, a new day updated with the change named; its column in the row', async () => {
		const client = seedClient(bed, 'C-1');
		const made = await bed.run(quotes(client), [{ id: 'Q-1', valid: '2026-12-31' }], v2);
		expect(made.output[0].json).toMatchObject({
			operation: 'created',
			document_type: 'quote',
			date_valid: '2026-12-31',
		});
		expect(made.output[0].json.changes).toMatch(/date_valid: \(empty\) → 2026-12-31/);
		expect(JSON.parse(posts(bed).at(-1)!.body)).toMatchObject({ date_valid: '2026-12-31' });
		expect(stored(bed)).toEqual(['2026-12-31']);

		const again = await bed.run(quotes(client), [{ id: 'Q-1', valid: '2026-12-31' }], v2);
		expect(again.output[0].json).toMatchObject({ operation: 'unchanged', changes: '' });
		expect(writes(bed)).toHaveLength(1);

		const later = await bed.run(quotes(client), [{ id: 'Q-1', valid: '2027-01-15' }], v2);
		expect(later.output[0].json).toMatchObject({
			operation: 'updated',
			changes: 'date_valid: 2026-12-31 → 2027-01-15',
			date_valid: '2027-01-15',
		});
		expect(writes(bed).map((r) => r.method)).toEqual(['POST', 'PATCH']);
		expect(JSON.parse(writes(bed)[1].body)).toEqual({ date_valid: '2027-01-15' });
		expect(stored(bed)).toEqual(['2027-01-15']);
	});

	test('Preview Only names the change, and writes nothing', async () => {
		const client = seedClient(bed, 'C-1');
		await bed.run(quotes(client), [{ id: 'Q-1', valid: '2026-12-31' }], v2);
		const preview = await bed.run(
			{ ...quotes(client), options: { previewOnly: true } },
			[{ id: 'Q-1', valid: '2027-01-15' }],
			v2,
		);
		expect(preview.output[0].json).toMatchObject({
			preview: 'would update',
			changes: 'date_valid: 2026-12-31 → 2027-01-15',
		});
		expect(writes(bed)).toHaveLength(1);
	});

	test('Update changes it on a quote; on an invoice it fails after one read, nothing written', async () => {
		const client = seedClient(bed, 'C-1');
		const made = await bed.run(quotes(client), [{ id: 'Q-1', valid: '2026-12-31' }], {
			...v2,
			onError: 'continueRegularOutput',
		});
		const invoice = await bed.run({ ...quotes(client, 'invoice'), additionalFields: {} }, [
			{ id: 'I-1' },
		]);
		const update = (mid: unknown): INodeParameters => ({
			resource: 'document',
			operation: 'update',
			document: byId(String(mid)),
			updateFields: { validUntil: '2027-02-28' },
		});
		const quote = await bed.run(update(made.output[0].json.mid), [{}], v2);
		expect(quote.output[0].json).toMatchObject({ date_valid: '2027-02-28' });
		const before = writes(bed).length;
		const refused = await bed.run(update(invoice.output[0].json.mid), [{}], keep);
		expect(refused.output[0].json.error).toBe(
			"Valid Until is set, but the document's type is invoice: only documents of type quote have it [item 0, row 1]",
		);
		expect(writes(bed)).toHaveLength(before);
	});

	test('an invoice row with Valid Until fails before any request is written', async () => {
		const client = seedClient(bed, 'C-1');
		const result = await bed.run(
			quotes(client, 'invoice'),
			[{ id: 'I-1', valid: '2026-12-31' }],
			keep,
		);
		expect(result.output[0].json.error).toBe(
			"Valid Until is set, but the document's type is invoice: only documents of type quote have it [item 0, row 1]",
		);
		expect(writes(bed)).toHaveLength(0);
	});
});

describe('Valid Until when MakeLeaps does not take it', () => {
	const bed = useTestBed({ ignoredFields: ['date_valid'] });

	test('the item fails naming what MakeLeaps answered; a run again makes no second quote', async () => {
		const client = seedClient(bed, 'C-1');
		const row: IDataObject[] = [{ id: 'Q-1', valid: '2026-12-31' }];
		const first = await bed.run(quotes(client), row, keep);
		expect(first.output[0].json.error).toBe(
			'MakeLeaps answered the quote 0001 with date_valid null after it was created, not 2026-12-31 as asked (Valid Until) [item 0, row 1]',
		);
		expect(first.output[0].error?.description).toMatch(
			/^The document was created in MakeLeaps \(MID \d+\) and is not written again/,
		);
		const again = await bed.run(quotes(client), row, keep);
		expect(again.output[0].json.error).toMatch(/after it was changed, not 2026-12-31 as asked/);
		expect(bed.sandbox.documentsOf()).toHaveLength(1);
		expect(writes(bed).map((r) => r.method)).toEqual(['POST', 'PATCH']);
	});
});
