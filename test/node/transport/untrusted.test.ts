/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev code: counts the timers of this process */
/**
 * A service that answers differently from what the node expects: redirects, 2xx answers that are
 * empty, HTML, cut off or trickling, and answers that never come. Each case counts the requests
 * MakeLeaps (the sandbox) and another origin (the trap) received, and the clients stored.
 */
import type { INodeParameters } from 'n8n-workflow';

import { DEFAULT_LIMITS, isUncertainWrite } from '../../../nodes/MakeLeaps/transport';
import { testCredential } from '../../../dev/harness/credentialTest';
import { useTestBed, type TestBed } from '../support/bed';
import { seedClient } from '../support/fixtures';
import { startTrap, type Trap } from '../support/trap';

/**
 * The node gives up on an answer after TIMEOUT_MS in these tests (60 s in n8n): short, so that a
 * trickle costs little, and long enough that an ordinary answer always comes first, however busy
 * the machine. A trickle of a byte every 100 ms takes far longer than that.
 */
const TIMEOUT_MS = 1500;
const limits = { ...DEFAULT_LIMITS, timeoutMs: TIMEOUT_MS };
/** The answers the node gave up on before their last byte (a deadline, Stop). */
const cutShort = (bed: TestBed) => bed.sandbox.received('/api/').filter((r) => r.unfinished);

let trap: Trap;
beforeAll(async () => {
	trap = await startTrap();
});
beforeEach(() => {
	trap.hits.length = 0;
	trap.headers.length = 0;
});
afterAll(async () => await trap.close());

const locator = (value: string) => ({ __rl: true, mode: 'id', value });
const seed = (bed: TestBed, externalId = 'SEED') => seedClient(bed, externalId);
const upsert = (id: string, name: string): INodeParameters => ({
	operation: 'createOrUpdate',
	clientExternalId: id,
	organizationName: name,
});
const posts = (bed: TestBed) => bed.sandbox.received('/api/').filter((r) => r.method === 'POST');

