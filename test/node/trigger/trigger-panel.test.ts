/**
 * The trigger's panel follows its own advice: a new trigger (version 4) watches invoices, Any
 * says what it costs, and a saved trigger that left Document Type as it was (Any, not saved by
 * n8n) keeps its documents and its memory. Fetch Test Event shows the latest matching record of
 * one page, marked as a sample; with none the test fails saying why and what to do (shown in the
 * panel); it never changes what the published trigger reports.
 */
import type { INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MakeLeapsTrigger } from '../../../nodes/MakeLeaps/MakeLeapsTrigger.node';
import { ActiveTrigger, numbers, SAVINGS, seedDocuments } from '../support/activeTrigger';
import { FAST, useTestBed, type TestBed } from '../support/bed';
import { seedClient } from '../support/fixtures';

const { description } = new MakeLeapsTrigger();

/** What n8n makes of a trigger saved with these parameters: its values and the fields shown. */
function panel(typeVersion: number, saved: INodeParameters) {
	const node: INode = {
		id: 'trigger',
		name: 'MakeLeaps Trigger',
		type: 'n8n-nodes-makeleaps.makeLeapsTrigger',
		typeVersion,
		position: [0, 0],
		parameters: saved,
	};
	const { properties } = description;
	const values = NodeHelpers.getNodeParameters(properties, saved, true, false, node, description)!;
	const shown = properties.filter((p) =>
		NodeHelpers.displayParameter(values, p, node, description),
	);
	return { values, shown: shown.map((p) => p.displayName) };
}

const ANY_NOTICE = /^Any reads the documents of every type at each poll/;

const documentReads = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.path.endsWith('/document/'));

/** What the trigger told n8n's logger about starting over. */
const startOvers = (bed: TestBed) => bed.logs.filter((line) => line.includes('starts watching'));

describe('MakeLeaps Trigger: Document Type in the panel', () => {
	test('a new trigger (version 4, the default) watches invoices; Any says what it costs', () => {
		expect(description.defaultVersion).toBe(4);
		const added = panel(3, { event: 'documentPaid' });
		expect(added.values.documentType).toBe('invoice');
		expect(added.shown.some((text) => ANY_NOTICE.test(text))).toBe(false);
		const any = panel(3, { event: 'documentPaid', documentType: '' });
		expect(any.values.documentType).toBe('');
		expect(any.shown.filter((text) => ANY_NOTICE.test(text))).toHaveLength(1);
		expect(any.shown.filter((text) => text === 'Document Type')).toHaveLength(1);
		expect(panel(3, { event: 'newClient', documentType: '' }).shown).not.toContain('Document Type');
		expect(
			panel(3, { event: 'newClient', documentType: '' }).shown.some((t) => ANY_NOTICE.test(t)),
		).toBe(false);
	});

	test.each([3, 4])(
		'Tags in version %i: typed names before 4, then picked from the account, an expression allowed',
		(version) => {
			const tags = description.properties.filter(
				(p) =>
					p.name === 'tags' &&
					NodeHelpers.displayParameter(
						{ event: 'documentPaid' },
						p,
						{ typeVersion: version } as INode,
						description,
					),
			);
			expect(tags).toHaveLength(1);
			expect(tags[0]).toMatchObject(
				version < 4
					? { type: 'string', default: '' }
					: {
							type: 'multiOptions',
							default: [],
							typeOptions: { loadOptionsMethod: 'getTags' },
							allowArbitraryValues: true,
						},
			);
			expect(new MakeLeapsTrigger().methods.loadOptions.getTags).toBeDefined();
		},
	);

	test.each([1, 2])(
		'a saved trigger of version %i that left Document Type as it was keeps Any, with the notice',
		(version) => {
			const saved = panel(version, { event: 'documentPaid' });
			expect(saved.values.documentType).toBe('');
			expect(saved.shown.filter((text) => text === 'Document Type')).toHaveLength(1);
			expect(saved.shown.filter((text) => ANY_NOTICE.test(text))).toHaveLength(1);
			expect(panel(version, { event: 'documentPaid', documentType: 'invoice' }).shown).toEqual(
				expect.not.arrayContaining([expect.stringMatching(ANY_NOTICE)]),
			);
		},
	);
});

