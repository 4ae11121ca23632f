/**
 * Property: every item's own refusals come before anything is sent, whatever its position, with
 * and without Continue On Fail. Send is a whole-run operation (send.operation.ts `forRun`): it
 * reads and checks every item first, then sends them in shared orders. An item refused for its
 * Simplify (read by the item loop), its recipients, a missing document or an attachment it does
 * not carry is never in an order; without Continue On Fail nothing from the first refused item on
 * goes and every good item before it does, as one by one; with it, every good item goes.
 * 20 cases by default; FC_RUNS sets the number, FC_SEED replays a seed.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { useTestBed } from '../../support/bed';
import { propertyRuns } from '../../support/cases';
import { seedInvoicesOf } from '../../support/fixtures';
import { sendEach } from './sending';

type Refusal = 'simplify' | 'recipient' | 'missing' | 'attachment';

/** What an item gives for each kind of refusal (a good item gives none of them). */
const REFUSED: Record<Refusal, IDataObject> = {
	simplify: { simplify: 'maybe' },
	recipient: { to: 'not an address' },
	missing: { mid: '1734479364999999999' },
	attachment: { files: 'terms' },
};

/** The message each kind of refusal fails its item with. */
const SAYS: Record<Refusal, RegExp> = {
	simplify: /Simplify/,
	recipient: /Recipients/,
	missing: /no document 1734479364999999999/,
	attachment: /no binary field "terms"/,
};

const layout = fc.record({
	/** The client of each item's invoice (two clients: their items share orders). */
	clients: fc.array(fc.constantFrom('C-1', 'C-2'), { minLength: 2, maxLength: 5 }),
	refusals: fc.array(fc.constantFrom<Refusal>('simplify', 'recipient', 'missing', 'attachment'), {
		minLength: 1,
		maxLength: 5,
	}),
	/** Where the refused items are, as picks among the items. */
	at: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
	continueOnFail: fc.boolean(),
});

describe('Property: a refused item is never sent', () => {
	const bed = useTestBed({ sendingValidationMs: 50 });

	test('refusals of every kind at any position fail their item before any send', async () => {
		let n = 0;
		await fc.assert(
			fc.asyncProperty(layout, async ({ clients, refusals, at, continueOnFail }) => {
				const deliveredBefore = bed.sandbox.deliveries.length;
				// each case's clients anew, their invoices in the items' order
				const made = new Map<string, IDataObject[]>();
				n++;
				for (const client of new Set(clients)) {
					const count = clients.filter((c) => c === client).length;
					made.set(client, seedInvoicesOf(bed, `${client}-${n}`, count) as IDataObject[]);
				}
				const invoices = clients.map((client) => made.get(client)!.shift()!);
				const refusedAt = new Map<number, Refusal>();
				at.forEach((pick, i) =>
					refusedAt.set(pick % clients.length, refusals[i % refusals.length]),
				);
				const input = invoices.map((invoice, item) => ({
					mid: String(invoice.mid),
					simplify: true,
					to: '',
					files: '',
					...(refusedAt.has(item) ? REFUSED[refusedAt.get(item)!] : {}),
				}));
				const result = await bed.run(
					sendEach({
						toEmails: '={{ $json.to }}',
						simplify: '={{ $json.simplify }}',
						options: { attachments: '={{ $json.files }}' },
					}),
					input,
					{ typeVersion: 2, onError: continueOnFail ? 'continueRegularOutput' : undefined },
				);
				const firstRefused = Math.min(...refusedAt.keys());
				const sentItems = invoices
					.map((_, item) => item)
					.filter((item) => !refusedAt.has(item) && (continueOnFail || item < firstRefused));
				const delivered = bed.sandbox.deliveries
					.slice(deliveredBefore)
					.flatMap((d) => d.documentMids.map(String));
				expect(delivered.sort()).toEqual(
					sentItems.map((item) => String(invoices[item].mid)).sort(),
				);
				for (const [item, refusal] of refusedAt) {
					const stored = bed.sandbox.partner().documents.get(String(invoices[item].mid));
					expect({ item, sent: stored?.date_sent ?? null }).toEqual({ item, sent: null });
					if (!continueOnFail) continue;
					expect({ item, error: String(result.output[item].json.error) }).toEqual({
						item,
						error: expect.stringMatching(SAYS[refusal]),
					});
				}
				if (continueOnFail) {
					expect(result.error).toBeUndefined();
					for (const item of sentItems) expect(result.output[item].json.operation).toBe('sent');
				} else {
					expect(result.error?.message).toMatch(SAYS[refusedAt.get(firstRefused)!]);
					expect(result.error?.message).toMatch(
						new RegExp(`\\[item ${firstRefused}, row ${firstRefused + 1}\\]`),
					);
				}
			}),
			propertyRuns(20),
		);
	}, 240_000);
});
