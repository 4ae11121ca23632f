import { testCredential } from '../../../dev/harness/credentialTest';
import { basic, expectNoSecrets, useTestBed } from '../support/bed';

const createOne = { operation: 'create', organizationName: 'Example Co', clientExternalId: 'C-1' };

describe('MakeLeaps API credential', () => {
	const bed = useTestBed();

	test('the token request is the OAuth 2.0 client-credentials exchange of the interface', async () => {
		const result = await bed.run(createOne);
		expect(result.error).toBeUndefined();
		const [token] = bed.sandbox.received('/user/');
		const { clientId, clientSecret } = bed.sandbox.credentials;
		expect(token.method).toBe('POST');
		expect(token.url).toBe('/user/oauth2/token/');
		expect(token.headers.authorization).toBe(basic(clientId, clientSecret));
		expect(token.headers['content-type']).toBe('application/x-www-form-urlencoded');
		expect(token.body).toBe('grant_type=client_credentials');
		const [api] = bed.sandbox.received('/api/');
		expect(api.headers.authorization).toBe(`Bearer ${bed.sandbox.issuedTokens[0]}`);
	});

	test('the credential test exchanges a token and reads the partner list', async () => {
		expect(await testCredential(bed.credentials)).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(bed.sandbox.requests.map((r) => `${r.method} ${r.url} ${r.status}`)).toEqual([
			'POST /user/oauth2/token/ 200',
			'GET /api/partner/ 200',
		]);
	});

	test('a rejected secret makes one token request and one clear message without the secret', async () => {
		const { clientId } = bed.sandbox.credentials;
		bed.credentials.set('cred-1', {
			baseUrl: bed.sandbox.baseUrl,
			clientId,
			clientSecret: 'wrong-secret-value',
		});
		const tested = await testCredential(bed.credentials);
		expect(tested.status).toBe('Error');
		expect(tested.message).toMatch(
			/rejected the Client ID or Client Secret \(HTTP 401 invalid_client\)/,
		);

		const result = await bed.run(createOne);
		expect(result.error?.message).toMatch(/rejected the Client ID or Client Secret \(HTTP 401/);
		expect(bed.sandbox.received('/user/')).toHaveLength(2); // one for the test button, one for the run
		expect(bed.sandbox.received('/api/')).toHaveLength(0);
		expectNoSecrets(bed, tested, result.error, result.output);
		expect(
			JSON.stringify([tested, result.error?.message, result.error?.description]),
		).not.toContain('wrong-secret-value');
	});

	test('plain http to a non-loopback host is refused before any request', async () => {
		const { clientId, clientSecret } = bed.sandbox.credentials;
		bed.credentials.set('cred-1', { baseUrl: 'http://api.example.com', clientId, clientSecret });
		const result = await bed.run(createOne);
		expect(result.error?.message).toMatch(/must use https/);
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('a trailing slash on the Base URL is tolerated', async () => {
		const { clientId, clientSecret } = bed.sandbox.credentials;
		bed.credentials.set('cred-1', { baseUrl: `${bed.sandbox.baseUrl}//`, clientId, clientSecret });
		expect((await testCredential(bed.credentials)).status).toBe('OK');
		const result = await bed.run(createOne);
		expect(result.error).toBeUndefined();
		expect(bed.sandbox.requests.map((r) => r.url)).toContain('/user/oauth2/token/');
	});

	test('one token serves every item of a run and later runs until it expires', async () => {
		const first = await bed.run(
			createOne,
			Array.from({ length: 5 }, () => ({})),
		);
		expect(first.output).toHaveLength(5);
		const second = await bed.run(createOne, [{}, {}]);
		expect(second.output).toHaveLength(2);
		expect(bed.sandbox.received('/user/')).toHaveLength(1);
		const bearers = new Set(bed.sandbox.received('/api/').map((r) => r.headers.authorization));
		expect([...bearers]).toEqual([`Bearer ${bed.sandbox.issuedTokens[0]}`]);
		expect(bed.credentials.get('cred-1').accessToken).toBe(bed.sandbox.issuedTokens[0]);
		expectNoSecrets(bed, first.output, second.output);
	});

	test('a token the sandbox expires mid-run is refreshed once and the item is retried', async () => {
		const items = Array.from({ length: 4 }, (_, i) => ({ i }));
		bed.sandbox.expireTokensAfter(2);
		const result = await bed.run(
			{
				...createOne,
				clientExternalId: '={{ "C-" + $json.i }}',
				options: { requestsPerMinute: 600 },
			},
			items,
		);
		expect(result.error).toBeUndefined();
		expect(result.output.map((o) => o.json.client_external_id)).toEqual([
			'C-0',
			'C-1',
			'C-2',
			'C-3',
		]);
		expect(bed.sandbox.received('/user/')).toHaveLength(2);
		const api = bed.sandbox.received('/api/');
		expect(api.filter((r) => r.status === 401)).toHaveLength(1);
		expect(api.filter((r) => r.status === 201)).toHaveLength(4);
		expect(bed.sandbox.clients()).toHaveLength(4); // the 401'd request created nothing, its retry did
		expect(bed.credentials.get('cred-1').accessToken).toBe(bed.sandbox.issuedTokens[1]);
	});

	test('a token issued for other credential values is never sent after the user edits the credential', async () => {
		await bed.run(createOne);
		const oldToken = bed.sandbox.issuedTokens[0];
		const other = bed.sandbox.addPartner('Second Partner K.K.');
		bed.credentials.set('cred-1', {
			...bed.credentials.get('cred-1'),
			clientId: other.clientId,
			clientSecret: other.clientSecret,
		});
		bed.sandbox.resetRequests();

		const result = await bed.run({
			...createOne,
			partner: { __rl: true, mode: 'list', value: '' },
		});
		expect(result.error).toBeUndefined();
		expect(bed.sandbox.requests.some((r) => r.headers.authorization === `Bearer ${oldToken}`)).toBe(
			false,
		);
		expect(bed.sandbox.received('/user/')[0].headers.authorization).toBe(
			basic(other.clientId, other.clientSecret),
		);
		expect(bed.sandbox.clients(other.partnerMid)).toHaveLength(1);
	});

	test('a stored token and a secret revoked since: one refresh attempt, then a clear error', async () => {
		await bed.run(createOne);
		bed.sandbox.expireTokens();
		// The key was revoked in MakeLeaps while n8n still holds a (now expired) token for it.
		bed.sandbox.revokeApiKey(bed.sandbox.credentials.clientId);
		bed.sandbox.resetRequests();

		const result = await bed.run(createOne, [{}, {}]);
		expect(result.error?.message).toMatch(/rejected the Client ID or Client Secret/);
		expect(bed.sandbox.received('/user/')).toHaveLength(1);
		expect(bed.sandbox.received('/api/')).toHaveLength(1);
		expectNoSecrets(bed, result.error, result.output);
	});
});
