import axios from 'axios';
import type { NodeParameterValueType } from 'n8n-workflow';

import { expectNoSecrets, useTestBed } from '../support/bed';
import { byId, seedClient } from '../support/fixtures';

const client = (value: string, mode = 'id') => ({ __rl: true, mode, value });

const seed = seedClient;

describe('Client: Create', () => {
	const bed = useTestBed();

	test('sends the interface request exactly and returns the client object', async () => {
		const result = await bed.run({
			operation: 'create',
			clientExternalId: 'CLIENT-12345',
			organizationName: 'Example Co',
			personFamilyName: 'Sato',
			personEmail: 'sato@example.com',
		});
		expect(result.error).toBeUndefined();
		const [request] = bed.sandbox.received('/api/');
		expect(request.method).toBe('POST');
		expect(request.url).toBe(`/api/partner/${bed.sandbox.credentials.partnerMid}/client/`);
		expect(request.headers['content-type']).toBe('application/json');
		expect(request.headers.authorization).toBe(`Bearer ${bed.sandbox.issuedTokens[0]}`);
		expect(JSON.parse(request.body)).toEqual({
			client_external_id: 'CLIENT-12345',
			contacts: [
				{ contact_type: 'organization', name: 'Example Co', addresses: [], email: null },
				{
					contact_type: 'person',
					family_name: 'Sato',
					addresses: [],
					email: { address: 'sato@example.com' },
				},
			],
		});
		const [stored] = bed.sandbox.clients();
		expect(result.output).toEqual([
			{
				json: expect.objectContaining({ mid: stored.mid, display_name: 'Example Co' }),
				pairedItem: { item: 0 },
			},
		]);
		expect(result.output[0].json).not.toHaveProperty('meta');
		expect(stored.contacts).toHaveLength(2);
	});

	test('additional fields go into the right contact; organization-only and person-only clients work', async () => {
		const result = await bed.run(
			{
				operation: 'create',
				organizationName: '={{ $json.org }}',
				personFamilyName: '={{ $json.family }}',
				additionalFields: {
					personGivenName: '={{ $json.given }}',
					personTitle: '={{ $json.family ? "CFO" : "" }}',
					addressPostalCode: '105-0011',
					addressRegion: 'tokyo',
					addressStreet: '1-2-3 Shibakoen',
				},
			},
			[
				{ org: 'Org Only K.K.', family: '', given: '' },
				{ org: '', family: 'Tanaka', given: 'Hanako' },
			],
		);
		expect(result.error).toBeUndefined();
		const [first, second] = bed.sandbox.received('/api/').map((r) => JSON.parse(r.body));
		expect(first.contacts).toEqual([
			{
				contact_type: 'organization',
				name: 'Org Only K.K.',
				email: null,
				addresses: [
					{
						format: 'jp_default',
						country_name: 'JP',
						postal_code: '105-0011',
						region: 'tokyo',
						locality: '',
						street_address: '1-2-3 Shibakoen',
						extended_address: '',
					},
				],
			},
		]);
		expect(first.contacts[0]).not.toHaveProperty('title');
		expect(second.contacts).toEqual([
			expect.objectContaining({
				contact_type: 'person',
				family_name: 'Tanaka',
				given_name: 'Hanako',
				title: 'CFO',
				email: null,
			}),
		]);
		expect(second.contacts[0].addresses[0].street_address).toBe('1-2-3 Shibakoen');
		expect(
			bed.sandbox
				.clients()
				.map((c) => c.display_name)
				.sort(),
		).toEqual(['Hanako Tanaka', 'Org Only K.K.']);
	});

	test('50 items make 50 API calls and one token request', async () => {
		const items = Array.from({ length: 50 }, (_, i) => ({ id: `ROW-${i}`, name: `Company ${i}` }));
		const result = await bed.run(
			{
				operation: 'create',
				clientExternalId: '={{ $json.id }}',
				organizationName: '={{ $json.name }}',
			},
			items,
		);
		expect(result.error).toBeUndefined();
		expect(result.output.map((o) => o.pairedItem)).toEqual(items.map((_, i) => ({ item: i })));
		expect(bed.sandbox.received('/api/')).toHaveLength(50);
		expect(bed.sandbox.received('/user/')).toHaveLength(1);
		expect(
			bed.sandbox
				.clients()
				.map((c) => c.client_external_id)
				.sort(),
		).toEqual(items.map((i) => i.id).sort());
	});

	test('with no partner chosen, the only partner of the API key is used (one lookup per run)', async () => {
		const result = await bed.run(
			{ operation: 'create', organizationName: 'Auto Partner Co', partner: client('', 'list') },
			[{}, {}],
		);
		expect(result.error).toBeUndefined();
		expect(bed.sandbox.received('/api/').map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /api/partner/',
			`POST /api/partner/${bed.sandbox.credentials.partnerMid}/client/`,
			`POST /api/partner/${bed.sandbox.credentials.partnerMid}/client/`,
		]);
	});
});

