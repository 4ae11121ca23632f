/**
 * A token exchange MakeLeaps refuses (the Client ID or Client Secret is wrong, the API key
 * revoked) is not tried again in the same run: later items fail with the same message without a
 * request. A failure that may pass (5xx, a lost connection, 429) is tried again by the next item.
 */
import { useTestBed } from '../support/bed';

const createRow = {
	operation: 'create',
	organizationName: '={{ "Company " + $json.i }}',
	clientExternalId: '={{ "C-" + $json.i }}',
};
const rows = (count: number) => Array.from({ length: count }, (_, i) => ({ i }));
const REJECTED = /^MakeLeaps rejected the Client ID or Client Secret \(HTTP 401 invalid_client\)/;
const continueOnFail = { onError: 'continueRegularOutput' as const };

describe('A refused token exchange', () => {
	const bed = useTestBed();

	function wrongSecret() {
		const stored = bed.credentials.get('cred-1');
		bed.credentials.set('cred-1', { ...stored, clientSecret: 'not-the-secret-at-all' });
	}

	test('a wrong secret and 50 rows with Continue On Fail: 1 token request, 50 items naming the credential', async () => {
		wrongSecret();
		const result = await bed.run(createRow, rows(50), continueOnFail);
		expect(result.error).toBeUndefined();
		expect(bed.sandbox.received('/user/oauth2/token/')).toHaveLength(1);
		expect(bed.sandbox.received('/api/')).toHaveLength(0);
		expect(result.output).toHaveLength(50);
		result.output.forEach((item, i) => {
			expect(item.json.error).toMatch(REJECTED);
			expect(item.json.error).toMatch(new RegExp(`\\[item ${i}, row ${i + 1}\\]$`));
			expect(item.error?.description).toMatch(/Open the MakeLeaps credential/);
		});
		expect(bed.sandbox.clients()).toHaveLength(0);
	});

	test('without Continue On Fail the run stops after the one exchange', async () => {
		wrongSecret();
		const result = await bed.run(createRow, rows(50));
		expect(result.error?.message).toMatch(REJECTED);
		expect(bed.sandbox.received('/user/oauth2/token/')).toHaveLength(1);
		expect(bed.sandbox.received('/api/')).toHaveLength(0);
	});

	test('a token endpoint that answers 400 unauthorized_client is a refusal too: one exchange', async () => {
		bed.sandbox.injectFault(
			{
				kind: 'status',
				status: 400,
				contentType: 'application/json',
				body: '{"error": "unauthorized_client"}',
			},
			{ path: '/user/oauth2/token/' },
		);
		const result = await bed.run(createRow, rows(5), continueOnFail);
		expect(bed.sandbox.received('/user/oauth2/token/')).toHaveLength(1);
		expect(result.output.map((item) => item.json.error)).toEqual(
			rows(5).map(
				(_, i) =>
					`MakeLeaps did not issue an access token (HTTP 400 unauthorized_client) at ${bed.sandbox.baseUrl}/user/oauth2/token/ [item ${i}, row ${i + 1}]`,
			),
		);
	});

	test.each([
		['503', { kind: 'status' as const, status: 503 }],
		['429', { kind: 'status' as const, status: 429, headers: { 'Retry-After': '1' } }],
		['a lost connection', { kind: 'reset' as const }],
	])(
		'a token exchange that fails with %s is tried again by the next item',
		async (_name, fault) => {
			bed.sandbox.injectFault(fault, { path: '/user/oauth2/token/' });
			const result = await bed.run(createRow, rows(3), continueOnFail);
			expect(result.output[0].json.error).toMatch(/token|reach MakeLeaps/);
			expect(result.output.slice(1).map((item) => item.json.client_external_id)).toEqual([
				'C-1',
				'C-2',
			]);
			expect(bed.sandbox.received('/user/oauth2/token/')).toHaveLength(2);
			expect(bed.sandbox.clients()).toHaveLength(2);
		},
	);

	test('a valid credential whose token expires mid-run still refreshes once, then goes on', async () => {
		bed.sandbox.expireTokensAfter(3);
		// at the account's pace the first 401 is learnt before the next slot; at a fast pace the
		// items under way may each meet the expired token once (nothing is applied)
		const atPace = { ...createRow, options: { requestsPerMinute: 120 } };
		const result = await bed.run(atPace, rows(6), continueOnFail);
		expect(result.output.map((item) => item.json.error)).toEqual(rows(6).map(() => undefined));
		expect(bed.sandbox.received('/user/oauth2/token/')).toHaveLength(2);
		expect(bed.sandbox.received('/api/').filter((r) => r.status === 401)).toHaveLength(1);
		expect(bed.sandbox.clients()).toHaveLength(6);
	});

	test('a key revoked mid-run: the one refresh is refused, and the later items fail without a request', async () => {
		// the first create is answered, then the key is revoked in MakeLeaps (its tokens with it)
		bed.sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => {
					bed.sandbox.revokeApiKey(bed.sandbox.credentials.clientId);
					return body;
				},
			},
			{ method: 'POST', path: /\/client\/$/ },
		);
		// at the account's pace the refusal is learnt before the next slot; at a fast pace items
		// already under way may each meet the revoked key once (nothing is applied)
		const atPace = { ...createRow, options: { requestsPerMinute: 120 } };
		const result = await bed.run(atPace, rows(10), continueOnFail);
		const errors = result.output.map((item) => item.json.error);
		expect(errors[0]).toBeUndefined();
		for (const error of errors.slice(1)) expect(error).toMatch(REJECTED);
		// the first exchange, then the one refresh, refused
		expect(bed.sandbox.received('/user/oauth2/token/')).toHaveLength(2);
		expect(bed.sandbox.received('/api/').map((r) => r.status)).toEqual([201, 401]);
		expect(bed.sandbox.clients()).toHaveLength(1);
	});
});
