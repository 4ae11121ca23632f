/**
 * Document → Convert makes this document's invoice or says why not: an invoice found with the
 * External ID is taken only when it was made from this document (same client, and its lines
 * unless the ID is the one made of the document's MID); a cancelled document and a conversion
 * into the same type are refused unless asked; the default External ID survives a renumbering,
 * and a conversion made with the earlier default (type and number) is found again.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { STRICT, useTestBed, type TestBed } from '../support/bed';
import { byId, seedClient } from '../support/fixtures';

const api = (bed: TestBed) => bed.sandbox.received('/api/');
const writes = (bed: TestBed) => api(bed).filter((r) => r.method !== 'GET');
const invoices = (bed: TestBed) =>
	bed.sandbox.documentsOf().filter((d) => d.document_type === 'invoice');

/** A document of one line stored directly in the sandbox, for the client. */
function seedDocument(bed: TestBed, clientMid: string, fields: IDataObject) {
	const partner = bed.sandbox.credentials.partnerMid;
	return bed.sandbox.seedDocument({
		document_type: 'quote',
		client: `${bed.sandbox.baseUrl}/api/partner/${partner}/client/${clientMid}/`,
		date: '2026-11-01',
		lineitems: [
			{ kind: 'normal', description: 'Design', quantity: '2', unit_cost: '50000', tax_rate: '10' },
		],
		autocalculate: true,
		...fields,
	});
}

/** A document's number changed in MakeLeaps, as a user does. */
function renumber(bed: TestBed, mid: string, number: string) {
	const partner = bed.sandbox.partner();
	bed.sandbox.documents.update(partner, partner.documents.get(mid)!, { document_number: number });
}

const convert = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'document',
	operation: 'convert',
	document: byId('={{ $json.source }}'),
	documentType: 'invoice',
	date: '2026-12-01',
	...extra,
});

