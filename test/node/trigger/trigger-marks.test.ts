/**
 * Document Accepted, Document Viewed and Document Cancelled in n8n-core's PollContext against the
 * sandbox: each acceptance, view or cancellation reported once (nothing at activation, across
 * restarts, a record that leaves the list and comes back, whatever date it carries), at the cost
 * of a poll of Document Paid; a list that does not tell (neither `accepted` nor `date_accepted`)
 * never makes an event, and says so once.
 */
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MakeLeapsTrigger } from '../../../nodes/MakeLeaps/MakeLeapsTrigger.node';
import type { DocumentMark } from '../../../sandbox/stores/documents';
import {
	ActiveTrigger,
	numbers,
	SAVINGS,
	seedDocuments,
	testEventNotices,
} from '../support/activeTrigger';
import { FAST, useTestBed, type TestBed } from '../support/bed';
import { seedClient } from '../support/fixtures';

type MarkEvent = 'documentAccepted' | 'documentViewed' | 'documentCancelled';

/** Each event, the sandbox's mark that makes it, and the fields a list tells it by. */
const EVENTS: Array<[MarkEvent, DocumentMark, string[]]> = [
	['documentAccepted', 'accepted', ['accepted', 'date_accepted']],
	['documentViewed', 'viewed', ['viewed', 'date_viewed']],
	['documentCancelled', 'cancelled', ['cancelled', 'date_cancelled']],
];

const documentReads = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.path.endsWith('/document/'));

/** Quotes of a new client, stored directly; their MIDs. */
function seedQuotes(bed: TestBed, numbersOf: string[], extra: IDataObject = {}) {
	const clientMid = seedClient(bed, `C-${numbersOf[0]}`);
	const made = seedDocuments(bed, clientMid, numbersOf, { document_type: 'quote', ...extra });
	return made.map((document) => String(document.mid));
}

const trigger = (bed: TestBed, event: MarkEvent, options: IDataObject = {}) =>
	new ActiveTrigger(
		bed,
		{ event, documentType: 'quote', ...options },
		{ requestsPerMinute: FAST, typeVersion: 1 },
	);

/** What the trigger told n8n's logger (at the warn level) that includes `text`. */
const warnings = (bed: TestBed, text: string) =>
	bed.logs
		.filter((line) => line.startsWith('warn ') && line.includes(text))
		.map((line) => line.slice('warn '.length).trim());

describe.each(EVENTS)('MakeLeaps Trigger: %s', (event, mark) => {
	const bed = useTestBed();

	test('nothing at activation, however long ago it happened; then each one once, whatever date it carries', async () => {
		const [old, a, b] = seedQuotes(bed, ['OLD', 'A', 'B', 'C']);
		bed.sandbox.mark(old, mark, '2020-01-01T00:00:00Z');
		const watching = trigger(bed, event);
		expect((await watching.poll()).items).toBeNull();

		bed.sandbox.mark(a, mark);
		bed.sandbox.mark(b, mark, '2020-01-01T00:00:00Z');
		const [made] = seedQuotes(bed, ['NEW']);
		bed.sandbox.mark(made, mark, new Date(Date.now() - 24 * 3600_000).toISOString());
		expect(numbers(await watching.poll())).toEqual(['A', 'B', 'NEW']);
		expect((await watching.poll()).items).toBeNull();
	});

	test.each(SAVINGS)(
		'n8n restarting between polls (saving %s): nothing twice, nothing missed',
		async (saving) => {
			const [x, y] = seedQuotes(bed, ['X', 'Y']);
			const watching = new ActiveTrigger(
				bed,
				{ event, documentType: 'quote' },
				{ requestsPerMinute: FAST, saving },
			);
			await watching.poll();
			expect((await watching.poll()).items).toBeNull();
			watching.restart();
			bed.sandbox.mark(x, mark);
			expect(numbers(await watching.poll())).toEqual(['X']);
			watching.restart();
			expect((await watching.poll()).items).toBeNull();
			bed.sandbox.mark(y, mark);
			watching.restart();
			expect(numbers(await watching.poll())).toEqual(['Y']);
			expect((await watching.poll()).items).toBeNull();
		},
	);

	test.each(SAVINGS)(
		'marked, cleared in a quiet poll, n8n restarting, marked again (saving %s): reported once',
		async (saving) => {
			const [q] = seedQuotes(bed, ['Q']);
			const watching = new ActiveTrigger(
				bed,
				{ event, documentType: 'quote' },
				{ requestsPerMinute: FAST, saving },
			);
			await watching.poll();
			bed.sandbox.mark(q, mark);
			expect(numbers(await watching.poll())).toEqual(['Q']);
			// nothing reported; n8n is handed an empty batch, so that it saves the clear
			bed.sandbox.mark(q, mark, null);
			expect((await watching.poll()).items).toEqual([]);
			watching.restart();
			bed.sandbox.mark(q, mark);
			expect(numbers(await watching.poll())).toEqual(['Q']);
			expect((await watching.poll()).items).toBeNull();
			watching.restart();
			expect((await watching.poll()).items).toBeNull();
		},
	);
});

