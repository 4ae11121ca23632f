/**
 * Example 10 in a started n8n with the package, against the sandbox: published, its MakeLeaps
 * Trigger (Document Accepted) reports a quote its client accepts, once; the workflow makes the
 * invoice from the quote and sends it; the next poll starts nothing, and the workflow run again
 * from n8n (whose trigger then gives Fetch Test Event's sample, that same quote) makes no second
 * invoice and sends nothing.
 */
import { sleep } from 'n8n-workflow';

import {
	ACCEPTED_QUOTE,
	acceptQuote,
	documentReads,
	executionsOf,
	replayLast,
	seedQuoteToAccept,
	until,
} from '../../dev/liveExamples';
import { apiCalls, SETUP_TIMEOUT_MS, useN8n, withinBudget } from './bed';

describe('example 10 in a started n8n', () => {
	const bed = useN8n();

	beforeAll(async () => {
		await bed.n8n.start();
		await bed.n8n.login();
	}, SETUP_TIMEOUT_MS);

	test('10: a quote accepted in MakeLeaps becomes one invoice, sent once; the next poll and a run again from n8n make and send nothing', async () => {
		const { sandbox, n8n } = bed;
		const { workflowId, trigger } = ACCEPTED_QUOTE;
		const quote = seedQuoteToAccept(sandbox);
		// accepted before the trigger started: not an acceptance it saw happen
		const earlier = seedQuoteToAccept(sandbox, 'Q-EARLIER');
		sandbox.mark(String(earlier.mid), 'accepted', '2026-01-05T00:00:00Z');
		const invoices = () => sandbox.documentsOf().filter((d) => d.document_type === 'invoice');

		// the editor's Publish button; the first poll, at activation, reports nothing
		expect(await n8n.activate(workflowId)).toBe(200);
		await until(60_000, () => documentReads(sandbox).length > 0 || undefined);
		sandbox.resetRequests();

		const run = await acceptQuote(n8n, sandbox, String(quote.mid));
		expect(run.status).toBe('success');
		const items = (node: string) =>
			(run.runData[node]?.[0]?.data?.main[0] ?? []).map((item) => item.json);
		expect(items(trigger)).toEqual([
			expect.objectContaining({ mid: quote.mid, document_number: 'Q-ACCEPT-1', accepted: true }),
		]);
		const [invoice] = invoices();
		expect(invoices()).toHaveLength(1);
		expect(invoice).toMatchObject({
			external_id: `quote-${String(quote.mid)}`,
			client: quote.client,
			total: '129600', // 3 × 40000 + 8%
			date_sent: expect.any(String),
		});
		expect(items('Convert to invoice')).toEqual([
			expect.objectContaining({ mid: invoice.mid, operation: 'created' }),
		]);
		expect(sandbox.deliveries).toEqual([
			expect.objectContaining({
				channels: ['securesend'],
				to_emails: ['mori@hinode-foods.example.jp'],
				documentMids: [invoice.mid],
			}),
		]);
		const writes = () =>
			apiCalls(sandbox.requests)
				.filter((call) => !call.startsWith('GET '))
				.map((call) => call.replace(/\/\d+\//g, '/:mid/'));
		expect(writes()).toEqual([
			'POST /api/partner/:mid/document/ 201',
			'POST /api/partner/:mid/sending/order/ 201',
			'POST /api/partner/:mid/sending/order/:mid/item/ 201',
			'POST /api/partner/:mid/sending/order/:mid/send/ 200',
		]);
		withinBudget(sandbox, workflowId, 'first');

		// the next poll (a minute later) reports nothing: no execution, nothing made or sent
		const executions = await executionsOf(n8n, workflowId);
		const reads = documentReads(sandbox).length;
		await until(90_000, () => documentReads(sandbox).length > reads || undefined);
		await sleep(3000); // what the poll read would start by now
		expect(await executionsOf(n8n, workflowId)).toEqual(executions);

		// run again from n8n (as from its executions, or Execute workflow in the editor): a polling
		// trigger run by hand gives Fetch Test Event's sample, the latest accepted quote; its
		// invoice is found, unchanged, and nothing reaches Send
		sandbox.resetRequests();
		const again = await replayLast(n8n, workflowId, trigger);
		expect(again.status).toBe('success');
		const replayed = (node: string) =>
			(again.runData[node]?.[0]?.data?.main[0] ?? []).map((item) => item.json);
		expect(replayed(trigger)).toEqual([
			expect.objectContaining({ sample: true, mid: quote.mid, accepted: true }),
		]);
		expect(replayed('Convert to invoice')).toEqual([
			expect.objectContaining({ mid: invoice.mid, operation: 'unchanged' }),
		]);
		expect(replayed('New invoices only')).toEqual([]);
		expect(again.runData['Send invoice']).toBeUndefined();
		expect(invoices().map((d) => d.mid)).toEqual([invoice.mid]);
		expect(sandbox.deliveries).toHaveLength(1);
		expect(sandbox.received('/api/').filter((r) => r.method !== 'GET')).toEqual([]);
		withinBudget(sandbox, workflowId, 'again');
	});
});
