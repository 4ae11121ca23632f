/**
 * Sending documents through n8n's engine against the sandbox: the documented flow (order, item,
 * validation, execute), never twice (already sent, lost answers, parallel runs), waits that end,
 * links that never leave the Base URL, and sending orders read and cancelled.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useTestBed, type TestBed } from '../bed';
import { secondApiKey, seedClient, seedInvoicesOf } from '../fixtures';
import { startTrap, type Trap } from '../trap';

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

let trap: Trap;
beforeAll(async () => {
	trap = await startTrap();
});
afterAll(async () => await trap.close());

/** An invoice for a new client, addressed to the client's person contact (sato@example.com). */
function seedInvoice(bed: TestBed, externalId = 'C-1', extra: Record<string, unknown> = {}) {
	const clientMid = seedClient(bed, externalId);
	const client = bed.sandbox.clients().find((c) => c.mid === clientMid)!;
	return bed.sandbox.seedDocument({
		document_type: 'invoice',
		document_number: `INV-${externalId}`,
		client: client.url,
		client_contact: (client.contacts[1] as { url: string }).url,
		lineitems: [{ kind: 'simple', description: 'Design', price: '50000', tax_rate: '10' }],
		autocalculate: true,
		...extra,
	});
}

const send = (documentMid: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'document',
	operation: 'send',
	document: byId(documentMid),
	subject: 'Your invoice',
	message: 'Thank you for your business.',
	...extra,
});

const posts = (bed: TestBed, suffix: string) =>
	bed.sandbox.received('/api/').filter((r) => r.method === 'POST' && r.path.endsWith(suffix));

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

/** Send for every input item's `mid`. */
const sendEach = (extra: INodeParameters = {}) => send('={{ $json.mid }}', extra);
const items = (documents: Array<{ mid: unknown }>) =>
	documents.map((d) => ({ mid: String(d.mid) }));