describe('Client: Create, text length in characters', () => {
	const bed = useTestBed();

	test('255 emoji (510 UTF-16 units) are accepted by the node and the API; 256 are refused before sending', async () => {
		const ok = await bed.run({ operation: 'create', organizationName: '🍣'.repeat(255) });
		expect(ok.error).toBeUndefined();
		expect(bed.sandbox.clients()[0].display_name).toBe('🍣'.repeat(255));
		const tooLong = await bed.run({ operation: 'create', organizationName: '🍣'.repeat(256) });
		expect(tooLong.error?.message).toBe(
			'Organization Name is 256 characters long; MakeLeaps allows at most 255 [item 0, row 1]',
		);
		expect(bed.sandbox.received('/api/')).toHaveLength(1);
	});
});

describe('Client: Update', () => {
	const bed = useTestBed();

	test('reads the client, then PATCHes default_client built from a picked client, and nothing else', async () => {
		const target = seed(bed, 'A');
		const other = seed(bed, 'B');
		const result = await bed.run({
			operation: 'update',
			client: client(target, 'list'),
			defaultClient: client(other, 'list'),
		});
		expect(result.error).toBeUndefined();
		const [read, request] = bed.sandbox.received('/api/');
		expect(read.method).toBe('GET');
		const partner = bed.sandbox.credentials.partnerMid;
		expect(request.method).toBe('PATCH');
		expect(request.url).toBe(`/api/partner/${partner}/client/${target}/`);
		expect(request.headers['content-type']).toBe('application/json');
		expect(JSON.parse(request.body)).toEqual({
			default_client: `${bed.sandbox.baseUrl}/api/partner/${partner}/client/${other}/`,
		});
		expect(result.output[0].json).toMatchObject({
			mid: target,
			default_client: `${bed.sandbox.baseUrl}/api/partner/${partner}/client/${other}/`,
		});
		expect(bed.sandbox.clients().find((c) => c.mid === target)!.contacts).toHaveLength(2);
	});

	test('a client URL is accepted for Client and Default Client; only set fields are sent, never contacts', async () => {
		const target = seed(bed, 'A');
		const other = seed(bed, 'B');
		const partner = bed.sandbox.credentials.partnerMid;
		const url = (mid: string) => `${bed.sandbox.baseUrl}/api/partner/${partner}/client/${mid}/`;
		const result = await bed.run({
			operation: 'update',
			client: client(url(target), 'url'),
			defaultClient: client(url(other), 'url'),
			updateFields: { clientExternalId: 'A-2' },
		});
		expect(result.error).toBeUndefined();
		const patches = () =>
			bed.sandbox
				.received('/api/')
				.filter((r) => r.method === 'PATCH')
				.map((r) => JSON.parse(r.body) as unknown);
		expect(patches()).toEqual([{ default_client: url(other), client_external_id: 'A-2' }]);

		await bed.run({
			operation: 'update',
			client: client(target),
			updateFields: { clientExternalId: 'A-3' },
		});
		const second = patches()[1];
		expect(second).toEqual({ client_external_id: 'A-3' });
		expect(bed.sandbox.clients().find((c) => c.mid === target)).toMatchObject({
			client_external_id: 'A-3',
		});
	});

	test('Default Contact picked from the list, by URL or by ID, or given as a MID or URL, is sent as the contact URL', async () => {
		const target = seed(bed, 'A');
		const partner = bed.sandbox.credentials.partnerMid;
		const [organization, person] = bed.sandbox.clients().find((c) => c.mid === target)!
			.contacts as Array<{ mid: string }>;
		const urlOf = (mid: string) => `${bed.sandbox.baseUrl}/api/partner/${partner}/contact/${mid}/`;
		const contactUrl = urlOf(person.mid);
		const picked = (mode: string, value = person.mid) => ({ __rl: true, mode, value });
		const choices = [
			picked('list'),
			picked('url', contactUrl),
			picked('id'),
			person.mid,
			contactUrl,
		];
		const update = (defaultContact: NodeParameterValueType) =>
			bed.run({ operation: 'update', client: client(target), updateFields: { defaultContact } });
		for (const defaultContact of choices) {
			const result = await update(defaultContact);
			expect(result.error).toBeUndefined();
			// back to the organization, so that the next choice changes something again
			await update(organization.mid);
		}
		const bodies = bed.sandbox
			.received('/api/')
			.filter((r) => r.method === 'PATCH')
			.map((r) => JSON.parse(r.body) as unknown);
		expect(bodies).toEqual(
			choices.flatMap(() => [
				{ default_contact: contactUrl },
				{ default_contact: urlOf(organization.mid) },
			]),
		);
	});

	test("the API's own 400 text reaches the user with the item index", async () => {
		const target = seed(bed, 'A');
		const foreignContact =
			bed.sandbox.clients().find((c) => c.mid !== target)?.mid ?? seed(bed, 'B');
		const contactOfOther = (
			bed.sandbox.clients().find((c) => c.mid === foreignContact)!.contacts[0] as { mid: string }
		).mid;
		const result = await bed.run({
			operation: 'update',
			client: client(target),
			updateFields: { defaultContact: contactOfOther },
		});
		expect(result.error?.message).toBe(
			'MakeLeaps refused the data: default_contact: Invalid hyperlink - Object does not exist. [item 0, row 1]',
		);
		expect(result.error).toMatchObject({
			httpCode: '400',
			context: expect.objectContaining({ itemIndex: 0 }),
		});
		expectNoSecrets(bed, result.error);
	});
});

