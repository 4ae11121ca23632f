import axios from 'axios';

import { startSandbox, type Sandbox, type SandboxOptions } from '../../../sandbox/server';
import { basic } from '../support/bed';

/** The sandbox's pickup links, over HTTP as the node and the demo reach them. */
describe('MakeLeaps sandbox: pickup links', () => {
	let sandbox: Sandbox;
	let token: string;
	const start = async (options: SandboxOptions = {}) => {
		sandbox = await startSandbox(options);
		const { clientId, clientSecret } = sandbox.credentials;
		const answer = await axios.post(
			`${sandbox.baseUrl}/user/oauth2/token/`,
			'grant_type=client_credentials',
			{ headers: { Authorization: basic(clientId, clientSecret) } },
		);
		token = (answer.data as { access_token: string }).access_token;
	};
	const api = (method: string, path: string, data?: unknown) =>
		axios.request({
			method,
			url: `${sandbox.baseUrl}${path}`,
			data,
			headers: {
				Authorization: `Bearer ${token}`,
				...(data ? { 'Content-Type': 'application/json' } : {}),
			},
			validateStatus: () => true,
		});
	const invoice = () => {
		const client = sandbox.seedClient({
			contacts: [{ contact_type: 'organization', name: 'Seed Co', addresses: [], email: null }],
		});
		return String(
			sandbox.seedDocument({
				document_type: 'invoice',
				client: `${sandbox.baseUrl}/api/partner/${sandbox.credentials.partnerMid}/client/${client.mid}/`,
				lineitems: [{ kind: 'simple', description: 'Item', price: '1000', tax_rate: '10' }],
			}).mid,
		);
	};
	const links = (mid: string) =>
		`/api/partner/${sandbox.credentials.partnerMid}/document/${mid}/pickup-link/`;

	afterEach(async () => await sandbox.close());

	test('listed like every list; made by a POST with an address, checked, or none', async () => {
		await start();
		const mid = invoice();
		expect((await api('GET', links(mid))).data).toMatchObject({ meta: { count: 0 }, response: [] });
		const made = await api('POST', links(mid), { email: 'sato@example.com' });
		expect(made.status).toBe(201);
		expect(made.data.response).toMatchObject({
			url: expect.stringMatching(/\/pickup\/[0-9a-f]+\/$/),
			email: 'sato@example.com',
			date_clicked: null,
		});
		expect((await api('POST', links(mid))).status).toBe(201);
		const bad = await api('POST', links(mid), { email: 'sato@' });
		expect([bad.status, bad.data.response]).toEqual([
			400,
			{ email: ['Enter a valid email address.'] },
		]);
		expect((await api('GET', links(mid))).data.response).toHaveLength(2);
		expect((await api('GET', links('999'))).status).toBe(404);
		await api('DELETE', `/api/partner/${sandbox.credentials.partnerMid}/document/${mid}/`);
		expect(sandbox.documents.pickupLinks.of(mid)).toEqual([]);
	});

	test('a control adds a link as MakeLeaps’ web app would', async () => {
		await start();
		const mid = invoice();
		const added = await axios.post(`${sandbox.baseUrl}/_sandbox/documents/${mid}/pickup-links`, {
			email: 'ito@example.com',
			date_clicked: '2026-11-02T01:00:00Z',
		});
		expect(added.status).toBe(201);
		expect((await api('GET', links(mid))).data.response).toEqual([added.data]);
	});

	test('pickupLinksReadOnly: a POST is answered 405; pickupLinkField names the address', async () => {
		await start({ pickupLinksReadOnly: true, pickupLinkField: 'pickup_url' });
		const mid = invoice();
		const refused = await api('POST', links(mid), { email: 'sato@example.com' });
		expect([refused.status, refused.headers.allow]).toEqual([405, 'GET, OPTIONS']);
		sandbox.documents.pickupLinks.add(mid);
		const [link] = (await api('GET', links(mid))).data.response as Array<Record<string, unknown>>;
		expect(link.pickup_url).toMatch(/\/pickup\//);
		expect(link).not.toHaveProperty('url');
	});
});
