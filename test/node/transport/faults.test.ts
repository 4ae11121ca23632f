/**
 * Every fault the sandbox can inject, on every operation: what the user sees, how many requests
 * reached MakeLeaps, and what MakeLeaps holds afterwards (nothing lost, nothing twice).
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { DEFAULT_LIMITS, isUncertainWrite } from '../../../nodes/MakeLeaps/transport';
import type { Fault, SandboxOptions } from '../../../sandbox/server';
import type { RunResult } from '../../../dev/harness/engine';
import { useTestBed, type TestBed } from '../support/bed';
import { seedClient } from '../support/fixtures';

/**
 * The node gives up on an answer after TIMEOUT_MS in these tests (60 s in n8n): short, so that an
 * answer that never comes (the `hang` fault) costs little, and long enough that an ordinary
 * answer always comes first, however busy the machine.
 */
const TIMEOUT_MS = 1500;
const limits = { ...DEFAULT_LIMITS, timeoutMs: TIMEOUT_MS };
const useFaultBed = (options: SandboxOptions = {}) => useTestBed(options, { limits });

const locator = (value: string) => ({ __rl: true, mode: 'id', value });
/** The PATCHes an Update sent (it reads the client first). */
const patchesSent = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.method === 'PATCH');
/** The sandbox is done with every request (an answer held until the node gave up, too). */
const settle = async (bed: TestBed) => await bed.sandbox.settled();
/** No request came before the wait a fault asked for (its `holdMs`) had passed. */
const noneEarly = (bed: TestBed) => expect(bed.sandbox.requests.filter((r) => r.early)).toEqual([]);

function seed(bed: TestBed, externalId: string) {
	return bed.sandbox.seedClient({
		client_external_id: externalId,
		contacts: [
			{ contact_type: 'organization', name: `${externalId} Co`, addresses: [], email: null },
		],
	}).mid;
}

interface FaultCase {
	name: string;
	faults: Fault[];
	/** What the applied state should look like when the node gave up on a create. */
	appliedOnServer: boolean;
}

const json = (status: number, detail: string) =>
	JSON.stringify({ meta: { status }, response: { detail } });

const faults: FaultCase[] = [
	{
		name: 'HTTP 500 (HTML page)',
		faults: [{ kind: 'status', status: 500 }],
		appliedOnServer: false,
	},
	{
		name: 'HTTP 502',
		faults: [{ kind: 'status', status: 502, body: '<html>Bad Gateway</html>' }],
		appliedOnServer: false,
	},
	{
		name: 'HTTP 503 (JSON detail)',
		faults: [
			{
				kind: 'status',
				status: 503,
				body: json(503, 'Service temporarily unavailable.'),
				contentType: 'application/json',
			},
		],
		appliedOnServer: false,
	},
	{ name: 'HTTP 504', faults: [{ kind: 'status', status: 504 }], appliedOnServer: false },
	{
		name: 'connection reset before the request is applied',
		faults: [{ kind: 'reset' }],
		appliedOnServer: false,
	},
	{
		name: 'connection reset after the request is applied',
		faults: [{ kind: 'resetAfter' }],
		appliedOnServer: true,
	},
	{
		name: 'no answer before the timeout (applied, its answer never comes)',
		faults: [{ kind: 'hang' }],
		appliedOnServer: true,
	},
];

