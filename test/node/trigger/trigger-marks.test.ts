/**
 * Document Accepted, Document Confirmed and Document Cancelled in n8n-core's PollContext against
 * the sandbox, whose documents carry the recorded fields (`is_accepted` beside `date_accepted`,
 * `is_confirmed` beside `date_confirmed`, `date_cancelled`): each acceptance, confirmation or
 * cancellation reported once (nothing at activation, across restarts, a record that leaves the
 * list and comes back, whatever date it carries), at the cost of a poll of Document Paid; the
 * old guesses (`accepted`, `date_accepted` alone) read the same under the `guessedMarks` switch;
 * a list that does not tell (none of the fields) never makes an event, and says so once.
 */
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MakeLeapsTrigger } from '../../../nodes/MakeLeaps/MakeLeapsTrigger.node';
import type { DocumentMark } from '../../../sandbox/stores/documents';
import { ActiveTrigger, numbers, SAVINGS, seedDocuments } from '../support/activeTrigger';
import { FAST, useTestBed, type TestBed } from '../support/bed';
import { seedClient } from '../support/fixtures';

type MarkEvent = 'documentAccepted' | 'documentConfirmed' | 'documentCancelled';

/** Each event, the sandbox's mark that makes it, and the type of the documents it watches. */
const EVENTS: Array<[MarkEvent, DocumentMark, string]> = [
	['documentAccepted', 'accepted', 'quote'],
	['documentConfirmed', 'confirmed', 'order'],
	['documentCancelled', 'cancelled', 'quote'],
];

const documentReads = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.path.endsWith('/document/'));

