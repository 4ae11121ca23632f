/**
 * A wrong guess about the service costs a clear error, never a record: against services that
 * answer differently from what the node assumes (a filter in another form, a filter ignored, a
 * list that leaves out fields), through n8n's engine, counting requests and stored records.
 */
import type { INodeParameters } from 'n8n-workflow';

import { useTestBed, type TestBed } from '../support/bed';
import { byId, documentUpsertRows, seedClient, seedInvoice, seedMany } from '../support/fixtures';

const keep = { onError: 'continueRegularOutput' } as const;
const writes = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.method !== 'GET' && !r.path.includes('/oauth2/'));

/** Invoice rows for a client: an id, a title and one line. */
const rows = (
	client: string,
	ids = ['ROW-1', 'ROW-2', 'ROW-3'],
	quantity: (row: number) => number = () => 2,
) =>
	ids.map((id, i) => ({
		id,
		client,
		title: `Order ${i + 1}`,
		lines: [{ description: 'Consulting', quantity: quantity(i), unit_price: 10000, tax_rate: 10 }],
	}));

const refuseDocumentList = (bed: TestBed) =>
	bed.sandbox.injectFault(
		{
			kind: 'status',
			status: 400,
			contentType: 'application/json',
			body: '{"client": ["Select a valid choice. That choice is not one of the available choices."]}',
		},
		{ method: 'GET', path: /\/document\/$/ },
	);

describe('The client filter in the form MakeLeaps accepts', () => {
	const bed = useTestBed({ clientFilter: 'url' });

	test('Client → Delete: the MID form refused, the URL form used; a client with documents is still kept', async () => {
		const [gone, kept] = [seedClient(bed, 'GONE'), seedClient(bed, 'KEPT')];
		seedInvoice(bed, kept);
		const remove = { operation: 'delete', client: byId('={{ $json.mid }}') };
		const result = await bed.run(remove, [{ mid: gone }, { mid: kept }], keep);
		expect(result.output[0].json).toEqual({ deleted: true, mid: gone });
		expect(result.output[1].json.error).toMatch(
			/^Client \d+ is not deleted: documents refer to it/,
		);
		const listReads = bed.sandbox.received('/api/').filter((r) => r.path.endsWith('/document/'));
		// the refused form once; the run then keeps the form that worked
		expect(listReads.map((r) => r.status)).toEqual([400, 200, 200]);
		expect(listReads[2].query.client).toMatch(/^http:.*\/client\/\d+\/$/);
		expect(bed.sandbox.clients().map((c) => c.client_external_id)).toEqual(['KEPT']);
	});

	test('Document → Get Many: the Client filter works in the form MakeLeaps accepts', async () => {
		const [a, b] = [seedClient(bed, 'A'), seedClient(bed, 'B')];
		seedInvoice(bed, a);
		seedInvoice(bed, b);
		const result = await bed.run({
			resource: 'document',
			operation: 'getAll',
			returnAll: true,
			filters: { client: byId(b) },
		});
		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => item.json.client_mid)).toEqual([b]);
	});

	test('both forms refused: Delete goes on and MakeLeaps decides; a preview says it cannot tell', async () => {
		const [gone, kept] = [seedClient(bed, 'GONE'), seedClient(bed, 'KEPT')];
		seedInvoice(bed, kept);
		const remove = { operation: 'delete', client: byId('={{ $json.mid }}') };
		for (let i = 0; i < 4; i++) refuseDocumentList(bed);
		const preview = await bed.run({ ...remove, options: { previewOnly: true } }, [
			{ mid: gone },
			{ mid: kept },
		]);
		expect(preview.error).toBeUndefined();
		expect(preview.output.map((item) => item.json.preview)).toEqual(['cannot tell', 'cannot tell']);
		expect(preview.output[0].json.description).toBe(
			'MakeLeaps did not say which documents refer to the client; the run would try, and MakeLeaps would decide',
		);
		expect(writes(bed)).toEqual([]);
		for (let i = 0; i < 4; i++) refuseDocumentList(bed);
		const result = await bed.run(remove, [{ mid: gone }, { mid: kept }], keep);
		expect(result.output[0].json).toEqual({ deleted: true, mid: gone });
		// MakeLeaps' own refusal speaks for the client with documents
		expect(result.output[1].json.error).toMatch(/^MakeLeaps refused/);
		expect(bed.sandbox.clients().map((c) => c.client_external_id)).toEqual(['KEPT']);
	});
});

