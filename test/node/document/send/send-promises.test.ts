/**
 * Send's promises when documents share sending orders: the run ends as if the items had gone one
 * by one. Without Continue On Fail nothing after the first failing item goes out, every item
 * before it does, and the error is that item's own; with it, each item has its own outcome. Each
 * sent item shows its order as MakeLeaps reports it after the send.
 */
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useTestBed, type TestBed } from '../../support/bed';
import { byId } from '../../support/fixtures';
import { propertyRuns } from '../../support/cases';

/** A client whose person gets Secure Send at `email`, and `n` invoices addressed to it. */
function invoicesOf(bed: TestBed, name: string, n: number, email = 'sato@example.com') {
	const client = bed.sandbox.seedClient({
		client_external_id: name,
		contacts: [
			{ contact_type: 'organization', name: `${name} Co`, addresses: [], email: null },
			{ contact_type: 'person', family_name: 'Sato', addresses: [], email: { address: email } },
		],
	});
	const json = bed.sandbox.clients().find((c) => c.mid === client.mid)!;
	return Array.from({ length: n }, (_, k) =>
		String(
			bed.sandbox.seedDocument({
				document_type: 'invoice',
				document_number: `INV-${name}-${k + 1}`,
				client: json.url,
				client_contact: (json.contacts[1] as { url: string }).url,
				lineitems: [{ kind: 'simple', description: 'Design', price: '1000', tax_rate: '10' }],
				autocalculate: true,
			}).mid,
		),
	);
}

/** Send for every input item's `mid`. */
const sendEach = (options: INodeParameters = {}): INodeParameters => ({
	resource: 'document',
	operation: 'send',
	document: byId('={{ $json.mid }}'),
	subject: 'Your invoice',
	message: 'Thank you.',
	options,
});
const itemsOf = (mids: string[]) => mids.map((mid) => ({ mid }));
const continueOnFail = { onError: 'continueRegularOutput' } as const;

const REFUSED =
	/^MakeLeaps refused the data: document: This document cannot be sent\. \[item (\d+), row \d+\]/;

describe('Document: Send, items A1, B1, A2 of clients A and B, as if one by one', () => {
	const bed = useTestBed({ sendingValidationMs: 100 });
	let a1: string, a2: string, b1: string;
	beforeEach(() => {
		[a1, a2] = invoicesOf(bed, 'A', 2);
		[b1] = invoicesOf(bed, 'B', 1);
	});
	const delivered = () => bed.sandbox.deliveries.map((d) => d.documentMids);

	test("adding A1 is refused: nothing is sent, and the error is A1's own", async () => {
		bed.sandbox.sending.addingFaults.set(a1, 'refuse');
		const result = await bed.run(sendEach(), itemsOf([a1, b1, a2]));
		expect(result.error?.message).toMatch(REFUSED);
		expect(result.error?.message).toMatch(/\[item 0, row 1\]$/);
		expect(delivered()).toEqual([]);
	});

	test("adding A2 is refused: A1 and B1 are sent, the error is A2's own and names what went", async () => {
		bed.sandbox.sending.addingFaults.set(a2, 'refuse');
		const result = await bed.run(sendEach(), itemsOf([a1, b1, a2]));
		expect(result.error?.message).toMatch(REFUSED);
		expect(result.error?.message).toMatch(
			new RegExp(
				`\\[item 2, row 3\\]\\. Before it, this run had already sent 2 documents \\(${a1}, ${b1}\\)$`,
			),
		);
		expect(delivered()).toEqual([[a1], [b1]]);
	});

	test('with Continue On Fail, a refused A1 changes nothing for B1 and A2; each sent item shows its order sent', async () => {
		bed.sandbox.sending.addingFaults.set(a1, 'refuse');
		const result = await bed.run(sendEach(), itemsOf([a1, b1, a2]), continueOnFail);
		expect(result.output.map((item) => item.json.error ?? item.json.sent)).toEqual([
			expect.stringMatching(REFUSED),
			true,
			true,
		]);
		expect(result.output[0].json.error).toMatch(/\[item 0, row 1\]$/);
		expect(delivered()).toEqual([[a2], [b1]]);
		for (const item of result.output.slice(1))
			expect(item.json.sending_order).toMatchObject({
				status: 'sent',
				date_sent: expect.any(String),
			});
	});

	test('with Continue On Fail, a refused A2 changes nothing for A1 and B1', async () => {
		bed.sandbox.sending.addingFaults.set(a2, 'refuse');
		const result = await bed.run(sendEach(), itemsOf([a1, b1, a2]), continueOnFail);
		expect(result.output.map((item) => item.json.error ?? item.json.sent)).toEqual([
			true,
			true,
			expect.stringMatching(REFUSED),
		]);
		expect(result.output[2].json.error).toMatch(/\[item 2, row 3\]$/);
		expect(delivered()).toEqual([[a1], [b1]]);
		for (const item of result.output.slice(0, 2))
			expect(item.json.sending_order).toMatchObject({ status: 'sent' });
	});

	test('the answer to adding A2 is lost: A1 and B1 still go (the order that may hold A2 is deleted unsent), A2 fails with nothing sent', async () => {
		bed.sandbox.sending.addingFaults.set(a2, 'lose');
		const result = await bed.run(sendEach(), itemsOf([a1, b1, a2]));
		expect(result.error?.message).toMatch(
			/^MakeLeaps may or may not have carried out this create.*\[item 2, row 3\]\. Before it, this run had already sent 2 documents/,
		);
		expect(result.error?.description).toMatch(/Nothing was sent/);
		expect(delivered()).toEqual([[a1], [b1]]);
		expect(bed.sandbox.sendingOrdersOf().filter((o) => o.status === 'draft')).toEqual([]);
	});
});

