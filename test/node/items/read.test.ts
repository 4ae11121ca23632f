import { listSearch } from '../../../dev/harness/editor';
import { useTestBed, type TestBed } from '../support/bed';
import { seedClient, seedMany } from '../support/fixtures';

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

const listRequests = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.method === 'GET' && r.path.endsWith('/client/'));

describe('Client: Get', () => {
	const bed = useTestBed();

	test('by ID and by URL; Include Contacts returns them in full', async () => {
		const [mid] = seedMany(bed, 1);
		const url = `${bed.sandbox.baseUrl}/api/partner/${bed.sandbox.credentials.partnerMid}/client/${mid}/`;
		const result = await bed.run({ operation: 'get', client: byId(mid) });
		expect(result.error).toBeUndefined();
		expect(result.output[0].json).toMatchObject({
			mid,
			display_name: 'Company 1',
			client_external_id: 'EXT-1',
		});
		expect(typeof (result.output[0].json.contacts as unknown[])[0]).toBe('string');

		const full = await bed.run({
			operation: 'get',
			client: { __rl: true, mode: 'url', value: url },
			options: { includeContacts: true },
		});
		expect(full.error).toBeUndefined();
		expect(full.output[0].json.contacts).toEqual([
			expect.objectContaining({ contact_type: 'organization', name: 'Company 1' }),
			expect.objectContaining({
				contact_type: 'person',
				family_name: 'Person1',
				email: { address: 'p1@example.com' },
			}),
		]);
	});

	test('an unknown client is a clear "not found" error naming the item', async () => {
		const result = await bed.run({ operation: 'get', client: byId('1234567890123456789') });
		expect(result.error?.message).toBe(
			'MakeLeaps has no client 1234567890123456789 [item 0, row 1]',
		);
	});
});

describe('Client: Get Many', () => {
	const bed = useTestBed();

	test.each([1, 99, 100, 101, 250])(
		'Return All over %i clients returns each once, 100 per page',
		async (n) => {
			const mids = seedMany(bed, n);
			const result = await bed.run({ operation: 'getAll', returnAll: true, simplify: false });
			expect(result.error).toBeUndefined();
			expect(result.output.map((item) => item.json.mid).sort()).toEqual([...mids].sort());
			expect(listRequests(bed)).toHaveLength(Math.ceil(n / 100));
		},
	);

	test.each([
		[1, 1],
		[20, 1],
		[100, 1],
		[130, 2],
		[250, 3],
	])('Limit %i reads %i page(s) and returns exactly that many', async (limit, pages) => {
		seedMany(bed, 260);
		const result = await bed.run({ operation: 'getAll', returnAll: false, limit });
		expect(result.output).toHaveLength(limit);
		expect(new Set(result.output.map((item) => item.json.mid)).size).toBe(limit);
		expect(listRequests(bed)).toHaveLength(pages);
	});

	test('Simplify returns the fields a user reads, with the default contact', async () => {
		seedMany(bed, 2);
		const result = await bed.run({ operation: 'getAll', returnAll: true });
		expect(result.output.map((item) => item.json)).toEqual([
			{
				mid: expect.any(String),
				display_name: 'Company 1',
				client_external_id: 'EXT-1',
				default_contact_name: 'Company 1',
				default_contact_email: null,
			},
			{
				mid: expect.any(String),
				display_name: 'Company 2',
				client_external_id: 'EXT-2',
				default_contact_name: 'Company 2',
				default_contact_email: null,
			},
		]);
	});

	test('Search and Archived filters are sent and applied', async () => {
		const mids = seedMany(bed, 30);
		bed.sandbox.archiveClient(mids[0]);
		const search = await bed.run({
			operation: 'getAll',
			returnAll: true,
			filters: { search: 'company 2' },
		});
		// Company 2 and Company 20..29
		expect(search.output.map((item) => item.json.display_name)).toHaveLength(11);
		expect(listRequests(bed)[0].query).toMatchObject({ search: 'company 2' });

		const archived = await bed.run({
			operation: 'getAll',
			returnAll: true,
			filters: { archived: true },
		});
		expect(archived.output.map((item) => item.json.mid)).toEqual([mids[0]]);
		const active = await bed.run({ operation: 'getAll', returnAll: true });
		expect(active.output).toHaveLength(29);
	});

	test('a Limit below 1 from an expression is refused before any request', async () => {
		const result = await bed.run({ operation: 'getAll', returnAll: false, limit: '={{ 0 }}' });
		expect(result.error?.message).toMatch(/Limit/);
		expect(bed.sandbox.received('/api/')).toHaveLength(0);
	});
});