describe('A filter the service ignores never picks the wrong record', () => {
	const bed = useTestBed({ ignoreFilters: ['document_type', 'client', 'date__gte', 'archived'] });

	test('Create or Update of an invoice leaves a quote with the same External ID alone', async () => {
		const client = seedClient(bed, 'C-1');
		const quote = bed.sandbox.seedDocument({
			document_type: 'quote',
			client: `${bed.sandbox.baseUrl}/api/partner/${bed.sandbox.credentials.partnerMid}/client/${client}/`,
			external_id: 'ROW-1',
			title: 'The quote',
			lineitems: [{ kind: 'simple', description: 'Quoted', price: '5000', tax_rate: '10' }],
			autocalculate: true,
		});
		const result = await bed.run(documentUpsertRows, rows(client, ['ROW-1']));
		expect(result.output[0].json).toMatchObject({ operation: 'created', document_type: 'invoice' });
		const stored = bed.sandbox.documentsOf().find((d) => d.mid === quote.mid)!;
		expect(stored).toMatchObject({ title: 'The quote', document_type: 'quote' });
	});

	test('Document → Get Many gives only what its filters ask for', async () => {
		const [a, b] = [seedClient(bed, 'A'), seedClient(bed, 'B')];
		seedInvoice(bed, a);
		seedInvoice(bed, b);
		const result = await bed.run({
			resource: 'document',
			operation: 'getAll',
			returnAll: true,
			filters: { client: byId(b), documentType: 'invoice', dateFrom: '2026-11-01' },
		});
		expect(result.output.map((item) => item.json.client_mid)).toEqual([b]);
	});

	test('Client → Get Many gives archived clients only when Archived is on, and only then', async () => {
		const [active, archived] = [seedClient(bed, 'ACTIVE'), seedClient(bed, 'ARCHIVED')];
		bed.sandbox.archiveClient(archived);
		const list = async (filters: INodeParameters) =>
			(
				await bed.run({ resource: 'client', operation: 'getAll', returnAll: true, filters })
			).output.map((item) => item.json.mid);
		const listed = await list({});
		expect(listed).toContain(active);
		expect(listed).not.toContain(archived);
		expect(await list({ archived: true })).toEqual([archived]);
	});
});

describe('A create that failed never claims another record', () => {
	const bed = useTestBed();
	const create = (client: string, externalId: string): INodeParameters => ({
		resource: 'document',
		operation: 'create',
		documentType: 'invoice',
		client: byId(client),
		additionalFields: { externalId },
		lineItems: { line: [{ description: 'Work', quantity: '1', unitPrice: '1000', taxRate: '10' }] },
	});

	test('an older invoice with the External ID is named, not returned as made, when the POST fails', async () => {
		const client = seedClient(bed, 'C-1');
		const old = seedInvoice(bed, client);
		bed.sandbox.partner().documents.get(String(old.mid))!.external_id = 'ROW-1';
		bed.sandbox.injectFault(
			{ kind: 'status', status: 503 },
			{ method: 'POST', path: /\/document\/$/ },
		);
		const result = await bed.run(create(client, 'ROW-1'), [{}], keep);
		expect(result.output[0].json.error).toMatch(
			/^MakeLeaps may or may not have carried out this create/,
		);
		expect(result.output[0].error?.description).toMatch(
			/MakeLeaps has a invoice with External ID "ROW-1" and what this item sent \(0001\), but the run had not read the invoice list before the create/,
		);
		expect(bed.sandbox.documentsOf()).toHaveLength(1);
	});

	test('two rows with one External ID: the second failing does not take the first one’s invoice', async () => {
		const client = seedClient(bed, 'C-1');
		// the first POST goes through (a delay of nothing), the second fails
		bed.sandbox.injectFault({ kind: 'delay', ms: 0 }, { method: 'POST', path: /\/document\/$/ });
		bed.sandbox.injectFault(
			{ kind: 'status', status: 503 },
			{ method: 'POST', path: /\/document\/$/ },
		);
		const result = await bed.run(create(client, 'ROW-1'), [{}, {}], keep);
		expect(result.output[0].json).toMatchObject({ external_id: 'ROW-1' });
		expect(result.output[1].json.error).toMatch(
			/^MakeLeaps may or may not have carried out this create/,
		);
		expect(result.output[1].json.mid).toBeUndefined();
	});
});

describe('Create or Update never changes a document sent or paid meanwhile', () => {
	const bed = useTestBed();

	test('a document sent after the scan and before its PATCH is left alone, and the row says why', async () => {
		const client = seedClient(bed, 'C-1');
		const [made] = (await bed.run(documentUpsertRows, rows(client, ['ROW-1']))).output;
		// the scan's answer is made, then the document is sent in MakeLeaps
		bed.sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => {
					bed.sandbox.partner().documents.get(String(made.json.mid))!.date_sent =
						new Date().toISOString();
					return body;
				},
			},
			{ method: 'GET', path: /\/document\/$/ },
		);
		bed.sandbox.resetRequests();
		const result = await bed.run(
			documentUpsertRows,
			rows(client, ['ROW-1'], () => 5),
			keep,
		);
		expect(result.output[0].json.error).toBe(
			'The invoice "0001" with External ID "ROW-1" was already sent; it is not changed [item 0, row 1]',
		);
		expect(writes(bed)).toEqual([]);
		expect(bed.sandbox.documentsOf()[0].lineitems.map((line) => line.quantity)).toEqual(['2']);
	});
});

