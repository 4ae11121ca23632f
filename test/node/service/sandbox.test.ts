import axios from 'axios';
import { sleep } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../../sandbox/server';
import { basic } from '../support/bed';

/** The sandbox must answer the way the real API does, or tests against it prove nothing. */
describe('MakeLeaps sandbox', () => {
	let sandbox: Sandbox;
	let token: string;
	const api = (
		method: string,
		path: string,
		data?: unknown,
		headers: Record<string, string> = {},
	) =>
		axios.request({
			method,
			url: path.startsWith('http') ? path : `${sandbox.baseUrl}${path}`,
			data,
			headers: {
				Authorization: `Bearer ${token}`,
				...(data ? { 'Content-Type': 'application/json' } : {}),
				...headers,
			},
			validateStatus: () => true,
		});
	const clients = () => `/api/partner/${sandbox.credentials.partnerMid}/client/`;
	const organization = (name: string) => ({
		contact_type: 'organization',
		name,
		addresses: [],
		email: null,
	});

	beforeEach(async () => {
		sandbox = await startSandbox({ pageSize: 10 });
		const { clientId, clientSecret } = sandbox.credentials;
		const answer = await axios.post(
			`${sandbox.baseUrl}/user/oauth2/token/`,
			'grant_type=client_credentials',
			{
				headers: {
					Authorization: basic(clientId, clientSecret),
					'Content-Type': 'application/x-www-form-urlencoded',
				},
			},
		);
		expect(answer.data).toEqual({
			access_token: expect.any(String),
			expires_in: 36000,
			token_type: 'Bearer',
			scope: 'read write',
		});
		token = answer.data.access_token;
	});
	afterEach(async () => await sandbox.close());

	test('token endpoint: invalid_client with WWW-Authenticate, grant_type checked', async () => {
		const post = (auth: string, body: string) =>
			axios.post(`${sandbox.baseUrl}/user/oauth2/token/`, body, {
				headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' },
				validateStatus: () => true,
			});
		const bad = await post(
			basic(sandbox.credentials.clientId, 'nope'),
			'grant_type=client_credentials',
		);
		expect([bad.status, bad.data, bad.headers['www-authenticate']]).toEqual([
			401,
			{ error: 'invalid_client' },
			'Bearer, error="invalid_client"',
		]);
		const grant = await post(
			basic(sandbox.credentials.clientId, sandbox.credentials.clientSecret),
			'grant_type=password',
		);
		expect([grant.status, grant.data]).toEqual([400, { error: 'unsupported_grant_type' }]);
	});

	test('Bearer is required on /api/, and expired tokens are refused', async () => {
		expect((await api('GET', '/api/partner/', undefined, { Authorization: '' })).status).toBe(401);
		expect(
			(await api('GET', '/api/partner/', undefined, { Authorization: 'Bearer unknown' })).status,
		).toBe(401);
		sandbox.expireTokens();
		const expired = await api('GET', '/api/partner/');
		expect([expired.status, expired.data]).toEqual([
			401,
			{ meta: { status: 401 }, response: { detail: 'Token has expired.' } },
		]);
	});

	test("partner list in the envelope; unknown MIDs 404; another partner's clients 403", async () => {
		const list = await api('GET', '/api/partner/');
		expect(list.data.meta).toEqual({ next: null, prev: null, page: 1, count: 1, status: 200 });
		expect(list.data.response[0]).toMatchObject({
			url: `${sandbox.baseUrl}/api/partner/${sandbox.credentials.partnerMid}/`,
			name: sandbox.credentials.partnerName,
		});
		expect((await api('GET', '/api/partner/123/')).status).toBe(404);
		const other = sandbox.addPartner('Other K.K.');
		expect((await api('GET', `/api/partner/${other.partnerMid}/client/`)).status).toBe(403);
	});

	test('create answers 201 with contact URLs; contacts are resources; delete answers 204', async () => {
		const created = await api('POST', clients(), {
			client_external_id: 'X-1',
			contacts: [
				organization('Example Co'),
				{
					contact_type: 'person',
					family_name: 'Sato',
					addresses: [],
					email: { address: 'sato@example.com' },
				},
			],
		});
		expect(created.status).toBe(201);
		const client = created.data.response;
		expect(client.contacts).toHaveLength(2);
		const contact = await api('GET', client.contacts[1]);
		expect(contact.data.response).toMatchObject({
			contact_type: 'person',
			family_name: 'Sato',
			email: { address: 'sato@example.com' },
			owner: client.url,
		});
		expect((await api('GET', `${client.url}contact/`)).data.meta.count).toBe(2);
		expect(
			(await api('PATCH', client.url, { client_external_id: 'X-2' })).data.response
				.client_external_id,
		).toBe('X-2');
		const deleted = await api('DELETE', client.url);
		expect([deleted.status, deleted.data]).toEqual([204, '']);
		expect((await api('GET', client.url)).status).toBe(404);
	});

	test('400 with per-field messages for invalid bodies', async () => {
		const answer = await api('POST', clients(), {
			contacts: [
				{ contact_type: 'robot', name: 'R' },
				{ contact_type: 'person', family_name: 'Sato', email: { address: 'not-an-email' } },
				{ contact_type: 'organization', name: '' },
			],
			default_client: 'https://elsewhere.example.com/api/partner/1/client/2/',
		});
		expect(answer.status).toBe(400);
		expect(answer.data.response).toEqual({
			contacts: [
				{ contact_type: ['"robot" is not a valid choice.'] },
				{ email: { address: ['Enter a valid email address.'] } },
				{ name: ['This field may not be blank.'] },
			],
			default_client: ['Invalid hyperlink - No URL match.'],
		});
		expect(sandbox.clients()).toHaveLength(0);
		expect(
			(await api('POST', clients(), { client_external_id: 'no contacts' })).data.response,
		).toEqual({ contacts: ['This field is required.'] });
	});

	test('PATCH with a contacts list deletes the contacts it omits', async () => {
		const { response: client } = (
			await api('POST', clients(), {
				contacts: [organization('A'), { contact_type: 'person', family_name: 'B' }],
			})
		).data;
		await api('PATCH', client.url, { contacts: [client.contacts[0]] });
		expect((await api('GET', client.contacts[1])).status).toBe(404);
	});

	test('contact PATCH changes only the fields sent and validates them; lists honour expand', async () => {
		const { response: client } = (
			await api('POST', clients(), {
				contacts: [
					organization('A'),
					{ contact_type: 'person', family_name: 'B', email: { address: 'b@example.com' } },
				],
			})
		).data;
		const person = client.contacts[1];
		const bad = await api('PATCH', person, { email: { address: 'not-an-address' } });
		expect([bad.status, bad.data.response]).toEqual([
			400,
			{ email: { address: ['Enter a valid email address.'] } },
		]);
		const blank = await api('PATCH', person, { family_name: '' });
		expect([blank.status, blank.data.response]).toEqual([
			400,
			{ family_name: ['This field may not be blank.'] },
		]);
		const good = await api('PATCH', person, { given_name: 'Taro' });
		expect(good.status).toBe(200);
		expect(good.data.response).toMatchObject({
			family_name: 'B',
			given_name: 'Taro',
			display_name: 'Taro B',
			email: { address: 'b@example.com' },
		});
		expect((await api('DELETE', person)).status).toBe(405);

		const listed = await api('GET', `${clients()}?expand=contacts,default_contact`);
		expect(listed.data.response[0].contacts[1]).toMatchObject({ url: person, given_name: 'Taro' });
		expect(listed.data.response[0].default_contact).toMatchObject({
			contact_type: 'organization',
			name: 'A',
		});
	});

	test('list: search, archived, and absolute next/prev links that keep the filters', async () => {
		for (let i = 0; i < 25; i++) sandbox.seedClient({ contacts: [organization(`Alpha ${i}`)] });
		for (let i = 0; i < 3; i++) sandbox.seedClient({ contacts: [organization(`Beta ${i}`)] });
		sandbox.archiveClient(sandbox.seedClient({ contacts: [organization('Alpha archived')] }).mid);

		const first = await api('GET', `${clients()}?search=alpha`);
		expect(first.data.meta).toMatchObject({ count: 25, page: 1, prev: null });
		expect(first.data.response).toHaveLength(10);
		const names: string[] = [];
		let page = first.data;
		for (;;) {
			names.push(...page.response.map((c: { display_name: string }) => c.display_name));
			if (!page.meta.next) break;
			expect(page.meta.next).toMatch(
				new RegExp(`^${sandbox.baseUrl}/api/partner/\\d+/client/\\?search=alpha&page=\\d$`),
			);
			page = (await api('GET', page.meta.next)).data;
		}
		expect(names).toHaveLength(25);
		expect(page.meta.prev).toContain('page=2');
		const archived = await api('GET', `${clients()}?archived=true`);
		expect(archived.data.response.map((c: { display_name: string }) => c.display_name)).toEqual([
			'Alpha archived',
		]);
		expect((await api('GET', `${clients()}?page=9`)).status).toBe(404);
	});

	test('throttle answers 429 with Retry-After once the window is full', async () => {
		sandbox.setThrottle({ limit: 2, windowMs: 60000 });
		const statuses = [];
		for (let i = 0; i < 3; i++) statuses.push((await api('GET', '/api/partner/')).status);
		expect(statuses).toEqual([200, 200, 429]);
		const limited = await api('GET', '/api/partner/');
		expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
		expect(limited.data.response.detail).toMatch(
			/^Request was throttled\. Expected available in \d+ seconds\.$/,
		);
	});

	test('fault injection: 5xx, reset before and after applying, and the request log', async () => {
		sandbox.injectFault({ kind: 'status', status: 502 }, { method: 'POST' });
		expect((await api('POST', clients(), { contacts: [organization('A')] })).status).toBe(502);
		sandbox.injectFault({ kind: 'reset' });
		await expect(api('POST', clients(), { contacts: [organization('B')] })).rejects.toMatchObject({
			code: 'ECONNRESET',
		});
		sandbox.injectFault({ kind: 'resetAfter' });
		await expect(api('POST', clients(), { contacts: [organization('C')] })).rejects.toMatchObject({
			code: 'ECONNRESET',
		});
		expect(sandbox.clients().map((c) => c.display_name)).toEqual(['C']);
		expect(sandbox.received('/api/').map((r) => r.method)).toEqual(['POST', 'POST', 'POST']);
	});

	test('a fault that holds: the same answer for its time (or its Retry-After), each repeat marked early', async () => {
		sandbox.injectFault({ kind: 'status', status: 503, holdMs: 60_000 }, { method: 'GET' });
		const statuses = [];
		for (let i = 0; i < 3; i++) statuses.push((await api('GET', '/api/partner/')).status);
		expect(statuses).toEqual([503, 503, 503]);
		expect((await api('POST', clients(), { contacts: [organization('A')] })).status).toBe(201);
		expect(sandbox.received('/api/').map((r) => r.early ?? false)).toEqual([
			false,
			true,
			true,
			false,
		]);
		sandbox.clearFaults();
		expect((await api('GET', '/api/partner/')).status).toBe(200);

		sandbox.resetRequests();
		const retryAfter = { 'Retry-After': '60' };
		sandbox.injectFault({
			kind: 'status',
			status: 429,
			headers: retryAfter,
			holdMs: 'Retry-After',
		});
		const refused = [await api('GET', '/api/partner/'), await api('GET', '/api/partner/')];
		expect(refused.map((r) => [r.status, r.headers['retry-after']])).toEqual([
			[429, '60'],
			[429, '60'],
		]);
		expect(sandbox.received('/api/').map((r) => r.early ?? false)).toEqual([false, true]);
	});

	test('a hang: applied, its answer held until the client gives up; the log says it was not sent whole', async () => {
		sandbox.injectFault({ kind: 'hang' }, { method: 'POST' });
		const giveUp = new AbortController();
		const sent = axios.post(
			`${sandbox.baseUrl}${clients()}`,
			{ contacts: [organization('Held')] },
			{ headers: { Authorization: `Bearer ${token}` }, signal: giveUp.signal },
		);
		while (sandbox.received('/api/').length === 0) await sleep(10);
		giveUp.abort();
		await expect(sent).rejects.toMatchObject({ code: 'ERR_CANCELED' });
		await sandbox.settled();
		expect(sandbox.clients().map((c) => c.display_name)).toEqual(['Held']);
		expect(sandbox.received('/api/').map((r) => [r.status, r.unfinished])).toEqual([[201, true]]);
		expect((await api('GET', '/api/partner/')).status).toBe(200);
		expect(sandbox.received('/api/')[1].unfinished).toBeUndefined();
	});

	describe('documents', () => {
		const documents = () => `/api/partner/${sandbox.credentials.partnerMid}/document/`;
		async function aClient() {
			const made = await api('POST', clients(), { contacts: [organization('Client Co')] });
			return made.data.response.url as string;
		}
		const line = {
			kind: 'normal',
			description: 'Work',
			quantity: '2',
			unit_cost: '1500',
			tax_rate: '10',
		};

		test('templates per type; a document created with totals, numbered per type', async () => {
			const templates = await api(
				'GET',
				`/api/partner/${sandbox.credentials.partnerMid}/template/invoice/`,
			);
			expect(templates.data.response.map((t: { code: string }) => t.code)).toEqual([
				'ja_JP_2',
				'en_US_2',
			]);
			expect(
				(await api('GET', `/api/partner/${sandbox.credentials.partnerMid}/template/bill/`)).status,
			).toBe(404);
			const client = await aClient();
			const made = await api('POST', documents(), {
				document_type: 'invoice',
				client,
				lineitems: [line],
				autocalculate: true,
			});
			expect(made.status).toBe(201);
			expect(made.data.response).toMatchObject({
				document_number: '0001',
				document_template: 'ja_JP_2',
				subtotal: '3000',
				tax: '300',
				total: '3300',
				client,
			});
			expect(made.data.response.client_contact).toMatch(/\/contact\/\d+\/$/);
			const quote = await api('POST', documents(), {
				document_type: 'quote',
				client,
				lineitems: [line],
			});
			expect(quote.data.response.document_number).toBe('0001');
		});

		test('validation as Django REST Framework answers it, numbers unique per type', async () => {
			const client = await aClient();
			const bad = await api('POST', documents(), {
				document_type: 'bill',
				client: `${client}x`,
				currency: 'XYZ',
				lineitems: [
					{ kind: 'normal', description: 'x', quantity: '-1', unit_cost: '1.5', tax_rate: '10' },
				],
			});
			expect(bad.status).toBe(400);
			expect(bad.data.response).toMatchObject({
				document_type: ['"bill" is not a valid choice.'],
				client: ['Invalid hyperlink - Object does not exist.'],
				currency: ['"XYZ" is not a valid choice.'],
			});
			const decimals = await api('POST', documents(), {
				document_type: 'invoice',
				client,
				lineitems: [{ ...line, unit_cost: '1.5' }],
			});
			expect(decimals.data.response).toEqual({
				lineitems: [{ unit_cost: ['Ensure that there are no more than 0 decimal places.'] }],
			});
			await api('POST', documents(), {
				document_type: 'invoice',
				client,
				document_number: 'A-1',
				lineitems: [line],
			});
			const clash = await api('POST', documents(), {
				document_type: 'invoice',
				client,
				document_number: 'A-1',
				lineitems: [line],
			});
			expect([clash.status, clash.data.response]).toEqual([
				400,
				{ document_number: ['A document with this number already exists.'] },
			]);
		});

		test('a PDF, sent and paid marks, filters, delete; a client with documents stays', async () => {
			const client = await aClient();
			const made = await api('POST', documents(), {
				document_type: 'invoice',
				client,
				lineitems: [line],
			});
			const url = made.data.response.url as string;
			const pdf = await axios.get(`${url}pdf/`, {
				headers: { Authorization: `Bearer ${token}` },
				responseType: 'arraybuffer',
			});
			expect(pdf.headers['content-type']).toBe('application/pdf');
			expect(Buffer.from(pdf.data).subarray(0, 5).toString()).toBe('%PDF-');
			const paid = await api('PATCH', url, { date_paid: '2026-12-15T12:00:00Z' });
			expect(paid.data.response.date_paid).toBe('2026-12-15T12:00:00.000Z');
			expect((await api('GET', `${documents()}?paid=true`)).data.response).toHaveLength(1);
			expect((await api('GET', `${documents()}?paid=false`)).data.response).toHaveLength(0);
			const clientMid = /\/client\/(\d+)\/$/.exec(client)![1];
			expect((await api('DELETE', `${clients()}${clientMid}/`)).status).toBe(400);
			expect((await api('DELETE', url)).status).toBe(204);
			expect((await api('DELETE', `${clients()}${clientMid}/`)).status).toBe(204);
		});

		test('sending orders: a channel and a recipient needed, documents of the recipient only, sent once and only when ready, cancelled by post only', async () => {
			const client = await aClient();
			const other = await aClient();
			const made = await api('POST', documents(), {
				document_type: 'invoice',
				client,
				lineitems: [line],
			});
			const foreign = await api('POST', documents(), {
				document_type: 'invoice',
				client: other,
				lineitems: [line],
			});
			const orders = `/api/partner/${sandbox.credentials.partnerMid}/sending/order/`;
			const none = await api('POST', orders, { recipient_organization: client });
			expect([none.status, none.data.response]).toEqual([
				400,
				{ non_field_errors: ['Select at least one sending method.'] },
			]);
			const noOne = await api('POST', orders, {
				recipient_organization: client,
				securesend_selected: true,
			});
			expect(noOne.data.response).toEqual({
				to_emails: ['Secure Send needs at least one e-mail address.'],
			});
			const order = (
				await api('POST', orders, {
					recipient_organization: client,
					securesend_selected: true,
					to_emails: ['sato@example.com'],
				})
			).data.response;
			expect(order).toMatchObject({ ready_to_order: false, status: 'validating', items: [] });
			const wrong = await api('POST', order.items_url, {
				position: 0,
				document: foreign.data.response.url,
			});
			expect(wrong.data.response).toEqual({
				document: ['The document is not addressed to the recipient of this order.'],
			});
			expect(
				(await api('POST', order.items_url, { position: 0, document: made.data.response.url }))
					.status,
			).toBe(201);
			const early = await api('POST', order.send_url, {});
			expect([early.status, early.data.response]).toEqual([
				400,
				{ non_field_errors: ['The sending order is not ready to be sent.'] },
			]);
			await sleep(1600);
			expect((await api('GET', order.url)).data.response).toMatchObject({
				ready_to_order: true,
				status: 'draft',
			});
			const sent = await api('POST', order.send_url, {});
			expect([sent.status, sent.data.response.status]).toEqual([200, 'sent']);
			expect((await api('POST', order.send_url, {})).data.response).toEqual({
				non_field_errors: ['This sending order has already been sent.'],
			});
			expect((await api('GET', made.data.response.url)).data.response.date_sent).toBe(
				sent.data.response.date_sent,
			);
			expect(sandbox.deliveries).toEqual([
				expect.objectContaining({ to_emails: ['sato@example.com'], channels: ['securesend'] }),
			]);
			const cancel = await api('PATCH', order.status_url, { status: 'cancelled' });
			expect(cancel.data.response).toEqual({
				non_field_errors: ['This sending order can no longer be cancelled.'],
			});
			const paid = await axios.post(
				`${sandbox.baseUrl}/_sandbox/documents/${made.data.response.mid}/paid`,
			);
			expect(paid.status).toBe(204);
			expect((await api('GET', made.data.response.url)).data.response.date_paid).not.toBeNull();
		});
	});
});
