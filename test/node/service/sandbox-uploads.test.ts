/**
 * The sandbox takes a sending order's file as MakeLeaps was recorded to (makeleaps-evidence.md,
 * source R7): `upload_url` under the API, the Bearer token, a PUT of a multipart form with the file
 * in `content_file`; a raw body is answered `{"content_file": ["No file was submitted"]}` in the
 * envelope, a POST 405. The `uploadToStorage` switch plays the first guess instead: a signed
 * storage address outside the Base URL taking the bytes alone, without a token. The forms here
 * are made by Node's own fetch, not by the node.
 */
import axios from 'axios';

import { startSandbox, type SandboxOptions } from '../../../sandbox/server';
import { basic } from '../support/bed';

const pdf = Buffer.from('%PDF-1.4\n% terms\n%%EOF\n', 'latin1');
const name = '利用規約 2026.pdf';

/** A sandbox with an order to a client, holding a document and a file item; its upload_url. */
async function withFileItem(options: SandboxOptions = {}) {
	const sandbox = await startSandbox(options);
	const { clientId, clientSecret, partnerMid } = sandbox.credentials;
	const issued = await axios.post(
		`${sandbox.baseUrl}/user/oauth2/token/`,
		'grant_type=client_credentials',
		{
			headers: {
				Authorization: basic(clientId, clientSecret),
				'Content-Type': 'application/x-www-form-urlencoded',
			},
		},
	);
	const bearer = `Bearer ${issued.data.access_token as string}`;
	const json = async (url: string, body: unknown) =>
		await axios.post(url, body, { headers: { Authorization: bearer } });
	const client = sandbox.seedClient({
		client_external_id: 'UP-1',
		contacts: [{ contact_type: 'organization', name: 'Upload Co', addresses: [], email: null }],
	});
	const clientUrl = `${sandbox.baseUrl}/api/partner/${partnerMid}/client/${client.mid}/`;
	const document = sandbox.seedDocument({
		document_type: 'invoice',
		client: clientUrl,
		lineitems: [{ kind: 'simple', description: 'Work', price: '1000', tax_rate: '10' }],
	});
	const order = (
		await json(`${sandbox.baseUrl}/api/partner/${partnerMid}/sending/order/`, {
			recipient_organization: clientUrl,
			send_to_clientinbox_selected: true,
		})
	).data.response;
	await json(order.items_url, { position: 0, document: document.url });
	const item = (await json(order.items_url, { position: 1, filename: name })).data.response;
	const stored = () => [...sandbox.sending.orders.values()][0].items[1];
	return { sandbox, bearer, uploadUrl: String(item.upload_url), stored };
}

