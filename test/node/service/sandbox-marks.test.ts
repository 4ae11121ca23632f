/**
 * The sandbox's documents carry exactly the status fields of the recorded list (2019): dates
 * null until set, `is_accepted`, `is_confirmed`, `is_converted` beside their dates, no viewed
 * field of any kind; the old guesses (`accepted` and `viewed`, or `date_accepted` and
 * `date_viewed`) under the `guessedMarks` switch. The list filters by them; other processes
 * accept, confirm, convert, view or cancel a document over `/_sandbox/`; a view opens the
 * document's pickup link, as the client opening its address does, which then gives `date_clicked`.
 */
import axios from 'axios';

import { startSandbox, type Sandbox } from '../../../sandbox/server';
import { basic } from '../support/bed';

describe('MakeLeaps sandbox: the recorded status marks', () => {
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

	const control = (mark: string, body = {}) =>
		axios.post(`${sandbox.baseUrl}/_sandbox/documents/${quote}/${mark}`, body);

	test('the recorded status fields, exactly; set over /_sandbox/ and filtered on', async () => {
		const STATUS = [
			'date_paid',
			'date_sent',
			'date_valid',
			'date_cancelled',
			'date_shipped',
			'date_removed',
			'date_accepted',
			'date_confirmed',
			'date_converted',
			'is_accepted',
			'is_confirmed',
			'is_converted',
			'approval_status',
		];
		const [listed] = await list();
		expect(Object.keys(listed).filter((key) => /^(date_|is_|approval)/.test(key))).toEqual([
			'date_due',
			...STATUS,
		]);
		for (const key of STATUS) expect(listed[key]).toBe(key.startsWith('is_') ? false : null);
		expect(listed).not.toHaveProperty('accepted');
		expect(listed).not.toHaveProperty('viewed');
		expect(listed).not.toHaveProperty('date_viewed');

		expect((await control('accepted')).status).toBe(204);
		expect((await control('confirmed', { at: '2026-11-19T10:00:00Z' })).status).toBe(204);
		expect((await control('converted', { at: '2026-11-21T10:00:00Z' })).status).toBe(204);
		expect((await control('cancelled', { at: '2026-11-20T10:00:00Z' })).status).toBe(204);
		expect((await list())[0]).toMatchObject({
			is_accepted: true,
			date_accepted: expect.any(String),
			is_confirmed: true,
			date_confirmed: '2026-11-19T10:00:00Z',
			is_converted: true,
			date_converted: '2026-11-21T10:00:00Z',
			date_cancelled: '2026-11-20T10:00:00Z',
		});
		expect(await list('?accepted=true')).toHaveLength(1);
		expect(await list('?confirmed=false')).toHaveLength(0);
		expect(await list('?viewed=true')).toHaveLength(0);
		await control('accepted', { at: null });
		expect(await list('?accepted=true')).toHaveLength(0);
		expect((await list())[0]).toMatchObject({ is_accepted: false, date_accepted: null });
		await expect(control('approved')).rejects.toMatchObject({ response: { status: 404 } });
	});

	test('guessedMarks: yesNo gives accepted and viewed, dates gives date_accepted and date_viewed, instead of is_accepted', async () => {
		sandbox.mark(quote, 'viewed', '2026-11-21T09:00:00Z');
		sandbox.options.guessedMarks = 'yesNo';
		const [yesNo] = await list();
		expect(yesNo).toMatchObject({ accepted: false, viewed: true, is_confirmed: false });
		expect(yesNo).not.toHaveProperty('is_accepted');
		expect(yesNo).not.toHaveProperty('date_accepted');
		sandbox.options.guessedMarks = 'dates';
		const [dates] = await list();
		expect(dates).toMatchObject({ date_accepted: null, date_viewed: '2026-11-21T09:00:00Z' });
		expect(dates).not.toHaveProperty('is_accepted');
		expect(dates).not.toHaveProperty('accepted');
		expect(dates).not.toHaveProperty('viewed');
	});

	test('a view opens the pickup link: date_clicked, the first opening kept; the address opened does the same', async () => {
		await control('viewed', { at: '2026-11-21T09:00:00Z' });
		const [made] = sandbox.documents.pickupLinks.of(quote);
		expect(made.date_clicked).toBe('2026-11-21T09:00:00Z');
		await control('viewed', { at: '2026-11-22T09:00:00Z' });
		expect(sandbox.documents.pickupLinks.of(quote)).toHaveLength(1);
		expect(made.date_clicked).toBe('2026-11-21T09:00:00Z');
		await control('viewed', { at: null });
		expect(made.date_clicked).toBeNull();

		const link = sandbox.documents.pickupLinks.add(quote, { email: 'ito@example.com' });
		const address = `${sandbox.baseUrl}/pickup/${link.token}/`;
		const opened = await axios.get(address, { responseType: 'arraybuffer' });
		expect(opened.headers['content-type']).toBe('application/pdf');
		expect(link.date_clicked).toEqual(expect.any(String));
		expect(made.date_clicked).toBeNull();
		await expect(axios.get(`${sandbox.baseUrl}/pickup/00/`)).rejects.toMatchObject({
			response: { status: 404 },
		});
	});
});
