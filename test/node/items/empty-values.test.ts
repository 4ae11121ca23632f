/**
 * The rule for empty values, on every write: a blank cell mapped onto a field leaves the field as
 * it is (nothing is sent for it), a key first of all. Client → Update decides once, from a read,
 * for its preview and its run; Simplify names the contacts of a client just written.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { STRICT, useTestBed, type TestBed } from '../support/bed';
import { byId, seedClient, upsertRows } from '../support/fixtures';

const patches = (bed: TestBed) =>
	bed.sandbox
		.received('/api/')
		.filter((r) => r.method === 'PATCH')
		.map((r) => JSON.parse(r.body) as IDataObject);

const stored = (bed: TestBed, mid: string) => bed.sandbox.clients().find((c) => c.mid === mid)!;

/** A client with an organization (with an address abroad) and a person with every detail. */
function seedDetailedClient(bed: TestBed): string {
	return bed.sandbox.seedClient({
		client_external_id: 'C-1',
		contacts: [
			{
				contact_type: 'organization',
				name: 'Example Co',
				phone_number: '03-1111-2222',
				addresses: [
					{
						format: 'default',
						country_name: 'US',
						postal_code: '10001',
						region: 'NY',
						locality: 'New York',
						street_address: '1 Main St',
						extended_address: 'Floor 2',
					},
				],
				email: null,
			},
			{
				contact_type: 'person',
				family_name: 'Sato',
				given_name: 'Taro',
				title: 'Manager',
				phone_number: '090-1111-2222',
				addresses: [],
				email: { address: 'sato@example.com' },
			},
		],
	}).mid;
}

describe('An empty value leaves the field as it is', () => {
	const bed = useTestBed(STRICT);

	test('Client → Update with Client External ID from a blank cell sends no client_external_id; Create or Update with the real ID then finds the same client', async () => {
		const mid = seedClient(bed, 'C-1');
		const update = await bed.run(
			{
				operation: 'update',
				client: byId(mid),
				updateFields: { clientExternalId: '={{ $json.id }}' },
			},
			[{ id: '' }, { id: '   ' }, { id: null }],
		);
		expect(update.error).toBeUndefined();
		expect(patches(bed)).toEqual([]);
		expect(stored(bed, mid).client_external_id).toBe('C-1');
		expect(update.output.map((item) => item.json.operation)).toEqual([
			'unchanged',
			'unchanged',
			'unchanged',
		]);

		const again = await bed.run(upsertRows, [
			{ id: 'C-1', org: 'C-1 Co', family: 'Sato', email: 'sato@example.com' },
		]);
		expect(again.output[0].json).toMatchObject({ mid, operation: 'unchanged' });
		expect(bed.sandbox.clients()).toHaveLength(1);
	});

	test("Client → Update: contact fields from blank cells leave the contacts as they are, the address's country included", async () => {
		const mid = seedDetailedClient(bed);
		const before = stored(bed, mid).contacts;
		const cell = (key: string) => `={{ $json.${key} }}`;
		const result = await bed.run(
			{
				operation: 'update',
				client: byId(mid),
				updateFields: {
					organizationPhoneNumber: cell('blank'),
					personGivenName: cell('blank'),
					personTitle: cell('blank'),
					personEmail: cell('blank'),
					personPhoneNumber: cell('none'),
					addressFormat: cell('blank'),
					addressCountry: cell('blank'),
					addressStreet: cell('spaces'),
					personDepartment: cell('department'),
				},
			},
			[{ blank: '', spaces: '  ', none: null, department: 'Accounting' }],
		);
		expect(result.error).toBeUndefined();
		expect(result.output[0].json).toMatchObject({
			operation: 'updated',
			changes: { 'person.department': { from: '', to: 'Accounting' } },
		});
		expect(Object.keys(result.output[0].json.changes as IDataObject)).toHaveLength(1);
		expect(patches(bed)).toEqual([{ department: 'Accounting' }]);
		const [organization, person] = stored(bed, mid).contacts as IDataObject[];
		expect(organization).toEqual((before as IDataObject[])[0]);
		expect(person).toEqual({ ...(before as IDataObject[])[1], department: 'Accounting' });
	});

	test('Contact → Update with a blank Title leaves the Title; a row of blank cells only changes nothing', async () => {
		const mid = seedDetailedClient(bed);
		const person = (stored(bed, mid).contacts as IDataObject[])[1];
		const update: INodeParameters = {
			resource: 'contact',
			operation: 'update',
			contact: byId(String(person.mid)),
			updateFields: { title: '={{ $json.title }}', department: '={{ $json.department }}' },
		};
		const result = await bed.run(update, [
			{ title: '', department: 'Sales' },
			{ title: ' ', department: null },
		]);
		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => item.json.title)).toEqual(['Manager', 'Manager']);
		expect(patches(bed)).toEqual([{ department: 'Sales' }]);
		expect((stored(bed, mid).contacts as IDataObject[])[1]).toMatchObject({
			title: 'Manager',
			department: 'Sales',
		});
	});

	/** An invoice in US dollars with a title and a due date, and the client it is for. */
	function seedUsdInvoice() {
		const client = seedClient(bed, 'C-1');
		const partner = bed.sandbox.credentials.partnerMid;
		const document = bed.sandbox.seedDocument({
			document_type: 'invoice',
			client: `${bed.sandbox.baseUrl}/api/partner/${partner}/client/${client}/`,
			external_id: 'ROW-1',
			title: 'November',
			date: '2026-11-01',
			date_due: '2026-12-31',
			currency: 'USD',
			lineitems: [{ kind: 'simple', description: 'Item', price: '1000', tax_rate: '10' }],
			autocalculate: true,
		});
		return { client, mid: String(document.mid) };
	}

	test('Document → Update with a blank Title and Due Date leaves them', async () => {
		const { mid } = seedUsdInvoice();
		const result = await bed.run(
			{
				resource: 'document',
				operation: 'update',
				document: byId(mid),
				updateFields: {
					title: '={{ $json.title }}',
					dueDate: '={{ $json.due }}',
					note: '={{ $json.note }}',
				},
			},
			[{ title: '', due: '', note: 'Thank you' }],
		);
		expect(result.error).toBeUndefined();
		expect(patches(bed)).toEqual([{ note: 'Thank you' }]);
		expect(bed.sandbox.documentsOf()[0]).toMatchObject({
			title: 'November',
			date_due: '2026-12-31',
			note: 'Thank you',
		});
	});

	test('Document → Create or Update with a blank Currency keeps the currency: the default is for a new document', async () => {
		const { client, mid } = seedUsdInvoice();
		const upsert = await bed.run(
			{
				resource: 'document',
				operation: 'createOrUpdate',
				documentType: 'invoice',
				client: byId(client),
				externalId: 'ROW-1',
				currency: '={{ $json.currency }}',
				lineItemsFrom: 'json',
				lineItemsJson: '={{ $json.lines }}',
				additionalFields: { title: '={{ $json.title }}' },
			},
			[
				{
					currency: '',
					title: 'November, again',
					lines: [{ kind: 'simple', description: 'Item', price: 1000, tax_rate: 10 }],
				},
			],
		);
		expect(upsert.error).toBeUndefined();
		expect(patches(bed)).toEqual([expect.not.objectContaining({ currency: expect.anything() })]);
		expect(upsert.output[0].json).toMatchObject({ operation: 'updated', mid });
		expect(bed.sandbox.documentsOf()).toEqual([
			expect.objectContaining({ currency: 'USD', title: 'November, again' }),
		]);
	});
});

