/**
 * Sending documents of one client together through n8n's engine against the sandbox: one sending
 * order per client and subject, the requests it costs, and items that fail within an order.
 */
import type { IDataObject } from 'n8n-workflow';

import { useTestBed } from '../../support/bed';
import { seedInvoicesOf } from '../../support/fixtures';
import { items, posts, seedInvoice, sendEach, withoutReadiness } from './sending';

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
		expect(result.error?.message).toMatch(/\[item 1, row 2\]/);
		expect(bed.sandbox.deliveries.map((d) => d.documentMids)).toEqual([[first.mid]]);
	});

	test.each([
		['without Continue On Fail: nothing is sent', undefined],
		['with it: the other item goes, alone', 'continueRegularOutput'],
	] as const)(
		"the first item's Simplify is refused before the run's sends start; %s",
		async (_name, onError) => {
			const [first, second] = seedInvoicesOf(bed, 'C-1', 2);
			const input = [
				{ mid: first.mid, simplify: 'maybe' },
				{ mid: second.mid, simplify: true },
			];
			const result = await bed.run(sendEach({ simplify: '={{ $json.simplify }}' }), input, {
				typeVersion: 2,
				onError,
			});
			const refused = /Simplify.*\[item 0, row 1\]/;
			if (onError) expect(String(result.output[0].json.error)).toMatch(refused);
			else expect(result.error?.message).toMatch(refused);
			const sent = onError ? [[second.mid]] : [];
			expect(bed.sandbox.deliveries.map((d) => d.documentMids)).toEqual(sent);
			expect(bed.sandbox.partner().documents.get(String(first.mid))?.date_sent).toBeNull();
		},
	);
});