describe("Document: Send, a later client's order that never gets ready", () => {
	const bed = useTestBed({ sendingValidationMs: 100 });

	test("items A1, B1, A2, B's address undeliverable: only A1 goes, the error is B1's", async () => {
		const [a1, a2] = invoicesOf(bed, 'A', 2);
		const [b1] = invoicesOf(bed, 'B', 1, 'ito@undeliverable.example');
		const result = await bed.run(sendEach({ waitSeconds: 2 }), itemsOf([a1, b1, a2]));
		expect(result.error?.message).toMatch(
			/^MakeLeaps did not report the sending order \d+ ready to send within 2 seconds .*\[item 1, row 2\]\. Before it, this run had already sent 1 document/,
		);
		expect(bed.sandbox.deliveries.map((d) => d.documentMids)).toEqual([[a1]]);
	});
});

describe("Document: Send, the order's state after the send", () => {
	const bed = useTestBed({ sendingValidationMs: 100 });
	const sendPath = { method: 'POST', path: /\/send\/$/ };

	test("the send's answer shows the order sent: the item shows it, with no further request", async () => {
		const [mid] = invoicesOf(bed, 'A', 1);
		const result = await bed.run(sendEach(), itemsOf([mid]));
		const [order] = bed.sandbox.sendingOrdersOf();
		expect(result.output[0].json.sending_order).toEqual(order);
		expect(order).toMatchObject({ status: 'sent', ready_to_order: false });
		expect(bed.sandbox.received('/api/')).toHaveLength(5);
	});

	test('an answer without the order: the order is read once after the send', async () => {
		const [mid] = invoicesOf(bed, 'A', 1);
		bed.sandbox.injectFault({ kind: 'replaceAfter', body: '' }, sendPath);
		const result = await bed.run(sendEach(), itemsOf([mid]));
		expect(result.output[0].json).toMatchObject({
			sent: true,
			sending_order: { status: 'sent', date_sent: expect.any(String) },
		});
		const api = bed.sandbox.received('/api/');
		expect(api).toHaveLength(6);
		expect(api.at(-1)).toMatchObject({
			method: 'GET',
			path: expect.stringMatching(/order\/\d+\/$/),
		});
	});

	test('that read refused: the item is still sent, its order shown as when ready, without the state it had before', async () => {
		const [mid] = invoicesOf(bed, 'A', 1);
		bed.sandbox.injectFault({ kind: 'replaceAfter', body: '' }, sendPath);
		bed.sandbox.injectFault(
			{ kind: 'status', status: 403 },
			{ method: 'GET', path: /order\/\d+\/$/ },
		);
		const result = await bed.run(sendEach(), itemsOf([mid]));
		expect(result.error).toBeUndefined();
		expect(result.output[0].json).toMatchObject({ sent: true });
		expect(result.output[0].json.sending_order).not.toHaveProperty('status');
		expect(bed.sandbox.deliveries).toHaveLength(1);
		// the read was tried once, after the send
		expect(bed.sandbox.received('/api/').map((r) => r.method)).toEqual([
			'GET',
			'POST',
			'POST',
			'GET',
			'POST',
			'GET',
		]);
	});
});

type Fate = 'ok' | 'refuse' | 'lose' | 'elsewhere';
/** The error of each way an item fails. */
const CAUSES = {
	refused: REFUSED,
	lost: /^MakeLeaps may or may not have carried out this create/,
	unready: /^MakeLeaps did not report the sending order \d+ ready to send/,
};
type Expected = 'sent' | 'skipped' | keyof typeof CAUSES;
interface Document {
	mid: string;
	fate: Fate;
	/** Its client's address is one MakeLeaps cannot deliver to: its orders never get ready. */
	unready: boolean;
}