describe('Contact: Get Many', () => {
	const bed = useTestBed();

	test('lists the contacts of a client, with Limit', async () => {
		const [mid] = seedMany(bed, 1);
		const all = await bed.run({
			resource: 'contact',
			operation: 'getAll',
			client: byId(mid),
			returnAll: true,
		});
		expect(all.error).toBeUndefined();
		expect(all.output.map((item) => item.json.contact_type)).toEqual(['organization', 'person']);
		expect(all.output[1].json).toMatchObject({
			family_name: 'Person1',
			email: { address: 'p1@example.com' },
			owner: expect.stringContaining(mid),
		});
		const one = await bed.run({
			resource: 'contact',
			operation: 'getAll',
			client: byId(mid),
			returnAll: false,
			limit: 1,
		});
		expect(one.output).toHaveLength(1);
	});
});

describe('List search for the Client and Partner pickers', () => {
	const bed = useTestBed();

	test('pages through every client with string tokens, and the search box filters', async () => {
		const mids = seedMany(bed, 45);
		const search = (filter?: string, paginationToken?: string) =>
			listSearch({
				credentials: bed.credentials,
				method: 'searchClients',
				parameters: { resource: 'client', operation: 'get', partner: bed.partner },
				filter,
				paginationToken,
			});
		const seen: string[] = [];
		let token: string | undefined;
		let pages = 0;
		do {
			const page = await search(undefined, token);
			seen.push(...page.results.map((r) => String(r.value)));
			token = page.paginationToken as string | undefined;
			if (token !== undefined) expect(typeof token).toBe('string');
			pages++;
		} while (token !== undefined);
		expect(seen.sort()).toEqual([...mids].sort());
		expect(pages).toBe(3); // the API's default page of 20

		const found = await search('company 4');
		expect(found.results.map((r) => r.name).sort()).toEqual([
			'Company 4 (EXT-4)',
			'Company 40 (EXT-40)',
			'Company 41 (EXT-41)',
			'Company 42 (EXT-42)',
			'Company 43 (EXT-43)',
			'Company 44 (EXT-44)',
			'Company 45 (EXT-45)',
		]);
		// no item links to the API's JSON (the API gives no address of the page in MakeLeaps)
		expect(found.results.every((r) => r.url === undefined)).toBe(true);
	});

	test('with Partner left empty the picker uses the only partner; the partner picker lists it', async () => {
		seedMany(bed, 3);
		const clients = await listSearch({
			credentials: bed.credentials,
			method: 'searchClients',
			parameters: {
				resource: 'client',
				operation: 'get',
				partner: { __rl: true, mode: 'list', value: '' },
			},
		});
		expect(clients.results).toHaveLength(3);
		const partners = await listSearch({
			credentials: bed.credentials,
			method: 'searchPartners',
			parameters: { resource: 'client' },
		});
		expect(partners.results).toEqual([
			{ name: bed.sandbox.credentials.partnerName, value: bed.sandbox.credentials.partnerMid },
		]);
	});
	test("the contact picker lists the chosen client's contacts, and the search box filters them", async () => {
		const target = seedClient(bed, 'C-1', 'Kaede Design');
		seedClient(bed, 'C-2', 'Other Co');
		const contacts = (filter?: string) =>
			listSearch({
				credentials: bed.credentials,
				method: 'searchContacts',
				parameters: {
					resource: 'client',
					operation: 'update',
					partner: bed.partner,
					client: { __rl: true, mode: 'list', value: target },
				},
				filter,
			});
		const all = await contacts();
		expect(all.results.map((r) => r.name)).toEqual(['Kaede Design', 'Sato <sato@example.com>']);
		const stored = bed.sandbox.clients().find((c) => c.mid === target)!;
		expect(all.results.map((r) => r.value)).toEqual(
			(stored.contacts as Array<{ mid: string }>).map((c) => c.mid),
		);
		expect((await contacts('sato')).results.map((r) => r.name)).toEqual([
			'Sato <sato@example.com>',
		]);
	});

	test('the template picker lists the templates of the chosen document type, and filters them', async () => {
		const templates = (filter?: string) =>
			listSearch({
				credentials: bed.credentials,
				method: 'searchTemplates',
				parameters: { resource: 'document', documentType: 'quote', partner: bed.partner },
				filter,
			});
		const all = await templates();
		expect(all.results).toEqual([
			{ name: 'quote (Japanese) (ja_JP_2)', value: 'ja_JP_2' },
			{ name: 'quote (English) (en_US_2)', value: 'en_US_2' },
		]);
		expect(all.paginationToken).toBeUndefined();
		expect((await templates('english')).results.map((r) => r.value)).toEqual(['en_US_2']);
		expect(bed.sandbox.received('/api/').map((r) => r.url.split('?')[0])).toContain(
			`/api/partner/${bed.sandbox.credentials.partnerMid}/template/quote/`,
		);
	});
});