describe('Redirects are never followed: the token and the secret stay with the Base URL', () => {
	const bed = useTestBed({}, { limits });
	const away = () => `${trap.url}/steal`;

	test.each([301, 302, 303, 307, 308] as const)(
		'HTTP %i on a read, an update or a delete: one request, named in the error',
		async (status) => {
			const mid = seed(bed);
			const runs: Array<[string, INodeParameters]> = [
				['GET', { operation: 'get', client: locator(mid) }],
				[
					'PATCH',
					{ operation: 'update', client: locator(mid), updateFields: { clientExternalId: 'X' } },
				],
				['DELETE', { operation: 'delete', client: locator(mid) }],
			];
			for (const [method, parameters] of runs) {
				bed.sandbox.injectFault({ kind: 'redirect', status, location: away() }, { method });
				const result = await bed.run(parameters);
				expect(result.error?.message).toBe(
					`MakeLeaps answered with a redirect (HTTP ${status}) to ${trap.url.slice(7)}; the node does not follow redirects [item 0, row 1]`,
				);
				expect(result.error?.description).toMatch(/access token to another address.*Base URL/);
			}
			// an update reads the client, a delete the client's documents first
			expect(bed.sandbox.received('/api/').map((r) => r.method)).toEqual([
				'GET',
				'GET',
				'PATCH',
				'GET',
				'DELETE',
			]);
			expect(bed.sandbox.clients().map((c) => c.client_external_id)).toEqual(['SEED']);
			expect(trap.hits).toEqual([]);
		},
	);

	test('a redirect answering a create is uncertain: not repeated, not followed', async () => {
		bed.sandbox.injectFault(
			{ kind: 'redirect', status: 303, location: away() },
			{ method: 'POST', path: '/api/' },
		);
		const result = await bed.run({ operation: 'create', organizationName: 'Redirected Co' });
		expect(result.error?.message).toMatch(
			/^MakeLeaps may or may not have carried out this create: MakeLeaps answered with a redirect \(HTTP 303\) to 127\.0\.0\.1:\d+, which the node does not follow \[item 0, row 1\]$/,
		);
		expect(isUncertainWrite(result.error)).toBe(true);
		expect(posts(bed)).toHaveLength(1);
		expect(trap.hits).toEqual([]);
	});

	test('a redirect from the token endpoint: the Basic secret is not sent there', async () => {
		bed.sandbox.injectFault(
			{ kind: 'redirect', status: 307, location: away() },
			{ path: '/user/oauth2/token/' },
		);
		const result = await bed.run({ operation: 'create', organizationName: 'Never Co' });
		expect(result.error?.message).toMatch(
			/^MakeLeaps answered the token request with a redirect \(HTTP 307\) to 127\.0\.0\.1:\d+; it is not followed, so the Client Secret never goes to another address\. Check the Base URL/,
		);
		expect(bed.sandbox.received('/user/')).toHaveLength(1);
		expect(bed.sandbox.received('/api/')).toHaveLength(0);
		expect(trap.hits).toEqual([]);
	});

	test("the credential's Test: a redirect of the token request or of the partner list is refused", async () => {
		bed.sandbox.injectFault(
			{ kind: 'redirect', status: 302, location: away() },
			{ path: '/user/oauth2/token/' },
		);
		const token = await testCredential(bed.credentials);
		expect(token.status).toBe('Error');
		expect(token.message).toMatch(/token request with a redirect \(HTTP 302\) to 127\.0\.0\.1:\d+/);

		bed.sandbox.injectFault(
			{ kind: 'redirect', status: 301, location: away() },
			{ path: '/api/partner/' },
		);
		const partners = await testCredential(bed.credentials);
		expect(partners).toEqual({
			status: 'Error',
			message:
				'MakeLeaps answered with a redirect (HTTP 301); it is not followed, so the access token never goes to another address. Check the Base URL (normally https://api.makeleaps.com).',
		});
		expect(trap.hits).toEqual([]);
	});
});