describe('MakeLeaps Trigger: Document Accepted, a record listed again', () => {
	const bed = useTestBed();
	afterEach(() => {
		bed.sandbox.options.listOmits = undefined;
		bed.sandbox.options.markDates = undefined;
	});

	test('accepted, then dated out of the window and back, or listed a while without its field: reported once', async () => {
		const [q] = seedQuotes(bed, ['Q-1']);
		const watching = trigger(bed, 'documentAccepted', { lookBackDays: 30 });
		await watching.poll();
		bed.sandbox.mark(q, 'accepted');
		expect(numbers(await watching.poll())).toEqual(['Q-1']);
		const stored = bed.sandbox.partner().documents.get(q)!;
		const { date } = stored;
		stored.date = '2020-01-01';
		expect((await watching.poll()).items).toBeNull();
		stored.date = date;
		expect((await watching.poll()).items).toBeNull();
		bed.sandbox.options.listOmits = ['accepted'];
		expect((await watching.poll()).items).toBeNull();
		bed.sandbox.options.listOmits = undefined;
		expect((await watching.poll()).items).toBeNull();
	});

	test('with dates (date_accepted): accepted again on another day is a new acceptance; the same day written otherwise is not', async () => {
		bed.sandbox.options.markDates = true;
		const [q] = seedQuotes(bed, ['Q-1']);
		const watching = trigger(bed, 'documentAccepted');
		await watching.poll();
		bed.sandbox.mark(q, 'accepted', '2026-11-20T10:00:00Z');
		expect(numbers(await watching.poll())).toEqual(['Q-1']);
		bed.sandbox.mark(q, 'accepted', '2026-11-20T19:00:00+09:00');
		expect((await watching.poll()).items).toBeNull();
		bed.sandbox.mark(q, 'accepted', '2026-11-21T10:00:00Z');
		expect(numbers(await watching.poll())).toEqual(['Q-1']);
		// a yes beside the date, as a service giving both may: the same acceptance
		bed.sandbox.options.markDates = false;
		expect((await watching.poll()).items).toBeNull();
	});

	test('orders too; the poll reads the window once, as Document Paid does', async () => {
		const clientMid = seedClient(bed, 'C-1');
		seedDocuments(
			bed,
			clientMid,
			Array.from({ length: 150 }, (_, k) => `O-${k + 1}`),
			{ document_type: 'order' },
		);
		const [order] = seedDocuments(bed, clientMid, ['O-NEW'], { document_type: 'order' });
		const watching = trigger(bed, 'documentAccepted', { documentType: 'order' });
		await watching.poll();
		bed.sandbox.resetRequests();
		bed.sandbox.mark(String(order.mid), 'accepted');
		expect(numbers(await watching.poll())).toEqual(['O-NEW']);
		// 151 orders: two pages, and nothing else
		expect(bed.sandbox.received('/api/')).toHaveLength(2);
		expect(documentReads(bed)[0].query).toMatchObject({ document_type: 'order' });
		expect(documentReads(bed)[0].query.accepted).toBeUndefined();
	});
});

describe('MakeLeaps Trigger: a list that does not tell', () => {
	const bed = useTestBed({ listOmits: ['accepted'] });

	test('a quote listed without `accepted` is never reported; the log says so once', async () => {
		const [q, r] = seedQuotes(bed, ['Q-1', 'Q-2']);
		const watching = trigger(bed, 'documentAccepted');
		await watching.poll();
		bed.sandbox.mark(q, 'accepted');
		for (let i = 0; i < 3; i++) expect((await watching.poll()).items).toBeNull();
		watching.restart();
		bed.sandbox.mark(r, 'accepted');
		expect((await watching.poll()).items).toBeNull();
		expect(warnings(bed, 'gives neither')).toEqual([
			expect.stringMatching(
				/^MakeLeaps Trigger "MakeLeaps Trigger" of workflow .*: MakeLeaps' document list gives neither accepted nor date_accepted, so the trigger cannot tell which documents changed, and reports none until it does$/,
			),
		]);
	});

	test('Fetch Test Event gives nothing, and the log says the list does not tell', async () => {
		const [q] = seedQuotes(bed, ['Q-1']);
		bed.sandbox.mark(q, 'accepted');
		const found = await trigger(bed, 'documentAccepted').poll('manual');
		expect(found).toEqual({ items: null });
		expect(testEventNotices(bed)).toEqual([
			expect.stringContaining(
				"MakeLeaps' document list gives neither accepted nor date_accepted, so the trigger cannot tell which are accepted: Fetch Test Event has nothing to show",
			),
		]);
		expect(documentReads(bed)[0].query).toMatchObject({ accepted: 'true' });
	});

	test('a quote seen without the field, then listed accepted: not reported (when is unknown), and named in the log', async () => {
		const [q, r] = seedQuotes(bed, ['Q-1', 'Q-2']);
		const watching = trigger(bed, 'documentAccepted');
		await watching.poll();
		bed.sandbox.mark(q, 'accepted');
		expect((await watching.poll()).items).toBeNull();
		bed.sandbox.options.listOmits = [];
		try {
			expect((await watching.poll()).items).toBeNull();
			expect(warnings(bed, `document ${q} now gives`)).toHaveLength(1);
			bed.sandbox.mark(r, 'accepted');
			expect(numbers(await watching.poll())).toEqual(['Q-2']);
		} finally {
			bed.sandbox.options.listOmits = ['accepted'];
		}
	});
});