describe('Document: Convert takes only an invoice made from this document', () => {
	const bed = useTestBed(STRICT);

	test('two quotes given one External ID: the second fails naming the first one’s invoice', async () => {
		const client = seedClient(bed, 'C-1');
		const first = seedDocument(bed, client, { document_number: 'Q-1' });
		const second = seedDocument(bed, client, {
			document_number: 'Q-2',
			lineitems: [{ kind: 'simple', description: 'Hosting', price: '12000', tax_rate: '10' }],
		});
		const result = await bed.run(
			convert({ externalId: 'ORDER-1' }),
			[{ source: first.mid }, { source: second.mid }],
			{ onError: 'continueRegularOutput' },
		);
		const [invoice] = invoices(bed);
		expect(result.output[0].json).toMatchObject({ operation: 'created', mid: invoice.mid });
		expect(result.output[1].json.error).toBe(
			`External ID "ORDER-1" is taken by invoice 0001 (MID ${invoice.mid}), with other lines: not made from this document [item 1, row 2]`,
		);
		expect(invoices(bed)).toHaveLength(1);
		// the first source, the invoice list, the invoice's default template, the create; the second source
		expect(api(bed).map((r) => r.method)).toEqual(['GET', 'GET', 'GET', 'POST', 'GET']);

		bed.sandbox.resetRequests();
		const again = await bed.run(convert({ externalId: 'ORDER-1' }), [{ source: second.mid }], {
			onError: 'continueRegularOutput',
		});
		expect(again.output[0].json.error).toMatch(/is taken by invoice 0001/);
		expect(writes(bed)).toEqual([]);
		expect(invoices(bed)).toHaveLength(1);
	});

	test('another client’s invoice with the External ID is not looked at: an External ID names a document within its client', async () => {
		const mine = seedClient(bed, 'C-1');
		const theirs = seedClient(bed, 'C-2');
		const quote = seedDocument(bed, mine, { document_number: 'Q-1' });
		// the same lines, for another client
		const other = seedDocument(bed, theirs, { document_type: 'invoice', external_id: 'ORDER-9' });
		const result = await bed.run(convert({ externalId: 'ORDER-9' }), [{ source: quote.mid }], {
			onError: 'continueRegularOutput',
		});
		expect(result.output[0].json).toMatchObject({ operation: 'created' });
		// the source, the invoices (one page: the whole list costs no more than the client’s), the
		// invoice's default template, the create
		expect(api(bed).map((r) => r.method)).toEqual(['GET', 'GET', 'GET', 'POST']);
		const made = invoices(bed).filter((invoice) => invoice.mid !== other.mid);
		expect(made).toHaveLength(1);
		expect(String(made[0].client)).toContain(`/client/${mine}/`);
		expect(invoices(bed).find((invoice) => invoice.mid === other.mid)).toEqual(other);
	});

	test('the External ID of the document itself: it is not converted into itself', async () => {
		const client = seedClient(bed, 'C-1');
		const invoice = seedDocument(bed, client, { document_type: 'invoice', external_id: 'INV-5' });
		const result = await bed.run(
			convert({ externalId: 'INV-5', options: { allowSameType: true } }),
			[{ source: invoice.mid }],
			{ onError: 'continueRegularOutput' },
		);
		expect(result.output[0].json.error).toBe(
			'External ID "INV-5" is the document\'s own: it cannot be converted into itself [item 0, row 1]',
		);
		expect(writes(bed)).toEqual([]);
	});

	test('a quote renumbered after its conversion: the re-run makes nothing, and the quote given its old number gets its own invoice', async () => {
		const client = seedClient(bed, 'C-1');
		const quote = seedDocument(bed, client, { document_number: 'Q-7' });
		const made = await bed.run(convert(), [{ source: quote.mid }]);
		expect(made.output[0].json).toMatchObject({
			operation: 'created',
			external_id: `quote-${quote.mid}`,
		});
		renumber(bed, quote.mid, 'Q-8');
		const later = seedDocument(bed, client, {
			document_number: 'Q-7',
			lineitems: [{ kind: 'text', description: 'Another job' }],
		});

		bed.sandbox.resetRequests();
		const again = await bed.run(convert(), [{ source: quote.mid }]);
		expect(again.output[0].json).toMatchObject({
			operation: 'unchanged',
			mid: made.output[0].json.mid,
		});
		expect(writes(bed)).toEqual([]);
		expect(api(bed)).toHaveLength(2);

		const own = await bed.run(convert(), [{ source: later.mid }]);
		expect(own.output[0].json).toMatchObject({
			operation: 'created',
			external_id: `quote-${later.mid}`,
		});
		expect(invoices(bed)).toHaveLength(2);
	});

	test('a conversion made with the earlier default External ID (type and number) is found again', async () => {
		const client = seedClient(bed, 'C-1');
		const quote = seedDocument(bed, client, { document_number: 'Q-7' });
		// as an earlier version made it: quote-<number>, the quote's client and lines
		const earlier = seedDocument(bed, client, {
			document_type: 'invoice',
			external_id: 'quote-Q-7',
			date: '2026-11-15',
		});
		const result = await bed.run(convert(), [{ source: quote.mid }]);
		expect(result.output[0].json).toMatchObject({ operation: 'unchanged', mid: earlier.mid });
		expect(writes(bed)).toEqual([]);
		expect(api(bed)).toHaveLength(2);
		expect(invoices(bed)).toHaveLength(1);
	});

	test('the earlier default External ID taken by another quote’s invoice (its number used again): fails naming it', async () => {
		const client = seedClient(bed, 'C-1');
		const quote = seedDocument(bed, client, { document_number: 'Q-7' });
		const other = seedDocument(bed, client, {
			document_type: 'invoice',
			external_id: 'quote-Q-7',
			lineitems: [{ kind: 'text', description: 'Another job' }],
		});
		const result = await bed.run(convert(), [{ source: quote.mid }], {
			onError: 'continueRegularOutput',
		});
		expect(result.output[0].json.error).toBe(
			`External ID "quote-Q-7" is taken by invoice ${String(other.document_number)} (MID ${other.mid}), with other lines: not made from this document [item 0, row 1]`,
		);
		expect(writes(bed)).toEqual([]);
		expect(invoices(bed)).toHaveLength(1);
	});
});