/** Quotes (or documents of another type) of a new client, stored directly; their MIDs. */
function seedQuotes(bed: TestBed, numbersOf: string[], type = 'quote') {
	const clientMid = seedClient(bed, `C-${numbersOf[0]}`);
	const made = seedDocuments(bed, clientMid, numbersOf, { document_type: type });
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

describe.each(EVENTS)('MakeLeaps Trigger: %s', (event, mark, type) => {
	const bed = useTestBed();

	test('nothing at activation, however long ago it happened; then each one once, whatever date it carries', async () => {
		const [old, a, b] = seedQuotes(bed, ['OLD', 'A', 'B', 'C'], type);
		bed.sandbox.mark(old, mark, '2020-01-01T00:00:00Z');
		const watching = trigger(bed, event, { documentType: type });
		expect((await watching.poll()).items).toBeNull();

		bed.sandbox.mark(a, mark);
		bed.sandbox.mark(b, mark, '2020-01-01T00:00:00Z');
		const [made] = seedQuotes(bed, ['NEW'], type);
		bed.sandbox.mark(made, mark, new Date(Date.now() - 24 * 3600_000).toISOString());
		expect(numbers(await watching.poll())).toEqual(['A', 'B', 'NEW']);
		expect((await watching.poll()).items).toBeNull();
	});

	test.each(SAVINGS)(
		'n8n restarting between polls (saving %s): nothing twice, nothing missed',
		async (saving) => {
			const [x, y] = seedQuotes(bed, ['X', 'Y'], type);
			const watching = new ActiveTrigger(
				bed,
				{ event, documentType: type },
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
			const [q] = seedQuotes(bed, ['Q'], type);
			const watching = new ActiveTrigger(
				bed,
				{ event, documentType: type },
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

/** The old guesses of an acceptance: yes/no `accepted` alone, or `date_accepted` alone. */
const GUESSES = ['yesNo', 'dates'] as const;

describe.each(GUESSES)('MakeLeaps Trigger: Document Accepted, the old guess %s', (guess) => {
	const bed = useTestBed({ guessedMarks: guess });

	test.each(SAVINGS)('each acceptance once, across restarts (saving %s)', async (saving) => {
		const [x, y] = seedQuotes(bed, ['X', 'Y']);
		const watching = new ActiveTrigger(
			bed,
			{ event: 'documentAccepted', documentType: 'quote' },
			{ requestsPerMinute: FAST, saving },
		);
		await watching.poll();
		const listed = documentReads(bed).at(-1)!.response as { response: IDataObject[] };
		expect(Object.keys(listed.response[0])).toEqual(
			expect.arrayContaining(guess === 'yesNo' ? ['accepted'] : ['date_accepted']),
		);
		expect(listed.response[0]).not.toHaveProperty('is_accepted');
		watching.restart();
		bed.sandbox.mark(x, 'accepted');
		expect(numbers(await watching.poll())).toEqual(['X']);
		watching.restart();
		expect((await watching.poll()).items).toBeNull();
		bed.sandbox.mark(y, 'accepted');
		watching.restart();
		expect(numbers(await watching.poll())).toEqual(['Y']);
		expect((await watching.poll()).items).toBeNull();
	});
});

describe('MakeLeaps Trigger: Document Accepted, a record listed again', () => {
	const bed = useTestBed();
	afterEach(() => {
		bed.sandbox.options.listOmits = undefined;
		bed.sandbox.options.guessedMarks = undefined;
	});

	test('accepted, then dated out of the window and back, or listed a while without its fields: reported once', async () => {
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
		bed.sandbox.options.listOmits = ['is_accepted', 'date_accepted'];
		expect((await watching.poll()).items).toBeNull();
		bed.sandbox.options.listOmits = undefined;
		expect((await watching.poll()).items).toBeNull();
	});

	test('accepted again on another day is a new acceptance; the same day written otherwise is not; the old shapes read the same', async () => {
		const [q] = seedQuotes(bed, ['Q-1']);
		const watching = trigger(bed, 'documentAccepted');
		await watching.poll();
		bed.sandbox.mark(q, 'accepted', '2026-11-20T10:00:00Z');
		expect(numbers(await watching.poll())).toEqual(['Q-1']);
		bed.sandbox.mark(q, 'accepted', '2026-11-20T19:00:00+09:00');
		expect((await watching.poll()).items).toBeNull();
		bed.sandbox.mark(q, 'accepted', '2026-11-21T10:00:00Z');
		expect(numbers(await watching.poll())).toEqual(['Q-1']);
		// the date alone, then a yes alone, as the old guesses give it: the same acceptance
		bed.sandbox.options.guessedMarks = 'dates';
		expect((await watching.poll()).items).toBeNull();
		bed.sandbox.options.guessedMarks = 'yesNo';
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
	const FIELDS = ['is_accepted', 'date_accepted'];
	const bed = useTestBed({ listOmits: FIELDS });

	test('a quote listed without `is_accepted` and `date_accepted` is never reported; the log says so once', async () => {
		const [q, r] = seedQuotes(bed, ['Q-1', 'Q-2']);
		const watching = trigger(bed, 'documentAccepted');
		await watching.poll();
		bed.sandbox.mark(q, 'accepted');
		for (let i = 0; i < 3; i++) expect((await watching.poll()).items).toBeNull();
		watching.restart();
		bed.sandbox.mark(r, 'accepted');
		expect((await watching.poll()).items).toBeNull();
		expect(warnings(bed, 'gives none of')).toEqual([
			expect.stringMatching(
				/^MakeLeaps Trigger "MakeLeaps Trigger" of workflow .*: MakeLeaps' document list gives none of is_accepted, accepted or date_accepted, so the trigger cannot tell which documents changed, and reports none until it does$/,
			),
		]);
	});

	test('Fetch Test Event shows no sample, and says in the panel that the list does not tell', async () => {
		const [q] = seedQuotes(bed, ['Q-1']);
		bed.sandbox.mark(q, 'accepted');
		const found = await trigger(bed, 'documentAccepted').poll('manual');
		expect(found.items).toBeNull();
		expect(found.error?.message).toBe(
			"MakeLeaps' document list gives none of is_accepted, accepted or date_accepted, so the trigger cannot tell which are accepted: Fetch Test Event has nothing to show",
		);
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
			bed.sandbox.options.listOmits = FIELDS;
		}
	});
});

describe('MakeLeaps Trigger: Document Accepted and Confirmed in the panel and the output', () => {
	const bed = useTestBed();

	test.each([
		['documentAccepted', 'accepted', 'quote'],
		['documentConfirmed', 'confirmed', 'order'],
	] as const)(
		'%s: a flat row says it is %s, with its date (version 2 on); Fetch Test Event asks for those only',
		async (event, mark, type) => {
			const [q] = seedQuotes(bed, ['Q-1', 'Q-2'], type);
			const watching = new ActiveTrigger(
				bed,
				{ event },
				{ requestsPerMinute: FAST, typeVersion: 3 },
			);
			await watching.poll();
			bed.sandbox.mark(q, mark, '2026-11-20T10:00:00Z');
			const [item] = (await watching.poll()).items!;
			expect(item.json).toMatchObject({
				document_number: 'Q-1',
				document_type: type,
				[mark]: true,
				[`date_${mark}`]: '2026-11-20T10:00:00Z',
			});
			bed.sandbox.resetRequests();
			const sample = await watching.poll('manual');
			expect(sample.items?.[0].json).toMatchObject({ sample: true, document_number: 'Q-1' });
			expect(documentReads(bed)[0].query).toMatchObject({ document_type: type, [mark]: 'true' });
		},
	);

	test('the old yes/no alone: the row says accepted, its date null', async () => {
		bed.sandbox.options.guessedMarks = 'yesNo';
		try {
			const [q] = seedQuotes(bed, ['Q-1']);
			const watching = new ActiveTrigger(
				bed,
				{ event: 'documentAccepted' },
				{ requestsPerMinute: FAST, typeVersion: 3 },
			);
			await watching.poll();
			bed.sandbox.mark(q, 'accepted');
			const [item] = (await watching.poll()).items!;
			expect(item.json).toMatchObject({ accepted: true, date_accepted: null });
		} finally {
			bed.sandbox.options.guessedMarks = undefined;
		}
	});

	test('a value that is neither a date nor yes or no stops the poll and changes nothing', async () => {
		const [q] = seedQuotes(bed, ['Q-1']);
		const watching = trigger(bed, 'documentAccepted');
		await watching.poll();
		bed.sandbox.mark(q, 'accepted');
		const asText = (body: Record<string, unknown>) => ({
			...body,
			response: (body.response as IDataObject[]).map((record) => ({
				...record,
				is_accepted: 'yes',
			})),
		});
		bed.sandbox.injectFault(
			{ kind: 'rewriteAfter', change: asText },
			{ method: 'GET', path: /\/document\/$/ },
		);
		expect((await watching.poll()).error?.message).toBe(
			'MakeLeaps\' document list gave a document whose is_accepted is "yes", neither a date nor yes or no, so the trigger cannot tell what to report',
		);
		expect(numbers(await watching.poll())).toEqual(['Q-1']);
	});

	test('an invoice cannot be accepted, a quote cannot be confirmed: a clear error, nothing read', async () => {
		const watching = trigger(bed, 'documentAccepted', { documentType: 'invoice' });
		expect((await watching.poll()).error?.message).toBe(
			'Document Type "invoice" is not accepted by clients: choose Quote or Order',
		);
		const confirming = trigger(bed, 'documentConfirmed', { documentType: 'quote' });
		expect((await confirming.poll()).error?.message).toBe(
			'Document Type "quote" is not confirmed by clients: choose Order',
		);
		expect(documentReads(bed)).toEqual([]);
	});
});

describe('MakeLeaps Trigger: Document Type of Document Accepted and Confirmed in the editor', () => {
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
			expect(values(typeVersion, { event: 'documentConfirmed' }).documentType).toBe('order');
			const confirmed = description.properties.find(
				(p) =>
					p.name === 'documentType' && p.displayOptions?.show?.event?.includes('documentConfirmed'),
			);
			expect(confirmed?.options?.map((option) => (option as { value: string }).value)).toEqual([
				'order',
			]);
		},
	);
});