describe('Faults on Create: a create that may have happened is never sent twice', () => {
	const bed = useFaultBed();

	const create = (withExternalId: boolean): INodeParameters => ({
		operation: 'create',
		organizationName: '={{ $json.name }}',
		...(withExternalId ? { clientExternalId: '={{ $json.id }}' } : {}),
	});
	const items = [
		{ id: 'ROW-1', name: 'First Co' },
		{ id: 'ROW-2', name: 'Second Co' },
	];

	describe.each([
		['with a Client External ID', true],
		['without a Client External ID', false],
	])('%s', (_label, withExternalId) => {
		test.each(faults)(
			'$name: one POST, no duplicate, the next item goes on',
			async ({ faults: injected, appliedOnServer }) => {
				for (const fault of injected)
					bed.sandbox.injectFault(fault, { method: 'POST', path: '/api/' });
				const result = await bed.run(create(withExternalId), items, {
					onError: 'continueRegularOutput',
				});
				await settle(bed); // the sandbox is done with every request before its state is read

				expect(result.error).toBeUndefined();
				const [first, created] = result.output;
				// With an external ID the node looks the client up; this run had not read the client list
				// before the create, so a client found with the row's ID and names may have been there
				// before: it is named, never claimed.
				expect(first.json.error).toMatch(
					/^MakeLeaps may or may not have carried out this create: .+ \[item 0, row 1\]$/,
				);
				expect(isUncertainWrite(first.error)).toBe(true);
				expect(first.error!.description).toMatch(
					/not sent again.*duplicate.*Look for the record in MakeLeaps/,
				);
				// the transport's advice, then what was found, as two sentences
				if (withExternalId)
					expect(first.error!.description).toMatch(
						/ before running this item again\.( MakeLeaps said: [^.]+\.)? (MakeLeaps has|No client) /,
					);
				if (withExternalId && appliedOnServer)
					expect(first.error!.description).toMatch(
						/MakeLeaps has a client with Client External ID "ROW-1" and what this item sent \(\d+\), but the run had not read the client list before the create, so it cannot tell whether this create made it or it was there before\. Create or Update reads the list first and can tell\.$/,
					);
				else if (withExternalId && !appliedOnServer)
					expect(first.error!.description).toMatch(
						/No client with Client External ID "ROW-1" and what this item sent was found right after\.$/,
					);
				expect(first.pairedItem).toEqual({ item: 0 });
				expect(created.json).toMatchObject({ display_name: 'Second Co' });

				const posts = bed.sandbox.received('/api/').filter((r) => r.method === 'POST');
				expect(posts.map((p) => JSON.parse(p.body).contacts[0].name)).toEqual([
					'First Co',
					'Second Co',
				]);
				const names = bed.sandbox
					.clients()
					.map((c) => c.display_name)
					.sort();
				expect(names).toEqual(appliedOnServer ? ['First Co', 'Second Co'] : ['Second Co']);
				expect(new Set(names).size).toBe(names.length);
			},
		);
	});

	test('the message says what happened: the HTTP status, a lost connection, or a timeout', async () => {
		const messages: string[] = [];
		for (const fault of [faults[2], faults[5], faults[6]]) {
			bed.sandbox.injectFault(fault.faults[0], { method: 'POST', path: '/api/' });
			const result = await bed.run(create(false), [items[0]]);
			messages.push(result.error!.message);
			expect(result.error).toMatchObject({ context: expect.objectContaining({ itemIndex: 0 }) });
		}
		expect(messages[0]).toBe(
			'MakeLeaps may or may not have carried out this create: MakeLeaps answered HTTP 503 [item 0, row 1]',
		);
		expect(messages[1]).toMatch(
			/create: the connection was lost \((ECONNRESET|TERMINATED|UND_ERR_SOCKET)\) after the request was sent \[item 0, row 1\]$/,
		);
		expect(messages[2]).toMatch(
			/create: no (complete )?answer within 1\.5 seconds( \(\w+\))? after the request was sent \[item 0, row 1\]$/,
		);
		await settle(bed);
	});

	test('a slow answer within the timeout is simply waited for', async () => {
		bed.sandbox.injectFault(
			{ kind: 'delay', ms: TIMEOUT_MS / 5 },
			{ method: 'POST', path: '/api/' },
		);
		const result = await bed.run(create(true), [items[0]]);
		expect(result.error).toBeUndefined();
		expect(bed.sandbox.received('/api/')).toHaveLength(1);
		expect(bed.sandbox.clients()).toHaveLength(1);
	});

	test('a 429 is safe to retry (MakeLeaps did not take the request): waited out, then created once', async () => {
		bed.sandbox.injectFault(
			{
				kind: 'status',
				status: 429,
				headers: { 'Retry-After': '1' },
				contentType: 'application/json',
				body: json(429, 'Request was throttled. Expected available in 1 seconds.'),
				// MakeLeaps means it: a create within the second is refused again
				holdMs: 'Retry-After',
			},
			{ method: 'POST', path: '/api/' },
		);
		const result = await bed.run(create(true), [items[0]]);
		expect(result.error).toBeUndefined();
		expect(bed.sandbox.received('/api/').map((r) => r.status)).toEqual([429, 201]);
		noneEarly(bed);
		expect(bed.sandbox.clients().map((c) => c.client_external_id)).toEqual(['ROW-1']);
	});
});

