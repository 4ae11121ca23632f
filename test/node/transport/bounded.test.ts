/**
 * Bounded work: a failed read made once for all the items that need it, list walks that refuse to
 * go on without end, pages of any size, and the partner looked up once per execution.
 */
import type { IDataObject } from 'n8n-workflow';

import { useTestBed, type TestBed } from '../support/bed';
import { seedMany } from '../support/fixtures';
import { startTrap, type Trap } from '../support/trap';

let trap: Trap;
beforeAll(async () => {
	trap = await startTrap();
});
afterAll(async () => await trap.close());

const listReads = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.method === 'GET' && r.path.endsWith('/client/'));
const unavailable = { kind: 'status' as const, status: 503 };

describe('A read many items need is made once per run', () => {
	// n8n's own deadline (60 s): every try the test counts is a try the sandbox answers, however
	// long a busy machine takes to send it
	const bed = useTestBed();

	test('a client list that cannot be read fails every row of Create or Update, read once (4 tries), nothing created', async () => {
		for (let i = 0; i < 4; i++)
			bed.sandbox.injectFault(unavailable, { method: 'GET', path: '/api/' });
		const rows = Array.from({ length: 1000 }, (_, i) => ({ id: `ROW-${i}`, name: `Company ${i}` }));
		const result = await bed.run(
			{
				operation: 'createOrUpdate',
				clientExternalId: '={{ $json.id }}',
				organizationName: '={{ $json.name }}',
			},
			rows,
			{ onError: 'continueRegularOutput' },
		);
		const errors = result.output.map((item) => item.json.error);
		expect(errors[0]).toBe(
			'MakeLeaps is unavailable (HTTP 503), also after 3 retries [item 0, row 1]',
		);
		expect(errors.slice(1)).toEqual(
			rows
				.slice(1)
				.map(
					(_, i) =>
						`The client list could not be read: MakeLeaps is unavailable (HTTP 503), also after 3 retries [item ${i + 1}, row ${i + 2}]`,
				),
		);
		expect(result.output[1].error?.description).toMatch(
			/read once for this run and is not read again/,
		);
		expect(bed.sandbox.received('/api/')).toHaveLength(4);
		expect(bed.sandbox.clients()).toHaveLength(0);
	});

	test('the partner of the API key: looked up once for all nodes of an execution', async () => {
		const any = { __rl: true, mode: 'list', value: '' };
		const create = (name: string) => ({
			resource: 'client',
			operation: 'create',
			organizationName: name,
			partner: any,
			options: { requestsPerMinute: 6000 },
		});
		const result = await bed.run(create('First Co'), [{}, {}], {
			followedBy: [create('Second Co'), create('Third Co')],
		});
		expect(result.error).toBeUndefined();
		expect(bed.sandbox.received('/api/').map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /api/partner/',
			...Array(6).fill(`POST /api/partner/${bed.sandbox.credentials.partnerMid}/client/`),
		]);
		expect(bed.sandbox.clients()).toHaveLength(6);
	});

	test('a partner lookup that fails is reported on every item that needed it, without looking up again', async () => {
		for (let i = 0; i < 4; i++)
			bed.sandbox.injectFault(unavailable, { method: 'GET', path: /^\/api\/partner\/$/ });
		const any = { __rl: true, mode: 'list', value: '' };
		const result = await bed.run(
			{ operation: 'create', organizationName: 'Co', partner: any },
			[{}, {}, {}],
			{
				onError: 'continueRegularOutput',
			},
		);
		expect(result.output.map((item) => item.json.error)).toEqual([
			'MakeLeaps is unavailable (HTTP 503), also after 3 retries [item 0, row 1]',
			'The partner of the API key could not be read: MakeLeaps is unavailable (HTTP 503), also after 3 retries [item 1, row 2]',
			'The partner of the API key could not be read: MakeLeaps is unavailable (HTTP 503), also after 3 retries [item 2, row 3]',
		]);
		expect(bed.sandbox.received('/api/')).toHaveLength(4);
	});
});

describe('List walks that would not end are refused', () => {
	const bed = useTestBed();
	const getMany = { operation: 'getAll', returnAll: true, simplify: false };

	test('a next-page link back to a page already read: stops after two reads', async () => {
		seedMany(bed, 150);
		const loop = (body: Record<string, unknown>, url: URL) => ({
			...body,
			meta: {
				...(body.meta as IDataObject),
				next: `${url.origin}${url.pathname}?page=1&per_page=100`,
			},
		});
		for (let i = 0; i < 5; i++)
			bed.sandbox.injectFault(
				{ kind: 'rewriteAfter', change: loop },
				{ method: 'GET', path: '/api/' },
			);
		const result = await bed.run(getMany);
		expect(result.error?.message).toMatch(
			/^MakeLeaps' list could not be read to its end: a next-page link goes back to a page already read \(http:\/\/127\.0\.0\.1:\d+\/api\/partner\/\d+\/client\/\?page=1&per_page=100\) \[item 0, row 1\]$/,
		);
		expect(listReads(bed)).toHaveLength(2);
	});

	test('a next-page link to another host is not followed', async () => {
		seedMany(bed, 150);
		const away = (body: Record<string, unknown>) => ({
			...body,
			meta: { ...(body.meta as IDataObject), next: `${trap.url}/api/partner/1/client/?page=2` },
		});
		bed.sandbox.injectFault(
			{ kind: 'rewriteAfter', change: away },
			{ method: 'GET', path: '/api/' },
		);
		const result = await bed.run(getMany);
		expect(result.error?.message).toMatch(
			/^MakeLeaps' list could not be read to its end: its next-page link leaves the Base URL \(http:\/\/127\.0\.0\.1:\d+\/api\/partner\/1\/client\/\?page=2\) \[item 0, row 1\]$/,
		);
		expect(listReads(bed)).toHaveLength(1);
		expect(trap.hits).toEqual([]);
	});

	test('a list that goes on past the count its first page announced', async () => {
		seedMany(bed, 250);
		const small = (body: Record<string, unknown>) => ({
			...body,
			meta: { ...(body.meta as IDataObject), count: 10 },
		});
		bed.sandbox.injectFault(
			{ kind: 'rewriteAfter', change: small },
			{ method: 'GET', path: '/api/' },
		);
		const result = await bed.run(getMany);
		expect(result.error?.message).toBe(
			"MakeLeaps' list could not be read to its end: it goes on past the 10 records its first page announced [item 0, row 1]",
		);
		expect(listReads(bed)).toHaveLength(2);
	});

	test('a page of 200,000 clients becomes 200,000 items', async () => {
		const clients = Array.from({ length: 200_000 }, (_, i) => ({
			mid: String(1734479364000000000n + BigInt(i)),
			url: `u${i}`,
			display_name: `C${i}`,
		}));
		const body = JSON.stringify({
			meta: { next: null, prev: null, page: 1, count: clients.length, status: 200 },
			response: clients,
		});
		bed.sandbox.injectFault(
			{ kind: 'replaceAfter', status: 200, body },
			{ method: 'GET', path: '/api/' },
		);
		// 11 MB to read and parse, within n8n's own deadline
		const result = await bed.run(getMany);
		expect(result.error).toBeUndefined();
		expect(result.output).toHaveLength(200_000);
		expect(result.output[199_999]).toEqual({ json: clients[199_999], pairedItem: { item: 0 } });
	}, 120_000);
});
