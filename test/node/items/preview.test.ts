/**
 * Preview Only through n8n's engine against the sandbox: a preview sends nothing but GETs, and
 * what it says of each item is what the real run that follows then does, item for item. Every
 * row gives the keys a user matches it to the sheet by, and a client an earlier node would create
 * does not exist yet in a preview: the row says so.
 */
import type {
	IDataObject,
	INodeExecutionData,
	INodeParameters,
	INodeProperties,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MakeLeaps } from '../../../nodes/MakeLeaps/MakeLeaps.node';

import { outputOf } from '../../../dev/harness/engine';
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
		expect(preview[5].error).toBe('Give the row a Client External ID: it is empty [item 5, row 6]');
		expect(preview[6].error).toBe('2 clients have Client External ID "TWIN" [item 6, row 7]');
		// the duplicates by their names, which tell them apart, and their MIDs, which find them
		expect(preview[6].description).toMatch(
			/^Remove or renumber the duplicates in MakeLeaps first: A \(\d{19}\), B \(\d{19}\)$/,
		);

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
			'The invoice "0003" with External ID "ROW-3" was already sent; it is not changed [item 2, row 3]',
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
				error: 'MakeLeaps has no client 1734479364211706503 [item 1, row 2]',
			}),
			expect.objectContaining({
				preview: 'would fail',
				error: `Client ${kept} is not deleted: documents refer to it (0001) [item 2, row 3]`,
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
			['would fail', 'MakeLeaps has no document 1734479364211706503 [item 1, row 2]'],
		]);
		expect(bed.sandbox.documentsOf()).toEqual([]);
	});
});

/** Operations that can preview, with rows that would write, and what MakeLeaps holds. */
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

/**
 * Options as n8n's editor leaves them after Add Option → Preview Only: the option present with
 * its default, as the node's description gives it for the operation's Options collection.
 */
function previewOnlyAdded(parameters: INodeParameters): INodeParameters {
	const shown = { resource: 'client', ...parameters };
	const collection = new MakeLeaps().description.properties.find(
		(property) =>
			property.name === 'options' &&
			NodeHelpers.displayParameter(shown, property, null, new MakeLeaps().description),
	);
	const option = (collection?.options as INodeProperties[] | undefined)?.find(
		(candidate) => candidate.name === 'previewOnly',
	);
	if (!option) throw new Error('Preview Only is not among the options');
	return { ...parameters, options: { previewOnly: option.default } };
}

describe('Preview Only as the editor adds it: on, nothing written', () => {
	const bed = useTestBed();

	test.each(Object.keys(operations))(
		'%s: Add Option → Preview Only, then run: GETs only, every row a preview',
		async (name) => {
			const { parameters, input, stored } = operations[name](bed);
			const before = JSON.stringify(stored());
			bed.sandbox.resetRequests();
			const result = await bed.run(previewOnlyAdded(parameters), input);
			expect(result.error).toBeUndefined();
			const writes = bed.sandbox.received('/api/').filter((r) => r.method !== 'GET');
			expect(writes).toHaveLength(0);
			expect(JSON.stringify(stored())).toBe(before);
			expect(result.output.map((item) => item.json.preview)).toEqual(
				input.map(() => expect.stringMatching(/^would /)),
			);
		},
	);
});