describe('MakeLeaps Trigger: Document Type when polling', () => {
	const bed = useTestBed();

	test('a new trigger (version 3) left as it was watches invoices only', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const [invoice] = seedDocuments(bed, clientMid, ['INV-1']);
		const [quote] = seedDocuments(bed, clientMid, ['Q-1'], { document_type: 'quote' });
		const trigger = new ActiveTrigger(
			bed,
			{ event: 'documentPaid' },
			{ typeVersion: 3, requestsPerMinute: FAST },
		);
		expect((await trigger.poll()).items).toBeNull();
		bed.sandbox.markPaid(String(quote.mid));
		bed.sandbox.markPaid(String(invoice.mid));
		expect(numbers(await trigger.poll())).toEqual(['INV-1']);
		expect(documentReads(bed).at(-1)!.query.document_type).toBe('invoice');
	});

	test.each([1, 2])(
		'a saved trigger of version %i with Any (not saved by n8n) keeps watching every type and keeps the memory the previous release wrote',
		async (typeVersion) => {
			const clientMid = seedClient(bed, 'C-1');
			const [invoice, later] = seedDocuments(bed, clientMid, ['INV-1', 'INV-2']);
			const [quote] = seedDocuments(bed, clientMid, ['Q-1'], { document_type: 'quote' });
			// the previous release read Document Type as Any: its memory is of Any
			const trigger = new ActiveTrigger(
				bed,
				{ event: 'documentPaid', documentType: '' },
				{ typeVersion, requestsPerMinute: FAST },
			);
			expect((await trigger.poll()).items).toBeNull();
			bed.sandbox.markPaid(String(invoice.mid));
			bed.sandbox.markPaid(String(quote.mid));
			// n8n restarts with this release: the workflow as n8n saved it, without the default
			trigger.reconfigure({ event: 'documentPaid' });
			trigger.restart();
			expect(numbers(await trigger.poll())).toEqual(['INV-1', 'Q-1']);
			bed.sandbox.markPaid(String(later.mid));
			expect(numbers(await trigger.poll())).toEqual(['INV-2']);
			expect(documentReads(bed).every((read) => read.query.document_type === undefined)).toBe(true);
			expect(startOvers(bed)).toEqual([]);
		},
	);
});