describe('Document: Send, documents of one client together', () => {
	const bed = useTestBed({ sendingValidationMs: 300 });

	test('three invoices of one client: one sending order, one e-mail, 7 requests; each item says sent; run again, nothing is sent', async () => {
		const invoices = seedInvoicesOf(bed, 'C-1', 3);
		const result = await bed.run(sendEach(), items(invoices));
		expect(result.error).toBeUndefined();
		const [order] = bed.sandbox.sendingOrdersOf();
		expect(result.output.map((item) => [item.json.document_number, item.json.sent])).toEqual([
			['INV-C-1-1', true],
			['INV-C-1-2', true],
			['INV-C-1-3', true],
		]);
		expect(result.output.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		for (const item of result.output)
			expect(item.json.sending_order).toMatchObject({ mid: order.mid });
		expect(bed.sandbox.deliveries).toEqual([
			expect.objectContaining({
				to_emails: ['sato@example.com'],
				documentMids: invoices.map((d) => d.mid),
			}),
		]);
		// the unsent documents with their contacts in one list, then the order, 3 items, the
		// client's orders (none carried them; this one is ready), the send
		expect(
			bed.sandbox
				.received('/api/')
				.map((r) => `${r.method} ${r.path.split('/').pop() || r.path.split('/').slice(-2)[0]}`),
		).toEqual([
			'GET document',
			'POST order',
			'POST item',
			'POST item',
			'POST item',
			'GET order',
			'POST send',
		]);

		bed.sandbox.resetRequests();
		const again = await bed.run(sendEach(), items(invoices));
		expect(again.output.map((item) => item.json.skipped)).toEqual([
			'already sent',
			'already sent',
			'already sent',
		]);
		expect(bed.sandbox.received('/api/').filter((r) => r.method === 'POST')).toEqual([]);
		expect(bed.sandbox.deliveries).toHaveLength(1);
	});

	test('three invoices of three clients, each to a contact with an e-mail address: 13 requests, 4 per invoice and one read of the unsent ones', async () => {
		const invoices = ['C-1', 'C-2', 'C-3'].map((client) => seedInvoice(bed, client));
		const result = await bed.run(sendEach(), items(invoices));
		expect(result.output.map((item) => item.json.sent)).toEqual([true, true, true]);
		expect(bed.sandbox.deliveries).toHaveLength(3);
		const shapes = bed.sandbox
			.received('/api/')
			.map(
				(r) =>
					`${r.method} ${r.path.replace(/^\/api\/partner\/\d+\//, '').replace(/\d+/g, ':mid')}`,
			);
		// every order made and filled, then checked, then sent
		expect(shapes).toEqual([
			'GET document/',
			...Array(3).fill(['POST sending/order/', 'POST sending/order/:mid/item/']).flat(),
			...Array(3).fill('GET sending/order/'),
			...Array(3).fill('POST sending/order/:mid/send/'),
		]);
	});

	test.each([
		["found together in the partner's contact list", undefined, { partner: 1, client: 0 }],
		['read client by client when that list is refused', 403, { partner: 1, client: 3 }],
	])(
		'three invoices of three clients addressed to the companies (no e-mail address): their persons are %s',
		async (_name, refused, reads) => {
			// the client's default contact: its company
			const invoices = ['C-1', 'C-2', 'C-3'].map((client) =>
				seedInvoice(bed, client, { client_contact: undefined }),
			);
			if (refused)
				bed.sandbox.injectFault(
					{ kind: 'status', status: refused },
					{ path: /\/partner\/\d+\/contact\/$/ },
				);
			bed.sandbox.resetRequests();
			const result = await bed.run(sendEach(), items(invoices));
			expect(result.output.map((item) => item.json.sent)).toEqual([true, true, true]);
			expect(bed.sandbox.deliveries.map((d) => d.to_emails)).toEqual(
				Array(3).fill(['sato@example.com']),
			);
			const api = bed.sandbox.received('/api/');
			expect({
				partner: api.filter((r) => /\/partner\/\d+\/contact\/$/.test(r.path)).length,
				client: api.filter((r) => /\/client\/\d+\/contact\/$/.test(r.path)).length,
			}).toEqual(reads);
		},
	);

	test('Documents Per Sending Order 2: three invoices go in two orders; 1: one each', async () => {
		const invoices = seedInvoicesOf(bed, 'C-1', 3);
		await bed.run(sendEach({ options: { perOrder: 2 } }), items(invoices));
		expect(bed.sandbox.deliveries.map((d) => d.documentMids)).toEqual([
			[invoices[0].mid, invoices[1].mid],
			[invoices[2].mid],
		]);
		const more = seedInvoicesOf(bed, 'C-2', 2);
		await bed.run(sendEach({ options: { perOrder: 1 } }), items(more));
		expect(bed.sandbox.deliveries.slice(2).map((d) => d.documentMids)).toEqual([
			[more[0].mid],
			[more[1].mid],
		]);
	});

	test('two clients, items interleaved: an order per client, outputs in input order; another subject, another order', async () => {
		const [a1, a2] = seedInvoicesOf(bed, 'C-A', 2);
		const [b1] = seedInvoicesOf(bed, 'C-B', 1);
		const input = [a1, b1, a2].map((d) => ({ mid: d.mid, subject: 'Invoice' }));
		const result = await bed.run(sendEach({ subject: '={{ $json.subject }}' }), input);
		expect(result.output.map((item) => item.json.document_number)).toEqual([
			'INV-C-A-1',
			'INV-C-B-1',
			'INV-C-A-2',
		]);
		expect(bed.sandbox.deliveries.map((d) => d.documentMids)).toEqual([[a1.mid, a2.mid], [b1.mid]]);
		const [a3, a4] = seedInvoicesOf(bed, 'C-C', 2);
		const subjects = [
			{ mid: a3.mid, subject: 'Invoice 3' },
			{ mid: a4.mid, subject: 'Invoice 4' },
		];
		await bed.run(sendEach({ subject: '={{ $json.subject }}' }), subjects);
		expect(bed.sandbox.deliveries.slice(2).map((d) => d.documentMids)).toEqual([
			[a3.mid],
			[a4.mid],
		]);
	});

	test('the same document twice in one run is sent once: the second item finds the first send', async () => {
		const [invoice] = seedInvoicesOf(bed, 'C-1', 1);
		const result = await bed.run(sendEach(), items([invoice, invoice]));
		expect(result.output.map((item) => [item.json.sent, item.json.skipped])).toEqual([
			[true, undefined],
			[false, 'already sent'],
		]);
		expect(bed.sandbox.deliveries).toHaveLength(1);
	});

	test('MakeLeaps refuses to add one document: that item fails, the others of the order go out', async () => {
		const invoices = seedInvoicesOf(bed, 'C-1', 3);
		// the first document is added; then MakeLeaps refuses the next one
		const addItem = { method: 'POST', path: /\/item\/$/ };
		bed.sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => {
					bed.sandbox.injectFault(
						{
							kind: 'status',
							status: 400,
							body: JSON.stringify({ document: ['This document cannot be sent.'] }),
							contentType: 'application/json',
						},
						addItem,
					);
					return body;
				},
			},
			addItem,
		);
		const result = await bed.run(sendEach(), items(invoices), { onError: 'continueRegularOutput' });
		expect(result.output.map((item) => item.json.sent ?? item.json.error)).toEqual([
			true,
			expect.stringMatching(/This document cannot be sent/),
			true,
		]);
		expect(bed.sandbox.deliveries.map((d) => d.documentMids)).toEqual([
			[invoices[0].mid, invoices[2].mid],
		]);
	});

	test('the answer to adding a document is lost: it may be in the order, so that order is deleted unsent; the others go in a new one, that item fails with nothing sent', async () => {
		const invoices = seedInvoicesOf(bed, 'C-1', 3);
		const addItem = { method: 'POST', path: /\/item\/$/ };
		bed.sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => {
					bed.sandbox.injectFault({ kind: 'resetAfter' }, addItem);
					return body;
				},
			},
			addItem,
		);
		const result = await bed.run(sendEach(), items(invoices), { onError: 'continueRegularOutput' });
		expect(result.output.map((item) => item.json.sent)).toEqual([true, undefined, true]);
		expect(result.output[1].error?.description).toMatch(/^Nothing was sent/);
		expect(bed.sandbox.received('/api/').filter((r) => r.method === 'DELETE')).toHaveLength(1);
		expect(bed.sandbox.deliveries.map((d) => d.documentMids)).toEqual([
			[invoices[0].mid, invoices[2].mid],
		]);
		expect(bed.sandbox.sendingOrdersOf()).toHaveLength(1);
	});

	test.each([
		['the order', /\/sending\/order\/\d+\/$/],
		["the client's orders", /\/sending\/order\/$/],
	])(
		'the ready order carries a document the node did not add (as %s shows it): it is not sent',
		async (_name, path) => {
			const invoices = seedInvoicesOf(bed, 'C-1', 2);
			const stray = { document: `${bed.sandbox.baseUrl}/api/partner/1/document/999/` };
			const withStray = (order: { items: unknown[] }) => ({
				...order,
				items: [...order.items, stray],
			});
			bed.sandbox.injectFault(
				{
					kind: 'rewriteAfter',
					change: (body) => {
						const answer = body.response as { items: unknown[] } | Array<{ items: unknown[] }>;
						return {
							...body,
							response: Array.isArray(answer) ? answer.map(withStray) : withStray(answer),
						};
					},
				},
				{ method: 'GET', path },
			);
			// the order as read by itself: the client's orders then show it without its readiness
			if (path.source.includes('d+'))
				bed.sandbox.injectFault(
					{
						kind: 'rewriteAfter',
						change: (body) => ({
							...body,
							response: (body.response as IDataObject[]).map(withoutReadiness),
						}),
					},
					{ method: 'GET', path: /\/sending\/order\/$/ },
				);
			const result = await bed.run(sendEach(), items(invoices), {
				onError: 'continueRegularOutput',
			});
			expect(result.output.map((item) => item.json.error)).toEqual([
				expect.stringMatching(/carries other documents than the node added/),
				expect.stringMatching(/carries other documents than the node added/),
			]);
			expect(posts(bed, '/send/')).toHaveLength(0);
			expect(bed.sandbox.deliveries).toEqual([]);
		},
	);

	test('without Continue On Fail, nothing after a bad item is sent, as if the items went one by one', async () => {
		const [first, , third] = seedInvoicesOf(bed, 'C-1', 3);
		const input = [{ mid: first.mid }, { mid: 'not-a-mid' }, { mid: third.mid }];
		const result = await bed.run(sendEach(), input);
		expect(result.error?.message).toMatch(/\[item 1\]/);
		expect(bed.sandbox.deliveries.map((d) => d.documentMids)).toEqual([[first.mid]]);
	});
});