describe('Return All is bounded by records too', () => {
	const bed = useTestBed();

	test('a list longer than the bound stops with what to do instead', async () => {
		seedMany(bed, 150);
		const result = await bed.run({ operation: 'getAll', returnAll: true }, [{}], {
			limits: { maxListRecords: 100 },
		});
		expect(result.error?.message).toBe(
			"MakeLeaps' list could not be read to its end: it goes on past 100 records, more than the node reads at once; use Limit or a filter [item 0, row 1]",
		);
	});
});

describe('Only Documents Dated From cannot make a document twice', () => {
	const bed = useTestBed();
	const dated = {
		...documentUpsertRows,
		date: '={{ $json.date }}',
		options: { scanFrom: '2026-11-01' },
	};

	test.each([
		[
			'without a Date',
			undefined,
			'Date is empty, and Only Documents Dated From is set: the document could not be found again by its date [item 0, row 1]',
		],
		[
			'dated before it',
			'2026-10-31',
			'Date 2026-10-31 is before Only Documents Dated From (2026-11-01): a document with this date is not looked for, so it is not made [item 0, row 1]',
		],
	])('a row %s is refused before any request', async (_, date, message) => {
		const client = seedClient(bed, 'C-1');
		const result = await bed.run(dated, [{ ...rows(client, ['ROW-1'])[0], date }]);
		expect(result.error?.message).toBe(message);
		expect(bed.sandbox.received('/api/')).toEqual([]);
	});
});

describe('Mark as Sent and Mark as Paid keep a day already recorded', () => {
	const bed = useTestBed();
	const mark = (mid: string, extra: INodeParameters = {}): INodeParameters => ({
		resource: 'document',
		operation: 'update',
		document: byId(mid),
		markAsSent: true,
		markAsPaid: true,
		...extra,
	});

	test('run again, a sent and paid document keeps its days and nothing is written', async () => {
		const doc = seedInvoice(bed, seedClient(bed, 'C-1'));
		const stored = bed.sandbox.partner().documents.get(String(doc.mid))!;
		stored.date_sent = '2026-10-01T12:00:00.000Z';
		stored.date_paid = '2026-10-05T12:00:00.000Z';
		const result = await bed.run(mark(String(doc.mid)));
		expect(result.output[0].json).toMatchObject({
			date_sent: '2026-10-01T12:00:00.000Z',
			date_paid: '2026-10-05T12:00:00.000Z',
			kept: { date_sent: '2026-10-01T12:00:00.000Z', date_paid: '2026-10-05T12:00:00.000Z' },
		});
		expect(writes(bed)).toEqual([]);
	});

	test('a paid document marked sent gets today as its sent day and keeps its paid day', async () => {
		const doc = seedInvoice(bed, seedClient(bed, 'C-1'));
		bed.sandbox.markPaid(String(doc.mid), '2026-10-05T12:00:00.000Z');
		const result = await bed.run(mark(String(doc.mid), { paidOn: '2026-12-01' }));
		expect(result.output[0].json.date_paid).toBe('2026-10-05T12:00:00.000Z');
		expect(result.output[0].json.date_sent).toEqual(expect.any(String));
		expect(JSON.parse(writes(bed)[0].body)).toEqual({ date_sent: expect.any(String) });
	});

	test('Replace Recorded Days replaces them', async () => {
		const doc = seedInvoice(bed, seedClient(bed, 'C-1'));
		bed.sandbox.markPaid(String(doc.mid), '2026-10-05T12:00:00.000Z');
		const result = await bed.run(
			mark(String(doc.mid), {
				markAsSent: false,
				paidOn: '2026-12-01',
				options: { replaceRecordedDays: true },
			}),
		);
		expect(result.output[0].json.date_paid).toBe('2026-12-01T12:00:00.000Z');
		expect(result.output[0].json.kept).toBeUndefined();
	});
});