describe('Faults on Update and Delete: retried with backoff, the result is as if nothing happened', () => {
	const bed = useFaultBed();

	test.each(faults)(
		'Update, $name: retried once, the client is updated',
		async ({ faults: injected }) => {
			const mid = seed(bed, 'OLD');
			for (const fault of injected) bed.sandbox.injectFault(fault, { method: 'PATCH' });
			const result = await bed.run({
				operation: 'update',
				client: locator(mid),
				updateFields: { clientExternalId: 'NEW' },
			});
			await settle(bed);
			expect(result.error).toBeUndefined();
			expect(result.output[0].json).toMatchObject({ mid, client_external_id: 'NEW' });
			// the client is read first, to send only what differs
			expect(bed.sandbox.received('/api/').map((r) => r.method)).toEqual(['GET', 'PATCH', 'PATCH']);
			expect(bed.sandbox.clients()).toEqual([
				expect.objectContaining({ mid, client_external_id: 'NEW' }),
			]);
		},
	);

	test.each(faults)(
		'Delete, $name: retried once, the client is gone and the item reports it deleted',
		async ({ faults: injected, appliedOnServer }) => {
			const mid = seed(bed, 'GONE');
			const kept = seed(bed, 'KEPT');
			for (const fault of injected) bed.sandbox.injectFault(fault, { method: 'DELETE' });
			const result = await bed.run({ operation: 'delete', client: locator(mid) });
			await settle(bed);
			expect(result.error).toBeUndefined();
			expect(result.output).toEqual([{ json: { deleted: true, mid }, pairedItem: { item: 0 } }]);
			const deletes = bed.sandbox.received('/api/').filter((r) => r.method === 'DELETE');
			expect(deletes).toHaveLength(2);
			// when the first DELETE was applied, the retry finds nothing: 404 counts as deleted
			if (appliedOnServer && injected[0].kind === 'resetAfter')
				expect(deletes.map((d) => d.status)).toEqual([204, 404]);
			expect(bed.sandbox.clients().map((c) => c.mid)).toEqual([kept]);
		},
	);

	test('a DELETE answered 404 on its first try is not "deleted": the client never existed', async () => {
		const result = await bed.run({ operation: 'delete', client: locator('1734479364999999999') });
		expect(result.error?.message).toBe(
			'MakeLeaps has no client 1734479364999999999 [item 0, row 1]',
		);
		// its documents, the DELETE, and the partner list that tells the Partner is right
		expect(bed.sandbox.received('/api/').map((r) => `${r.method} ${r.path}`)).toEqual([
			expect.stringMatching(/^GET .*\/document\/$/),
			expect.stringMatching(/^DELETE .*\/client\/1734479364999999999\/$/),
			'GET /api/partner/',
		]);
	});

	test.each([
		['Update', 'PATCH'],
		['Delete', 'DELETE'],
	])(
		'%s: a server that stays down gives up after 3 retries with a clear message; nothing changes',
		async (operation, method) => {
			const mid = seed(bed, 'STAYS');
			// each try after a backoff of 250 · 2^n ms meets the next fault; one sooner is early
			for (const holdMs of [245, 495, 995, 0])
				bed.sandbox.injectFault({ kind: 'status', status: 503, holdMs }, { method });
			const result = await bed.run(
				operation === 'Update'
					? { operation: 'update', client: locator(mid), updateFields: { clientExternalId: 'NEW' } }
					: { operation: 'delete', client: locator(mid) },
			);
			expect(result.error?.message).toBe(
				'MakeLeaps is unavailable (HTTP 503), also after 3 retries [item 0, row 1]',
			);
			expect(result.error?.description).toMatch(/usually temporary/);
			expect(result.error).toMatchObject({ httpCode: '503' });
			// a delete reads the client and its documents first
			expect(bed.sandbox.received('/api/').filter((r) => r.method === method)).toHaveLength(4);
			noneEarly(bed);
			expect(bed.sandbox.clients()).toEqual([
				expect.objectContaining({ mid, client_external_id: 'STAYS' }),
			]);
		},
	);

	test('a connection that keeps dropping gives up after 3 retries; the message names the network', async () => {
		const mid = seed(bed, 'NET');
		for (let i = 0; i < 4; i++) bed.sandbox.injectFault({ kind: 'reset' }, { method: 'PATCH' });
		const result = await bed.run({
			operation: 'update',
			client: locator(mid),
			updateFields: { clientExternalId: 'NEW' },
		});
		expect(result.error?.message).toMatch(
			/^Could not reach MakeLeaps: the connection was lost \(\w+\), also after 3 retries \[item 0, row 1\]$/,
		);
		expect(result.error?.description).toMatch(/Check the network and the Base URL/);
		expect(patchesSent(bed)).toHaveLength(4);
	});

	test('400 and 404 answers are not retried', async () => {
		const mid = seed(bed, 'X');
		bed.sandbox.injectFault(
			{
				kind: 'status',
				status: 400,
				contentType: 'application/json',
				body: JSON.stringify({
					meta: { status: 400 },
					response: { client_external_id: ['Too long.'] },
				}),
			},
			{ method: 'PATCH' },
		);
		const result = await bed.run({
			operation: 'update',
			client: locator(mid),
			updateFields: { clientExternalId: 'NEW' },
		});
		expect(result.error?.message).toBe(
			'MakeLeaps refused the data: client_external_id: Too long. [item 0, row 1]',
		);
		expect(patchesSent(bed)).toHaveLength(1);
	});
});

