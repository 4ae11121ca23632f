/**
 * Preview Only through n8n's engine against the sandbox: a preview sends nothing but GETs, and
 * what it says of each item is what the real run that follows then does, item for item. Every
 * row gives the keys a user matches it to the sheet by, and a client an earlier node would create
 * does not exist yet in a preview: the row says so.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { useTestBed, type TestBed } from '../support/bed';
import {
	byId,
	documentUpsertRows,
	rows,
	seedClient,
	seedInvoice,
	upsertRows,
} from '../support/fixtures';

const previewing = (parameters: INodeParameters): INodeParameters => ({
	...parameters,
	options: { previewOnly: true },
});
const methods = (bed: TestBed) => [...new Set(bed.sandbox.received('/api/').map((r) => r.method))];
const keep = { onError: 'continueRegularOutput' } as const;

/** What the real run did with an item, in the words of a preview. */
function asPreviewWords(item: INodeExecutionData): string {
	if (item.json.error !== undefined) return `would fail: ${String(item.json.error)}`;
	if (item.json.deleted === true) return 'would delete';
	const words: Record<string, string> = {
		created: 'would create',
		updated: 'would update',
		unchanged: 'unchanged',
	};
	return words[String(item.json.operation)];
}
const previewWords = (item: INodeExecutionData) =>
	item.json.preview === 'would fail'
		? `would fail: ${String(item.json.error)}`
		: String(item.json.preview);

/** Previews, checks that only GETs were sent and nothing was stored, then runs for real. */
async function previewThenRun(
	bed: TestBed,
	parameters: INodeParameters,
	input: IDataObject[],
	stored: () => unknown,
) {
	const before = JSON.stringify(stored());
	bed.sandbox.resetRequests();
	const preview = await bed.run(previewing(parameters), input);
	expect(preview.error).toBeUndefined();
	expect(methods(bed)).toEqual(['GET']);
	expect(JSON.stringify(stored())).toBe(before);
	const real = await bed.run(parameters, input, keep);
	expect(real.error).toBeUndefined();
	expect(preview.output.map((item) => item.pairedItem)).toEqual(input.map((_, item) => ({ item })));
	expect(real.output.map((item) => item.pairedItem)).toEqual(
		preview.output.map((i) => i.pairedItem),
	);
	expect(real.output.map(asPreviewWords)).toEqual(preview.output.map(previewWords));
	return { preview: preview.output.map((i) => i.json), real: real.output.map((i) => i.json) };
}

