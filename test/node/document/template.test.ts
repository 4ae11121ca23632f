/**
 * A new document without a Template, whichever way MakeLeaps treats a missing one (applied by
 * default, or required): the type's default is sent from the first create on, read once per run
 * and then learnt by the process for the account, so no create is refused for it; a learnt one
 * MakeLeaps refuses (nothing stored) is read again and the create made once more.
 */
import type { INodeParameters } from 'n8n-workflow';

import { STRICT, useTestBed, type TestBed } from '../support/bed';
import { byId, documentUpsertRows, seedClient } from '../support/fixtures';

const invoice = (clientMid: string, template?: string): INodeParameters => ({
	resource: 'document',
	operation: 'create',
	documentType: 'invoice',
	client: byId(clientMid),
	...(template ? { template: { __rl: true, mode: 'id', value: template } } : {}),
	lineItems: {
		line: [
			{ kind: 'normal', description: 'Design', quantity: '1', unitPrice: '1000', taxRate: '10' },
		],
	},
	options: { simplify: false },
});

const templateReads = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.path.includes('/template/'));
const posts = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.method === 'POST' && r.path.endsWith('/document/'));

describe('A document without a Template, on a service that applies the default', () => {
	const bed = useTestBed(STRICT);

	test('the default is read once and sent; a later run of the process reads none', async () => {
		const client = seedClient(bed, 'C-1');
		const result = await bed.run(invoice(client));
		expect(result.error).toBeUndefined();
		expect(result.output[0].json.document_template).toBe('ja_JP_2');
		expect(posts(bed).map((r) => JSON.parse(r.body).document_template)).toEqual(['ja_JP_2']);
		expect(templateReads(bed)).toHaveLength(1);
		bed.sandbox.resetRequests();
		await bed.run(invoice(client));
		expect(posts(bed).map((r) => JSON.parse(r.body).document_template)).toEqual(['ja_JP_2']);
		expect(templateReads(bed)).toEqual([]);
	});

	test('templates that cannot be read do not block the create: it goes without one', async () => {
		bed.sandbox.injectFault({ kind: 'status', status: 404 }, { path: /\/template\// });
		const result = await bed.run(invoice(seedClient(bed, 'C-1')));
		expect(result.error).toBeUndefined();
		expect(posts(bed).map((r) => JSON.parse(r.body).document_template)).toEqual([undefined]);
	});
});

describe('A document without a Template, on a service that requires one', () => {
	const bed = useTestBed({ ...STRICT, requireTemplate: true });

	test('the default template is read once per run and used; the output names it', async () => {
		const client = seedClient(bed, 'C-1');
		const rows = ['A', 'B', 'C'].map((id) => ({
			id,
			client,
			title: id,
			lines: [{ description: 'x', quantity: 1, unit_price: 100, tax_rate: 10 }],
		}));
		const result = await bed.run({ ...documentUpsertRows, options: { simplify: false } }, rows);
		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => item.json.operation)).toEqual([
			'created',
			'created',
			'created',
		]);
		expect(result.output.map((item) => item.json.document_template)).toEqual([
			'ja_JP_2',
			'ja_JP_2',
			'ja_JP_2',
		]);
		expect(bed.sandbox.documentsOf()).toHaveLength(3);
		// one read of the templates, then every create names it: none refused
		expect(templateReads(bed)).toHaveLength(1);
		expect(posts(bed).map((r) => JSON.parse(r.body).document_template)).toEqual([
			'ja_JP_2',
			'ja_JP_2',
			'ja_JP_2',
		]);
	});

	test('a template the process learnt that MakeLeaps refuses: read again, the create made once more', async () => {
		const client = seedClient(bed, 'C-1');
		await bed.run(invoice(client));
		bed.sandbox.resetRequests();
		const refused = JSON.stringify({
			meta: { status: 400 },
			response: { document_template: ['Invalid template for this document type.'] },
		});
		bed.sandbox.injectFault(
			{ kind: 'status', status: 400, body: refused, contentType: 'application/json' },
			{ method: 'POST', path: /\/document\/$/ },
		);
		const result = await bed.run(invoice(client));
		expect(result.error).toBeUndefined();
		expect(templateReads(bed)).toHaveLength(1);
		expect(posts(bed)).toHaveLength(2);
		expect(bed.sandbox.documentsOf()).toHaveLength(2);
	});

	test('a Template chosen in the node is sent as it is', async () => {
		const result = await bed.run(invoice(seedClient(bed, 'C-1'), 'en_US_2'));
		expect(result.output[0].json.document_template).toBe('en_US_2');
		expect(templateReads(bed)).toEqual([]);
		expect(posts(bed)).toHaveLength(1);
	});

	test('another refusal of the create is not retried', async () => {
		const client = seedClient(bed, 'C-1');
		const result = await bed.run({ ...invoice(client), currency: 'XXX' });
		expect(result.error?.message).toContain('currency');
		expect(bed.sandbox.documentsOf()).toHaveLength(0);
	});
});
