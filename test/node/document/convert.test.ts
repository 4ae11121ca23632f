/**
 * Document → Convert and Document → Cancel through n8n's engine against the sandbox: a quote
 * becomes an invoice with its client and lines, once; a document is cancelled and restored, and
 * a second run changes nothing.
 */
import type { INodeParameters } from 'n8n-workflow';

import { STRICT, useTestBed, type TestBed } from '../support/bed';
import { byId, seedClient } from '../support/fixtures';

const writes = (bed: TestBed) => bed.sandbox.received('/api/').filter((r) => r.method !== 'GET');

function seedQuote(bed: TestBed) {
	const client = seedClient(bed, 'C-1');
	const partner = bed.sandbox.credentials.partnerMid;
	return bed.sandbox.seedDocument({
		document_type: 'quote',
		document_number: 'Q-7',
		client: `${bed.sandbox.baseUrl}/api/partner/${partner}/client/${client}/`,
		title: 'Website renewal',
		lineitems: [
			{ kind: 'normal', description: 'Design', quantity: '2', unit_cost: '50000', tax_rate: '10' },
			{ kind: 'text', description: 'Delivered in December' },
			{
				kind: 'simple',
				description: 'Hosting',
				price: '12000',
				tax_rate: '10',
				tax_type: 'standard',
			},
		],
		autocalculate: true,
	});
}

describe('Document: Convert', () => {
	const bed = useTestBed(STRICT);
	const convert = (mid: string, extra: INodeParameters = {}): INodeParameters => ({
		resource: 'document',
		operation: 'convert',
		document: byId(mid),
		documentType: 'invoice',
		date: '2026-12-01',
		...extra,
	});

	test('a quote into an invoice with its client, title, lines and total; run again, nothing new', async () => {
		const quote = seedQuote(bed);
		const preview = await bed.run(convert(String(quote.mid), { options: { previewOnly: true } }));
		expect(preview.output[0].json).toMatchObject({ preview: 'would create' });
		expect(writes(bed)).toEqual([]);

		const result = await bed.run(convert(String(quote.mid)));
		expect(result.output[0].json).toMatchObject({
			operation: 'created',
			document_type: 'invoice',
			external_id: `quote-${String(quote.mid)}`,
			title: 'Website renewal',
			date: '2026-12-01',
			total: String(quote.total),
			client: quote.client,
		});
		expect((result.output[0].json.lineitems as unknown[]).length).toBe(3);
		expect(bed.sandbox.documentsOf().find((d) => d.mid === quote.mid)).toMatchObject({
			document_type: 'quote',
		});

		bed.sandbox.resetRequests();
		const again = await bed.run(convert(String(quote.mid)));
		expect(again.output[0].json).toMatchObject({
			operation: 'unchanged',
			external_id: `quote-${String(quote.mid)}`,
		});
		expect(writes(bed)).toEqual([]);
		expect(bed.sandbox.documentsOf().filter((d) => d.document_type === 'invoice')).toHaveLength(1);
	});

	test('an External ID of your choice', async () => {
		const quote = seedQuote(bed);
		const result = await bed.run(convert(String(quote.mid), { externalId: 'ORDER-14' }));
		expect(result.output[0].json).toMatchObject({ external_id: 'ORDER-14' });
	});
});

describe('Document: Cancel', () => {
	const bed = useTestBed(STRICT);
	const cancel = (mid: string, undo = false): INodeParameters => ({
		resource: 'document',
		operation: 'cancel',
		document: byId(mid),
		undo,
	});

	test('cancelled once, kept on a second run, and taken out of cancellation', async () => {
		const quote = seedQuote(bed);
		const first = await bed.run(cancel(String(quote.mid)));
		expect(first.output[0].json).toMatchObject({ operation: 'updated' });
		const day = bed.sandbox.documentsOf()[0].date_cancelled;
		expect(day).toEqual(expect.any(String));
		bed.sandbox.resetRequests();
		const second = await bed.run(cancel(String(quote.mid)));
		expect(second.output[0].json).toMatchObject({ operation: 'unchanged' });
		expect(writes(bed)).toEqual([]);
		expect(bed.sandbox.documentsOf()[0].date_cancelled).toBe(day);
		const undone = await bed.run(cancel(String(quote.mid), true));
		expect(undone.output[0].json).toMatchObject({
			operation: 'updated',
			changes: { date_cancelled: { from: day, to: null } },
		});
		expect(bed.sandbox.documentsOf()[0].date_cancelled).toBeNull();
	});
});
