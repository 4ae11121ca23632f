/**
 * A service that differs from the sandbox's defaults: one that ignores `expand`, one that keeps a
 * single token active per API key; executions running at once; values as expressions give them.
 */
import axios from 'axios';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { RunResult } from '../../../dev/harness/engine';
import { useTestBed } from '../support/bed';
import { rows, upsertRows } from '../support/fixtures';

const upsert = upsertRows;
const failed = (result: RunResult) => result.output.filter((item) => item.json.error !== undefined);
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

describe.each([
	['honours expand', false],
	['ignores expand', true],
])('A service that %s', (_name, ignoreExpand) => {
	const bed = useTestBed({ ignoreExpand });

	test('Create or Update run twice: the second run updates in place, never fails or duplicates', async () => {
		const first = await bed.run(upsert, rows(3));
		expect(first.output.map((item) => item.json.operation)).toEqual([
			'created',
			'created',
			'created',
		]);
		const second = await bed.run(
			upsert,
			rows(3, (k) => (k === 2 ? 'new@example.com' : `p${k}@example.com`)),
		);
		expect(second.error).toBeUndefined();
		expect(second.output.map((item) => [item.json.operation, item.json.changes])).toEqual([
			['unchanged', {}],
			['updated', { 'person.email': { from: 'p2@example.com', to: 'new@example.com' } }],
			['unchanged', {}],
		]);
		expect((second.output[1].json.contacts as IDataObject[])[1]).toMatchObject({
			email: { address: 'new@example.com' },
		});
		expect(bed.sandbox.received('/api/').filter((r) => r.method === 'POST')).toHaveLength(3);
		expect(bed.sandbox.clients()).toHaveLength(3);
		// without expand, each matched client's contacts are read from its contact list
		const contactReads = bed.sandbox.received('/api/').filter((r) => r.path.endsWith('/contact/'));
		expect(contactReads.length > 0).toBe(ignoreExpand);
	});

	test('Get with Include Contacts returns the contacts in full', async () => {
		await bed.run(upsert, rows(1));
		const [client] = bed.sandbox.clients();
		const result = await bed.run({
			operation: 'get',
			client: byId(String(client.mid)),
			options: { includeContacts: true },
		});
		expect(result.output[0].json.contacts).toEqual([
			expect.objectContaining({ contact_type: 'organization', name: 'Company 1' }),
			expect.objectContaining({
				contact_type: 'person',
				family_name: 'Person1',
				email: { address: 'p1@example.com' },
			}),
		]);
	});

	test('Get Many with Simplify names the default contact and its e-mail', async () => {
		bed.sandbox.seedClient({
			client_external_id: 'P-1',
			contacts: [
				{
					contact_type: 'person',
					family_name: 'Sato',
					given_name: 'Taro',
					addresses: [],
					email: { address: 'sato@example.com' },
				},
			],
		});
		const result = await bed.run({ operation: 'getAll', returnAll: true });
		expect(result.output.map((item) => item.json)).toEqual([
			{
				mid: expect.any(String),
				display_name: 'Taro Sato',
				client_external_id: 'P-1',
				default_contact_name: 'Taro Sato',
				default_contact_email: 'sato@example.com',
			},
		]);
	});

	test('an uncertain create is found by its external ID and names, contacts read as needed', async () => {
		bed.sandbox.injectFault({ kind: 'resetAfter' }, { method: 'POST', path: '/api/' });
		const result = await bed.run(upsert, rows(1));
		expect(result.error).toBeUndefined();
		expect(result.output[0].json).toMatchObject({
			operation: 'created',
			client_external_id: 'ROW-1',
		});
		expect(bed.sandbox.clients()).toHaveLength(1);
	});
});

describe('Executions at the same time in one n8n process', () => {
	const bed = useTestBed();

	test('two imports of the same 20 rows at once create each client once', async () => {
		const [a, b] = await Promise.all([bed.run(upsert, rows(20)), bed.run(upsert, rows(20))]);
		expect([...failed(a), ...failed(b)]).toEqual([]);
		const operations = [...a.output, ...b.output].map((item) => item.json.operation);
		expect(operations.filter((o) => o === 'created')).toHaveLength(20);
		expect(operations.filter((o) => o === 'unchanged')).toHaveLength(20);
		const stored = bed.sandbox
			.clients()
			.map((c) => c.client_external_id)
			.sort();
		expect(stored).toEqual(
			rows(20)
				.map((row) => row.id)
				.sort(),
		);
		expect(bed.sandbox.received('/api/').filter((r) => r.method === 'POST')).toHaveLength(20);
	});
});