describe('Client: Delete', () => {
	const bed = useTestBed();

	test('reads the documents of the client, then DELETEs it: 2 requests; a GET afterwards answers 404', async () => {
		const mid = seed(bed, 'GONE');
		const result = await bed.run({ operation: 'delete', client: client(mid) });
		expect(result.output).toEqual([{ json: { deleted: true, mid }, pairedItem: { item: 0 } }]);
		const received = bed.sandbox.received('/api/');
		expect(received.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /api/partner/${bed.sandbox.credentials.partnerMid}/document/`,
			`DELETE /api/partner/${bed.sandbox.credentials.partnerMid}/client/${mid}/`,
		]);
		expect(received[0].query).toEqual({ client: mid, per_page: '5' });
		const request = received[1];
		expect(`${request.method} ${request.url} ${request.status}`).toBe(
			`DELETE /api/partner/${bed.sandbox.credentials.partnerMid}/client/${mid}/ 204`,
		);
		expect(request.body).toBe('');
		const token = bed.sandbox.issuedTokens[0];
		const get = await axios.get(
			`${bed.sandbox.baseUrl}/api/partner/${bed.sandbox.credentials.partnerMid}/client/${mid}/`,
			{
				headers: { Authorization: `Bearer ${token}` },
				validateStatus: () => true,
			},
		);
		expect(get.status).toBe(404);
		expect(get.data).toEqual({ meta: { status: 404 }, response: { detail: 'Not found.' } });
	});

	test("an unknown client stops the run with the API's 404, or becomes an error item with Continue On Fail", async () => {
		const stopped = await bed.run({ operation: 'delete', client: client('1734479364999999999') });
		expect(stopped.error?.message).toBe(
			'MakeLeaps has no client 1734479364999999999 [item 0, row 1]',
		);
		expect(stopped.error?.description).toMatch(/MakeLeaps said: Not found\./);

		const kept = seed(bed, 'KEEP');
		const continued = await bed.run(
			{ operation: 'delete', client: client('={{ $json.mid }}') },
			[{ mid: '1734479364999999999' }, { mid: kept }],
			{
				onError: 'continueRegularOutput',
			},
		);
		expect(continued.error).toBeUndefined();
		expect(continued.output).toHaveLength(2);
		expect(continued.output[0]).toEqual({
			json: { error: 'MakeLeaps has no client 1734479364999999999 [item 0, row 1]' },
			error: expect.objectContaining({ httpCode: '404' }),
			pairedItem: { item: 0 },
		});
		expect(continued.output[1]).toEqual({
			json: { deleted: true, mid: kept },
			pairedItem: { item: 1 },
		});

		const split = await bed.run(
			{ operation: 'delete', client: client('={{ $json.mid }}') },
			[{ mid: '1734479364999999999' }],
			{
				onError: 'continueErrorOutput',
			},
		);
		expect(split.output).toHaveLength(0);
		expect(split.errorOutput).toEqual([
			expect.objectContaining({
				json: expect.objectContaining({ error: expect.stringContaining('has no client') }),
				pairedItem: { item: 0 },
			}),
		]);
	});
});

describe('Client: Update of its contacts (names, e-mail, phone, address)', () => {
	const bed = useTestBed();
	const contacts = (mid: string) =>
		bed.sandbox.clients().find((c) => c.mid === mid)!.contacts as Array<Record<string, unknown>>;

	test('a client made without an External ID corrected from n8n: only what differs is PATCHed, on each contact; the preview says it first', async () => {
		const mid = bed.sandbox.seedClient({
			contacts: [
				{
					contact_type: 'organization',
					name: 'Old Name K.K.',
					addresses: [
						{
							format: 'jp_default',
							country_name: 'JP',
							postal_code: '100-0001',
							region: 'Tokyo',
							locality: 'Chiyoda',
							street_address: '1-1',
							extended_address: '',
						},
					],
					email: null,
				},
				{
					contact_type: 'person',
					family_name: 'Sato',
					addresses: [],
					email: { address: 'old@example.com' },
				},
			],
		}).mid;
		const update = {
			operation: 'update',
			client: byId(mid),
			updateFields: {
				organizationName: 'New Name K.K.',
				personEmail: 'new@example.com',
				personFamilyName: 'Sato',
				addressLocality: 'Minato',
			},
		};
		const preview = await bed.run({ ...update, options: { previewOnly: true } });
		expect(preview.output[0].json).toMatchObject({
			preview: 'would update',
			changes: {
				'organization.name': { from: 'Old Name K.K.', to: 'New Name K.K.' },
				'organization.address.locality': { from: 'Chiyoda', to: 'Minato' },
				'person.email': { from: 'old@example.com', to: 'new@example.com' },
			},
		});
		expect(Object.keys(preview.output[0].json.changes as object)).toHaveLength(3);
		expect(bed.sandbox.received('/api/').every((r) => r.method === 'GET')).toBe(true);

		bed.sandbox.resetRequests();
		const result = await bed.run(update);
		expect(result.output[0].json).toMatchObject({ operation: 'updated' });
		const patches = bed.sandbox.received('/api/').filter((r) => r.method === 'PATCH');
		expect(patches.map((r) => JSON.parse(r.body))).toEqual([
			{
				name: 'New Name K.K.',
				addresses: [
					{
						format: 'jp_default',
						country_name: 'JP',
						postal_code: '100-0001',
						region: 'Tokyo',
						locality: 'Minato',
						street_address: '1-1',
						extended_address: '',
					},
				],
			},
			{ email: { address: 'new@example.com' } },
		]);
		expect(contacts(mid)[0]).toMatchObject({ name: 'New Name K.K.' });

		bed.sandbox.resetRequests();
		const again = await bed.run(update);
		expect(again.output[0].json).toMatchObject({ operation: 'unchanged' });
		expect(bed.sandbox.received('/api/').filter((r) => r.method !== 'GET')).toEqual([]);
	});

	test('a person field for a client without a person contact says so; nothing is sent', async () => {
		const mid = bed.sandbox.seedClient({
			contacts: [{ contact_type: 'organization', name: 'Co', addresses: [], email: null }],
		}).mid;
		const result = await bed.run({
			operation: 'update',
			client: byId(mid),
			updateFields: { personEmail: 'a@example.com' },
		});
		expect(result.error?.message).toMatch(/has no person contact to update/);
		expect(bed.sandbox.received('/api/').filter((r) => r.method !== 'GET')).toEqual([]);
	});
});
