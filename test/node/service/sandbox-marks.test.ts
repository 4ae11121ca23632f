/**
 * The sandbox's documents tell acceptances, views and cancellations as the reference suggests
 * (yes/no `accepted` and `viewed`, `date_cancelled`; dates under `markDates`), the list filters
 * by them, and other processes accept, view or cancel a document over `/_sandbox/`.
 */
import axios from 'axios';

import { startSandbox, type Sandbox } from '../../../sandbox/server';
import { basic } from '../support/bed';

describe('MakeLeaps sandbox: accepted, viewed, cancelled', () => {
	let sandbox: Sandbox;
	let list: (query?: string) => Promise<Array<Record<string, unknown>>>;
	let quote: string;

	beforeEach(async () => {
		sandbox = await startSandbox();
		const { clientId, clientSecret, partnerMid } = sandbox.credentials;
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
		const headers = { Authorization: `Bearer ${token.data.access_token}` };
		list = async (query = '') =>
			(
				await axios.get(`${sandbox.baseUrl}/api/partner/${partnerMid}/document/${query}`, {
					headers,
				})
			).data.response;
		const client = sandbox.seedClient({
			contacts: [{ contact_type: 'organization', name: 'Co', addresses: [], email: null }],
		});
		const made = sandbox.seedDocument({
			document_type: 'quote',
			client: `${sandbox.baseUrl}/api/partner/${partnerMid}/client/${client.mid}/`,
			lineitems: [{ kind: 'simple', description: 'Work', price: '1000', tax_rate: '10' }],
		});
		quote = String(made.mid);
	});
	afterEach(async () => await sandbox.close());

	test('yes/no accepted and viewed, date_cancelled; set over /_sandbox/ and filtered on', async () => {
		expect((await list())[0]).toMatchObject({
			accepted: false,
			viewed: false,
			date_cancelled: null,
		});
		const control = (mark: string, body = {}) =>
			axios.post(`${sandbox.baseUrl}/_sandbox/documents/${quote}/${mark}`, body);
		expect((await control('accepted')).status).toBe(204);
		expect((await control('cancelled', { at: '2026-11-20T10:00:00Z' })).status).toBe(204);
		expect((await list())[0]).toMatchObject({
			accepted: true,
			viewed: false,
			date_cancelled: '2026-11-20T10:00:00Z',
		});
		expect(await list('?accepted=true')).toHaveLength(1);
		expect(await list('?viewed=true')).toHaveLength(0);
		await control('accepted', { at: null });
		expect(await list('?accepted=true')).toHaveLength(0);
		await expect(control('approved')).rejects.toMatchObject({ response: { status: 404 } });
	});

	test('markDates: date_accepted and date_viewed instead of yes/no', async () => {
		sandbox.options.markDates = true;
		sandbox.mark(quote, 'viewed', '2026-11-21T09:00:00Z');
		const [listed] = await list();
		expect(listed).toMatchObject({ date_accepted: null, date_viewed: '2026-11-21T09:00:00Z' });
		expect(listed).not.toHaveProperty('accepted');
		expect(listed).not.toHaveProperty('viewed');
	});
});