describe('Document: Send when MakeLeaps does not get the order ready', () => {
	const bed = useTestBed({ sendingValidationMs: 60_000 });

	test('not ready within the wait: a clear error, nothing sent, the order left unsent', async () => {
		const invoice = seedInvoice(bed);
		const started = Date.now();
		const result = await bed.run(send(String(invoice.mid), { options: { waitSeconds: 2 } }), [{}], {
			onError: 'continueRegularOutput',
		});
		expect(Date.now() - started).toBeLessThan(6000);
		expect(result.output[0].json.error).toMatch(
			/^MakeLeaps did not report the sending order \d+ ready to send within 2 seconds \(status: validating; ready_to_order: false\) \[item 0\]$/,
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
	});
});

describe('Document: Send when an answer is lost', () => {
	const bed = useTestBed({ sendingValidationMs: 100 });

	test('execute applied, answer lost: the order is read, it went out, the item succeeds; one execute', async () => {
		const invoice = seedInvoice(bed);
		bed.sandbox.injectFault({ kind: 'resetAfter' }, { method: 'POST', path: /\/send\/$/ });
		const result = await bed.run(send(String(invoice.mid)));
		expect(result.output[0].json).toMatchObject({ sent: true, sending_order: { status: 'sent' } });
		expect(posts(bed, '/send/')).toHaveLength(1);
		expect(bed.sandbox.deliveries).toHaveLength(1);
	});

	test('execute lost without a trace: uncertain, never repeated, and later sends of the document stop until forced', async () => {
		const invoice = seedInvoice(bed);
		bed.sandbox.injectFault({ kind: 'reset' }, { method: 'POST', path: /\/send\/$/ });
		const result = await bed.run(send(String(invoice.mid)), [{}], {
			onError: 'continueRegularOutput',
		});
		expect(result.output[0].json.error).toMatch(
			/^MakeLeaps may or may not have carried out this send: the connection was lost \(ECONNRESET\) after the request was sent \[item 0\]$/,
		);
		expect(result.output[0].error?.description).toMatch(
			/a second send could deliver the document twice.*did not show that it went out/,
		);
		expect(posts(bed, '/send/')).toHaveLength(1);

		const again = await bed.run(send(String(invoice.mid)));
		expect(again.error?.message).toBe(
			'An earlier send of this document may or may not have happened [item 0]',
		);
		expect(posts(bed, '/sending/order/')).toHaveLength(1);

		const forced = await bed.run(send(String(invoice.mid), { options: { force: true } }));
		expect(forced.output[0].json).toMatchObject({ sent: true });
		expect(bed.sandbox.deliveries).toHaveLength(1);
	});

	test('the order create lost: nothing was sent, and running the item again is safe', async () => {
		const invoice = seedInvoice(bed);
		bed.sandbox.injectFault(
			{ kind: 'resetAfter' },
			{ method: 'POST', path: /\/sending\/order\/$/ },
		);
		const lost = await bed.run(send(String(invoice.mid)));
		expect(lost.error?.message).toMatch(/^MakeLeaps may or may not have carried out this create/);
		expect(lost.error?.description).toMatch(/^Nothing was sent.*Running this item again is safe/);
		expect(posts(bed, '/sending/order/')).toHaveLength(1);
		expect(bed.sandbox.deliveries).toHaveLength(0);

		const again = await bed.run(send(String(invoice.mid)));
		expect(again.output[0].json).toMatchObject({ sent: true });
		expect(bed.sandbox.deliveries).toHaveLength(1);
	});

	test('an order whose links leave the Base URL: refused before any request there, nothing sent', async () => {
		const invoice = seedInvoice(bed);
		bed.sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => ({
					...body,
					response: {
						...(body.response as Record<string, unknown>),
						items_url: `${trap.url}/items/`,
					},
				}),
			},
			{ method: 'POST', path: /\/sending\/order\/$/ },
		);
		const result = await bed.run(send(String(invoice.mid)));
		expect(result.error?.message).toMatch(
			/^Refusing to call http:\/\/127\.0\.0\.1:\d+\/items\/: it is not a plain path under the Base URL \[item 0\]$/,
		);
		expect(trap.hits).toEqual([]);
		expect(bed.sandbox.deliveries).toHaveLength(0);
	});
});