describe('Preview Only: Client Create or Update', () => {
	const bed = useTestBed();

	test('a sheet of every case: the preview reads only, and the run then does what it said', async () => {
		await bed.run(upsertRows, rows(3));
		const twin = { contact_type: 'organization', addresses: [], email: null };
		bed.sandbox.seedClient({ client_external_id: 'TWIN', contacts: [{ ...twin, name: 'A' }] });
		bed.sandbox.seedClient({ client_external_id: 'TWIN', contacts: [{ ...twin, name: 'B' }] });
		const sheet = [
			...rows(3, (k) => (k === 2 ? 'new@example.com' : `p${k}@example.com`)),
			{ id: 'NEW-1', org: 'New Co', family: 'Ito', email: 'ito@example.com' },
			{ id: 'NEW-1', org: 'New Co', family: 'Ito', email: 'ito2@example.com' },
			{ id: '', org: 'No ID Co', family: 'Abe', email: 'abe@example.com' },
			{ id: 'TWIN', org: 'A', family: 'Mori', email: 'mori@example.com' },
		];
		const clientsBefore = bed.sandbox.clients();
		const { preview, real } = await previewThenRun(bed, upsertRows, sheet, () =>
			bed.sandbox.clients(),
		);

		expect(preview.map((item) => item.preview)).toEqual([
			'unchanged',
			'would update',
			'unchanged',
			'would create',
			'would update',
			'would fail',
			'would fail',
		]);
		const row2Before = clientsBefore.find((c) => c.client_external_id === 'ROW-2')!;
		expect(preview[1]).toMatchObject({
			mid: row2Before.mid,
			changes: { 'person.email': { from: 'p2@example.com', to: 'new@example.com' } },
		});
		expect(preview[3].changes).toEqual({
			client_external_id: { from: '', to: 'NEW-1' },
			'organization.name': { from: '', to: 'New Co' },
			'person.family_name': { from: '', to: 'Ito' },
			'person.email': { from: '', to: 'ito@example.com' },
		});
		expect(real[3].changes).toEqual(preview[3].changes);
		// the second NEW-1 row changes what the first would create, as in the run
		expect(preview[4].changes).toEqual({
			'person.email': { from: 'ito@example.com', to: 'ito2@example.com' },
		});
		expect(preview[5].error).toBe('Client External ID is empty [item 5]');
		expect(preview[6].error).toBe('2 clients have Client External ID "TWIN" [item 6]');

		// what the run changed is what the preview listed, and is what the sandbox now holds
		expect(real[1].changes).toEqual(preview[1].changes);
		expect(real[4].changes).toEqual(preview[4].changes);
		const row2After = bed.sandbox.clients().find((c) => c.client_external_id === 'ROW-2')!;
		const person = (client: IDataObject) =>
			(client.contacts as IDataObject[]).find((c) => c.contact_type === 'person')!;
		expect((person(row2Before).email as IDataObject).address).toBe('p2@example.com');
		expect((person(row2After).email as IDataObject).address).toBe('new@example.com');
		expect(bed.sandbox.clients()).toHaveLength(clientsBefore.length + 1);
	});

	test('unchanged rows send nothing but the one list read, in a preview and in a run', async () => {
		await bed.run(upsertRows, rows(5));
		bed.sandbox.resetRequests();
		const preview = await bed.run(previewing(upsertRows), rows(5));
		expect(preview.output.map((item) => item.json.preview)).toEqual(Array(5).fill('unchanged'));
		const real = await bed.run(upsertRows, rows(5));
		expect(real.output.map((item) => item.json.operation)).toEqual(Array(5).fill('unchanged'));
		expect(bed.sandbox.received('/api/').map((r) => r.method)).toEqual(['GET', 'GET']);
	});

	test('a service failure stops a preview as it stops a run; nothing is written', async () => {
		for (let i = 0; i < 4; i++)
			bed.sandbox.injectFault({ kind: 'status', status: 503 }, { method: 'GET', path: '/api/' });
		const preview = await bed.run(previewing(upsertRows), rows(2));
		expect(preview.error?.message).toMatch(/MakeLeaps is unavailable \(HTTP 503\)/);
		expect(methods(bed)).toEqual(['GET']);
		expect(bed.sandbox.clients()).toEqual([]);
	});
});