describe('Preview Only from an expression: one value for the run, read before any request', () => {
	const bed = useTestBed();

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
			expect(result.error?.message).toBe(
				'Preview Only is off for item 0 (row 1) and on for item 1 (row 2)',
			);
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
				'Preview Only must be true or false (yes or no, 1 or 0), not "maybe" [item 1, row 2]',
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

	const invoice = {
		...documentUpsertRows,
		externalId: '={{ "INV-" + $json.client_external_id }}',
		lineItemsJson: `={{ ${JSON.stringify([line])} }}`,
		additionalFields: {},
	};
	const sheet = [
		{ id: 'C-NEW', org: 'New Co', family: 'Ito', email: 'ito@example.com' },
		{ id: 'C-1', org: 'C-1 Co', family: 'Sato', email: 'sato@example.com' },
	];

	test.each([
		['By ID from the client node (its MID, none yet)', byId('={{ $json.mid }}')],
		['By External ID', byExternalId('={{ $json.client_external_id }}')],
	])(
		'%s: the invoice of the client the client node would create says would create after its client, naming the client',
		async (_, client) => {
			seedClient(bed, 'C-1');
			// the README's first invoice, previewed node by node: the client node first
			const clients = await bed.run(previewing(upsertRows), sheet, v2);
			expect(clients.output.map((item) => item.json.preview)).toEqual([
				'would create',
				'unchanged',
			]);
			const invoices = await bed.run(
				previewing({ ...invoice, client }),
				clients.output.map((item) => item.json),
				v2,
			);
			const rows = invoices.output.map((item) => item.json);
			// one set of columns, in one order, for every row
			expect(Object.keys(rows[0])).toEqual(Object.keys(rows[1]));
			expect(rows).toEqual([
				{
					preview: 'would create after its client',
					external_id: 'INV-C-NEW',
					document_number: null,
					client_name: 'New Co',
					changes: null,
					description: expect.stringMatching(
						/^Its client \(Client External ID "C-NEW"\) does not exist yet: an earlier node of this preview would create it\. The real run creates the client first/,
					),
				},
				expect.objectContaining({
					preview: 'would create',
					external_id: 'INV-C-1',
					client_name: 'C-1 Co',
					description: null,
				}),
			]);
		},
	);

	test("the README's chain in one execution, grouped lines: no row would fail that the run then makes; a client no node makes still would fail", async () => {
		seedClient(bed, 'C-001', 'Fuji Logistics');
		const lines = [
			['INV-001', 'C-001', 'C-001', 'Consulting'],
			['INV-002', 'C-002', 'C-002', 'Consulting'],
			['INV-002', 'C-002', 'C-002', 'Travel'],
			// a typo in the invoice's client column: no node makes C-0O3
			['INV-003', 'C-003', 'C-0O3', 'Consulting'],
		].map(([invoiceId, id, invoiceClient, description]) => ({
			invoice_id: invoiceId,
			id,
			invoice_client: invoiceClient,
			org: `${id} Co`,
			family: 'Ito',
			email: 'ito@example.com',
			description,
		}));
		const fromSheet = (column: string) => `={{ $('Input').item.json.${column} }}`;
		const invoices = (options: IDataObject): INodeParameters => ({
			resource: 'document',
			operation: 'createOrUpdate',
			documentType: 'invoice',
			client: byExternalId(fromSheet('invoice_client')),
			externalId: fromSheet('invoice_id'),
			documentNumber: fromSheet('invoice_id'),
			date: '2026-11-30',
			lineItems: {
				line: [{ description: fromSheet('description'), quantity: '1', unitPrice: '1000' }],
			},
			options: { groupBy: fromSheet('invoice_id'), ...options },
		});
		const chain = (options: IDataObject) => ({
			...v2,
			onError: 'continueRegularOutput' as const,
			followedBy: [{ ...invoices(options), partner: bed.partner, simplify: true }],
		});
		const documentsBefore = bed.sandbox.documentsOf().length;
		bed.sandbox.resetRequests();
		const preview = await bed.run(
			{ ...upsertRows, options: { previewOnly: true } },
			lines,
			chain({ previewOnly: true }),
		);
		expect(preview.error).toBeUndefined();
		expect(methods(bed)).toEqual(['GET']);
		const previewed = outputOf(preview, 'MakeLeaps 2').map((item) => item.json);
		expect(previewed.map((row) => [row.preview, row.external_id])).toEqual([
			['would create', 'INV-001'],
			['would create after its client', 'INV-002'],
			['would fail', 'INV-003'],
		]);
		expect(previewed[2].error).toBe(
			'Make the client first, or correct Client: no client has Client External ID "C-0O3" yet [item 3, row 4]',
		);
		// every row of the preview has the same columns
		expect(new Set(previewed.map((row) => Object.keys(row).join()))).toHaveProperty('size', 1);

		const real = await bed.run(upsertRows, lines, chain({}));
		const made = outputOf(real, 'MakeLeaps 2').map((item) => item.json);
		expect(made.map((row) => [row.operation ?? 'failed', row.external_id ?? row.error])).toEqual([
			['created', 'INV-001'],
			['created', 'INV-002'],
			[
				'failed',
				'Make the client first, or correct Client: MakeLeaps has no client with Client External ID "C-0O3" [item 3, row 4]',
			],
		]);
		expect(bed.sandbox.documentsOf()).toHaveLength(documentsBefore + 2);
	});

	test('a node between them (Edit Fields): the client row is found by the item it is paired with', async () => {
		const edited = {
			...v2,
			followedBy: [
				(items: INodeExecutionData[]) => items.map(() => ({ note: 'edited' })),
				{
					...previewing({ ...invoice, client: byExternalId("={{ $('Input').item.json.id }}") }),
					externalId: "={{ 'INV-' + $('Input').item.json.id }}",
					partner: bed.partner,
				},
			],
		};
		seedClient(bed, 'C-1');
		const chain = await bed.run(previewing(upsertRows), sheet, edited);
		expect(chain.error).toBeUndefined();
		expect(outputOf(chain, 'MakeLeaps 3').map((item) => item.json.preview)).toEqual([
			'would create after its client',
			'would create',
		]);
	});

	test('Contact → Create for a client the client node would create: the preview cannot tell, and says why', async () => {
		const clients = await bed.run(previewing(upsertRows), sheet.slice(0, 1), v2);
		const contacts = await bed.run(
			previewing({
				resource: 'contact',
				operation: 'create',
				client: byExternalId('={{ $json.client_external_id }}'),
				contactType: 'person',
				contactFields: { familyName: 'Mori' },
			}),
			clients.output.map((item) => item.json),
			v2,
		);
		expect(contacts.output[0].json).toMatchObject({
			preview: 'cannot tell',
			client_name: 'New Co',
			description: expect.stringContaining('which a preview cannot read'),
		});
	});

	test('a preview row of the client that would fail, or of a client that exists, is no client to wait for', async () => {
		const rows = [
			{ preview: 'would fail', client_external_id: 'C-X', mid: null },
			{ preview: 'would create', client_external_id: 'C-Y', mid: '1734479364211706503' },
			{ preview: 'would create', client_external_id: 'C-Z', external_id: 'INV-1' },
			{ client_external_id: 'C-W', operation: 'created' },
		];
		const invoices = await bed.run(
			previewing({ ...invoice, client: byExternalId('={{ $json.client_external_id }}') }),
			rows,
			v2,
		);
		expect(invoices.output.map((item) => item.json.preview)).toEqual(Array(4).fill('would fail'));
	});
});
