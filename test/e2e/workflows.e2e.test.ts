/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev code: a test in Node.js, never inside n8n */
/**
 * The example workflows, run by a real n8n's CLI (`n8n execute`) with the packed package
 * installed as a community node, against the sandbox. Each test checks what the sandbox holds
 * and received, not only what n8n printed, and holds each run to its request budget
 * (dev/requestBudget.ts, which `npm run bench` reports).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { readPdf } from '../../dev/pdf';
import { example, seedClosedOffice, type RunData } from '../../dev/n8n';
import { apiCalls, clientsByExternalId, outputOf, useN8n, withinBudget } from './bed';

describe('example workflows in a real n8n', () => {
	const bed = useN8n();

	test("1: creates a head office and a branch, sets the branch's default client, deletes a closed office; a second run writes nothing", async () => {
		const { sandbox } = bed;
		const partner = sandbox.credentials.partnerMid;
		const base = `/api/partner/${partner}/client/`;
		// the closed office is still in MakeLeaps, as it may be in a user's account
		const closed = seedClosedOffice(sandbox);
		sandbox.resetRequests();
		const run = await bed.execute('mlExample1Lifecycle');

		const [office] = outputOf(run, 'Create or update head office');
		const [branch] = outputOf(run, 'Create or update branch');
		const [updated] = outputOf(run, 'Set default client');
		const [deleted] = outputOf(run, 'Delete closed office');
		expect([office.operation, branch.operation, updated.operation]).toEqual([
			'created',
			'created',
			'updated',
		]);
		const officeUrl = `${sandbox.baseUrl}${base}${String(office.mid)}/`;
		expect(updated).toMatchObject({ mid: branch.mid, default_client: officeUrl });
		expect(outputOf(run, 'Closed office, if still there').map((c) => c.mid)).toEqual([closed.mid]);
		expect(deleted).toEqual({ deleted: true, mid: closed.mid });

		const clients = clientsByExternalId(sandbox);
		expect(Object.keys(clients).sort()).toEqual(['EX1-HQ', 'EX1-OSAKA']);
		expect(clients['EX1-HQ']).toMatchObject({
			mid: office.mid,
			organization: 'Sakura Holdings K.K.',
			person: 'Sato',
			email: 'sato@sakura-holdings.example.jp',
		});
		expect(clients['EX1-OSAKA']).toMatchObject({ mid: branch.mid, default_client: officeUrl });

		// The partner lookup (the workflows leave Partner empty) happens once per execution.
		const calls = () =>
			apiCalls(sandbox.requests).filter((call) => !call.startsWith('GET /api/partner/ '));
		// each Create or Update reads the client list once to find its external ID
		const list = `GET ${base} 200`;
		expect(calls()).toEqual([
			list,
			`POST ${base} 201`,
			list,
			`POST ${base} 201`,
			// the update reads the branch first, to send only what differs
			`GET ${base}${String(branch.mid)}/ 200`,
			`PATCH ${base}${String(branch.mid)}/ 200`,
			// the closed office is looked for in the client list
			list,
			// the delete looks for documents of the closed office first (none)
			`GET /api/partner/${partner}/document/ 200`,
			`DELETE ${base}${String(closed.mid)}/ 204`,
		]);
		const patch = sandbox.requests.find((r) => r.method === 'PATCH')!;
		expect(JSON.parse(patch.body)).toEqual({ default_client: officeUrl });
		expect(sandbox.received('/user/oauth2/token/')).toHaveLength(1);
		withinBudget(sandbox, 'mlExample1Lifecycle', 'first');

		// Run again: the same clients are found by their external IDs, the branch already has its
		// default client and the closed office is gone, so nothing is written.
		sandbox.resetRequests();
		const again = await bed.execute('mlExample1Lifecycle');
		expect(
			['Create or update head office', 'Create or update branch', 'Set default client'].map(
				(node) => [outputOf(again, node)[0].mid, outputOf(again, node)[0].operation],
			),
		).toEqual([
			[office.mid, 'unchanged'],
			[branch.mid, 'unchanged'],
			[branch.mid, 'unchanged'],
		]);
		expect(outputOf(again, 'Closed office, if still there')).toEqual([]);
		expect(outputOf(again, 'Delete closed office')).toEqual([]);
		expect(calls()).toEqual([list, list, `GET ${base}${String(branch.mid)}/ 200`, list]);
		withinBudget(sandbox, 'mlExample1Lifecycle', 'again');
		expect(Object.keys(clientsByExternalId(sandbox)).sort()).toEqual(['EX1-HQ', 'EX1-OSAKA']);
	});

	test('2: one client per row of the clients sheet (here examples/clients.csv); a second run updates, never duplicates', async () => {
		const { sandbox } = bed;
		const rows = ['CSV-0001', 'CSV-0002', 'CSV-0003', 'CSV-0004', 'CSV-0005'];
		const csvClients = () =>
			Object.entries(clientsByExternalId(sandbox)).filter(([id]) => id.startsWith('CSV-'));
		expect(csvClients()).toEqual([]);

		sandbox.resetRequests();
		const first = await bed.execute('mlExample2SheetImport');
		expect(outputOf(first, 'Clients sheet')).toHaveLength(5);
		expect(
			outputOf(first, 'Create or update client').map((c) => [c.client_external_id, c.operation]),
		).toEqual(rows.map((id) => [id, 'created']));
		expect(apiCalls(sandbox.requests).filter((call) => call.startsWith('POST'))).toHaveLength(5);
		withinBudget(sandbox, 'mlExample2SheetImport', 'first');
		const clients = Object.fromEntries(csvClients());
		expect(Object.keys(clients).sort()).toEqual(rows);
		expect(clients['CSV-0001']).toMatchObject({
			organization: 'Fuji Logistics Ltd.',
			person: 'Suzuki',
			email: 'suzuki@fuji-logistics.example.jp',
			addresses: [
				expect.objectContaining({
					postal_code: '105-0011',
					region: 'tokyo',
					locality: 'Minato-ku',
					street_address: '1-2-3 Shibakoen',
				}),
			],
		});
		expect(clients['CSV-0004']).toMatchObject({
			organization: 'Momiji Print K.K.',
			person: undefined,
			email: undefined,
		});
		expect(clients['CSV-0005']).toMatchObject({
			organization: undefined,
			person: 'Watanabe',
			email: 'watanabe@example.jp',
			addresses: [],
		});

		sandbox.resetRequests();
		const second = await bed.execute('mlExample2SheetImport');
		expect(
			outputOf(second, 'Create or update client').map((c) => [c.client_external_id, c.operation]),
		).toEqual(rows.map((id) => [id, 'unchanged']));
		expect(apiCalls(sandbox.requests).filter((call) => !call.startsWith('GET'))).toEqual([]);
		withinBudget(sandbox, 'mlExample2SheetImport', 'again');
		const after = Object.fromEntries(csvClients());
		expect(Object.keys(after).sort()).toEqual(rows);
		for (const id of rows) expect(after[id].mid).toBe(clients[id].mid);
	});

	test('8 (after 2): the preview reads only; the import then does what it said, only for the rows that change', async () => {
		const { sandbox } = bed;
		const partner = sandbox.credentials.partnerMid;
		const api = async (method: string, apiPath: string, body?: unknown) => {
			const token = sandbox.issuedTokens[sandbox.issuedTokens.length - 1];
			const answer = await fetch(`${sandbox.baseUrl}/api/partner/${partner}/${apiPath}`, {
				method,
				headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			expect(answer.ok).toBe(true);
		};
		// Someone changed CSV-0001's e-mail in MakeLeaps and deleted CSV-0004.
		const before = clientsByExternalId(sandbox);
		const csv1 = sandbox.clients().find((c) => c.client_external_id === 'CSV-0001')!;
		const person = (csv1.contacts as Array<Record<string, unknown>>).find(
			(c) => c.contact_type === 'person',
		)!;
		await api('PATCH', `contact/${String(person.mid)}/`, {
			email: { address: 'old@fuji-logistics.example.jp' },
		});
		await api('DELETE', `client/${before['CSV-0004'].mid}/`);

		sandbox.resetRequests();
		const run = await bed.execute('mlExample8PreviewImport');
		const preview = outputOf(run, 'Preview import');
		expect(preview.map((item) => item.preview)).toEqual([
			'would update',
			'unchanged',
			'unchanged',
			'would create',
			'unchanged',
		]);
		// Simplify (the node's version 2): each change in words, the row named as in the sheet
		expect(preview[0]).toMatchObject({
			client_external_id: 'CSV-0001',
			client_name: 'Fuji Logistics Ltd.',
			changes: 'person.email: old@fuji-logistics.example.jp → suzuki@fuji-logistics.example.jp',
		});
		const imported = outputOf(run, 'Import');
		expect(imported.map((c) => [c.client_external_id, c.operation])).toEqual([
			['CSV-0001', 'updated'],
			['CSV-0004', 'created'],
		]);
		expect(imported[0].changes).toEqual(preview[0].changes);
		// the preview's requests are all reads; the writes are the import's: one PATCH, one POST
		const writes = apiCalls(sandbox.requests).filter((call) => !call.startsWith('GET'));
		expect(writes.map((call) => call.split(' ')[0])).toEqual(['PATCH', 'POST']);
		const after = clientsByExternalId(sandbox);
		expect(after['CSV-0001'].email).toBe('suzuki@fuji-logistics.example.jp');
		expect(after['CSV-0004'].organization).toBe('Momiji Print K.K.');

		sandbox.resetRequests();
		const again = await bed.execute('mlExample8PreviewImport');
		expect(outputOf(again, 'Preview import').map((item) => item.preview)).toEqual(
			Array(5).fill('unchanged'),
		);
		expect(outputOf(again, 'Import')).toEqual([]);
		expect(apiCalls(sandbox.requests).filter((call) => !call.startsWith('GET'))).toEqual([]);
	});

	test('3: invalid rows come out on the error output with their messages; valid rows become clients, and stay unchanged when run again', async () => {
		const { sandbox } = bed;
		const failedRows = (run: RunData) => {
			const failed = outputOf(run, 'Failed rows');
			expect(failed).toHaveLength(2);
			expect(failed[0]).toMatchObject({
				id: 'EX3-002',
				error: expect.stringContaining('Organization Name and Person Family Name are both empty'),
			});
			expect(failed[1]).toMatchObject({
				id: 'EX3-003',
				error: expect.stringContaining('Person Email "ito@" is not a valid e-mail address'),
			});
		};
		sandbox.resetRequests();
		const run = await bed.execute('mlExample3ErrorOutput');

		expect(outputOf(run, 'Valid rows').map((c) => [c.client_external_id, c.operation])).toEqual([
			['EX3-001', 'created'],
			['EX3-004', 'created'],
		]);
		failedRows(run);

		const clients = clientsByExternalId(sandbox);
		expect(clients['EX3-001']).toMatchObject({
			organization: 'Kaede Design LLC',
			person: 'Takahashi',
		});
		expect(clients['EX3-004']).toMatchObject({ organization: 'Momiji Print K.K.' });
		expect(clients['EX3-002']).toBeUndefined();
		expect(clients['EX3-003']).toBeUndefined();
		// Invalid rows are refused before anything is sent.
		expect(apiCalls(sandbox.requests).filter((call) => call.startsWith('POST'))).toHaveLength(2);
		withinBudget(sandbox, 'mlExample3ErrorOutput', 'first');

		sandbox.resetRequests();
		const again = await bed.execute('mlExample3ErrorOutput');
		expect(outputOf(again, 'Valid rows').map((c) => [c.mid, c.operation])).toEqual([
			[clients['EX3-001'].mid, 'unchanged'],
			[clients['EX3-004'].mid, 'unchanged'],
		]);
		failedRows(again);
		expect(apiCalls(sandbox.requests).filter((call) => !call.startsWith('GET'))).toEqual([]);
		withinBudget(sandbox, 'mlExample3ErrorOutput', 'again');
		expect(Object.keys(clientsByExternalId(sandbox)).filter((id) => id.startsWith('EX3-'))).toEqual(
			['EX3-001', 'EX3-004'],
		);
	});

	test('n8n stores the token, and refreshes it once after the sandbox expired it', async () => {
		const { sandbox } = bed;
		await bed.execute('mlExample3ErrorOutput'); // makes sure a token is stored
		const stored = sandbox.issuedTokens.at(-1)!;
		sandbox.resetRequests();
		const expired = await fetch(`${sandbox.baseUrl}/_sandbox/expire-tokens`, { method: 'POST' });
		expect(expired.status).toBe(204);

		await bed.execute('mlExample3ErrorOutput');
		const tokenRequests = sandbox.received('/user/oauth2/token/');
		expect(tokenRequests).toHaveLength(1);
		const api = sandbox.received('/api/');
		expect(api.filter((r) => r.status === 401)).toHaveLength(1);
		expect(api[0]).toMatchObject({
			status: 401,
			headers: expect.objectContaining({ authorization: `Bearer ${stored}` }),
		});
		const fresh = sandbox.issuedTokens.at(-1)!;
		expect(fresh).not.toBe(stored);
		expect(
			api.slice(1).every((r) => r.headers.authorization === `Bearer ${fresh}` && r.status! < 300),
		).toBe(true);

		// The next run reuses the refreshed token that n8n saved in the credential.
		sandbox.resetRequests();
		await bed.execute('mlExample3ErrorOutput');
		expect(sandbox.received('/user/oauth2/token/')).toHaveLength(0);
		expect(
			sandbox
				.received('/api/')
				.every((r) => r.headers.authorization === `Bearer ${fresh}` && r.status! < 300),
		).toBe(true);
	});

	test('4 previewed as it is (Preview Only added to both Create or Update nodes): nothing written, each invoice of a new client would create after its client', async () => {
		const { sandbox, n8n } = bed;
		const workflow = example('4-invoices-from-google-sheets.json', n8n.outputFolder);
		workflow.id = 'mlExample4Previewed';
		for (const node of workflow.nodes) {
			if (!node.type.endsWith('.makeLeaps') || node.parameters.operation !== 'createOrUpdate')
				continue;
			const options = (node.parameters.options ?? {}) as Record<string, unknown>;
			node.parameters.options = { ...options, previewOnly: true };
		}
		await n8n.importWorkflow(workflow);
		sandbox.resetRequests();
		const run = await bed.execute(workflow.id);
		const clients = outputOf(run, 'Create or update client');
		expect(new Set(clients.map((row) => row.client_external_id))).toEqual(
			new Set(['CL-001', 'CL-002', 'CL-003']),
		);
		expect(clients[0]).toMatchObject({ preview: 'would create', client_external_id: 'CL-001' });
		// one row per invoice (Group Rows By), each naming its keys: its client's row came first
		const invoices = outputOf(run, 'Create or update invoice');
		expect(invoices.map((row) => [row.preview, row.external_id])).toEqual([
			['would create after its client', 'INV-2026-001'],
			['would create after its client', 'INV-2026-002'],
			['would create after its client', 'INV-2026-003'],
		]);
		expect(String(invoices[0].description)).toContain('(Client External ID "CL-001")');
		expect(outputOf(run, 'Download PDF')).toEqual([]);
		expect(sandbox.received('/api/').filter((r) => r.method !== 'GET')).toEqual([]);
		expect(sandbox.documentsOf()).toHaveLength(0);
	});

	test('4: sheet rows → clients → invoices (rows grouped by invoice_id) → PDFs e-mailed to each client; a second run makes nothing twice', async () => {
		const { sandbox, n8n } = bed;
		sandbox.resetRequests();
		const run = await bed.execute('mlExample4SheetInvoices');
		expect(outputOf(run, 'Invoice lines')).toHaveLength(6);
		expect(
			outputOf(run, 'Create or update invoice').map((d) => [
				d.document_number,
				d.operation,
				d.total,
			]),
		).toEqual([
			['INV-2026-001', 'created', '171828'], // 135000 + 10% and 21600 + 8%
			['INV-2026-002', 'created', '110000'],
			['INV-2026-003', 'created', '130240'],
		]);
		// each invoice names its client's default contact, read now (the client list), not taken from the client node
		const posted = sandbox
			.received('/api/')
			.filter((r) => r.method === 'POST' && r.path.endsWith('/document/'))
			.map((r) => JSON.parse(r.body) as { client: string; client_contact: string });
		expect(posted).toHaveLength(3);
		for (const body of posted) {
			const client = sandbox.clients().find((c) => c.url === body.client);
			expect(body.client_contact).toBe(client?.default_contact);
		}
		const invoice = sandbox.documentsOf().find((d) => d.document_number === 'INV-2026-001')!;
		expect(invoice.lineitems.map((line) => line.description)).toEqual([
			'Website maintenance (November)',
			'Server hosting',
			'Catering for the launch (food)',
		]);
		// the PDFs: binary data in the run, and each one the attachment of a mail to its client
		const pdfRun = run.data.resultData.runData['Download PDF'][0].data!
			.main[0] as unknown as Array<{
			binary: Record<string, { mimeType: string; fileName: string }>;
		}>;
		expect(pdfRun.map((item) => [item.binary.data.mimeType, item.binary.data.fileName])).toEqual([
			['application/pdf', 'INV-2026-001.pdf'],
			['application/pdf', 'INV-2026-002.pdf'],
			['application/pdf', 'INV-2026-003.pdf'],
		]);
		for (const [to, number] of [
			['suzuki@fuji-logistics.example.jp', 'INV-2026-001'],
			['takahashi@kaede.example.jp', 'INV-2026-002'],
			['ito@hinoki-foods.example.jp', 'INV-2026-003'],
		]) {
			const file = readFileSync(path.join(n8n.outputFolder, `${to}--${number}.pdf`));
			const facts = readPdf(file);
			expect(facts.pages).toBe(1);
			expect(facts.texts).toContain(`Invoice ${number}`);
		}
		expect(sandbox.documentsOf()).toHaveLength(3);
		withinBudget(sandbox, 'mlExample4SheetInvoices', 'first');

		sandbox.resetRequests();
		const again = await bed.execute('mlExample4SheetInvoices');
		expect(
			outputOf(again, 'Create or update invoice').map((d) => [d.operation, d.changes]),
		).toEqual([
			['unchanged', {}],
			['unchanged', {}],
			['unchanged', {}],
		]);
		expect(
			sandbox.received('/api/').filter((r) => r.method === 'POST' || r.method === 'PATCH'),
		).toEqual([]);
		expect(sandbox.documentsOf()).toHaveLength(3);
		// nothing new: no PDF read, no mail sent again
		expect(outputOf(again, 'Download PDF')).toEqual([]);
		expect(sandbox.received('/api/').filter((r) => r.path.endsWith('/pdf/'))).toEqual([]);
		withinBudget(sandbox, 'mlExample4SheetInvoices', 'again');
	});

	test("7: sends every invoice not sent yet, to its client's e-mail address; a second run sends nothing", async () => {
		const { sandbox } = bed;
		sandbox.resetRequests();
		const run = await bed.execute('mlExample7SendInvoices');
		expect(outputOf(run, 'Send invoice').map((item) => [item.document_number, item.sent])).toEqual([
			['INV-2026-001', true],
			['INV-2026-002', true],
			['INV-2026-003', true],
		]);
		expect(sandbox.deliveries.map((d) => d.to_emails)).toEqual([
			['suzuki@fuji-logistics.example.jp'],
			['takahashi@kaede.example.jp'],
			['ito@hinoki-foods.example.jp'],
		]);
		expect(sandbox.sendingOrdersOf()[0]).toMatchObject({
			subject: 'Your invoice INV-2026-001',
			status: 'sent',
		});
		withinBudget(sandbox, 'mlExample7SendInvoices', 'first');

		sandbox.resetRequests();
		await bed.execute('mlExample7SendInvoices');
		expect(sandbox.received('/api/').filter((r) => r.method === 'POST')).toEqual([]);
		withinBudget(sandbox, 'mlExample7SendInvoices', 'again');
		expect(sandbox.deliveries).toHaveLength(3);
	});
});