describe('Preview Only: Document Create or Update', () => {
	const bed = useTestBed();

	const upsert = documentUpsertRows;
	const row = (client: string, id: string, title: string, quantity = 2) => ({
		id,
		client,
		title,
		lines: [{ description: 'Consulting', quantity, unit_price: 10000, tax_rate: 10 }],
	});

	test('made, changed, unchanged, sent: the preview says it, the run does it', async () => {
		const client = seedClient(bed, 'C-1');
		const first = await bed.run(upsert, [
			row(client, 'ROW-1', 'One'),
			row(client, 'ROW-2', 'Two'),
			row(client, 'ROW-3', 'Three'),
		]);
		await bed.run({
			resource: 'document',
			operation: 'update',
			document: byId(String(first.output[2].json.mid)),
			markAsSent: true,
		});
		const sheet = [
			row(client, 'ROW-1', 'One'),
			row(client, 'ROW-2', 'Two, renamed', 3),
			row(client, 'ROW-3', 'Three, renamed'),
			row(client, 'ROW-4', 'Four'),
			row('not-a-mid', 'ROW-5', 'Five'),
		];
		const before = bed.sandbox.documentsOf();
		const { preview, real } = await previewThenRun(bed, upsert, sheet, () =>
			bed.sandbox.documentsOf(),
		);
		expect(preview.map((item) => item.preview)).toEqual([
			'unchanged',
			'would update',
			'would fail',
			'would create',
			'would fail',
		]);
		expect(preview[1].changes).toMatchObject({ title: { from: 'Two', to: 'Two, renamed' } });
		expect(Object.keys(preview[1].changes as IDataObject).sort()).toEqual(['lineitems', 'title']);
		expect(preview[2].error).toBe(
			'The invoice "0003" with External ID "ROW-3" was already sent; it is not changed [item 2]',
		);
		expect(preview[3].changes).toMatchObject({
			external_id: { from: '', to: 'ROW-4' },
			title: { from: '', to: 'Four' },
			lineitems: { from: [], to: [expect.objectContaining({ description: 'Consulting' })] },
		});
		expect(real[3].changes).toEqual(preview[3].changes);
		expect(real[1].changes).toEqual(preview[1].changes);
		const stored = (id: string, documents: IDataObject[]) =>
			documents.find((d) => d.external_id === id)!;
		expect(stored('ROW-2', before).title).toBe('Two');
		expect(stored('ROW-2', bed.sandbox.documentsOf()).title).toBe('Two, renamed');
		expect(stored('ROW-3', bed.sandbox.documentsOf()).title).toBe('Three');
		expect(bed.sandbox.documentsOf()).toHaveLength(4);
	});
});

describe('Preview Only: Delete', () => {
	const bed = useTestBed();

	test('clients: would delete, not found, has documents; the run then deletes only the first', async () => {
		const [gone, kept] = [seedClient(bed, 'GONE'), seedClient(bed, 'KEPT')];
		seedInvoice(bed, kept);
		const remove = { operation: 'delete', client: byId('={{ $json.mid }}') };
		const sheet = [{ mid: gone }, { mid: '1734479364211706503' }, { mid: kept }];
		const { preview } = await previewThenRun(bed, remove, sheet, () => bed.sandbox.clients());
		expect(preview).toEqual([
			expect.objectContaining({ preview: 'would delete', mid: gone }),
			expect.objectContaining({
				preview: 'would fail',
				error: 'MakeLeaps has no client 1734479364211706503 [item 1]',
			}),
			expect.objectContaining({
				preview: 'would fail',
				error: `Client ${kept} is not deleted: documents refer to it (0001) [item 2]`,
			}),
		]);
		expect((preview[0].record as IDataObject).client_external_id).toBe('GONE');
		expect(bed.sandbox.clients().map((c) => c.client_external_id)).toEqual(['KEPT']);
	});

	test('documents: would delete, not found', async () => {
		const client = seedClient(bed, 'C-1');
		const doc = seedInvoice(bed, client);
		const remove = {
			resource: 'document',
			operation: 'delete',
			document: byId('={{ $json.mid }}'),
		};
		const sheet = [{ mid: String(doc.mid) }, { mid: '1734479364211706503' }];
		const { preview } = await previewThenRun(bed, remove, sheet, () => bed.sandbox.documentsOf());
		expect(preview.map((item) => [item.preview, item.mid ?? item.error])).toEqual([
			['would delete', doc.mid],
			['would fail', 'MakeLeaps has no document 1734479364211706503 [item 1]'],
		]);
		expect(bed.sandbox.documentsOf()).toEqual([]);
	});
});