describe('MakeLeaps Trigger: Document Accepted in the panel and the output', () => {
	const bed = useTestBed();

	test('a flat row says it is accepted (version 2 on); Fetch Test Event asks for accepted quotes', async () => {
		const [q] = seedQuotes(bed, ['Q-1', 'Q-2']);
		const watching = new ActiveTrigger(
			bed,
			{ event: 'documentAccepted' },
			{ requestsPerMinute: FAST, typeVersion: 3 },
		);
		await watching.poll();
		bed.sandbox.mark(q, 'accepted');
		const [item] = (await watching.poll()).items!;
		expect(item.json).toMatchObject({
			document_number: 'Q-1',
			document_type: 'quote',
			accepted: true,
			date_accepted: null,
		});
		bed.sandbox.resetRequests();
		const sample = await watching.poll('manual');
		expect(sample.items?.[0].json).toMatchObject({ sample: true, document_number: 'Q-1' });
		expect(documentReads(bed)[0].query).toMatchObject({
			document_type: 'quote',
			accepted: 'true',
		});
	});

	test('a value that is neither a date nor yes or no stops the poll and changes nothing', async () => {
		const [q] = seedQuotes(bed, ['Q-1']);
		const watching = trigger(bed, 'documentAccepted');
		await watching.poll();
		bed.sandbox.mark(q, 'accepted');
		const asText = (body: Record<string, unknown>) => ({
			...body,
			response: (body.response as IDataObject[]).map((record) => ({ ...record, accepted: 'yes' })),
		});
		bed.sandbox.injectFault(
			{ kind: 'rewriteAfter', change: asText },
			{ method: 'GET', path: /\/document\/$/ },
		);
		expect((await watching.poll()).error?.message).toBe(
			'MakeLeaps\' document list gave a document whose accepted is "yes", neither a date nor yes or no, so the trigger cannot tell what to report',
		);
		expect(numbers(await watching.poll())).toEqual(['Q-1']);
	});

	test('an invoice cannot be accepted: a clear error, nothing read', async () => {
		const watching = trigger(bed, 'documentAccepted', { documentType: 'invoice' });
		expect((await watching.poll()).error?.message).toBe(
			'Document Type "invoice" is not accepted by clients: choose Quote or Order',
		);
		expect(documentReads(bed)).toEqual([]);
	});
});

describe('MakeLeaps Trigger: Document Type of Document Accepted in the editor', () => {
	const { description } = new MakeLeapsTrigger();
	/** The values n8n gives a trigger saved with these parameters. */
	const values = (typeVersion: number, saved: INodeParameters) => {
		const node: INode = {
			...{ id: 'trigger', name: 'MakeLeaps Trigger', position: [0, 0] },
			type: 'n8n-nodes-makeleaps.makeLeapsTrigger',
			typeVersion,
			parameters: saved,
		};
		return NodeHelpers.getNodeParameters(
			description.properties,
			saved,
			true,
			false,
			node,
			description,
		)!;
	};

	test.each([1, 2, 3])(
		'version %i: quotes by default, Quote or Order to choose; the other events keep theirs',
		(typeVersion) => {
			expect(values(typeVersion, { event: 'documentAccepted' }).documentType).toBe('quote');
			expect(values(typeVersion, { event: 'documentPaid' }).documentType).toBe(
				typeVersion >= 3 ? 'invoice' : '',
			);
			const field = description.properties.find(
				(p) =>
					p.name === 'documentType' && p.displayOptions?.show?.event?.includes('documentAccepted'),
			);
			expect(field?.options?.map((option) => (option as { value: string }).value)).toEqual([
				'order',
				'quote',
			]);
		},
	);
});