describe('429 and Retry-After', () => {
	const bed = useFaultBed();
	const throttled = (retryAfter?: string): Extract<Fault, { kind: 'status' }> => ({
		kind: 'status',
		status: 429,
		contentType: 'application/json',
		headers: retryAfter === undefined ? {} : { 'Retry-After': retryAfter },
		body: json(429, 'Request was throttled.'),
	});

	test('Retry-After as an HTTP date is waited out', async () => {
		const mid = seed(bed, 'A');
		// PATCHes before that date are refused again
		bed.sandbox.injectFault(
			{ ...throttled(new Date(Date.now() + 2000).toUTCString()), holdMs: 'Retry-After' },
			{ method: 'PATCH' },
		);
		const result = await bed.run({
			operation: 'update',
			client: locator(mid),
			updateFields: { clientExternalId: 'B' },
		});
		expect(result.error).toBeUndefined();
		expect(patchesSent(bed).map((r) => r.status)).toEqual([429, 200]);
		noneEarly(bed);
	});

	test('a 429 without Retry-After waits the default, then retries', async () => {
		const mid = seed(bed, 'A');
		bed.sandbox.injectFault({ ...throttled(), holdMs: 990 }, { method: 'DELETE' });
		const result = await bed.run({ operation: 'delete', client: locator(mid) }, [{}], {
			limits: { ...limits, defaultRetryAfterSeconds: 1 },
		});
		expect(result.error).toBeUndefined();
		noneEarly(bed);
		expect(
			bed.sandbox
				.received('/api/')
				.filter((r) => r.method === 'DELETE')
				.map((r) => r.status),
		).toEqual([429, 204]);
	});

	test("the waits are bounded: after 5 waits the item fails with the API's text", async () => {
		const mid = seed(bed, 'A');
		for (let i = 0; i < 10; i++) bed.sandbox.injectFault(throttled('0'), { method: 'PATCH' });
		const result = await bed.run({
			operation: 'update',
			client: locator(mid),
			updateFields: { clientExternalId: 'B' },
		});
		expect(result.error?.message).toBe(
			'MakeLeaps rate limit reached: still refused after 5 waits (it asks to wait 0 seconds more) [item 0, row 1]',
		);
		expect(result.error?.description).toMatch(
			/Lower Options > Requests Per Minute.*MakeLeaps said: Request was throttled\./,
		);
		expect(result.error).toMatchObject({ httpCode: '429' });
		expect(patchesSent(bed)).toHaveLength(6);
	});

	test('a Retry-After longer than 5 minutes is not waited out: the item stops at once', async () => {
		const mid = seed(bed, 'A');
		bed.sandbox.injectFault(
			{
				...throttled('900'),
				body: json(429, 'Request was throttled. Expected available in 900 seconds.'),
			},
			{ method: 'PATCH' },
		);
		// waiting it out would outlast the test's own timeout
		const result = await bed.run({
			operation: 'update',
			client: locator(mid),
			updateFields: { clientExternalId: 'B' },
		});
		expect(patchesSent(bed)).toHaveLength(1);
		expect(result.error?.message).toBe(
			'MakeLeaps asks to wait about 15 min before the next request, longer than the node waits (300 seconds) [item 0, row 1]',
		);
		expect(result.error?.description).toMatch(
			/MakeLeaps said: Request was throttled\. Expected available in 900 seconds\./,
		);
	});
});

