import axios from 'axios';

import { startSandbox, type Sandbox } from '../../../sandbox/server';
import { basic } from '../support/bed';

/**
 * An account of realistic size for the scale tests and bench: 2,000 clients of 10 invoices made in
 * process in seconds, and the document filters a lookup narrows by honoured (or, by switch, not).
 */
describe('MakeLeaps sandbox at size', () => {
	let sandbox: Sandbox;

	afterEach(async () => await sandbox.close());

	const list = async (query: string) => {
		const { clientId, clientSecret } = sandbox.credentials;
		const token = await axios.post(
			`${sandbox.baseUrl}/user/oauth2/token/`,
			'grant_type=client_credentials',
			{
				headers: {
					Authorization: basic(clientId, clientSecret),
					'Content-Type': 'application/x-www-form-urlencoded',
				},
			},
		);
		const answer = await axios.get(
			`${sandbox.baseUrl}/api/partner/${sandbox.credentials.partnerMid}/document/?${query}`,
			{ headers: { Authorization: `Bearer ${token.data.access_token}` } },
		);
		return answer.data as { meta: { count: number }; response: Array<Record<string, unknown>> };
	};

	test('2,000 clients of 10 invoices each are seeded; the filters narrow the list', async () => {
		sandbox = await startSandbox({ pageSize: 100 });
		sandbox.seedAccount(2000, 10);
		expect(sandbox.clients()).toHaveLength(2000);
		expect(sandbox.documentsOf()).toHaveLength(20_000);
		const client = sandbox.clients().find((c) => c.client_external_id === 'C-1234')!;
		const ofClient = await list(`document_type=invoice&client=${String(client.mid)}`);
		expect(ofClient.response.map((d) => d.external_id)).toEqual(
			Array.from({ length: 10 }, (_, k) => `E-1234-${k + 1}`),
		);
		const numbered = await list('document_type=invoice&document_number=12345');
		expect(numbered.response.map((d) => d.document_number)).toEqual(['12345']);
	}, 60_000);

	test('the ignoreFilters switch: a service that ignores document_number and client', async () => {
		sandbox = await startSandbox({ pageSize: 100, ignoreFilters: ['document_number', 'client'] });
		sandbox.seedAccount(20, 10);
		const client = sandbox.clients()[3];
		const query = `document_type=invoice&document_number=0007&client=${String(client.mid)}`;
		const all = await list(query);
		expect(all.response).toHaveLength(100);
		expect(all.meta.count).toBe(200);
	});
});
