/**
 * Preview rows a user can match to the sheet: every row, `would fail` included, gives its keys
 * (External ID, document number, client name); a client that an earlier node would create does
 * not exist yet in a preview, and the row says so; a client given by ID is named from what the
 * run already has (the editor's pick, the item that is the client), with no request more.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useTestBed } from '../bed';
import { byId, documentUpsertRows, seedClient, upsertRows } from '../fixtures';

const v2 = { typeVersion: 2 };
const previewing = (parameters: INodeParameters): INodeParameters => ({
	...parameters,
	options: { previewOnly: true },
});
const byExternalId = (value: string) => ({ __rl: true, mode: 'externalId', value });
const line = { description: 'Work', quantity: 1, unit_price: 1000, tax_rate: 10 };
/** Document → Create or Update with the client By External ID from the row's `client`. */
const invoicesByClientId = { ...documentUpsertRows, client: byExternalId('={{ $json.client }}') };

describe('Preview Only: every row gives its keys', () => {
	const bed = useTestBed();

	test('would update, would create and would fail, each with External ID, document number and client name', async () => {
		seedClient(bed, 'C-1');
		const made = await bed.run(
			invoicesByClientId,
			[{ id: 'ROW-1', client: 'C-1', title: 'A', lines: [line] }],
			v2,
		);
		const number = made.output[0].json.document_number;
		const sheet = [
			{ id: 'ROW-1', client: 'C-1', title: 'B', lines: [line] },
			{ id: 'ROW-2', client: 'C-1', title: 'A', lines: [line] },
			{ id: 'ROW-3', client: 'C-1', title: 'A', lines: [{ ...line, quantity: 'ten' }] },
			{ id: 'ROW-4', client: 'C-404', title: 'A', lines: [line] },
		];
		for (const simplify of [true, false]) {
			const preview = await bed.run(previewing({ ...invoicesByClientId, simplify }), sheet, v2);
			const rows = preview.output.map((item) => item.json);
			const keys = (row: IDataObject) => ({
				preview: row.preview,
				external_id: row.external_id,
				document_number: row.document_number,
				client_name: row.client_name,
			});
			expect(rows.map(keys)).toEqual([
				{
					preview: 'would update',
					external_id: 'ROW-1',
					document_number: number,
					client_name: 'C-1 Co',
				},
				{
					preview: 'would create',
					external_id: 'ROW-2',
					document_number: null,
					client_name: 'C-1 Co',
				},
				{
					preview: 'would fail',
					external_id: 'ROW-3',
					document_number: null,
					client_name: 'C-1 Co',
				},
				// a client the run never found has no name to give: its row still has its External ID
				{ preview: 'would fail', external_id: 'ROW-4', document_number: null, client_name: null },
			]);
			expect(rows[2].error).toMatch(/Quantity/);
		}
	});
});

describe("Preview Only of a chain: the invoice's client that would be created", () => {
	const bed = useTestBed();

	test('By ID from the client node: the row says the client does not exist yet in a preview; By External ID too', async () => {
		seedClient(bed, 'C-1');
		const sheet = [
			{ id: 'C-NEW', org: 'New Co', family: 'Ito', email: 'ito@example.com' },
			{ id: 'C-1', org: 'C-1 Co', family: 'Sato', email: 'sato@example.com' },
		];
		// the README's first invoice, previewed node by node: the client node first
		const clients = await bed.run(previewing(upsertRows), sheet, v2);
		expect(clients.output.map((item) => item.json.preview)).toEqual(['would create', 'unchanged']);
		const invoice = {
			...documentUpsertRows,
			client: byId('={{ $json.mid }}'),
			externalId: '={{ "INV-" + $json.client_external_id }}',
			lineItemsJson: `={{ ${JSON.stringify([line])} }}`,
			additionalFields: {},
		};
		const byMid = await bed.run(
			previewing(invoice),
			clients.output.map((item) => item.json),
			v2,
		);
		expect(byMid.output[0].json).toMatchObject({
			preview: 'would fail',
			external_id: 'INV-C-NEW',
			error:
				'Client is empty: in a preview, a client an earlier node would create does not exist yet [item 0]',
			description: expect.stringContaining('By External ID'),
		});
		expect(byMid.output[1].json).toMatchObject({
			preview: 'would create',
			external_id: 'INV-C-1',
			client_name: 'C-1 Co',
		});
		// By External ID, as the README says for a preview of the chain
		const chained = await bed.run(
			previewing({ ...invoice, client: byExternalId('={{ $json.client_external_id }}') }),
			clients.output.map((item) => item.json),
			v2,
		);
		expect(chained.output.map((item) => item.json)).toMatchObject([
			{
				preview: 'would fail',
				external_id: 'INV-C-NEW',
				error: 'The client with Client External ID "C-NEW" does not exist yet [item 0]',
				description: expect.stringContaining('A preview creates nothing'),
			},
			{ preview: 'would create', external_id: 'INV-C-1', client_name: 'C-1 Co' },
		]);
	});
});

describe('Names everywhere: a client given by ID is named from what the run has', () => {
	const bed = useTestBed();

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