describe('Daily request limit', () => {
	// The sandbox's day starts at 08:00 UTC of a fixed date when the test starts: 16 h remain.
	const start = Date.now();
	const bed = useFaultBed({
		dailyLimit: 3,
		now: () => Date.parse('2026-03-02T08:00:00Z') + (Date.now() - start),
	});

	// Items run a few at a time: at the account's pace (a slot every half second) the refusal is
	// learnt before the next item's slot, so later items send nothing. At a fast pace, items
	// already under way may each be refused too (they write nothing).
	const AT_THE_ACCOUNTS_PACE = { requestsPerMinute: 120 };

	const fiveCreates = (result: RunResult) =>
		result.output.map((o: INodeExecutionData) => o.json.error ?? o.json.client_external_id);

	test('the refusal stops the item at once with a clear message; later items fail without a request', async () => {
		const result = await bed.run(
			{
				operation: 'create',
				organizationName: 'Daily Co',
				clientExternalId: '={{ "D-" + $json.i }}',
				options: AT_THE_ACCOUNTS_PACE,
			},
			[0, 1, 2, 3, 4].map((i) => ({ i })),
			{ onError: 'continueRegularOutput' },
		);
		const limit =
			/^MakeLeaps daily request limit reached; requests resume in about 16 h \[item (\d), row \d+\]$/;
		expect(fiveCreates(result)).toEqual([
			'D-0',
			'D-1',
			'D-2',
			expect.stringMatching(limit),
			expect.stringMatching(limit),
		]);
		expect(result.output[3].error?.description).toMatch(
			/about 5,000 API requests per day.*MakeLeaps said: Request was throttled\. Daily request limit reached\./,
		);
		expect(result.output[3].error).toMatchObject({ httpCode: '429' });
		expect(isUncertainWrite(result.output[3].error)).toBe(false);
		expect(bed.sandbox.received('/api/').map((r) => r.status)).toEqual([201, 201, 201, 429]);
		expect(bed.sandbox.clients()).toHaveLength(3);
	});

	test('without Continue On Fail the run stops at the refused item, saying what it already created', async () => {
		const result = await bed.run(
			{ operation: 'create', organizationName: 'Daily Co', options: AT_THE_ACCOUNTS_PACE },
			[{}, {}, {}, {}, {}],
		);
		// without a Client External ID, a client is named by its name
		expect(result.error?.message).toBe(
			`MakeLeaps daily request limit reached; requests resume in about 16 h [item 3, row 4]. Before it, this run had already created 3 clients (Daily Co, Daily Co, Daily Co). Item 4 (row 5) failed too`,
		);
		// item 4 was under way and refused before it sent anything: it is run again, as item 3
		expect(result.error?.description).toMatch(
			/^MakeLeaps allows about 5,000 API requests per day.* Do not run the same rows again with Create: the clients already created would be created a second time\. Run again only items 3 and 4 \(rows 4 and 5\) \(the failed items\)\. .*Create or Update with a Client External ID/,
		);
		expect(bed.sandbox.received('/api/')).toHaveLength(4);
	});
});