describe('A 2xx is believed only in the shape the operation needs', () => {
	const bed = useTestBed({}, { limits });

	test.each([
		['an empty body', 201, '', 'empty'],
		['an HTML page', 200, '<html><body>Welcome</body></html>', 'not JSON'],
		['an empty object', 201, '{}', 'no record under "response"'],
		[
			'an envelope without a record',
			201,
			'{"meta":{"status":201},"response":{}}',
			'a record without "mid" or "url"',
		],
		['a text response', 201, '{"meta":{},"response":"created"}', 'no record under "response"'],
	])(
		'a create answered with %s is uncertain: one POST, never an empty success',
		async (_name, status, body, problem) => {
			bed.sandbox.injectFault(
				{ kind: 'replaceAfter', status, body },
				{ method: 'POST', path: '/api/' },
			);
			const result = await bed.run({ operation: 'create', organizationName: 'Answered Co' }, [{}], {
				onError: 'continueRegularOutput',
			});
			const [item] = result.output;
			expect(item.json.error).toBe(
				`MakeLeaps may or may not have carried out this create: MakeLeaps answered HTTP ${status} with ${problem}: ${body === '' ? '(an empty body)' : body} [item 0, row 1]`,
			);
			expect(isUncertainWrite(item.error)).toBe(true);
			expect(posts(bed)).toHaveLength(1);
			expect(bed.sandbox.clients()).toHaveLength(1); // it was created: the answer was what failed
		},
	);

	test('Create or Update: an unreadable create answer is resolved by the external ID, and a re-run creates nothing', async () => {
		bed.sandbox.injectFault(
			{ kind: 'replaceAfter', status: 201, body: '<html>OK</html>' },
			{ method: 'POST', path: '/api/' },
		);
		const first = await bed.run(upsert('ROW-1', 'Row One Co'));
		expect(first.error).toBeUndefined();
		expect(first.output[0].json).toMatchObject({
			operation: 'created',
			client_external_id: 'ROW-1',
		});
		const second = await bed.run(upsert('ROW-1', 'Row One Co'));
		expect(second.output[0].json).toMatchObject({ operation: 'unchanged', changes: {} });
		expect(posts(bed)).toHaveLength(1);
		expect(bed.sandbox.clients()).toHaveLength(1);
	});

	test('a read answered with HTML is an error quoting it, not an empty item', async () => {
		const mid = seed(bed);
		bed.sandbox.injectFault(
			{ kind: 'replaceAfter', status: 200, body: '<html>Maintenance</html>' },
			{ method: 'GET' },
		);
		const result = await bed.run({ operation: 'get', client: locator(mid) });
		expect(result.error?.message).toBe(
			'The answer of MakeLeaps could not be used: not JSON [item 0, row 1]',
		);
		expect(result.error?.description).toMatch(
			/^Nothing was changed.*HTTP 200: <html>Maintenance<\/html>$/,
		);
	});

	test('an unreadable client list stops Create or Update before any write, for every row, read once', async () => {
		seed(bed, 'ROW-1');
		bed.sandbox.injectFault(
			{
				kind: 'replaceAfter',
				status: 200,
				body: '{"meta":{"next":null},"response":{"clients":[]}}',
			},
			{ method: 'GET' },
		);
		const rows = ['ROW-1', 'ROW-2', 'ROW-3'].map((id) => ({ id }));
		const result = await bed.run({ ...upsert('={{ $json.id }}', 'Co') }, rows, {
			onError: 'continueRegularOutput',
		});
		expect(result.output.map((item) => item.json.error)).toEqual([
			'The answer of MakeLeaps could not be used: no list under "response" [item 0, row 1]',
			'The client list could not be read: The answer of MakeLeaps could not be used: no list under "response" [item 1, row 2]',
			'The client list could not be read: The answer of MakeLeaps could not be used: no list under "response" [item 2, row 3]',
		]);
		expect(bed.sandbox.received('/api/').map((r) => r.method)).toEqual(['GET']);
		expect(bed.sandbox.clients()).toHaveLength(1);
	});
});

describe('An answer cut off after its headers', () => {
	const bed = useTestBed({}, { limits });

	test('on a create: uncertain, never repeated; with an external ID the client is found', async () => {
		bed.sandbox.injectFault({ kind: 'cutAfter' }, { method: 'POST', path: '/api/' });
		const plain = await bed.run({ operation: 'create', organizationName: 'Cut Co' });
		expect(plain.error?.message).toMatch(
			/^MakeLeaps may or may not have carried out this create: .+ \[item 0, row 1\]$/,
		);
		expect(isUncertainWrite(plain.error)).toBe(true);

		bed.sandbox.injectFault({ kind: 'cutAfter' }, { method: 'POST', path: '/api/' });
		const keyed = await bed.run(upsert('CUT-2', 'Cut Two Co'));
		expect(keyed.output[0].json).toMatchObject({
			operation: 'created',
			client_external_id: 'CUT-2',
		});
		const again = await bed.run(upsert('CUT-2', 'Cut Two Co'));
		expect(again.output[0].json).toMatchObject({ operation: 'unchanged' });

		expect(posts(bed)).toHaveLength(2);
		expect(
			bed.sandbox
				.clients()
				.map((c) => c.display_name)
				.sort(),
		).toEqual(['Cut Co', 'Cut Two Co']);
	});

	test('on a read: retried, then the answer', async () => {
		const mid = seed(bed);
		bed.sandbox.injectFault({ kind: 'cutAfter' }, { method: 'GET' });
		const result = await bed.run({ operation: 'get', client: locator(mid) });
		expect(result.error).toBeUndefined();
		expect(result.output[0].json).toMatchObject({ mid });
		expect(bed.sandbox.received('/api/')).toHaveLength(2);
	});
});