/** What each item would get if the items went one by one. */
function oneByOne(items: Document[]): Expected[] {
	const sent = new Set<string>();
	return items.map(({ mid, fate, unready }) => {
		if (sent.has(mid) || fate === 'elsewhere') return 'skipped';
		if (fate === 'refuse') return 'refused';
		if (fate === 'lose') return 'lost';
		if (unready) return 'unready';
		sent.add(mid);
		return 'sent';
	});
}

/** What an output item says happened. */
function seenIn(json: IDataObject): string {
	if (json.sent === true) return 'sent';
	if (json.skipped === 'already sent') return 'skipped';
	const cause = Object.entries(CAUSES).find(([, error]) => error.test(String(json.error)));
	return cause?.[0] ?? `unexpected ${JSON.stringify(json)}`;
}

describe('Document: Send, properties over random runs', () => {
	// documents sent elsewhere show date_sent only long after: their orders tell it
	const bed = useTestBed({ sendingValidationMs: 50, sentLagMs: 600_000 });

	test('never sent twice, never silently skipped, and the outcome of going one by one', async () => {
		const client = fc.record({
			fates: fc.array(fc.constantFrom<Fate>('ok', 'ok', 'ok', 'refuse', 'lose', 'elsewhere'), {
				minLength: 1,
				maxLength: 3,
			}),
			unready: fc.constantFrom(false, false, false, true),
		});
		const scenario = fc.record({
			clients: fc.array(client, { minLength: 1, maxLength: 3 }),
			picks: fc.array(fc.nat(), { minLength: 1, maxLength: 7 }),
			perOrder: fc.integer({ min: 1, max: 3 }),
			lostSends: fc.integer({ min: 0, max: 1 }),
			continues: fc.boolean(),
		});
		let runs = 0;
		await fc.assert(
			fc.asyncProperty(scenario, async ({ clients, picks, perOrder, lostSends, continues }) => {
				runs++;
				const documents = clients.flatMap(({ fates, unready }, c) => {
					const email = unready ? 'ito@undeliverable.example' : 'sato@example.com';
					const mids = invoicesOf(bed, `P${runs}-${c}`, fates.length, email);
					return mids.map((mid, k) => ({ mid, fate: fates[k], unready }));
				});
				for (const { mid, fate } of documents) {
					if (fate === 'elsewhere') bed.sandbox.sendElsewhere(mid);
					else if (fate !== 'ok') bed.sandbox.sending.addingFaults.set(mid, fate);
				}
				// answers lost after MakeLeaps carried the send out: read back, never repeated
				for (let k = 0; k < lostSends; k++)
					bed.sandbox.injectFault({ kind: 'resetAfter' }, { method: 'POST', path: /\/send\/$/ });
				const before = bed.sandbox.deliveries.length;
				const items = picks.map((p) => documents[p % documents.length]);
				const expected = oneByOne(items);

				const result = await bed.run(
					sendEach({ perOrder, waitSeconds: 1 }),
					itemsOf(items.map(({ mid }) => mid)),
					continues ? continueOnFail : {},
				);

				// never twice: not in two of the run's orders, nor again after a send elsewhere
				const everywhere = bed.sandbox.deliveries.flatMap((d) => d.documentMids);
				expect(new Set(everywhere).size).toBe(everywhere.length);
				const failing = expected.findIndex((e) => e !== 'sent' && e !== 'skipped');
				const upTo = continues || failing === -1 ? items.length : failing;
				const shouldGo = items
					.filter((_, i) => i < upTo && expected[i] === 'sent')
					.map(({ mid }) => mid);
				const ran = bed.sandbox.deliveries.slice(before).flatMap((d) => d.documentMids);
				expect([...ran].sort()).toEqual([...shouldGo].sort());

				if (!continues && failing !== -1) {
					// the first failing item's own error, and what the run sent before it
					const message = result.error?.message;
					expect(message).toMatch(CAUSES[expected[failing] as keyof typeof CAUSES]);
					expect(message).toMatch(new RegExp(`\\[item ${failing}, row ${failing + 1}\\]`));
					for (const mid of shouldGo) expect(message).toContain(mid);
					return;
				}
				expect(result.error).toBeUndefined();
				// every item has its own outcome, the one it would have had alone
				expect(result.output.map((item, i) => [i, seenIn(item.json)])).toEqual(
					expected.map((e, i) => [i, e]),
				);
				result.output.forEach((item, i) => {
					if (item.json.sent) expect(item.json.sending_order).toMatchObject({ status: 'sent' });
					if (item.json.error)
						expect(item.json.error).toMatch(new RegExp(`\\[item ${i}, row ${i + 1}\\]$`));
				});
			}),
			propertyRuns(16),
		);
		expect(runs).toBe(propertyRuns(16).numRuns);
	}, 120000);
});
