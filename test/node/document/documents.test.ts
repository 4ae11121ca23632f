/**
 * Documents through n8n's engine against the sandbox: from a spreadsheet row to an invoice and
 * its PDF, idempotent re-runs, reads, changes, and every bad input refused before sending.
 */
import type { IBinaryData, IDataObject, INodeParameters } from 'n8n-workflow';

import { RUN_TIMEZONE } from '../../../dev/harness/engine';
import { readPdf } from '../../../dev/pdf';
import { STRICT, useTestBed, type TestBed } from '../support/bed';
import { byId, documentUpsertRows, seedClient } from '../support/fixtures';

const documentsRequests = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.path.includes('/document/'));

/** An invoice for a client of the sandbox, with lines typed in the editor. */
function invoice(clientMid: string, extra: INodeParameters = {}): INodeParameters {
	return {
		resource: 'document',
		operation: 'create',
		documentType: 'invoice',
		client: byId(clientMid),
		documentNumber: 'INV-001',
		date: '2026-11-30',
		dueDate: '2026-12-31',
		lineItems: {
			line: [
				{
					kind: 'normal',
					description: 'Design',
					quantity: '1.5',
					unitPrice: '12000',
					taxRate: '10',
				},
				{ kind: 'simple', description: 'Rice', price: '1080', taxRate: '8', taxType: 'reduced' },
			],
		},
		...extra,
	};
}

/** Rows of a grouped sheet: an invoice per row, its lines as a list. */
const sheet = (clientMid: string, changed = false) =>
	['ROW-1', 'ROW-2', 'ROW-3'].map((id, i) => ({
		id,
		client: clientMid,
		title: `Order ${i + 1}`,
		lines: [
			{
				description: 'Consulting',
				quantity: changed && i === 1 ? 3 : 2,
				unit_price: 10000,
				tax_rate: 10,
			},
			{ kind: 'text', description: 'Thank you' },
		],
	}));

const upsert = documentUpsertRows;