describe('Document: Convert refuses what was not asked for', () => {
	const bed = useTestBed(STRICT);

	test('a cancelled quote is refused before anything else is read; Allow Cancelled Source converts it', async () => {
		const client = seedClient(bed, 'C-1');
		const quote = seedDocument(bed, client, {
			document_number: 'Q-3',
			date_cancelled: '2026-11-20T09:00:00Z',
		});
		const refused = await bed.run(convert(), [{ source: quote.mid }]);
		expect(refused.error?.message).toBe('The quote Q-3 is cancelled [item 0, row 1]');
		expect(refused.error?.description).toMatch(/Allow Cancelled Source/);
		expect(api(bed).map((r) => r.method)).toEqual(['GET']);
		expect(invoices(bed)).toHaveLength(0);

		const allowed = await bed.run(convert({ options: { allowCancelled: true } }), [
			{ source: quote.mid },
		]);
		expect(allowed.output[0].json).toMatchObject({ operation: 'created' });
		expect(invoices(bed)).toHaveLength(1);
	});

	test('a source MakeLeaps gives without date_cancelled is refused: it may be cancelled', async () => {
		const client = seedClient(bed, 'C-1');
		const quote = seedDocument(bed, client, { document_number: 'Q-4' });
		bed.sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => {
					delete (body.response as IDataObject).date_cancelled;
					return body;
				},
			},
			{
				method: 'GET',
				path: `/api/partner/${bed.sandbox.credentials.partnerMid}/document/${quote.mid}/`,
			},
		);
		const refused = await bed.run(convert(), [{ source: quote.mid }]);
		expect(refused.error?.message).toBe(
			'MakeLeaps gave quote Q-4 without date_cancelled, so the node cannot tell whether it is cancelled [item 0, row 1]',
		);
		expect(writes(bed)).toEqual([]);
		expect(invoices(bed)).toHaveLength(0);
	});

	test('an invoice into an invoice is refused; Allow Same Type makes one copy, once', async () => {
		const client = seedClient(bed, 'C-1');
		const invoice = seedDocument(bed, client, { document_type: 'invoice' });
		const refused = await bed.run(convert(), [{ source: invoice.mid }]);
		expect(refused.error?.message).toBe(
			`The invoice ${String(invoice.document_number)} is already of type invoice [item 0, row 1]`,
		);
		expect(refused.error?.description).toMatch(/Allow Same Type/);
		expect(api(bed)).toHaveLength(1);
		expect(invoices(bed)).toHaveLength(1);

		const copy = { options: { allowSameType: true } };
		const made = await bed.run(convert(copy), [{ source: invoice.mid }]);
		expect(made.output[0].json).toMatchObject({
			operation: 'created',
			external_id: `invoice-${invoice.mid}`,
		});
		const again = await bed.run(convert(copy), [{ source: invoice.mid }]);
		expect(again.output[0].json).toMatchObject({
			operation: 'unchanged',
			mid: made.output[0].json.mid,
		});
		expect(invoices(bed)).toHaveLength(2);
	});

	test('Preview Only: the second quote with the first one’s External ID would fail', async () => {
		const client = seedClient(bed, 'C-1');
		const first = seedDocument(bed, client, { document_number: 'Q-1' });
		const second = seedDocument(bed, client, {
			document_number: 'Q-2',
			lineitems: [{ kind: 'text', description: 'Another job' }],
		});
		const result = await bed.run(
			convert({ externalId: 'ORDER-1', options: { previewOnly: true } }),
			[{ source: first.mid }, { source: second.mid }],
		);
		expect(result.output[0].json).toMatchObject({ preview: 'would create' });
		expect(result.output[1].json).toMatchObject({ preview: 'would fail' });
		expect(writes(bed)).toEqual([]);
	});
});

describe('Document: Convert, where the document list gives line items as links', () => {
	const bed = useTestBed({ ...STRICT, listLineItems: 'links' });

	test('an invoice found by a given External ID is read itself before it is taken or refused', async () => {
		const client = seedClient(bed, 'C-1');
		const first = seedDocument(bed, client, { document_number: 'Q-1' });
		const second = seedDocument(bed, client, {
			document_number: 'Q-2',
			lineitems: [{ kind: 'text', description: 'Another job' }],
		});
		await bed.run(convert({ externalId: 'ORDER-1' }), [{ source: first.mid }]);
		const [invoice] = invoices(bed);

		bed.sandbox.resetRequests();
		const result = await bed.run(
			convert({ externalId: 'ORDER-1' }),
			[{ source: first.mid }, { source: second.mid }],
			{ onError: 'continueRegularOutput' },
		);
		expect(result.output[0].json).toMatchObject({ operation: 'unchanged', mid: invoice.mid });
		expect(result.output[1].json.error).toMatch(
			`is taken by invoice 0001 (MID ${invoice.mid}), with other lines`,
		);
		// each source, the list, and the invoice itself for each item
		expect(api(bed).map((r) => r.path.split('/').slice(-2, -1)[0])).toEqual([
			first.mid,
			'document',
			invoice.mid,
			second.mid,
			invoice.mid,
		]);
		expect(writes(bed)).toEqual([]);
		expect(invoices(bed)).toHaveLength(1);
	});
});