/** A form with `field` holding the PDF under `name`, as fetch makes it. */
function form(field = 'content_file', bytes = pdf) {
	const body = new FormData();
	body.append(field, new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
	return body;
}

const put = async (
	url: string,
	body: Buffer | FormData,
	headers: Record<string, string> = {},
	method = 'PUT',
) => {
	const sent = Buffer.isBuffer(body) ? new Uint8Array(body) : body;
	const answer = await fetch(url, { method, body: sent, headers });
	const text = await answer.text();
	return { status: answer.status, body: text.startsWith('{') ? JSON.parse(text) : text };
};
const noFile = { meta: { status: 400 }, response: { content_file: ['No file was submitted'] } };

describe('Sandbox: a file item takes its file as MakeLeaps does (the default)', () => {
	let bed: Awaited<ReturnType<typeof withFileItem>>;
	beforeEach(async () => {
		bed = await withFileItem();
	});
	afterEach(async () => await bed.sandbox.close());

	test('upload_url is under the API; without the token 401; the raw bytes (either type) and a form without content_file answer the recorded field error; a POST 405', async () => {
		const { sandbox, bearer, uploadUrl, stored } = bed;
		expect(uploadUrl).toMatch(
			new RegExp(`^${sandbox.baseUrl}/api/partner/\\d+/sending/order/\\d+/item/\\d+/upload/$`),
		);
		expect((await put(uploadUrl, form())).status).toBe(401);
		const auth = { Authorization: bearer };
		const raw = (type: string) => put(uploadUrl, pdf, { ...auth, 'Content-Type': type });
		expect(await raw('application/pdf')).toEqual({ status: 400, body: noFile });
		// R7's first attempt: the raw file called a form, without a boundary
		expect(await raw('multipart/form-data')).toEqual({ status: 400, body: noFile });
		expect(await put(uploadUrl, form('file'), auth)).toEqual({ status: 400, body: noFile });
		expect((await put(uploadUrl, form(), auth, 'POST')).status).toBe(405);
		const empty = await put(uploadUrl, form('content_file', Buffer.alloc(0)), auth);
		expect(empty.body.response).toEqual({ content_file: ['The submitted file is empty.'] });
		expect(stored().bytes).toBeNull();
		expect(sandbox.sendingOrdersOf()[0].items[1]).toMatchObject({ uploaded: false });
	});

	test('a form with the file in content_file: 200 in the envelope; the bytes, the name (Japanese) and the type are kept; the order stops waiting for it', async () => {
		const { sandbox, bearer, uploadUrl, stored } = bed;
		const answer = await put(uploadUrl, form(), { Authorization: bearer });
		expect(answer).toEqual({
			status: 200,
			body: {
				meta: { status: 200 },
				response: { mid: stored().mid, filename: name, uploaded: true },
			},
		});
		expect(stored()).toMatchObject({
			bytes: pdf,
			uploadedName: name,
			uploadedType: 'application/pdf',
		});
		const [order] = sandbox.sendingOrdersOf();
		expect(order.items[1]).toMatchObject({ filename: name, uploaded: true });
	});
});

describe('Sandbox with uploadToStorage: a signed storage address outside the Base URL', () => {
	let bed: Awaited<ReturnType<typeof withFileItem>>;
	beforeEach(async () => {
		bed = await withFileItem({ uploadToStorage: true });
	});
	afterEach(async () => await bed.sandbox.close());

	test('upload_url is on another port, signed; it takes the bytes alone, refuses a token, a wrong signature and a form; nothing else answers there', async () => {
		const { sandbox, bearer, uploadUrl, stored } = bed;
		expect(sandbox.storageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		expect(sandbox.storageUrl).not.toBe(sandbox.baseUrl);
		expect(uploadUrl).toMatch(
			new RegExp(`^${sandbox.storageUrl}/_storage/upload/\\d+/\\d+\\?signature=[0-9a-f]{64}$`),
		);
		const type = { 'Content-Type': 'application/pdf' };
		const disposition = {
			'Content-Disposition': `attachment; filename="x.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
		};
		expect((await put(uploadUrl, pdf, { ...type, Authorization: bearer })).status).toBe(400);
		expect((await put(uploadUrl.replace(/signature=\w+/, 'signature=0'), pdf, type)).status).toBe(
			403,
		);
		expect((await put(uploadUrl, form())).status).toBe(415);
		expect(stored().bytes).toBeNull();
		expect((await put(uploadUrl, pdf, { ...type, ...disposition })).status).toBe(200);
		expect(stored()).toMatchObject({
			bytes: pdf,
			uploadedName: name,
			uploadedType: 'application/pdf',
		});
		const seen = sandbox.received('/_storage/upload/');
		expect(seen.map((r) => r.status)).toEqual([400, 403, 415, 200]);
		// the storage address answers its uploads alone; the API does not take them
		const path = new URL(uploadUrl).pathname + new URL(uploadUrl).search;
		expect((await put(`${sandbox.baseUrl}${path}`, pdf, type)).status).toBe(404);
		const partners = await fetch(`${sandbox.storageUrl}/api/partner/`, {
			headers: { Authorization: bearer },
		});
		expect(partners.status).toBe(404);
	});
});