describe('Preview Only from an expression: one value for the run, read before any request', () => {
	const bed = useTestBed();

	/** Every operation that can preview, with rows that would write, and what MakeLeaps holds. */
	const operations: Record<
		string,
		(bed: TestBed) => { parameters: INodeParameters; input: IDataObject[]; stored: () => unknown }
	> = {
		'Client → Create or Update': (bed) => ({
			parameters: upsertRows,
			input: rows(2),
			stored: () => bed.sandbox.clients(),
		}),
		'Client → Delete': (bed) => ({
			parameters: { operation: 'delete', client: byId('={{ $json.mid }}') },
			input: [{ mid: seedClient(bed, 'A') }, { mid: seedClient(bed, 'B') }],
			stored: () => bed.sandbox.clients(),
		}),
		'Document → Create or Update': (bed) => {
			const client = seedClient(bed, 'C-1');
			const lines = [{ description: 'Consulting', quantity: 1, unit_price: 1000, tax_rate: 10 }];
			return {
				parameters: documentUpsertRows,
				input: ['ROW-1', 'ROW-2'].map((id) => ({ id, client, title: id, lines })),
				stored: () => bed.sandbox.documentsOf(),
			};
		},
		'Document → Delete': (bed) => {
			const client = seedClient(bed, 'C-1');
			return {
				parameters: {
					resource: 'document',
					operation: 'delete',
					document: byId('={{ $json.mid }}'),
				},
				input: [seedInvoice(bed, client), seedInvoice(bed, client)].map((d) => ({ mid: d.mid })),
				stored: () => bed.sandbox.documentsOf(),
			};
		},
	};
	const fromItem = (parameters: INodeParameters): INodeParameters => ({
		...parameters,
		options: { previewOnly: '={{ $json.preview }}' },
	});
	const cases = Object.keys(operations).flatMap((name) =>
		(['true', 'yes', '1', ' TRUE ', 1, true] as const).map((value) => [name, value] as const),
	);

	test.each(cases)(
		'%s with Preview Only %p from the item: GETs only, nothing changed',
		async (name, value) => {
			const { parameters, input, stored } = operations[name](bed);
			const before = JSON.stringify(stored());
			const result = await bed.run(
				fromItem(parameters),
				input.map((item) => ({ ...item, preview: value })),
			);
			expect(result.error).toBeUndefined();
			expect(result.output.map((item) => item.json.preview)).toEqual(
				input.map(() => expect.stringMatching(/^would /)),
			);
			expect(methods(bed)).toEqual(['GET']);
			expect(JSON.stringify(stored())).toBe(before);
		},
	);

	test.each(Object.keys(operations))(
		'%s: items that disagree refuse the run before any request',
		async (name) => {
			const { parameters, input, stored } = operations[name](bed);
			const before = JSON.stringify(stored());
			const result = await bed.run(fromItem(parameters), [
				{ ...input[0], preview: 'no' },
				{ ...input[1], preview: 'yes' },
			]);
			expect(result.error?.message).toBe('Preview Only is off for item 0 and on for item 1');
			expect(bed.sandbox.received()).toEqual([]);
			expect(JSON.stringify(stored())).toBe(before);
		},
	);

	test.each(Object.keys(operations))(
		'%s: a value that is not yes or no refuses the run before any request',
		async (name) => {
			const { parameters, input } = operations[name](bed);
			const result = await bed.run(fromItem(parameters), [
				{ ...input[0], preview: true },
				{ ...input[1], preview: 'maybe' },
			]);
			expect(result.error?.message).toBe(
				'Preview Only must be true or false (yes or no, 1 or 0), not "maybe" [item 1]',
			);
			expect(bed.sandbox.received()).toEqual([]);
		},
	);
});

/** Document → Create or Update with the client By External ID from the row's `client`. */
const invoicesByClientId = {
	...documentUpsertRows,
	client: { __rl: true, mode: 'externalId', value: '={{ $json.client }}' },
};
const v2 = { typeVersion: 2 };
const byExternalId = (value: string) => ({ __rl: true, mode: 'externalId', value });
const line = { description: 'Work', quantity: 1, unit_price: 1000, tax_rate: 10 };

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