describe.each(['empty', 'links'] as const)(
	'A document list that gives line items %s: each document is read on its own before deciding',
	(listLineItems) => {
		const bed = useTestBed({ listLineItems });

		test('a second run writes nothing, a changed line updates only its document, and the preview agrees', async () => {
			const client = seedClient(bed, 'C-1');
			const first = await bed.run(documentUpsertRows, rows(client));
			expect(first.output.map((item) => item.json.operation)).toEqual([
				'created',
				'created',
				'created',
			]);
			bed.sandbox.resetRequests();
			const second = await bed.run(documentUpsertRows, rows(client));
			expect(second.output.map((item) => item.json.operation)).toEqual([
				'unchanged',
				'unchanged',
				'unchanged',
			]);
			expect(writes(bed)).toEqual([]);
			const changed = rows(client, undefined, (i) => (i === 1 ? 3 : 2));
			const preview = await bed.run(
				{ ...documentUpsertRows, options: { previewOnly: true } },
				changed,
			);
			expect(preview.output.map((item) => item.json.preview)).toEqual([
				'unchanged',
				'would update',
				'unchanged',
			]);
			const third = await bed.run(documentUpsertRows, changed);
			expect(third.output.map((item) => item.json.operation)).toEqual([
				'unchanged',
				'updated',
				'unchanged',
			]);
			expect(writes(bed).map((r) => r.method)).toEqual(['PATCH']);
		});
	},
);

describe('A document list without external_id', () => {
	const bed = useTestBed({ listOmits: ['external_id'] });

	test('a second run stops before any write and says why; nothing is made twice', async () => {
		const client = seedClient(bed, 'C-1');
		await bed.run(documentUpsertRows, rows(client));
		bed.sandbox.resetRequests();
		const second = await bed.run(documentUpsertRows, rows(client), keep);
		expect(second.output[0].json.error).toBe(
			"MakeLeaps' invoice list gives invoices without their external_id, so the node cannot tell which invoice is meant [item 0, row 1]",
		);
		expect(second.output.every((item) => item.json.error !== undefined)).toBe(true);
		expect(writes(bed)).toEqual([]);
		expect(bed.sandbox.documentsOf()).toHaveLength(3);
	});
});

describe('A client list without default_contact', () => {
	const bed = useTestBed({ listOmits: ['default_contact'] });

	test("a document for a client picked By External ID still gets the client's default contact: the client is read", async () => {
		const clientMid = seedClient(bed, 'C-1');
		const result = await bed.run({
			resource: 'document',
			operation: 'create',
			documentType: 'invoice',
			client: { __rl: true, mode: 'externalId', value: 'C-1' },
			lineItems: { line: [{ kind: 'simple', description: 'Fee', price: '1000', taxRate: '10' }] },
		});
		expect(result.error).toBeUndefined();
		const [post] = writes(bed);
		const [client] = bed.sandbox.clients();
		expect(JSON.parse(post.body)).toMatchObject({
			client_contact: (client.contacts as Array<{ url: string }>)[0].url,
		});
		expect(
			bed.sandbox.received('/api/').some((r) => r.path.endsWith(`/client/${clientMid}/`)),
		).toBe(true);
	});
});

describe('A client list without client_external_id', () => {
	const bed = useTestBed({ listOmits: ['client_external_id'] });

	test('Create or Update stops before any write and says why; nothing is made twice', async () => {
		seedClient(bed, 'ROW-1');
		const upsert = {
			operation: 'createOrUpdate',
			clientExternalId: 'ROW-1',
			organizationName: 'ROW-1 Co',
		};
		const result = await bed.run(upsert, [{}], keep);
		expect(result.output[0].json.error).toBe(
			"MakeLeaps' client list gives clients without their client_external_id, so the node cannot tell which client is meant [item 0, row 1]",
		);
		expect(writes(bed)).toEqual([]);
		expect(bed.sandbox.clients()).toHaveLength(1);
	});
});

describe("A client's contact list that MakeLeaps refuses", () => {
	const bed = useTestBed({ ignoreExpand: true });

	test('Create or Update reads each contact on its own instead, and changes only what differs', async () => {
		seedClient(bed, 'ROW-1');
		for (let i = 0; i < 2; i++)
			bed.sandbox.injectFault(
				{
					kind: 'status',
					status: 404,
					contentType: 'application/json',
					body: '{"detail": "Not found."}',
				},
				{ method: 'GET', path: /\/client\/\d+\/contact\/$/ },
			);
		const upsert = {
			operation: 'createOrUpdate',
			clientExternalId: 'ROW-1',
			organizationName: 'ROW-1 Co',
			personFamilyName: 'Sato',
			personEmail: 'new@example.com',
		};
		const result = await bed.run(upsert);
		expect(result.error).toBeUndefined();
		expect(result.output[0].json).toMatchObject({
			operation: 'updated',
			changes: { 'person.email': { from: 'sato@example.com', to: 'new@example.com' } },
		});
		expect(writes(bed).map((r) => JSON.parse(r.body))).toEqual([
			{ email: { address: 'new@example.com' } },
		]);
	});
});