describe('401 mid-run: one token refresh and one retry, never a loop', () => {
	const bed = useFaultBed();
	const unauthorized: Fault = {
		kind: 'status',
		status: 401,
		contentType: 'application/json',
		headers: { 'WWW-Authenticate': 'Bearer realm="api"' },
		body: json(401, 'Invalid token.'),
	};

	test('an API that refuses every token: one refresh, one retry, then a clear error for every item', async () => {
		await bed.run({ operation: 'create', organizationName: 'Before Co' });
		bed.sandbox.resetRequests();
		for (let i = 0; i < 20; i++) bed.sandbox.injectFault(unauthorized, { path: '/api/' });

		const result = await bed.run(
			{ operation: 'create', organizationName: 'After Co' },
			[{}, {}, {}],
			{ onError: 'continueRegularOutput' },
		);
		expect(bed.sandbox.received('/user/oauth2/token/')).toHaveLength(1);
		expect(bed.sandbox.received('/api/').map((r) => r.status)).toEqual([401, 401]);
		const message = 'MakeLeaps did not accept the access token, even one issued just now';
		expect(result.output.map((o) => o.json.error)).toEqual(
			[0, 1, 2].map((i) => `${message} [item ${i}, row ${i + 1}]`),
		);
		expect(result.output[0].error).toMatchObject({
			httpCode: '401',
			description: expect.stringMatching(/test it; check the Client ID and Client Secret/),
		});
		expect(bed.sandbox.clients().map((c) => c.display_name)).toEqual(['Before Co']);
	});

	test('with no stored token: one token request, one refresh, two API requests, then the error', async () => {
		for (let i = 0; i < 20; i++) bed.sandbox.injectFault(unauthorized, { path: '/api/' });
		const result = await bed.run({ operation: 'delete', client: locator('1734479364999999999') }, [
			{},
			{},
		]);
		expect(result.error?.message).toBe(
			'MakeLeaps did not accept the access token, even one issued just now [item 0, row 1]',
		);
		expect(bed.sandbox.received('/user/oauth2/token/')).toHaveLength(2);
		expect(bed.sandbox.received('/api/')).toHaveLength(2);
	});

	test('a single 401 (token expired) is refreshed once and the run goes on', async () => {
		await bed.run({ operation: 'create', organizationName: 'Before Co' });
		bed.sandbox.resetRequests();
		bed.sandbox.injectFault(unauthorized, { path: '/api/' });
		const result = await bed.run(
			{ operation: 'create', organizationName: '={{ "After " + $json.i }}' },
			[{ i: 1 }, { i: 2 }],
		);
		expect(result.error).toBeUndefined();
		expect(bed.sandbox.received('/user/oauth2/token/')).toHaveLength(1);
		expect(bed.sandbox.received('/api/').map((r) => r.status)).toEqual([401, 201, 201]);
		expect(
			bed.sandbox
				.clients()
				.map((c) => c.display_name)
				.sort(),
		).toEqual(['After 1', 'After 2', 'Before Co']);
	});
});