describe('MakeLeaps Trigger: Fetch Test Event', () => {
	const bed = useTestBed();

	test('with nothing new: the latest paid invoice of one page, marked as a sample, in one request', async () => {
		const clientMid = seedClient(bed, 'C-1');
		seedDocuments(
			bed,
			clientMid,
			Array.from({ length: 150 }, (_, k) => `UNPAID-${k + 1}`),
		);
		seedDocuments(bed, clientMid, ['EARLIER'], { date_paid: '2026-01-05T00:00:00Z' });
		seedDocuments(bed, clientMid, ['LATEST'], { date_paid: '2026-02-01T00:00:00Z' });
		seedDocuments(bed, clientMid, ['QUOTE'], {
			document_type: 'quote',
			date_paid: '2026-03-01T00:00:00Z',
		});
		const trigger = new ActiveTrigger(
			bed,
			{ event: 'documentPaid' },
			{ typeVersion: 3, requestsPerMinute: FAST },
		);
		await trigger.poll(); // the published trigger: nothing new since
		expect((await trigger.poll()).items).toBeNull();
		bed.sandbox.resetRequests();
		const test = await trigger.poll('manual');
		expect(test.error).toBeUndefined();
		expect(test.items).toHaveLength(1);
		const [{ json }] = test.items!;
		expect(Object.keys(json).slice(0, 2)).toEqual(['sample', 'sample_note']);
		expect(json).toMatchObject({
			sample: true,
			sample_note:
				'Fetch Test Event shows the latest paid invoice as a sample, not a new payment: the published workflow starts once for each new one',
			document_number: 'LATEST',
			status: 'paid',
			// the client in full in the same read (Simplify): named, with no request more
			client_name: 'C-1 Co',
		});
		expect(documentReads(bed).map((read) => read.query)).toEqual([
			{
				per_page: '100',
				date__gte: expect.any(String),
				document_type: 'invoice',
				paid: 'true',
				expand: 'client',
			},
		]);
	});

	test.each([
		[
			'Document Paid, Invoice',
			{ event: 'documentPaid', documentType: 'invoice' },
			'No paid invoice dated within the last 90 days in MakeLeaps: Fetch Test Event has nothing to show',
			'Mark one paid in MakeLeaps, raise Look Back (Days), or choose another Event or Document Type, then fetch again. The trigger itself is set up: published, it starts the workflow for each new payment. What it remembers is unchanged.',
		],
		[
			'Document Sent, Any',
			{ event: 'documentSent', documentType: '', lookBackDays: 30 },
			'No sent document dated within the last 30 days in MakeLeaps: Fetch Test Event has nothing to show',
			'Send one (or mark one sent) in MakeLeaps, raise Look Back (Days), or choose another Event or Document Type, then fetch again. The trigger itself is set up: published, it starts the workflow for each new sending. What it remembers is unchanged.',
		],
		[
			'New Client',
			{ event: 'newClient' },
			'No client in MakeLeaps: Fetch Test Event has nothing to show',
			'Add one in MakeLeaps, or choose another Event, then fetch again. The trigger itself is set up: published, it starts the workflow for each new client. What it remembers is unchanged.',
		],
	])(
		'with no matching record at all (%s): the panel shows why and what to do (an error of the test, no item); nothing remembered',
		async (_, parameters, message, advice) => {
			if (parameters.event !== 'newClient') {
				const clientMid = seedClient(bed, 'C-1');
				seedDocuments(bed, clientMid, ['UNPAID']);
				seedDocuments(bed, clientMid, ['PAID-QUOTE'], {
					document_type: 'quote',
					date_paid: '2026-01-05T00:00:00Z',
				});
				seedDocuments(bed, clientMid, ['OLD'], {
					date: '2020-01-01',
					date_paid: '2020-01-05T00:00:00Z',
					date_sent: '2020-01-02T00:00:00Z',
				});
			}
			const trigger = new ActiveTrigger(bed, parameters, { requestsPerMinute: FAST });
			const test = await trigger.poll('manual');
			expect(test.items).toBeNull();
			expect([
				test.error?.message,
				(test.error as { description?: string } | undefined)?.description,
			]).toEqual([message, advice]);
			expect(trigger.state).toBeUndefined();
		},
	);

	describe.each(SAVINGS)('n8n saving the state %s', (saving) => {
		test('a published trigger tested between its polls still reports each payment exactly once', async () => {
			const clientMid = seedClient(bed, 'C-1');
			const [a, b] = seedDocuments(bed, clientMid, ['A', 'B', 'C']);
			const trigger = new ActiveTrigger(
				bed,
				{ event: 'documentPaid' },
				{ saving, typeVersion: 3, requestsPerMinute: FAST },
			);
			const sampleOf = async () => {
				const test = await trigger.poll('manual');
				expect(test.items?.map((item) => item.json.sample)).toEqual([true]);
				return test.items![0].json.document_number;
			};
			expect((await trigger.poll()).items).toBeNull();
			bed.sandbox.markPaid(String(a.mid));
			expect(await sampleOf()).toBe('A');
			expect(numbers(await trigger.poll())).toEqual(['A']);
			expect(await sampleOf()).toBe('A');
			expect((await trigger.poll()).items).toBeNull();
			bed.sandbox.markPaid(String(b.mid), '2026-01-05T00:00:00Z');
			await sampleOf();
			trigger.restart();
			await sampleOf();
			expect(numbers(await trigger.poll())).toEqual(['B']);
			await sampleOf();
			expect((await trigger.poll()).items).toBeNull();
			expect(startOvers(bed)).toEqual([]);
		});
	});
});

describe('MakeLeaps Trigger: Fetch Test Event on a service that ignores the `paid` filter', () => {
	const bed = useTestBed({ ignoreFilters: ['paid'] });

	test('the sample is still a paid document; a first page without one says which page it read', async () => {
		const clientMid = seedClient(bed, 'C-1');
		seedDocuments(bed, clientMid, ['UNPAID-1', 'UNPAID-2']);
		seedDocuments(bed, clientMid, ['PAID'], { date_paid: '2026-01-05T00:00:00Z' });
		const trigger = new ActiveTrigger(bed, { event: 'documentPaid' }, { requestsPerMinute: FAST });
		const found = await trigger.poll('manual');
		expect(found.items?.map((item) => item.json.document_number)).toEqual(['PAID']);

		bed.sandbox.partner().documents.clear();
		seedDocuments(
			bed,
			clientMid,
			Array.from({ length: 100 }, (_, k) => `UNPAID-${k + 1}`),
		);
		seedDocuments(bed, clientMid, ['PAID-LATER'], { date_paid: '2026-01-05T00:00:00Z' });
		bed.sandbox.resetRequests();
		const missed = await trigger.poll('manual');
		expect(missed.items).toBeNull();
		expect(missed.error?.message).toBe(
			'No paid document dated within the last 90 days among the first 100 documents MakeLeaps listed: Fetch Test Event has nothing to show',
		);
		expect(documentReads(bed)).toHaveLength(1);
	});
});