describe('Deadlines, not idle timeouts', () => {
	const bed = useTestBed({}, { limits });

	test('a body trickling a byte every 100 ms is given up at the deadline, retried 3 times, then reported', async () => {
		const mid = seed(bed);
		for (let i = 0; i < 4; i++)
			bed.sandbox.injectFault({ kind: 'trickleAfter', ms: 100 }, { method: 'GET' });
		const result = await bed.run({ operation: 'get', client: locator(mid) });
		expect(result.error?.message).toBe(
			'Could not reach MakeLeaps: no complete answer within 1.5 seconds, also after 3 retries [item 0, row 1]',
		);
		expect(bed.sandbox.received('/api/')).toHaveLength(4);
		// four answers given up before their end (each would trickle for a minute)
		await bed.sandbox.settled();
		expect(cutShort(bed)).toHaveLength(4);
	});

	test('a trickling answer to a create is uncertain after one deadline', async () => {
		bed.sandbox.injectFault({ kind: 'trickleAfter', ms: 100 }, { method: 'POST', path: '/api/' });
		const result = await bed.run({ operation: 'create', organizationName: 'Slow Co' });
		expect(result.error?.message).toBe(
			'MakeLeaps may or may not have carried out this create: no complete answer within 1.5 seconds after the request was sent [item 0, row 1]',
		);
		expect(posts(bed)).toHaveLength(1);
		await bed.sandbox.settled();
		expect(cutShort(bed)).toHaveLength(1);
	});

	test("a token exchange slower than a request's deadline does not count against it: the create is sent and made", async () => {
		bed.sandbox.injectFault(
			{ kind: 'delay', ms: TIMEOUT_MS + 1000 },
			{ path: '/user/oauth2/token/' },
		);
		const result = await bed.run({ operation: 'create', organizationName: 'Patient Co' });
		expect(result.error).toBeUndefined();
		expect(posts(bed)).toHaveLength(1);
		expect(bed.sandbox.clients().map((c) => c.display_name)).toEqual(['Patient Co']);
	});

	test('a token endpoint that does not answer is given up at its own deadline', async () => {
		// the token's own deadline is shorter than a request's (30 s and 60 s in n8n)
		bed.shortenTokenDeadline(500);
		bed.sandbox.injectFault({ kind: 'hang' }, { path: '/user/oauth2/token/' });
		const result = await bed.run({ operation: 'create', organizationName: 'Never Co' }, [{}], {
			limits: { ...limits, timeoutMs: 2000 },
		});
		expect(result.error?.message).toMatch(
			/^MakeLeaps did not answer the token request at http:\/\/127\.0\.0\.1:\d+ within 0\.5 seconds \[item 0, row 1\]$/,
		);
		expect(bed.sandbox.received('/api/')).toHaveLength(0);
	});

	test('Stop ends a trickling request at once and leaves no timer behind', async () => {
		const mid = seed(bed);
		await bed.run({ operation: 'get', client: locator(mid) }); // a token, so the next run only reads
		await bed.sandbox.settled();
		bed.sandbox.resetRequests();
		const timersBefore = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
		bed.sandbox.injectFault({ kind: 'trickleAfter', ms: 100 }, { method: 'GET' });
		// stopped once the answer has begun: a 60-second deadline, and a trickle longer than the
		// test's own timeout, so only Stop can end it
		const result = await bed.run({ operation: 'get', client: locator(mid) }, [{}], {
			cancelWhen: () => bed.sandbox.received('/api/').length === 1,
			limits: DEFAULT_LIMITS,
		});
		expect(result.output.filter((item) => item.json.mid === mid)).toHaveLength(0);
		await bed.sandbox.settled(); // the sandbox has seen the closed connection and stopped trickling
		expect(cutShort(bed)).toHaveLength(1);
		const timersAfter = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
		expect(timersAfter).toBeLessThanOrEqual(timersBefore);
	});
});
