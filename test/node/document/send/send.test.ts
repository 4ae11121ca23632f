/**
 * Sending documents through n8n's engine against the sandbox: the documented flow (order, item,
 * validation, execute), waits that end, orders that cannot go out, bad input refused before any
 * request, and sending orders read and cancelled. Documents of one client together:
 * send-together.test.ts; never twice: send-never-twice.test.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { useTestBed } from '../../support/bed';
import { byId } from '../../support/fixtures';
import { posts, seedInvoice, send } from './sending';

describe('Document: Send', () => {
	const bed = useTestBed({ sendingValidationMs: 300 });

	test("makes a sending order, attaches the document, waits until it is ready, executes it once; to the contact's e-mail by default", async () => {
		const invoice = seedInvoice(bed);
		const result = await bed.run(send(String(invoice.mid)));
		expect(result.error).toBeUndefined();
		expect(result.output[0].json).toMatchObject({
			document_mid: invoice.mid,
			document_number: 'INV-C-1',
			sent: true,
			sending_order: { to_emails: ['sato@example.com'] },
		});
		// as MakeLeaps answered the send: no read after it
		expect(result.output[0].json.sending_order).toMatchObject({ status: 'sent' });
		expect(bed.sandbox.deliveries).toEqual([
			expect.objectContaining({
				channels: ['securesend'],
				to_emails: ['sato@example.com'],
				documentMids: [invoice.mid],
			}),
		]);
		const calls = bed.sandbox
			.received('/api/')
			.map((r) => `${r.method} ${r.path.split('/').slice(4).join('/')}`);
		const order = bed.sandbox.sendingOrdersOf()[0];
		// 5 requests: the contact comes inline with the document (expand), and validation takes
		// less than the first wait, so the one read of the client's orders, made once this order
		// exists, shows both that no other order carried the document and that this one is ready
		expect(calls).toEqual([
			`GET document/${invoice.mid}/`,
			'POST sending/order/',
			`POST sending/order/${order.mid}/item/`,
			'GET sending/order/',
			`POST sending/order/${order.mid}/send/`,
		]);
		expect(order).toMatchObject({ subject: 'Your invoice', securesend_selected: true });
		expect(bed.sandbox.documentsOf()[0].date_sent).not.toBeNull();
	});

	test('running the workflow again sends nothing: the document is already sent; Send Even If Already Sent sends it again', async () => {
		const invoice = seedInvoice(bed);
		await bed.run(send(String(invoice.mid), { toEmails: 'a@example.com, b@example.com' }));
		bed.sandbox.resetRequests();
		const again = await bed.run(send(String(invoice.mid)));
		expect(again.output[0].json).toMatchObject({ sent: false, skipped: 'already sent' });
		expect(bed.sandbox.received('/api/').map((r) => r.method)).toEqual(['GET']);
		const forced = await bed.run(
			send(String(invoice.mid), { toEmails: 'a@example.com', options: { force: true } }),
		);
		expect(forced.output[0].json).toMatchObject({ sent: true });
		expect(bed.sandbox.deliveries.map((d) => d.to_emails)).toEqual([
			['a@example.com', 'b@example.com'],
			['a@example.com'],
		]);
	});

	test("a document addressed to the client's company (no e-mail address) goes to the client's person", async () => {
		const invoice = seedInvoice(bed, 'C-1', { client_contact: undefined });
		const result = await bed.run(send(String(invoice.mid)));
		expect(result.output[0].json).toMatchObject({
			sent: true,
			sending_order: { to_emails: ['sato@example.com'] },
		});
	});

	test('two executions sending the same document at once send it once', async () => {
		const invoice = seedInvoice(bed);
		const [first, second] = await Promise.all([
			bed.run(send(String(invoice.mid))),
			bed.run(send(String(invoice.mid))),
		]);
		const outcomes = [first, second].map((r) => r.output[0].json.sent).sort();
		expect(outcomes).toEqual([false, true]);
		expect(bed.sandbox.deliveries).toHaveLength(1);
	});

	test("to the client's inbox; card payment; no recipients needed without Secure Send", async () => {
		const invoice = seedInvoice(bed);
		const result = await bed.run(
			send(String(invoice.mid), {
				channels: ['clientInbox'],
				options: { cardPayments: true },
			}),
		);
		expect(result.output[0].json).toMatchObject({ sent: true });
		expect(bed.sandbox.sendingOrdersOf()[0]).toMatchObject({
			send_to_clientinbox_selected: true,
			securesend_selected: false,
			enable_cc_payments: true,
			to_emails: [],
		});
	});
});

describe('Document: Send when MakeLeaps does not get the order ready', () => {
	const bed = useTestBed({ sendingValidationMs: 60_000 });

	test('not ready within the wait: a clear error, nothing sent, the order left unsent', async () => {
		const invoice = seedInvoice(bed);
		const result = await bed.run(send(String(invoice.mid), { options: { waitSeconds: 2 } }), [{}], {
			onError: 'continueRegularOutput',
		});
		// looks 0.5 s, then 1 s, 2 s… apart, within the 2 s: a few reads, never a stream of them
		const looks = bed.sandbox
			.received('/api/')
			.filter((r) => r.method === 'GET' && /\/sending\/order\/\d+\/$/.test(r.path));
		expect(looks.length).toBeGreaterThanOrEqual(1);
		expect(looks.length).toBeLessThanOrEqual(4);
		expect(result.output[0].json.error).toMatch(
			/^MakeLeaps did not report the sending order \d+ ready to send within 2 seconds \(status: validating; ready_to_order: false\) \[item 0, row 1\]$/,
		);
		expect(posts(bed, '/send/')).toHaveLength(0);
		expect(bed.sandbox.deliveries).toHaveLength(0);
		expect(bed.sandbox.documentsOf()[0].date_sent).toBeNull();
	});
});

describe('Document: Send when the order cannot go out', () => {
	const bed = useTestBed({ sendingValidationMs: 100 });

	test('an address MakeLeaps cannot deliver to: the error says what MakeLeaps reported', async () => {
		const invoice = seedInvoice(bed);
		const result = await bed.run(
			send(String(invoice.mid), {
				toEmails: 'ito@undeliverable.example',
				options: { waitSeconds: 2 },
			}),
		);
		expect(result.error?.message).toContain(
			'(status: draft; problems: ["Secure Send cannot deliver to ito@undeliverable.example."]; ready_to_order: false)',
		);
		expect(posts(bed, '/send/')).toHaveLength(0);
	});

	test('post to a client without a postal address: MakeLeaps says so', async () => {
		const invoice = seedInvoice(bed);
		const result = await bed.run(
			send(String(invoice.mid), { channels: ['post'], options: { waitSeconds: 1 } }),
		);
		expect(result.error?.message).toContain(
			'Send by post needs a postal address of the recipient.',
		);
		expect(result.error?.message).toMatch(/ready to send within 1 second \(/);
	});
});

describe('Document: Send refuses bad input before any request', () => {
	const bed = useTestBed();

	test.each([
		['no way to send', { channels: [] }, /Send By/],
		['an unknown channel', { channels: ['fax'] }, /^Send By must be one or more of/],
		[
			'a malformed recipient',
			{ toEmails: 'sato@example.com, ito@' },
			/^Recipients "ito@" is not a valid e-mail address/,
		],
		[
			'no wait',
			{ options: { waitSeconds: 0 } },
			/^Validation Wait \(Seconds\) must be a whole number of 1 or more/,
		],
		[
			'a wait over ten minutes',
			{ options: { waitSeconds: 601 } },
			/^Validation Wait \(Seconds\) must be at most 600/,
		],
	])('%s', async (_name, extra, message) => {
		const result = await bed.run(send('1734479364000000001', extra as INodeParameters));
		expect(result.error?.message).toMatch(message);
		expect(bed.sandbox.received('/api/')).toHaveLength(0);
	});

	test('Secure Send without recipients when no contact of the client has an e-mail address', async () => {
		const clientMid = bed.sandbox.seedClient({
			client_external_id: 'C-9',
			contacts: [{ contact_type: 'organization', name: 'No Mail Co', addresses: [], email: null }],
		}).mid;
		const invoice = bed.sandbox.seedDocument({
			document_type: 'invoice',
			client: `${bed.sandbox.baseUrl}/api/partner/${bed.sandbox.credentials.partnerMid}/client/${clientMid}/`,
			lineitems: [{ kind: 'simple', description: 'Design', price: '50000', tax_rate: '10' }],
		});
		const result = await bed.run(send(String(invoice.mid)));
		expect(result.error?.message).toBe(
			'Recipients is empty and no contact of the client has an e-mail address [item 0, row 1]',
		);
		expect(posts(bed, '/')).toHaveLength(0);
	});
});

describe('Sending Order: Get, Get Many, Cancel', () => {
	const bed = useTestBed({ sendingValidationMs: 50 });

	test('an order by post alone can be called back; one by e-mail cannot, and MakeLeaps says why', async () => {
		const byPost = seedInvoice(bed, 'C-1');
		const byMail = seedInvoice(bed, 'C-2');
		const client = bed.sandbox
			.partner()
			.clients.get(bed.sandbox.clients().find((c) => c.client_external_id === 'C-1')!.mid)!;
		bed.sandbox
			.partner()
			.contacts.get(client.contactMids[0])!
			.addresses.push({
				address_format: 'jp_default',
				country: 'JP',
				postal_code: '150-0001',
				region: 'Tokyo',
				locality: 'Shibuya-ku',
				street_address: '1-2-3 Jingumae',
				extended_address: '',
			} as never);
		await bed.run(send(String(byPost.mid), { channels: ['post'] }));
		await bed.run(send(String(byMail.mid)));
		const [postOrder, mailOrder] = bed.sandbox.sendingOrdersOf();

		const many = await bed.run({ resource: 'sendingOrder', operation: 'getAll', returnAll: true });
		expect(many.output.map((i) => i.json.mid)).toEqual([postOrder.mid, mailOrder.mid]);
		const one = await bed.run({
			resource: 'sendingOrder',
			operation: 'get',
			sendingOrder: { __rl: true, mode: 'url', value: postOrder.url },
		});
		expect(one.output[0].json).toMatchObject({ mid: postOrder.mid, status: 'sent' });

		const cancelled = await bed.run({
			resource: 'sendingOrder',
			operation: 'cancel',
			sendingOrder: byId(postOrder.mid),
		});
		expect(cancelled.output[0].json).toMatchObject({ status: 'cancelled' });
		const refused = await bed.run({
			resource: 'sendingOrder',
			operation: 'cancel',
			sendingOrder: byId(mailOrder.mid),
		});
		expect(refused.error?.message).toBe(
			'MakeLeaps refused the data: This sending order can no longer be cancelled. [item 0, row 1]',
		);
	});
});