describe('Document: Create', () => {
	const bed = useTestBed(STRICT);

	test('sends the invoice with autocalculate; MakeLeaps computes the totals', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const result = await bed.run(invoice(clientMid));
		expect(result.error).toBeUndefined();
		const partner = bed.sandbox.credentials.partnerMid;
		const [read, templates, post] = bed.sandbox.received('/api/');
		expect(`${read.method} ${read.path}`).toBe(`GET /api/partner/${partner}/client/${clientMid}/`); // its default contact
		// the type's default template, read once and sent (run/document/defaultTemplate.ts)
		expect(`${templates.method} ${templates.path}`).toBe(
			`GET /api/partner/${partner}/template/invoice/`,
		);
		const [client] = bed.sandbox.clients();
		expect(JSON.parse(post.body)).toEqual({
			document_type: 'invoice',
			client: `${bed.sandbox.baseUrl}/api/partner/${partner}/client/${clientMid}/`,
			client_contact: (client.contacts as IDataObject[])[0].url,
			autocalculate: true,
			lineitems: [
				{
					kind: 'normal',
					description: 'Design',
					quantity: '1.5',
					unit_cost: '12000',
					tax_rate: '10',
				},
				{ kind: 'simple', description: 'Rice', price: '1080', tax_rate: '8', tax_type: 'reduced' },
			],
			document_number: 'INV-001',
			date: '2026-11-30',
			date_due: '2026-12-31',
			currency: 'JPY',
			document_template: 'ja_JP_2',
		});
		expect(result.output[0].json).toMatchObject({
			document_number: 'INV-001',
			subtotal: '19080',
			tax: '1886', // 18000 × 10% + 1080 × 8% (86.4 → 86)
			total: '20966',
		});
	});

	test('invoices for three clients picked by ID: their default contacts come from one read of the client list', async () => {
		const clients = ['C-1', 'C-2', 'C-3'].map((id) => seedClient(bed, id));
		const rows = clients.map((mid, i) => ({ client: mid, number: `INV-L-${i}` }));
		const perRow = invoice('={{ $json.client }}', { documentNumber: '={{ $json.number }}' });
		const clientReads = () =>
			bed.sandbox
				.received('/api/')
				.filter((r) => r.method === 'GET' && r.path.includes('/client/'));
		const result = await bed.run(perRow, rows);
		expect(result.error).toBeUndefined();
		expect(clientReads().map((r) => r.path.split('/').slice(-2)[0])).toEqual(['client']);
		const contacts = bed.sandbox
			.documentsOf()
			.map((d) => [linkedClient(d.client), d.client_contact]);
		expect(contacts).toEqual(
			bed.sandbox.clients().map((c) => [c.mid, (c.contacts as IDataObject[])[0].url]),
		);
	});

	test('the client By External ID: the client list gives its default contact, no read of the client', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const byExternalId = { __rl: true, mode: 'externalId', value: 'C-1' };
		const result = await bed.run(invoice(clientMid, { client: byExternalId }));
		expect(result.error).toBeUndefined();
		const partner = bed.sandbox.credentials.partnerMid;
		const received = bed.sandbox.received('/api/');
		expect(received.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /api/partner/${partner}/client/`,
			`GET /api/partner/${partner}/template/invoice/`,
			`POST /api/partner/${partner}/document/`,
		]);
		const [client] = bed.sandbox.clients();
		expect(JSON.parse(received[2].body)).toMatchObject({
			client_contact: (client.contacts as IDataObject[])[0].url,
		});
	});

	test('lines from a list in the input (a grouped spreadsheet), and the date defaults to today', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const lines = [{ description: 'Hours', qty: '7.5', unit_price: 8000, tax_rate: 10, unit: 'h' }];
		const result = await bed.run(
			{
				...invoice(clientMid),
				date: '',
				lineItemsFrom: 'json',
				lineItemsJson: '={{ $json.lines }}',
			},
			[{ lines }],
		);
		expect(result.error).toBeUndefined();
		expect(result.output[0].json).toMatchObject({
			total: '66000',
			// today where the workflow is (its time zone), not where the machine is
			date: new Intl.DateTimeFormat('en-CA', { timeZone: RUN_TIMEZONE }).format(new Date()),
		});
	});

	test('a document number that is already taken: MakeLeaps says so, for that item', async () => {
		const clientMid = seedClient(bed, 'C-1');
		await bed.run(invoice(clientMid));
		const again = await bed.run(invoice(clientMid), [{}], { onError: 'continueRegularOutput' });
		expect(again.output[0].json.error).toBe(
			'MakeLeaps refused the data: document_number: A document with this number already exists. [item 0, row 1]',
		);
		expect(bed.sandbox.documentsOf()).toHaveLength(1);
	});

	test('Client Contact picked from the list, by URL or by ID, or given as a MID, addresses the document to it', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const stored = bed.sandbox.clients().find((c) => c.mid === clientMid)!;
		const person = (stored.contacts as Array<{ mid: string; contact_type: string }>).find(
			(c) => c.contact_type === 'person',
		)!;
		const partner = bed.sandbox.credentials.partnerMid;
		const url = `${bed.sandbox.baseUrl}/api/partner/${partner}/contact/${person.mid}/`;
		const choices = [
			{ __rl: true, mode: 'list', value: person.mid },
			{ __rl: true, mode: 'url', value: url },
			{ __rl: true, mode: 'id', value: person.mid },
			person.mid,
		];
		for (const [k, clientContact] of choices.entries()) {
			const result = await bed.run(
				invoice(clientMid, { clientContact, documentNumber: `INV-C${k}` }),
			);
			expect(result.error).toBeUndefined();
		}
		const posted = documentsRequests(bed).filter((r) => r.method === 'POST');
		expect(posted.map((r) => JSON.parse(r.body).client_contact)).toEqual(Array(4).fill(url));
	});

	const badInputs: Array<[string, (client: string) => INodeParameters, RegExp]> = [
		[
			'an unknown type',
			(c) => invoice(c, { documentType: '={{ "bill" }}' }),
			/^Document Type "bill" is not one of invoice, quote/,
		],
		['no lines', (c) => invoice(c, { lineItems: {} }), /^Line Items is empty/],
		[
			'a price that is not a number',
			(c) =>
				invoice(c, {
					lineItems: { line: [{ description: 'x', unitPrice: '¥1,200', taxRate: '10' }] },
				}),
			/^Line Items 1: Rate \(Unit Price\) "¥1,200" is not a number/,
		],
		[
			'a negative quantity',
			(c) =>
				invoice(c, {
					lineItems: {
						line: [{ description: 'x', quantity: '-1', unitPrice: '100', taxRate: '10' }],
					},
				}),
			/^Line Items 1: Quantity -1 is negative/,
		],
		[
			'decimals JPY does not have',
			(c) =>
				invoice(c, {
					lineItems: {
						line: [{ description: 'x', quantity: '1', unitPrice: '99.5', taxRate: '10' }],
					},
				}),
			/^Line Items 1: Rate \(Unit Price\) 99\.5 has decimals, but JPY amounts have none/,
		],
		[
			'three decimals in USD',
			(c) =>
				invoice(c, {
					currency: 'USD',
					lineItems: { line: [{ description: 'x', unitPrice: '9.999', taxRate: '10' }] },
				}),
			/^Line Items 1: Rate \(Unit Price\) 9\.999 has more than 2 decimals, the most USD allows/,
		],
		[
			'a date that does not exist',
			(c) => invoice(c, { date: '2026-02-30' }),
			/^Date "2026-02-30" is not a day of the calendar/,
		],
		[
			'a list that is not a list',
			(c) => invoice(c, { lineItemsFrom: 'json', lineItemsJson: '={{ "lines" }}' }),
			/^Line Items \(List\) is not a list of lines/,
		],
		[
			'a bad template code',
			(c) => invoice(c, { template: { __rl: true, mode: 'id', value: '={{ "../x" }}' } }),
			/^Template "\.\.\/x" is not a template code/,
		],
	];

	test.each(badInputs)(
		'%s is refused before anything is sent, naming the field and the item',
		async (_name, parameters, message) => {
			const clientMid = seedClient(bed, 'C-1');
			const result = await bed.run(parameters(clientMid), [{}, {}], {
				onError: 'continueRegularOutput',
			});
			result.output.forEach((item, i) => {
				expect(item.json.error).toMatch(message);
				expect(item.json.error).toMatch(new RegExp(` \\[item ${i}, row ${i + 1}\\]$`));
			});
			expect(bed.sandbox.received('/api/')).toHaveLength(0);
		},
	);
});

describe('Document: Create or Update by External ID', () => {
	const bed = useTestBed(STRICT);

	test('running the same sheet twice makes each invoice once; a changed row updates its invoice', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const first = await bed.run(upsert, sheet(clientMid));
		expect(first.output.map((item) => item.json.operation)).toEqual([
			'created',
			'created',
			'created',
		]);
		bed.sandbox.resetRequests();

		const second = await bed.run(upsert, sheet(clientMid));
		expect(second.output.map((item) => [item.json.operation, item.json.changes])).toEqual([
			['unchanged', {}],
			['unchanged', {}],
			['unchanged', {}],
		]);
		expect(documentsRequests(bed).map((r) => r.method)).toEqual(['GET']); // one scan, nothing written

		const third = await bed.run(upsert, sheet(clientMid, true));
		expect(third.output[1].json).toMatchObject({
			operation: 'updated',
			changes: { lineitems: expect.objectContaining({ to: expect.any(Array) }) },
			total: '33000',
		});
		expect(
			bed.sandbox
				.documentsOf()
				.map((d) => d.external_id)
				.sort(),
		).toEqual(['ROW-1', 'ROW-2', 'ROW-3']);
	});

	test('the scan reads only the type, and only from a date when asked', async () => {
		const clientMid = seedClient(bed, 'C-1');
		await bed.run({ ...upsert, options: { scanFrom: '2026-11-01' } }, sheet(clientMid).slice(0, 1));
		const [scan] = documentsRequests(bed);
		expect(scan.query).toMatchObject({
			document_type: 'invoice',
			date__gte: '2026-11-01',
			per_page: '100',
		});
	});

	test('a sent invoice is not changed: the row says why', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const [created] = (await bed.run(upsert, sheet(clientMid).slice(0, 1))).output;
		await bed.run({
			resource: 'document',
			operation: 'update',
			document: byId(String(created.json.mid)),
			markAsSent: true,
		});
		const changed = await bed.run(
			{ ...upsert, additionalFields: { title: 'Renamed' } },
			sheet(clientMid).slice(0, 1),
			{ onError: 'continueRegularOutput' },
		);
		expect(changed.output[0].json.error).toMatch(
			/^The invoice "0001" with External ID "ROW-1" was already sent; it is not changed \[item 0, row 1\]$/,
		);
		expect(bed.sandbox.documentsOf()[0].title).toBe('Order 1');
	});

	test('an empty External ID is refused before any request', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const result = await bed.run(
			{ ...upsert, externalId: '={{ $json.missing }}' },
			sheet(clientMid).slice(0, 1),
		);
		expect(result.error?.message).toBe('External ID is empty [item 0, row 1]');
		expect(documentsRequests(bed)).toHaveLength(0);
	});
});

describe('Document: Get, Get Many, Update, Delete', () => {
	const bed = useTestBed(STRICT);

	function seedDocuments(
		clientMid: string,
		n: number,
		extra: (k: number) => IDataObject = () => ({}),
	) {
		const partner = bed.sandbox.credentials.partnerMid;
		const client = `${bed.sandbox.baseUrl}/api/partner/${partner}/client/${clientMid}/`;
		return Array.from({ length: n }, (_, k) =>
			bed.sandbox.seedDocument({
				document_type: k % 2 ? 'quote' : 'invoice',
				client,
				date: `2026-11-${String((k % 28) + 1).padStart(2, '0')}`,
				lineitems: [
					{ kind: 'simple', description: `Item ${k}`, price: String(1000 + k), tax_rate: '10' },
				],
				autocalculate: true,
				...extra(k),
			}),
		);
	}

	test('Get by ID; an unknown document is a clear error', async () => {
		const [doc] = seedDocuments(seedClient(bed, 'C-1'), 1);
		const found = await bed.run({
			resource: 'document',
			operation: 'get',
			document: byId(String(doc.mid)),
		});
		expect(found.output[0].json).toMatchObject({ mid: doc.mid, total: '1100' });
		const missing = await bed.run({
			resource: 'document',
			operation: 'get',
			document: byId('1734479364999999999'),
		});
		expect(missing.error?.message).toBe(
			'MakeLeaps has no document 1734479364999999999 [item 0, row 1]',
		);
	});

	test('Get Many: Return All across pages, filters, Simplify', async () => {
		const clientMid = seedClient(bed, 'C-1');
		seedDocuments(clientMid, 150, (k) => (k < 5 ? { date_sent: '2026-11-30T00:00:00Z' } : {}));
		const all = await bed.run({
			resource: 'document',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
		});
		expect(all.output).toHaveLength(150);
		expect(new Set(all.output.map((item) => item.json.mid)).size).toBe(150);
		const invoicesSent = await bed.run({
			resource: 'document',
			operation: 'getAll',
			returnAll: true,
			filters: {
				documentType: 'invoice',
				sent: 'true',
				dateFrom: '2026-11-01',
				dateTo: '2026-11-04',
			},
		});
		expect(invoicesSent.output.map((item) => item.json)).toEqual([
			expect.objectContaining({
				document_type: 'invoice',
				date: '2026-11-01',
				sent: true,
				paid: false,
				client_mid: clientMid,
				client_name: 'C-1 Co',
				total: 1100,
			}),
			expect.objectContaining({
				document_type: 'invoice',
				date: '2026-11-03',
				sent: true,
				total: 1102,
			}),
		]);
		// the Client filter: picked from the list, by URL, or as a MID from an expression
		const other = seedClient(bed, 'C-2');
		seedDocuments(other, 2);
		const partner = bed.sandbox.credentials.partnerMid;
		const url = `${bed.sandbox.baseUrl}/api/partner/${partner}/client/${other}/`;
		for (const client of [
			{ __rl: true, mode: 'list', value: other },
			{ __rl: true, mode: 'url', value: url },
			`={{ "${other}" }}`,
		]) {
			bed.sandbox.resetRequests();
			const ofClient = await bed.run({
				resource: 'document',
				operation: 'getAll',
				returnAll: true,
				filters: { client },
			});
			expect(ofClient.output.map((item) => item.json.client_mid)).toEqual([other, other]);
			expect(bed.sandbox.received('/api/')[0].query).toMatchObject({ client: other });
		}
	});

	test('Update: fields, marked as sent and paid on a day, lines replaced with totals computed again', async () => {
		const [doc] = seedDocuments(seedClient(bed, 'C-1'), 1);
		const result = await bed.run({
			resource: 'document',
			operation: 'update',
			document: byId(String(doc.mid)),
			updateFields: { title: 'November', dueDate: '2026-12-31' },
			markAsSent: true,
			markAsPaid: true,
			paidOn: '2026-12-15',
			replaceLineItems: true,
			lineItems: { line: [{ description: 'New', quantity: '2', unitPrice: '500', taxRate: '10' }] },
		});
		expect(result.error).toBeUndefined();
		expect(result.output[0].json).toMatchObject({
			title: 'November',
			date_due: '2026-12-31',
			date_paid: '2026-12-15T12:00:00.000Z',
			total: '1100',
		});
		expect(result.output[0].json.date_sent).toEqual(expect.any(String));
		const patch = bed.sandbox.received('/api/').find((r) => r.method === 'PATCH')!;
		expect(Object.keys(JSON.parse(patch.body)).sort()).toEqual([
			'autocalculate',
			'date_due',
			'date_paid',
			'date_sent',
			'lineitems',
			'title',
		]);
	});

	test('Delete, and a client with documents cannot be deleted', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const [doc] = seedDocuments(clientMid, 1);
		const refused = await bed.run({ operation: 'delete', client: byId(clientMid) });
		expect(refused.error?.message).toBe(
			`Client ${clientMid} is not deleted: documents refer to it (0001) [item 0, row 1]`,
		);
		expect(bed.sandbox.received('/api/').filter((r) => r.method === 'DELETE')).toEqual([]);
		const deleted = await bed.run({
			resource: 'document',
			operation: 'delete',
			document: byId(String(doc.mid)),
		});
		expect(deleted.output[0].json).toEqual({ deleted: true, mid: doc.mid });
		expect(bed.sandbox.documentsOf()).toEqual([]);
	});
});

async function downloaded(bed: TestBed, property = 'data') {
	const clientMid = seedClient(bed, 'C-1', '株式会社サンプル');
	const [created] = (await bed.run(invoice(clientMid))).output;
	const result = await bed.run({
		resource: 'document',
		operation: 'downloadPdf',
		document: byId(String(created.json.mid)),
		binaryPropertyName: property,
	});
	expect(result.error).toBeUndefined();
	const [item] = result.output;
	const binary = item.binary![property] as IBinaryData;
	return { item, binary, pdf: Buffer.from(binary.data, 'base64') };
}

describe('Document: Download PDF', () => {
	const bed = useTestBed(STRICT);

	test('the PDF as n8n binary data named after the document number', async () => {
		const { item, binary, pdf } = await downloaded(bed, 'invoicePdf');
		expect(item.json).toMatchObject({
			document_number: 'INV-001',
			document_type: 'invoice',
			file_name: 'INV-001.pdf',
			file_size: pdf.length,
		});
		expect(binary).toMatchObject({
			mimeType: 'application/pdf',
			fileName: 'INV-001.pdf',
			fileExtension: 'pdf',
		});
		expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
		const facts = readPdf(pdf);
		expect(facts.pages).toBeGreaterThanOrEqual(1);
		expect(facts.texts).toEqual(
			expect.arrayContaining(['Invoice INV-001', 'Client: 株式会社サンプル', 'Total: 20966 JPY']),
		);
	});
});

describe('Document: Download PDF served through a redirect to storage', () => {
	const redirected = useTestBed({ ...STRICT, pdfRedirect: true });

	test('the file is fetched from storage without the access token', async () => {
		const { pdf } = await downloaded(redirected);
		expect(readPdf(pdf).pages).toBe(1);
		const [stored] = redirected.sandbox.received('/_storage/');
		expect(stored.headers.authorization).toBeUndefined();
		const [pdfRequest] = redirected.sandbox
			.received('/api/')
			.filter((r) => r.path.endsWith('/pdf/'));
		expect(pdfRequest.headers.authorization).toMatch(/^Bearer /);
	});

	test('a redirect to plain http elsewhere is refused without a request', async () => {
		const clientMid = seedClient(redirected, 'C-1');
		const [created] = (await redirected.run(invoice(clientMid))).output;
		redirected.sandbox.injectFault(
			{ kind: 'redirect', status: 302, location: 'http://storage.example.com/x.pdf' },
			{ path: /\/pdf\/$/ },
		);
		const result = await redirected.run({
			resource: 'document',
			operation: 'downloadPdf',
			document: byId(String(created.json.mid)),
		});
		expect(result.error?.message).toBe(
			'MakeLeaps answered with a redirect (HTTP 302) to storage.example.com; the node does not follow redirects [item 0, row 1]',
		);
	});
});

describe('Document: faults go through the one transport', () => {
	const bed = useTestBed(STRICT);

	test.each([
		['a connection reset after the create was applied', { kind: 'resetAfter' as const }, true],
		['HTTP 503', { kind: 'status' as const, status: 503 }, false],
	])(
		'%s: one POST; Create or Update finds it by External ID or says it may have happened',
		async (_name, fault, applied) => {
			const clientMid = seedClient(bed, 'C-1');
			bed.sandbox.injectFault(fault, { method: 'POST', path: '/api/' });
			const rows = sheet(clientMid).slice(0, 1);
			const result = await bed.run(upsert, [...rows, ...rows], {
				onError: 'continueRegularOutput',
			});
			if (applied) {
				expect(result.output.map((item) => item.json.operation)).toEqual(['created', 'unchanged']);
			} else {
				expect(result.output[0].json.error).toMatch(
					/^MakeLeaps may or may not have carried out this create: MakeLeaps answered HTTP 503 \[item 0, row 1\]$/,
				);
				expect(result.output[0].error?.description).toMatch(
					/No invoice with External ID "ROW-1" and what this item sent was found right after\.$/,
				);
				expect(result.output[1].json.error).toBe(
					'An earlier create of the invoice with External ID "ROW-1" may or may not have happened [item 1, row 2]',
				);
			}
			expect(bed.sandbox.received('/api/').filter((r) => r.method === 'POST')).toHaveLength(1);
			expect(bed.sandbox.documentsOf()).toHaveLength(applied ? 1 : 0);
		},
	);

	test('a PDF download that fails is retried; one that is not a PDF is refused', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const [created] = (await bed.run(invoice(clientMid))).output;
		const download = {
			resource: 'document',
			operation: 'downloadPdf',
			document: byId(String(created.json.mid)),
		};
		bed.sandbox.injectFault({ kind: 'status', status: 503 }, { path: /\/pdf\/$/ });
		bed.sandbox.injectFault({ kind: 'cutAfter' }, { path: /\/pdf\/$/ });
		const retried = await bed.run(download);
		expect(retried.error).toBeUndefined();
		expect(
			bed.sandbox
				.received('/api/')
				.filter((r) => r.path.endsWith('/pdf/'))
				.map((r) => r.status),
		).toEqual([503, 200, 200]);
		bed.sandbox.injectFault(
			{ kind: 'replaceAfter', status: 200, body: '<html>Log in</html>', contentType: 'text/html' },
			{ path: /\/pdf\/$/ },
		);
		const refused = await bed.run(download);
		expect(refused.error?.message).toBe(
			'The answer of MakeLeaps could not be used: something that is not a PDF [item 0, row 1]',
		);
	});
});

describe('Document: Download PDF within bounds', () => {
	const bed = useTestBed({ ...STRICT, pdfRedirect: true });

	async function invoiceMid(number = 'INV-001') {
		const clientMid = seedClient(bed, 'C-1');
		const [created] = (await bed.run(invoice(clientMid, { documentNumber: number }))).output;
		return String(created.json.mid);
	}
	const download = (mid: string, options: INodeParameters = {}) =>
		bed.run({ resource: 'document', operation: 'downloadPdf', document: byId(mid), options });

	test('a PDF larger than Max PDF Size stops with what to do; the storage answer is not read to its end', async () => {
		const mid = await invoiceMid();
		const large = `%PDF-1.4\n${'x'.repeat(3 * 1024 * 1024)}`;
		bed.sandbox.injectFault(
			{ kind: 'replaceAfter', status: 200, body: large, contentType: 'application/pdf' },
			{ path: /^\/_storage\// },
		);
		const result = await download(mid, { maxMegabytes: 1 });
		expect(result.error?.message).toBe(
			`The PDF of document ${mid} is larger than 1 MB, the most the node reads [item 0, row 1]`,
		);
		expect(result.error?.description).toMatch(/Raise Options > Max PDF Size \(MB\)/);
	});

	test('a storage 503 is tried again like a read; nothing the storage said is quoted', async () => {
		const mid = await invoiceMid();
		bed.sandbox.injectFault(
			{ kind: 'status', status: 503, body: 'SECRET-STORAGE-DIAGNOSTIC' },
			{ path: /^\/_storage\// },
		);
		const fetched = await download(mid);
		expect(fetched.error).toBeUndefined();
		expect(bed.sandbox.received('/_storage/')).toHaveLength(2);
		for (let i = 0; i < 4; i++)
			bed.sandbox.injectFault(
				{ kind: 'status', status: 503, body: 'SECRET-STORAGE-DIAGNOSTIC' },
				{ path: /^\/_storage\// },
			);
		const failed = await download(mid, {});
		expect(failed.error?.message).toBe(
			`MakeLeaps' file storage answered HTTP 503 for the PDF of document ${mid}, also after 3 retries [item 0, row 1]`,
		);
		expect(JSON.stringify(failed.error)).not.toContain('SECRET-STORAGE-DIAGNOSTIC');
	});

	test.each([
		['a private address', 'https://10.0.0.8/file.pdf', '10.0.0.8'],
		['a link-local address', 'https://169.254.169.254/latest/meta-data', '169.254.169.254'],
		['plain http elsewhere', 'http://storage.example.com/x.pdf', 'storage.example.com'],
		// IPv4 addresses written in IPv6: judged as the IPv4 address they reach
		['an IPv4-compatible one', 'https://[::169.254.169.254]/latest', '[::a9fe:a9fe]'],
		['an IPv4-translated one', 'https://[::ffff:0:10.0.0.8]/file.pdf', '[::ffff:0:a00:8]'],
		['a NAT64 one', 'https://[64:ff9b::169.254.169.254]/latest', '[64:ff9b::a9fe:a9fe]'],
	])('a redirect to %s is refused without a request there', async (_, location, host) => {
		const mid = await invoiceMid();
		bed.sandbox.injectFault({ kind: 'redirect', status: 302, location }, { path: /\/pdf\/$/ });
		const result = await download(mid);
		expect(result.error?.message).toBe(
			`MakeLeaps answered with a redirect (HTTP 302) to ${host}; the node does not follow redirects [item 0, row 1]`,
		);
	});

	test.each([
		['empty', '', /^invoice-\d+\.pdf$/],
		['of 300 characters', 'Ω'.repeat(300), new RegExp(`^${'Ω'.repeat(96)}\\.pdf$`)],
		['with a path in it', '../../etc/passwd', /^etc_passwd\.pdf$/],
	])(
		'a document number %s gives a file name never empty and at most 100 characters',
		async (_, number, name) => {
			const clientMid = seedClient(bed, 'C-1');
			const doc = bed.sandbox.seedDocument({
				document_type: 'invoice',
				client: `${bed.sandbox.baseUrl}/api/partner/${bed.sandbox.credentials.partnerMid}/client/${clientMid}/`,
				lineitems: [{ kind: 'simple', description: 'Item', price: '1000', tax_rate: '10' }],
				autocalculate: true,
			});
			bed.sandbox.partner().documents.get(String(doc.mid))!.document_number = number;
			const result = await download(String(doc.mid));
			expect(result.output[0].json.file_name).toMatch(name);
			expect([...String(result.output[0].json.file_name)].length).toBeLessThanOrEqual(100);
		},
	);
});