describe('A service that keeps one active token per API key', () => {
	const bed = useTestBed({ oneActiveToken: true });
	const tenAtOnce = async (wave: string) =>
		await Promise.all(
			Array.from(
				{ length: 10 },
				async (_, run) =>
					await bed.run(
						{ operation: 'create', organizationName: `={{ "${wave}-${run}-" + $json.i }}` },
						[0, 1, 2, 3, 4].map((i) => ({ i })),
						{
							onError: 'continueRegularOutput',
						},
					),
			),
		);

	test('ten executions at once share one token exchange; after a revocation, they share the next one', async () => {
		const first = await tenAtOnce('A');
		expect(first.flatMap(failed)).toEqual([]);
		expect(bed.sandbox.received('/user/oauth2/token/')).toHaveLength(1);

		bed.sandbox.expireTokens();
		const second = await tenAtOnce('B');
		expect(second.flatMap(failed)).toEqual([]);
		expect(bed.sandbox.received('/user/oauth2/token/')).toHaveLength(2);
		expect(bed.sandbox.clients()).toHaveLength(100);
	});
});

describe('Values as expressions give them', () => {
	const bed = useTestBed();

	test('"false" and "true" from expressions are read as no and yes', async () => {
		for (let k = 1; k <= 30; k++) {
			const mid = bed.sandbox.seedClient({
				client_external_id: `E-${k}`,
				contacts: [{ contact_type: 'organization', name: `C${k}`, addresses: [], email: null }],
			}).mid;
			if (k <= 2) bed.sandbox.archiveClient(mid);
		}
		const limited = await bed.run({
			operation: 'getAll',
			returnAll: '={{ "false" }}',
			limit: '={{ "5" }}',
		});
		expect(limited.output).toHaveLength(5);
		const archived = await bed.run({
			operation: 'getAll',
			returnAll: true,
			filters: { archived: '={{ "true" }}' },
		});
		expect(archived.output).toHaveLength(2);
		expect(bed.sandbox.received('/api/').map((r) => r.query.archived)).toEqual([undefined, 'true']);
	});

	test('a Retry-After too long to wait for is reported in words a user reads', async () => {
		const mid = bed.sandbox.seedClient({
			contacts: [{ contact_type: 'organization', name: 'C', addresses: [], email: null }],
		}).mid;
		bed.sandbox.injectFault(
			{
				kind: 'status',
				status: 429,
				headers: { 'Retry-After': '99999999999' },
				body: '{}',
				contentType: 'application/json',
			},
			{ method: 'GET' },
		);
		const result = await bed.run({ operation: 'get', client: byId(mid) });
		expect(result.error?.message).toBe(
			'MakeLeaps daily request limit reached; requests resume in more than 2 days [item 0, row 1]',
		);
	});
});

describe('E-mail addresses of every script (RFC 6531)', () => {
	const bed = useTestBed();
	const create = (email: string): INodeParameters => ({
		operation: 'create',
		organizationName: '例え株式会社',
		personFamilyName: '上田',
		personEmail: email,
	});

	test('an internationalised domain is sent and accepted', async () => {
		const result = await bed.run(create('ueda@例え.jp'));
		expect(result.error).toBeUndefined();
		expect((bed.sandbox.clients()[0].contacts as IDataObject[])[1]).toMatchObject({
			email: { address: 'ueda@例え.jp' },
		});
	});

	test('a non-ASCII local part is sent; when MakeLeaps refuses it, its own words reach the user', async () => {
		const result = await bed.run(create('上田@例え.jp'));
		expect(bed.sandbox.received('/api/')).toHaveLength(1);
		expect(result.error?.message).toBe(
			'MakeLeaps refused the data: contacts[1].email.address: Enter a valid email address. [item 0, row 1]',
		);
	});
});

describe('Several n8n processes on one account (queue mode)', () => {
	const bed = useTestBed();

	test('a stored token another process got, then revoked: one new exchange, not an older token of this process', async () => {
		// this process gets a token of its own
		const own = await bed.run({ operation: 'create', organizationName: 'Own Co' });
		expect(own.error).toBeUndefined();
		// another process (a queue-mode worker) got a newer token and stored it in the credential
		const { clientId, clientSecret } = bed.sandbox.credentials;
		const other = await axios.post(
			`${bed.sandbox.baseUrl}/user/oauth2/token/`,
			'grant_type=client_credentials',
			{ auth: { username: clientId, password: clientSecret } },
		);
		const stored = bed.credentials.get('cred-1');
		bed.credentials.set('cred-1', { ...stored, accessToken: String(other.data.access_token) });
		// MakeLeaps revokes them all
		bed.sandbox.revokeTokens();
		bed.sandbox.resetRequests();

		const result = await bed.run({ operation: 'create', organizationName: 'After Revocation Co' });
		expect(result.error).toBeUndefined();
		expect(bed.sandbox.received('/user/oauth2/token/')).toHaveLength(1);
		const api = bed.sandbox.received('/api/');
		expect(api.map((request) => request.status)).toEqual([401, 201]);
		expect(api[1].headers.authorization).toBe(`Bearer ${bed.sandbox.issuedTokens.at(-1)}`);
	});
});