describe('Client → Update: the preview and the run make one decision', () => {
	const bed = useTestBed(STRICT);

	test('a preview that says unchanged is a run that sends no PATCH', async () => {
		const mid = seedClient(bed, 'A');
		const head = seedClient(bed, 'HQ');
		const update: INodeParameters = {
			operation: 'update',
			client: byId(mid),
			defaultClient: byId(head),
			updateFields: { clientExternalId: 'A' },
		};
		await bed.run(update);
		expect(patches(bed)).toHaveLength(1);

		bed.sandbox.resetRequests();
		const preview = await bed.run({ ...update, options: { previewOnly: true } });
		expect(preview.output[0].json).toMatchObject({ preview: 'unchanged', mid, changes: {} });
		const run = await bed.run(update);
		// each reads the client once; nothing is written
		expect(bed.sandbox.received('/api/').map((r) => r.method)).toEqual(['GET', 'GET']);
		expect(run.output[0].json).toMatchObject({ mid, operation: 'unchanged', changes: {} });
	});
});

describe('Simplify names the contacts of a client just written', () => {
	const bed = useTestBed(STRICT);
	const v2 = { typeVersion: 2 };
	const names = {
		organization_name: 'Example Co',
		person_name: 'Sato Taro',
		email: 'sato@example.com',
	};
	const create: INodeParameters = {
		operation: 'create',
		clientExternalId: 'C-1',
		organizationName: 'Example Co',
		personFamilyName: 'Sato',
		personEmail: 'sato@example.com',
		additionalFields: { personGivenName: 'Taro' },
	};

	test('Create and Create or Update: from what was sent, with no request more', async () => {
		const made = await bed.run(create, [{}], v2);
		expect(made.output[0].json).toMatchObject({ client_external_id: 'C-1', ...names });
		expect(bed.sandbox.received('/api/').map((r) => r.method)).toEqual(['POST']);

		bed.sandbox.resetRequests();
		const upsert = { ...create, operation: 'createOrUpdate', clientExternalId: '={{ $json.id }}' };
		const rows = [{ id: 'C-2' }, { id: 'C-2' }];
		const imported = await bed.run(upsert, rows, v2);
		expect(imported.output.map((item) => item.json)).toEqual([
			expect.objectContaining({ client_external_id: 'C-2', operation: 'created', ...names }),
			expect.objectContaining({ client_external_id: 'C-2', operation: 'unchanged', ...names }),
		]);
		expect(bed.sandbox.received('/api/').map((r) => r.method)).toEqual(['GET', 'POST']);
	});

	test('Update: from the client read to decide, with the changes made', async () => {
		await bed.run(create, [{}], v2);
		const [client] = bed.sandbox.clients();
		const mid = String(client.mid);
		const head = seedClient(bed, 'HQ');
		bed.sandbox.resetRequests();
		const own = await bed.run(
			{ operation: 'update', client: byId(mid), defaultClient: byId(head) },
			[{}],
			v2,
		);
		expect(own.output[0].json).toMatchObject({ mid, operation: 'updated', ...names });
		expect(bed.sandbox.received('/api/').map((r) => r.method)).toEqual(['GET', 'PATCH']);

		const contact = await bed.run(
			{ operation: 'update', client: byId(mid), updateFields: { personEmail: 'new@example.com' } },
			[{}],
			v2,
		);
		expect(contact.output[0].json).toMatchObject({
			mid,
			operation: 'updated',
			...names,
			email: 'new@example.com',
		});
	});
});