describe('Errors that say what is wrong', () => {
	const bed = useTestBed();

	test("a Partner that is not the API key's says so and names the key's partner", async () => {
		const other = bed.sandbox.addPartner('Another Co.');
		const result = await bed.run({
			operation: 'getAll',
			returnAll: true,
			partner: byId(other.partnerMid),
		});
		expect(result.error?.message).toBe(
			`Partner ${other.partnerMid} is not a partner of this API key, which reaches Sandbox Trading Co., Ltd. (${bed.sandbox.credentials.partnerMid}) [item 0, row 1]`,
		);
		const unknown = await bed.run({ operation: 'get', client: byId('123'), partner: byId('999') });
		expect(unknown.error?.message).toMatch(/^Partner 999 is not a partner of this API key/);
	});

	test('a list read names what it reads when MakeLeaps has no such thing', async () => {
		const result = await bed.run({
			resource: 'contact',
			operation: 'getAll',
			returnAll: true,
			client: byId('1734479364211706503'),
		});
		expect(result.error?.message).toBe(
			'MakeLeaps has no client 1734479364211706503 (its contact list) [item 0, row 1]',
		);
	});
});

describe('A client picked by its External ID', () => {
	const bed = useTestBed();
	const byExternalId = (value: string) => ({ __rl: true, mode: 'externalId', value });

	test('Get, Delete, a document for it and a Get Many filter find the client by the ID of the sheet; the client list is read once per run', async () => {
		const [a, b] = seedMany(bed, 2);
		const got = await bed.run({ operation: 'get', client: byExternalId('={{ $json.id }}') }, [
			{ id: 'EXT-2' },
			{ id: 'EXT-1' },
		]);
		expect(got.output.map((item) => item.json.mid)).toEqual([b, a]);
		expect(listRequests(bed)).toHaveLength(1);

		const made = await bed.run({
			resource: 'document',
			operation: 'create',
			documentType: 'invoice',
			client: byExternalId('EXT-1'),
			lineItems: {
				line: [{ description: 'Work', quantity: '1', unitPrice: '1000', taxRate: '10' }],
			},
		});
		expect(String(made.output[0].json.client)).toMatch(new RegExp(`/client/${a}/$`));
		const listed = await bed.run({
			resource: 'document',
			operation: 'getAll',
			returnAll: true,
			filters: { client: byExternalId('EXT-1') },
		});
		expect(listed.output.map((item) => item.json.client_mid)).toEqual([a]);
	});

	test('an unknown External ID, or one two clients share, is a clear error and nothing else is sent', async () => {
		seedMany(bed, 1);
		seedClient(bed, 'TWIN');
		seedClient(bed, 'TWIN');
		const result = await bed.run(
			{ operation: 'delete', client: byExternalId('={{ $json.id }}') },
			[{ id: 'NOPE' }, { id: 'TWIN' }],
			{ onError: 'continueRegularOutput' },
		);
		expect(result.output.map((item) => item.json.error)).toEqual([
			'Make the client first, or correct Client: MakeLeaps has no client with Client External ID "NOPE" [item 0, row 1]',
			'2 clients have Client External ID "TWIN" [item 1, row 2]',
		]);
		expect(bed.sandbox.received('/api/').filter((r) => r.method !== 'GET')).toEqual([]);
	});

	test('a field that kept a MID when its mode changed, with a column dropped beside it: the error names the mode, the value and the fix', async () => {
		const mid = seedClient(bed, 'C-001');
		const row = { mid, client_id: 'C-001' };
		const value = '={{ $json.mid }} {{ $json.client_id }}';
		const cases = [
			[
				byExternalId(value),
				`Client (Ext. ID) got "${mid} C-001", which looks like a MID and a column together: clear the field and drop only the External ID column [item 0, row 1]`,
			],
			[
				byId(value),
				`Client (By ID) got "${mid} C-001", which looks like a MID and a column together: clear the field and drop only the MID [item 0, row 1]`,
			],
			[
				byExternalId('={{ $json.mid }}'),
				`Pick the client By ID, or give its Client External ID: Client (Ext. ID) got "${mid}", which looks like a MakeLeaps MID, and no client has it as Client External ID [item 0, row 1]`,
			],
		] as const;
		for (const [client, message] of cases) {
			bed.sandbox.resetRequests();
			const result = await bed.run({ operation: 'get', client }, [row], {
				onError: 'continueRegularOutput',
			});
			expect(result.output.map((item) => item.json.error)).toEqual([message]);
		}
		// an External ID with spaces that a client carries is that client's
		bed.sandbox.seedClient({
			client_external_id: `${mid} C-001`,
			contacts: [{ contact_type: 'organization', name: 'Odd Co', addresses: [], email: null }],
		});
		const found = await bed.run({ operation: 'get', client: byExternalId(value) }, [row]);
		expect(found.output.map((item) => item.json.client_external_id)).toEqual([`${mid} C-001`]);
	});
});