const linkedClient = (url: unknown) => /\/client\/(\d+)\/$/.exec(String(url))?.[1];

/** Two clients, and one invoice for each made in one run (each picked by ID); the run's result. */
async function invoiceTwoClients(bed: TestBed, numbers: string) {
	const clients = ['C-1', 'C-2'].map((id) => seedClient(bed, id));
	const rows = clients.map((mid, i) => ({ client: mid, number: `${numbers}-${i}` }));
	const perRow = invoice('={{ $json.client }}', { documentNumber: '={{ $json.number }}' });
	const result = await bed.run(perRow, rows);
	expect(result.error).toBeUndefined();
	return clients;
}

describe('Document: Create, when the client list gives no default contact', () => {
	const bed = useTestBed(STRICT);

	test('a client listed with default_contact null is read by itself, and its invoice names the contact it gives', async () => {
		bed.sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => {
					for (const client of (body as { response: IDataObject[] }).response)
						client.default_contact = null;
					return body;
				},
			},
			{ method: 'GET', path: /\/client\/$/ },
		);
		await invoiceTwoClients(bed, 'INV-N');
		const posted = bed.sandbox
			.received('/api/')
			.filter((r) => r.method === 'POST' && r.path.endsWith('/document/'))
			.map((r) => (JSON.parse(r.body) as IDataObject).client_contact);
		expect(posted).toEqual(bed.sandbox.clients().map((c) => (c.contacts as IDataObject[])[0].url));
	});
});

describe('Document: Create, when the client list leaves default_contact out', () => {
	const bed = useTestBed({ ...STRICT, listOmits: ['default_contact'] });

	test('each client is read by itself for its default contact', async () => {
		const clients = await invoiceTwoClients(bed, 'INV-O');
		const reads = bed.sandbox
			.received('/api/')
			.filter((r) => r.method === 'GET' && r.path.includes('/client/'));
		expect(reads.map((r) => r.path.split('/').slice(-2)[0])).toEqual(['client', ...clients]);
		expect(bed.sandbox.documentsOf().map((d) => d.client_contact)).toEqual(
			bed.sandbox.clients().map((c) => (c.contacts as IDataObject[])[0].url),
		);
	});
});