describe('Document: Send never twice, when MakeLeaps lags or an answer is lost', () => {
	// the document shows date_sent 4 seconds after its order went out
	const bed = useTestBed({ sendingValidationMs: 100, sentLagMs: 4000 });

	test('the order is not read back after the send, and running again at once sends nothing while MakeLeaps lags', async () => {
		const invoice = seedInvoice(bed);
		const first = await bed.run(send(String(invoice.mid)));
		expect(first.error).toBeUndefined();
		const order = bed.sandbox.sendingOrdersOf()[0];
		expect(first.output[0].json).toMatchObject({
			sent: true,
			sending_order: { mid: order.mid, url: order.url },
		});
		expect(bed.sandbox.received('/api/').at(-1)).toMatchObject({
			method: 'POST',
			path: expect.stringMatching(/\/send\/$/),
		});
		expect(bed.sandbox.documentsOf()[0].date_sent).toBeNull(); // MakeLeaps lags
		const again = await bed.run(send(String(invoice.mid)));
		expect(again.output[0].json).toMatchObject({ sent: false, skipped: 'already sent' });
		expect(bed.sandbox.deliveries).toHaveLength(1);
	});

	test("sent elsewhere a moment ago (another n8n, MakeLeaps' web app): its sending order shows it before the document's date_sent does, and it is not sent again", async () => {
		const invoice = seedInvoice(bed);
		const elsewhere = bed.sandbox.sendElsewhere(String(invoice.mid));
		expect(bed.sandbox.documentsOf()[0].date_sent).toBeNull();
		bed.sandbox.resetRequests();
		const result = await bed.run(send(String(invoice.mid)));
		expect(result.output[0].json).toMatchObject({
			sent: false,
			skipped: 'already sent',
			sending_order: { mid: elsewhere.mid, status: 'sent' },
		});
		// its own order, made before the client's orders showed the other, is deleted unsent
		expect(bed.sandbox.received('/api/').map((r) => r.method)).toEqual([
			'GET',
			'POST',
			'POST',
			'GET',
			'DELETE',
		]);
		expect(bed.sandbox.sendingOrdersOf().map((order) => order.mid)).toEqual([elsewhere.mid]);
		expect(bed.sandbox.deliveries).toHaveLength(1);
	});

	test('one of three sent elsewhere meanwhile: the order holding it is deleted unsent, the two others go in a new one', async () => {
		const invoices = seedInvoicesOf(bed, 'C-1', 3);
		const elsewhere = bed.sandbox.sendElsewhere(String(invoices[1].mid));
		const result = await bed.run(sendEach(), items(invoices));
		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => [item.json.sent, item.json.skipped])).toEqual([
			[true, undefined],
			[false, 'already sent'],
			[true, undefined],
		]);
		expect(result.output[1].json.sending_order).toMatchObject({ mid: elsewhere.mid });
		expect(bed.sandbox.deliveries.map((d) => d.documentMids)).toEqual([
			[invoices[1].mid],
			[invoices[0].mid, invoices[2].mid],
		]);
		// the deleted one, then the new one, each after its own look at the client's orders
		expect(bed.sandbox.sendingOrdersOf()).toHaveLength(2);
		expect(bed.sandbox.received('/api/').filter((r) => r.method === 'DELETE')).toHaveLength(1);
	});

	test('when MakeLeaps does not delete that order, the others are not sent either, and say why', async () => {
		const invoices = seedInvoicesOf(bed, 'C-1', 2);
		bed.sandbox.sendElsewhere(String(invoices[0].mid));
		bed.sandbox.injectFault({ kind: 'status', status: 403 }, { method: 'DELETE' });
		const result = await bed.run(sendEach(), items(invoices), { onError: 'continueRegularOutput' });
		expect(result.output[0].json).toMatchObject({ sent: false, skipped: 'already sent' });
		expect(result.output[1].json.error).toMatch(
			/^Not sent: its sending order \d+ also holds a document another sending order sent meanwhile/,
		);
		expect(posts(bed, '/send/')).toHaveLength(0);
		expect(bed.sandbox.deliveries).toHaveLength(1);
	});

	test('two API keys of the same MakeLeaps account sending the same document at once send it once', async () => {
		const invoice = seedInvoice(bed);
		const otherKey = secondApiKey(bed);
		const results = await Promise.all([
			bed.run(send(String(invoice.mid))),
			bed.run(send(String(invoice.mid)), [{}], otherKey),
		]);
		expect(results.map((r) => r.output[0].json.sent).sort()).toEqual([false, true]);
		expect(bed.sandbox.deliveries).toHaveLength(1);
	});

	test('when MakeLeaps refuses the read of sending orders, the send is not blocked', async () => {
		const invoice = seedInvoice(bed);
		bed.sandbox.injectFault(
			{
				kind: 'status',
				status: 400,
				contentType: 'application/json',
				body: '{"recipient_organization": ["Select a valid choice."]}',
			},
			{ method: 'GET', path: /\/sending\/order\/$/ },
		);
		const result = await bed.run(send(String(invoice.mid)));
		expect(result.output[0].json).toMatchObject({ sent: true });
		expect(bed.sandbox.deliveries).toHaveLength(1);
	});
});

