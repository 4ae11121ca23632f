/**
 * Send never twice, through n8n's engine against the sandbox: lost answers, MakeLeaps lagging,
 * sends made elsewhere, parallel runs, links that never leave the Base URL, and lists of sending
 * orders or unsent documents that are not what they seem.
 */
import { useTestBed } from '../../support/bed';
import { secondApiKey, seedInvoicesOf } from '../../support/fixtures';
import { startTrap, type Trap } from '../../support/trap';
import { items, posts, seedInvoice, send, sendEach } from './sending';

let trap: Trap;
beforeAll(async () => {
	trap = await startTrap();
});
afterAll(async () => await trap.close());

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
			/^MakeLeaps may or may not have carried out this send: the connection was lost \(ECONNRESET\) after the request was sent \[item 0, row 1\]$/,
		);
		expect(result.output[0].error?.description).toMatch(
			/a second send could deliver the document twice.*did not show that it went out/,
		);
		expect(posts(bed, '/send/')).toHaveLength(1);

		const again = await bed.run(send(String(invoice.mid)));
		expect(again.error?.message).toBe(
			'An earlier send of this document may or may not have happened [item 0, row 1]',
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
			/^Refusing to call http:\/\/127\.0\.0\.1:\d+\/items\/: it is not a plain path under the Base URL \[item 0, row 1\]$/,
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
