/**
 * Simplify (the node's version 2): Create, Get, Update and Create or Update give flat rows a sheet
 * can take, on by default for nodes added now; version 1 and Simplify off give the raw record.
 * (simplify-rows.test.ts walks every operation for objects or lists left in a row.)
 */

import { STRICT, useTestBed, type TestBed } from '../support/bed';
import {
	byId,
	documentUpsertRows,
	invoiceOf,
	seedClient,
	upsertRows,
	rows,
} from '../support/fixtures';

const v2 = { typeVersion: 2 };

/** The MID of the client's default contact (its organization). */
const contactOf = (bed: TestBed, client: string) =>
	String(bed.sandbox.clients().find((c) => c.mid === client)!.default_contact)
		.split('/')
		.filter(Boolean)
		.pop();

describe('Simplify', () => {
	const bed = useTestBed(STRICT);

	test('a document made, as one flat row: number, client by name, amounts, dates, status', async () => {
		const client = seedClient(bed, 'C-1');
		const made = await bed.run(invoiceOf(client), [{}], v2);
		const row = {
			mid: expect.any(String),
			external_id: 'ROW-1',
			document_number: '0001',
			document_type: 'invoice',
			template: 'ja_JP_2',
			title: 'November',
			client_mid: client,
			// read for its default contact: no request more to name it
			client_name: 'C-1 Co',
			currency: 'JPY',
			// numbers, for n8n's Filter and a sheet; the raw output keeps MakeLeaps' text
			subtotal: 2000,
			tax: 200,
			jp_withholding_tax: 0,
			total: 2200,
			date: '2026-11-30',
			date_due: null,
			date_valid: null,
			status: 'draft',
			sent: false,
			paid: false,
			cancelled: false,
			date_sent: null,
			date_paid: null,
			tags: '',
		};
		expect(made.output[0].json).toEqual(row);
		// in this order, the columns of a sheet the row starts
		expect(Object.keys(made.output[0].json)).toEqual(Object.keys(row));
		const got = await bed.run(
			{ resource: 'document', operation: 'get', document: byId(String(made.output[0].json.mid)) },
			[{}],
			v2,
		);
		// Get asks for the client in full (`expand`) in the read it makes anyway
		expect(got.output[0].json).toEqual(made.output[0].json);
	});

	test('Create or Update keeps what it says beside the row: operation, and changes as one text', async () => {
		const result = await bed.run(upsertRows, rows(1), v2);
		expect(result.output[0].json).toMatchObject({
			client_external_id: 'ROW-1',
			display_name: 'Company 1',
			operation: 'created',
			changes:
				'client_external_id: (empty) → ROW-1; organization.name: (empty) → Company 1; person.family_name: (empty) → Person1; person.email: (empty) → p1@example.com',
		});
		expect(result.output[0].json.url).toBeUndefined();
		expect(result.output[0].json.contacts).toBeUndefined();
		const again = await bed.run(
			upsertRows,
			rows(1, () => 'new@example.com'),
			v2,
		);
		expect(again.output[0].json).toMatchObject({
			operation: 'updated',
			changes: 'person.email: p1@example.com → new@example.com',
		});
	});

	test("a document's changes name its client and contact and describe each changed line; Preview Only says the same, with the row's keys", async () => {
		const client = seedClient(bed, 'C-1');
		const line = { description: 'Work', quantity: 1, unit_price: 1000, tax_rate: 10 };
		const row = { id: 'ROW-1', client, title: 'November', lines: [line] };
		const preview = await bed.run(
			{ ...documentUpsertRows, options: { previewOnly: true } },
			[row],
			v2,
		);
		const made = await bed.run(documentUpsertRows, [row], v2);
		// the client's default contact by its name, read with the client (no request more)
		expect(made.output[0].json.changes).toBe(
			'client: (empty) → C-1 Co; client_contact: (empty) → C-1 Co; date: (empty) → 2026-11-30; currency: (empty) → JPY; external_id: (empty) → ROW-1; title: (empty) → November; line 1 added: Work',
		);
		expect(JSON.stringify(made.output[0].json)).not.toContain(contactOf(bed, client));
		expect(preview.output[0].json).toEqual({
			preview: 'would create',
			external_id: 'ROW-1',
			document_number: null,
			client_name: 'C-1 Co',
			changes: made.output[0].json.changes,
		});
		const travel = { description: 'Travel', quantity: 1, unit_price: 15000, tax_rate: 10 };
		const changed = { ...row, title: 'December', lines: [line, travel] };
		const updated = await bed.run(documentUpsertRows, [changed], v2);
		expect(updated.output[0].json).toMatchObject({
			operation: 'updated',
			changes: 'title: November → December; line 2 added: Travel',
		});
		const dearer = { ...changed, lines: [line, { ...travel, unit_price: 18000 }] };
		const previewed = await bed.run(
			{ ...documentUpsertRows, options: { previewOnly: true } },
			[dearer],
			v2,
		);
		expect(previewed.output[0].json).toMatchObject({
			preview: 'would update',
			external_id: 'ROW-1',
			document_number: made.output[0].json.document_number,
			changes: 'line 2 Travel: unit price 15000 → 18000',
		});
		const cheaper = await bed.run(documentUpsertRows, [{ ...dearer, lines: [line] }], v2);
		expect(cheaper.output[0].json.changes).toBe('line 2 removed: Travel');
		// Simplify off: each change with its from and to, as MakeLeaps holds them, and the keys
		const raw = await bed.run(
			{ ...documentUpsertRows, simplify: false, options: { previewOnly: true } },
			[{ ...changed, lines: [line], title: 'January' }],
			v2,
		);
		expect(raw.output[0].json).toEqual({
			preview: 'would update',
			external_id: 'ROW-1',
			document_number: made.output[0].json.document_number,
			// a client given by ID alone, in a run that read no client: not named
			client_name: null,
			mid: made.output[0].json.mid,
			changes: { title: { from: 'December', to: 'January' } },
		});
	});

	test('a line inserted in the middle reads as added, the lines around it as themselves', async () => {
		const client = seedClient(bed, 'C-1');
		const line = (description: string, unit_price: number) => ({
			description,
			quantity: 1,
			unit_price,
			tax_rate: 10,
		});
		const row = { id: 'ROW-1', client, lines: [line('Design', 50000), line('Travel', 15000)] };
		await bed.run(documentUpsertRows, [row], v2);
		const taxi = {
			...row,
			lines: [line('Design', 50000), line('Taxi', 3000), line('Travel', 18000)],
		};
		const previewed = await bed.run(
			{ ...documentUpsertRows, options: { previewOnly: true } },
			[taxi],
			v2,
		);
		expect(previewed.output[0].json.changes).toBe(
			'line 2 added: Taxi; line 3 Travel: unit price 15000 → 18000',
		);
		const updated = await bed.run(documentUpsertRows, [taxi], v2);
		expect(updated.output[0].json.changes).toBe(previewed.output[0].json.changes);
		// one taken out of the middle, another renamed at the end: each as itself
		const fewer = { ...row, lines: [line('Design', 50000), line('Train', 18000)] };
		const again = await bed.run(documentUpsertRows, [fewer], v2);
		expect(again.output[0].json.changes).toBe(
			'line 2 Travel: description Travel → Train; line 2 removed: Taxi',
		);
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
		const raw = await bed.run({ ...invoiceOf(client), simplify: false }, [{}], v2);
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