/** An order as a list that leaves its readiness out gives it. */
function withoutReadiness(order: IDataObject): IDataObject {
	const copy = { ...order };
	delete copy.ready_to_order;
	return copy;
}

describe('Document: Send when the sending order list ignores its recipient filter', () => {
	const bed = useTestBed({
		sendingValidationMs: 100,
		sentLagMs: 4000,
		ignoreFilters: ['recipient_organization'],
	});

	test("another client's orders neither block nor hide a send: each order is checked for its recipient and documents", async () => {
		const sentOne = seedInvoice(bed, 'C-1');
		const other = seedInvoice(bed, 'C-2');
		bed.sandbox.sendElsewhere(String(sentOne.mid));
		const results = [
			await bed.run(send(String(other.mid))),
			await bed.run(send(String(sentOne.mid))),
		];
		expect(results.map((r) => r.output[0].json.sent)).toEqual([true, false]);
		expect(bed.sandbox.deliveries.map((d) => d.documentMids)).toEqual([[sentOne.mid], [other.mid]]);
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
			'Recipients is empty and no contact of the client has an e-mail address [item 0]',
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
			'MakeLeaps refused the data: This sending order can no longer be cancelled. [item 0]',
		);
	});
});

describe('Document: Send, when the list of unsent documents is not what it seems', () => {
	describe('a list that ignores its sent filter and leaves the contact a link', () => {
		const bed = useTestBed({
			sendingValidationMs: 300,
			ignoreFilters: ['sent'],
			ignoreExpand: true,
		});

		test('a document already sent comes back in the list: it is skipped, not sent again; the other goes to its contact, read from the client', async () => {
			const [sent, unsent] = seedInvoicesOf(bed, 'C-1', 2);
			await bed.run(sendEach(), items([sent]));
			expect(bed.sandbox.deliveries).toHaveLength(1);
			bed.sandbox.resetRequests();
			const result = await bed.run(sendEach(), items([sent, unsent]));
			expect(result.output.map((item) => [item.json.sent, item.json.skipped])).toEqual([
				[false, 'already sent'],
				[true, undefined],
			]);
			expect(bed.sandbox.deliveries.map((d) => [d.documentMids, d.to_emails])).toEqual([
				[[sent.mid], ['sato@example.com']],
				[[unsent.mid], ['sato@example.com']],
			]);
			// both found in the one list read, none read by itself; the contacts listed instead
			const reads = bed.sandbox.received('/api/').filter((r) => r.method === 'GET');
			expect(reads.filter((r) => /\/document\/\d+\/$/.test(r.path))).toEqual([]);
			expect(reads.filter((r) => r.path.endsWith('/contact/'))).toHaveLength(1);
		});
	});

	describe('a list that leaves date_sent out', () => {
		const bed = useTestBed({ sendingValidationMs: 300, listOmits: ['date_sent'] });

		test('each document is read by itself before it is sent; one already sent is not sent again', async () => {
			const [sent, unsent] = seedInvoicesOf(bed, 'C-1', 2);
			await bed.run(sendEach(), items([sent]));
			bed.sandbox.resetRequests();
			const result = await bed.run(sendEach(), items([sent, unsent]));
			expect(result.output.map((item) => [item.json.sent, item.json.skipped])).toEqual([
				[false, 'already sent'],
				[true, undefined],
			]);
			expect(bed.sandbox.deliveries.map((d) => d.documentMids)).toEqual([[sent.mid], [unsent.mid]]);
			const reads = bed.sandbox.received('/api/').filter((r) => r.method === 'GET');
			expect(reads.filter((r) => /\/document\/\d+\/$/.test(r.path))).toHaveLength(2);
		});
	});
});
