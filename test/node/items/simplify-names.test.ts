/**
 * Simplify names what the run already knows, with no request more: a document's client (from the
 * client read for the default contact, the one found by External ID, or asked for in full in a
 * read made anyway), and what Send did, in the same columns for a send and a skip; a client given
 * by ID, by the name the editor kept with the pick or the item that is the client.
 */
import type { INodeParameters } from 'n8n-workflow';

import { useTestBed } from '../support/bed';
import {
	byId,
	documentUpsertRows,
	seedClient,
	seedInvoice,
	sendableInvoice,
	upsertRows,
} from '../support/fixtures';

const v2 = { typeVersion: 2 };

const document = (operation: string, extra: INodeParameters = {}) => ({
	resource: 'document',
	operation,
	...extra,
});

describe('Simplify: what Send did, as one row', () => {
	const bed = useTestBed({ sendingValidationMs: 50 });

	test('a send and a skip in the same columns, the document by mid and its client by name; Simplify off as before', async () => {
		const sent = sendableInvoice(bed, 'C-1');
		const step = {
			parameters: document('send', { document: byId('={{ $json.mid }}') }),
			items: [{ mid: sent.mid }, { mid: sent.mid }],
		};
		const result = await bed.run(step.parameters, step.items, v2);
		const [order] = bed.sandbox.sendingOrdersOf();
		const [invoice] = bed.sandbox.documentsOf();
		const row = {
			mid: invoice.mid,
			document_number: invoice.document_number,
			document_type: 'invoice',
			client_mid: String(invoice.client).split('/').at(-2),
			client_name: 'C-1 Co',
			operation: 'sent',
			reason: null,
			to: 'sato@example.com',
			channel: 'securesend',
			sending_order_mid: order.mid,
			sending_order_status: 'sent',
			date_sent: order.date_sent,
		};
		expect(result.output.map((item) => item.json)).toEqual([
			row,
			// the same document again in the run: skipped, naming the order that carried it
			{ ...row, operation: 'skipped', reason: 'already sent' },
		]);
		// a later run reads the document (its client in full, asked in that one read): it says sent
		bed.sandbox.resetRequests();
		const again = await bed.run(step.parameters, [step.items[0]], v2);
		expect(again.output[0].json).toEqual({
			...row,
			operation: 'skipped',
			reason: 'already sent',
			to: null,
			channel: null,
			sending_order_mid: null,
			sending_order_status: null,
			date_sent: invoice.date_sent,
		});
		expect(bed.sandbox.received('/api/').map((r) => r.url.split('?')[1])).toEqual([
			'expand=client_contact%2Cclient',
		]);
		const raw = await bed.run({ ...step.parameters, simplify: false }, [step.items[0]], v2);
		expect(raw.output[0].json).toEqual({
			document_mid: invoice.mid,
			document_number: invoice.document_number,
			document_type: 'invoice',
			sent: false,
			skipped: 'already sent',
			date_sent: invoice.date_sent,
		});
	});
});

describe('Simplify names the client of a document where the run knows it, with no request more', () => {
	const bed = useTestBed();

	const requests = () => bed.sandbox.received('/api/').map((r) => `${r.method} ${r.url}`);

	test('Get, Convert and Cancel ask for it in the read they make; a converted document is named after its source', async () => {
		const invoice = seedInvoice(bed, seedClient(bed, 'C-1'));
		const get = await bed.run(document('get', { document: byId(String(invoice.mid)) }), [{}], v2);
		expect(get.output[0].json).toMatchObject({ client_name: 'C-1 Co' });
		expect(requests()).toEqual([
			expect.stringMatching(/^GET \/api\/partner\/\d+\/document\/\d+\/\?expand=client$/),
		]);
		const converted = await bed.run(
			document('convert', { document: byId(String(invoice.mid)), documentType: 'receipt' }),
			[{}],
			v2,
		);
		expect(converted.output[0].json).toMatchObject({
			operation: 'created',
			document_type: 'receipt',
			client_name: 'C-1 Co',
		});
		const cancel = await bed.run(
			document('cancel', { document: byId(String(invoice.mid)) }),
			[{}],
			v2,
		);
		expect(cancel.output[0].json).toMatchObject({ operation: 'updated', client_name: 'C-1 Co' });
		// Simplify off: the read as before, the document as MakeLeaps gives it
		bed.sandbox.resetRequests();
		const raw = await bed.run(
			document('get', { document: byId(String(invoice.mid)), simplify: false }),
			[{}],
			v2,
		);
		expect(typeof raw.output[0].json.client).toBe('string');
		expect(requests()).toEqual([expect.stringMatching(/\/document\/\d+\/$/)]);
	});

	test('Create or Update names the client it read or found by External ID; a client given by ID alone, not', async () => {
		const client = seedClient(bed, 'C-1');
		const line = { description: 'Work', quantity: 1, unit_price: 1000, tax_rate: 10 };
		const rows = [{ id: 'ROW-1', client, title: 'A', lines: [line] }];
		const made = await bed.run(documentUpsertRows, rows, v2);
		expect(made.output[0].json).toMatchObject({ operation: 'created', client_name: 'C-1 Co' });
		const changed = [{ ...rows[0], title: 'B' }];
		const byMid = await bed.run(documentUpsertRows, changed, v2);
		expect(byMid.output[0].json).toMatchObject({ operation: 'updated', client_name: null });
		const byExternalId = await bed.run(
			{ ...documentUpsertRows, client: { __rl: true, mode: 'externalId', value: 'C-1' } },
			[{ ...rows[0], title: 'C' }],
			v2,
		);
		expect(byExternalId.output[0].json).toMatchObject({
			operation: 'updated',
			client_name: 'C-1 Co',
			changes: 'title: B → C',
		});
	});
});

describe('Simplify names a client given by ID from what the run has, with no request more', () => {
	const bed = useTestBed();
	const line = { description: 'Work', quantity: 1, unit_price: 1000, tax_rate: 10 };

	test("a re-run's unchanged invoice names the client the item is (the client node's output), with no request more", async () => {
		const sheet = [{ id: 'C-1', org: 'Fuji Logistics', family: 'Suzuki', email: 's@example.com' }];
		const clients = await bed.run(upsertRows, sheet, v2);
		const invoice = {
			...documentUpsertRows,
			client: byId('={{ $json.mid }}'),
			externalId: 'INV-001',
			lineItemsJson: `={{ ${JSON.stringify([line])} }}`,
			additionalFields: {},
		};
		const input = clients.output.map((item) => item.json);
		await bed.run(invoice, input, v2);
		bed.sandbox.resetRequests();
		const again = await bed.run(invoice, input, v2);
		expect(again.output[0].json).toMatchObject({
			operation: 'unchanged',
			client_name: 'Fuji Logistics',
		});
		// the invoice list alone: no client read for the name
		expect(bed.sandbox.received('/api/').map((r) => r.path)).toEqual([
			expect.stringMatching(/\/document\/$/),
		]);
	});

	test('a client picked from the list is named by the name the editor kept with the pick', async () => {
		const mid = seedClient(bed, 'C-1');
		const picked = { __rl: true, mode: 'list', value: mid, cachedResultName: 'C-1 Co' };
		const invoice = {
			...documentUpsertRows,
			client: picked,
			externalId: 'INV-001',
			lineItemsJson: `={{ ${JSON.stringify([line])} }}`,
			additionalFields: {},
		};
		await bed.run(invoice, [{}], v2);
		const again = await bed.run(invoice, [{}], v2);
		expect(again.output[0].json).toMatchObject({ operation: 'unchanged', client_name: 'C-1 Co' });
	});
});
