/**
 * A service that answers a document's lines without their own `tax_rate` and `tax_type` (the
 * document carrying one `tax_rate`), as MakeLeaps' recorded document list of 2019 did (sandbox
 * switch `linesWithoutTaxRate`): a line it does not tell the rate of cannot differ, so an
 * unchanged row writes nothing on the next run (model/documentBody.ts); Convert sends each line
 * the document's rate; Account → Check says the lines give none and holds.
 */
import type { IDataObject } from 'n8n-workflow';

import { useTestBed, type TestBed } from '../support/bed';
import { byId, documentUpsertRows, seedClient } from '../support/fixtures';

const line = { description: 'Work', quantity: 2, unit_price: 5000, tax_rate: 10 };
const writes = (bed: TestBed) => bed.sandbox.received('/api/').filter((r) => r.method !== 'GET');

describe('Lines answered without their own tax rate', () => {
	const bed = useTestBed({ linesWithoutTaxRate: true });

	test('Create or Update: made once, then unchanged on every run; a changed line still changes', async () => {
		const client = seedClient(bed, 'C-1');
		const row = { id: 'INV-1', client, title: 'T', lines: [line] };
		const first = await bed.run(documentUpsertRows, [row]);
		expect(first.output[0].json.operation).toBe('created');
		for (const again of [1, 2]) {
			bed.sandbox.resetRequests();
			const result = await bed.run(documentUpsertRows, [row]);
			expect({ again, operation: result.output[0].json.operation }).toEqual({
				again,
				operation: 'unchanged',
			});
			expect(writes(bed)).toEqual([]);
		}
		const changed = await bed.run(documentUpsertRows, [
			{ ...row, lines: [{ ...line, quantity: 3 }] },
		]);
		expect(changed.output[0].json.operation).toBe('updated');
		expect(bed.sandbox.documentsOf()).toHaveLength(1);
	});

	test("Convert sends each line the document's rate", async () => {
		const client = seedClient(bed, 'C-1');
		const partner = bed.sandbox.credentials.partnerMid;
		const quote = bed.sandbox.seedDocument({
			document_type: 'quote',
			client: `${bed.sandbox.baseUrl}/api/partner/${partner}/client/${client}/`,
			lineitems: [
				{ kind: 'normal', description: 'Design', quantity: '1', unit_cost: '1000', tax_rate: '8' },
			],
			autocalculate: true,
		});
		bed.sandbox.resetRequests();
		const result = await bed.run({
			resource: 'document',
			operation: 'convert',
			document: byId(String(quote.mid)),
			documentType: 'invoice',
		});
		expect(result.error).toBeUndefined();
		const post = bed.sandbox
			.received('/api/')
			.find((r) => r.method === 'POST' && r.path.endsWith('/document/'))!;
		const sent = JSON.parse(post.body) as { lineitems: IDataObject[] };
		expect(sent.lineitems.map((l) => l.tax_rate)).toEqual(['8']);
	});
});