describe('Numbers: a text of spaces is empty, as nothing is', () => {
	const bed = useTestBed();

	const typed = (client: string): INodeParameters => ({
		resource: 'document',
		operation: 'create',
		documentType: 'invoice',
		client: byId(client),
		date: '2026-11-30',
		lineItems: {
			line: [
				{
					description: 'Work',
					quantity: '={{ $json.quantity }}',
					unitPrice: 1000,
					taxRate: '={{ $json.tax }}',
				},
			],
		},
		simplify: false,
	});
	const listed = (client: string): INodeParameters => ({
		resource: 'document',
		operation: 'create',
		documentType: 'invoice',
		client: byId(client),
		date: '2026-11-30',
		lineItemsFrom: 'json',
		lineItemsJson: '={{ $json.lines }}',
	});

	test('a typed line: Quantity of spaces is 1 and Tax Rate of spaces 10, as when they are empty', async () => {
		const client = seedClient(bed, 'C-1');
		const rows = ['', '   ', null].map((blank) => ({ quantity: blank, tax: blank }));
		const result = await bed.run(typed(client), rows, { onError: 'continueRegularOutput' });
		expect(result.output.map((item) => item.json.error)).toEqual([undefined, undefined, undefined]);
		const lines = bed.sandbox.documentsOf().map((d) => d.lineitems[0]);
		expect(lines.map((line) => [line.quantity, line.tax_rate])).toEqual(Array(3).fill(['1', '10']));
	});

	test('a line of a list: Quantity of spaces is 1; Tax Rate and Unit Price of spaces are empty, so named', async () => {
		const client = seedClient(bed, 'C-1');
		const line = { description: 'Work', unit_price: 1000, tax_rate: 8 };
		const result = await bed.run(
			listed(client),
			[
				{ lines: [{ ...line, quantity: '   ' }] },
				{ lines: [{ ...line, tax_rate: '  ' }] },
				{ lines: [{ ...line, unit_price: ' ' }] },
			],
			{ onError: 'continueRegularOutput' },
		);
		expect(result.output.map((item) => item.json.error)).toEqual([
			undefined,
			'Line Items (List) 1: Tax Rate is empty [item 1, row 2]',
			'Line Items (List) 1: Rate (Unit Price) is empty [item 2, row 3]',
		]);
		expect(bed.sandbox.documentsOf().map((d) => d.lineitems[0].quantity)).toEqual(['1']);
	});

	test('Limit and Requests Per Minute of spaces take their defaults', async () => {
		seedClient(bed, 'C-1');
		const result = await bed.run({
			operation: 'getAll',
			returnAll: false,
			limit: '={{ "   " }}',
			options: { requestsPerMinute: '={{ "  " }}' },
		});
		expect(result.error).toBeUndefined();
		expect(result.output).toHaveLength(1);
		expect(bed.sandbox.received('/api/')[0].query.per_page).toBe('50');
		// nothing (null from an expression) is empty too
		const nothing = await bed.run({
			operation: 'getAll',
			returnAll: true,
			options: { requestsPerMinute: '={{ null }}' },
		});
		expect(nothing.error).toBeUndefined();
		expect(nothing.output).toHaveLength(1);
	});
});
