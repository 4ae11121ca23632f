/**
 * The sandbox's document fields: what it stores and answers (a quote's `date_valid`, a line's
 * `has_jp_withholding_tax` and `is_tax_inclusive`, the withholding tax it computes), and what it
 * does with a field it does not know: ignored by default, as Django REST Framework does, refused
 * with a 400 naming the field under `refuseUnknownFields`, on the document and on each line.
 */
import axios from 'axios';

import { startSandbox, type Sandbox, type SandboxOptions } from '../../../sandbox/server';
import { basic } from '../support/bed';

/** A sandbox with `options`, and a caller of its API with a token of its partner. */
async function sandboxWith(options: SandboxOptions) {
	const sandbox = await startSandbox(options);
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
	const call = (method: string, path: string, data?: unknown) =>
		axios.request({
			method,
			url: `${sandbox.baseUrl}/api/partner/${partnerMid}/${path}`,
			data,
			headers: { Authorization: `Bearer ${token.data.access_token as string}` },
			validateStatus: () => true,
		});
	const client = sandbox.seedClient({
		contacts: [{ contact_type: 'organization', name: 'Client Co' }],
	});
	const clientUrl = `${sandbox.baseUrl}/api/partner/${partnerMid}/client/${client.mid}/`;
	return { sandbox, call, clientUrl };
}

const line = { kind: 'simple', description: 'Design', price: '100000', tax_rate: '10' };

describe("The sandbox's document fields", () => {
	let sandbox: Sandbox | undefined;
	afterEach(async () => await sandbox?.close());

	test('a quote stores date_valid; a line stores its withholding and tax-inclusive flags; the withholding tax is computed', async () => {
		const world = await sandboxWith({});
		sandbox = world.sandbox;
		const made = await world.call('POST', 'document/', {
			document_type: 'quote',
			client: world.clientUrl,
			date_valid: '2026-12-31',
			lineitems: [
				{ ...line, has_jp_withholding_tax: 'true' },
				{ ...line, is_tax_inclusive: 1 },
			],
			autocalculate: true,
		});
		expect(made.status).toBe(201);
		expect(made.data.response).toMatchObject({
			date_valid: '2026-12-31',
			subtotal_withholding_tax: '100000',
			jp_withholding_tax: '10210',
			lineitems: [
				expect.objectContaining({ has_jp_withholding_tax: true, is_tax_inclusive: false }),
				expect.objectContaining({ has_jp_withholding_tax: false, is_tax_inclusive: true }),
			],
		});
		const refused = await world.call('PATCH', `document/${made.data.response.mid as string}/`, {
			date_valid: '31/12/2026',
			lineitems: [{ ...line, has_jp_withholding_tax: 'maybe' }],
		});
		expect(refused.status).toBe(400);
		expect(refused.data.response).toEqual({
			date_valid: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
			lineitems: [{ has_jp_withholding_tax: ['Must be a valid boolean.'] }],
		});
	});

	test('by default a field it does not know is ignored, as DRF does: stored nowhere, answered nowhere', async () => {
		const world = await sandboxWith({});
		sandbox = world.sandbox;
		const made = await world.call('POST', 'document/', {
			document_type: 'invoice',
			client: world.clientUrl,
			proviso: 'お品代として',
			lineitems: [{ ...line, vendor_cost: '9' }],
		});
		expect(made.status).toBe(201);
		expect(made.data.response).not.toHaveProperty('proviso');
		expect(made.data.response.lineitems[0]).not.toHaveProperty('vendor_cost');
	});

	test('with refuseUnknownFields, a create or a change naming one is answered 400 naming it, on the document and per line, and stores nothing', async () => {
		const world = await sandboxWith({ refuseUnknownFields: true });
		sandbox = world.sandbox;
		const refused = await world.call('POST', 'document/', {
			document_type: 'invoice',
			client: world.clientUrl,
			proviso: 'お品代として',
			lineitems: [line, { ...line, vendor_cost: '9' }],
		});
		expect(refused.status).toBe(400);
		expect(refused.data.response).toEqual({
			proviso: ['Unknown field.'],
			lineitems: [{}, { vendor_cost: ['Unknown field.'] }],
		});
		expect(world.sandbox.documentsOf()).toEqual([]);
		// what it answers, sent back, is known: a strict serializer ignores its read-only fields
		const made = await world.call('POST', 'document/', {
			document_type: 'invoice',
			client: world.clientUrl,
			lineitems: [line],
		});
		expect(made.status).toBe(201);
		const { mid, ...answered } = made.data.response as Record<string, unknown>;
		const back = await world.call('PATCH', `document/${String(mid)}/`, {
			...answered,
			lineitems: [line],
			project_name: 'Renewal',
		});
		expect(back.status).toBe(200);
		const unknown = await world.call('PATCH', `document/${String(mid)}/`, { proviso: 'x' });
		expect([unknown.status, unknown.data.response]).toEqual([400, { proviso: ['Unknown field.'] }]);
		expect(world.sandbox.documentsOf()[0].project_name).toBe('Renewal');
	});
});