describe('Faults on the read operations and Create or Update', () => {
	const bed = useFaultBed();

	const seedWithPerson = (externalId: string) => seedClient(bed, externalId);

	const reads: Array<
		[string, (mid: string) => INodeParameters, (result: RunResult, mid: string) => void]
	> = [
		[
			'Client Get',
			(mid) => ({ operation: 'get', client: locator(mid) }),
			(r, mid) => expect(r.output.map((o) => o.json.mid)).toEqual([mid]),
		],
		[
			'Client Get Many',
			() => ({ operation: 'getAll', returnAll: true }),
			(r) => expect(r.output).toHaveLength(2),
		],
		[
			'Contact Get Many',
			(mid) => ({
				resource: 'contact',
				operation: 'getAll',
				client: locator(mid),
				returnAll: true,
			}),
			(r) => expect(r.output.map((o) => o.json.contact_type)).toEqual(['organization', 'person']),
		],
	];

	describe.each(reads)('%s', (_name, parameters, check) => {
		test.each(faults)(
			'$name: retried, the same answer as without the fault',
			async ({ faults: injected }) => {
				const mid = seedWithPerson('READ-1');
				seedWithPerson('READ-2');
				for (const fault of injected)
					bed.sandbox.injectFault(fault, {
						method: 'GET',
						path: '/api/partner/' + bed.sandbox.credentials.partnerMid,
					});
				const result = await bed.run(parameters(mid));
				await settle(bed);
				expect(result.error).toBeUndefined();
				check(result, mid);
				expect(bed.sandbox.received('/api/').map((r) => r.method)).toEqual(['GET', 'GET']);
				expect(bed.sandbox.clients()).toHaveLength(2);
			},
		);
	});

	const upsert = {
		operation: 'createOrUpdate',
		clientExternalId: '={{ $json.id }}',
		organizationName: '={{ $json.org }}',
		personFamilyName: 'Sato',
		personEmail: '={{ $json.email }}',
	};

	test.each(faults)(
		'Create or Update, new client, $name on the create: one POST, found if applied, later rows with the ID not created blindly',
		async ({ faults: injected, appliedOnServer }) => {
			for (const fault of injected)
				bed.sandbox.injectFault(fault, { method: 'POST', path: '/api/' });
			const row = { id: 'NEW-1', org: 'New Co', email: 'new@example.com' };
			const result = await bed.run(upsert, [row, row], { onError: 'continueRegularOutput' });
			await settle(bed);
			if (appliedOnServer) {
				expect(result.output.map((item) => item.json.operation)).toEqual(['created', 'unchanged']);
			} else {
				expect(result.output[0].json.error).toMatch(
					/^MakeLeaps may or may not have carried out this create: .+ \[item 0, row 1\]$/,
				);
				expect(isUncertainWrite(result.output[0].error)).toBe(true);
				expect(result.output[1].json.error).toBe(
					'An earlier create of Client External ID "NEW-1" may or may not have happened [item 1, row 2]',
				);
			}
			expect(bed.sandbox.received('/api/').filter((r) => r.method === 'POST')).toHaveLength(1);
			expect(bed.sandbox.clients().map((c) => c.client_external_id)).toEqual(
				appliedOnServer ? ['NEW-1'] : [],
			);
		},
	);

	test.each(faults)(
		'Create or Update, $name on the list scan: retried, the existing client is updated, nothing created',
		async ({ faults: injected }) => {
			seedWithPerson('OLD-1');
			for (const fault of injected)
				bed.sandbox.injectFault(fault, { method: 'GET', path: '/api/' });
			const result = await bed.run(upsert, [
				{ id: 'OLD-1', org: 'OLD-1 Co', email: 'changed@example.com' },
			]);
			await settle(bed);
			expect(result.error).toBeUndefined();
			expect(result.output[0].json).toMatchObject({
				operation: 'updated',
				changes: { 'person.email': { from: 'sato@example.com', to: 'changed@example.com' } },
			});
			expect(bed.sandbox.received('/api/').filter((r) => r.method === 'POST')).toHaveLength(0);
			expect(bed.sandbox.clients()).toHaveLength(1);
		},
	);

	test.each(faults)(
		'Create or Update, $name on the contact PATCH: retried, the contact is changed once',
		async ({ faults: injected }) => {
			seedWithPerson('OLD-2');
			for (const fault of injected)
				bed.sandbox.injectFault(fault, { method: 'PATCH', path: '/api/' });
			const result = await bed.run(upsert, [
				{ id: 'OLD-2', org: 'OLD-2 Co', email: 'changed@example.com' },
			]);
			await settle(bed);
			expect(result.error).toBeUndefined();
			expect(result.output[0].json).toMatchObject({
				operation: 'updated',
				changes: { 'person.email': { from: 'sato@example.com', to: 'changed@example.com' } },
			});
			expect(bed.sandbox.received('/api/').filter((r) => r.method === 'PATCH')).toHaveLength(2);
			const [client] = bed.sandbox.clients();
			expect((client.contacts as Array<{ email: { address: string } | null }>)[1].email).toEqual({
				address: 'changed@example.com',
			});
		},
	);
});

describe('Stopping the execution', () => {
	const bed = useFaultBed();

	test('a run waiting out a 429 stops at once when the user stops the execution', async () => {
		const mid = seed(bed, 'WAIT');
		bed.sandbox.injectFault(
			{
				kind: 'status',
				status: 429,
				headers: { 'Retry-After': '120' },
				body: json(429, 'Request was throttled.'),
				contentType: 'application/json',
			},
			{ method: 'PATCH' },
		);
		// stopped once MakeLeaps has refused the PATCH: waiting the 120 s out would outlast the test
		const result = await bed.run(
			{ operation: 'update', client: locator(mid), updateFields: { clientExternalId: 'NEVER' } },
			[{}, {}],
			{ cancelWhen: () => patchesSent(bed).some((r) => r.status === 429) },
		);
		expect(result.output.filter((o) => o.json.client_external_id === 'NEVER')).toHaveLength(0);
		expect(patchesSent(bed)).toHaveLength(1);
		expect(bed.sandbox.clients()).toEqual([
			expect.objectContaining({ client_external_id: 'WAIT' }),
		]);
	});
});
