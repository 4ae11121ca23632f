/**
 * Simplify (the node's version 2): Create, Get, Update and Create or Update give flat rows a sheet
 * can take, on by default for nodes added now; version 1 and Simplify off give the raw record.
 */
import type { INodeParameters } from 'n8n-workflow';

import { useTestBed } from './bed';
import { byId, seedClient, upsertRows, rows } from './fixtures';

const v2 = { typeVersion: 2 };

describe('Simplify', () => {
	const bed = useTestBed();

	const invoice = (client: string): INodeParameters => ({
		resource: 'document',
		operation: 'create',
		documentType: 'invoice',
		client: byId(client),
		date: '2026-11-30',
		additionalFields: { externalId: 'ROW-1', title: 'November' },
		lineItems: { line: [{ description: 'Work', quantity: '2', unitPrice: '1000', taxRate: '10' }] },
	});

	test('a document made, as one flat row: number, client, amounts, dates, status', async () => {
		const client = seedClient(bed, 'C-1');
		const made = await bed.run(invoice(client), [{}], v2);
		expect(made.output[0].json).toEqual({
			mid: expect.any(String),
			external_id: 'ROW-1',
			document_number: '0001',
			document_type: 'invoice',
			template: 'ja_JP_2',
			title: 'November',
			client_mid: client,
			client_name: null,
			currency: 'JPY',
			subtotal: '2000',
			tax: '200',
			total: '2200',
			date: '2026-11-30',
			date_due: null,
			status: 'draft',
			sent: false,
			paid: false,
			cancelled: false,
			date_sent: null,
			date_paid: null,
		});
		const got = await bed.run(
			{ resource: 'document', operation: 'get', document: byId(String(made.output[0].json.mid)) },
			[{}],
			v2,
		);
		expect(got.output[0].json).toEqual(made.output[0].json);
	});

	test('Create or Update keeps what it says beside the row: operation and changes', async () => {
		const result = await bed.run(upsertRows, rows(1), v2);
		expect(result.output[0].json).toMatchObject({
			client_external_id: 'ROW-1',
			display_name: 'Company 1',
			operation: 'created',
			changes: expect.objectContaining({ client_external_id: { from: '', to: 'ROW-1' } }),
		});
		expect(result.output[0].json.url).toBeUndefined();
		expect(result.output[0].json.contacts).toBeUndefined();
	});

	test('a client with its contacts in full gives its names and e-mail', async () => {
		const mid = seedClient(bed, 'C-1');
		const got = await bed.run(
			{ operation: 'get', client: byId(mid), options: { includeContacts: true } },
			[{}],
			v2,
		);
		expect(got.output[0].json).toEqual({
			mid,
			client_external_id: 'C-1',
			display_name: 'C-1 Co',
			organization_name: 'C-1 Co',
			person_name: 'Sato',
			email: 'sato@example.com',
			phone_number: null,
			archived: false,
		});
	});

	test('Simplify off, or a node of version 1, gives the record as MakeLeaps does', async () => {
		const client = seedClient(bed, 'C-1');
		const raw = await bed.run({ ...invoice(client), simplify: false }, [{}], v2);
		expect(raw.output[0].json).toMatchObject({
			url: expect.any(String),
			lineitems: expect.any(Array),
		});
		const older = await bed.run(
			{ resource: 'document', operation: 'get', document: byId(String(raw.output[0].json.mid)) },
			[{}],
		);
		expect(older.output[0].json).toMatchObject({ url: expect.any(String) });
	});
});
