/**
 * The MakeLeaps Trigger in n8n-core's PollContext against the sandbox: the first poll is silent,
 * then every change is reported exactly once (across pages, after failed reads, after a
 * restart), polls cost few requests, and the editor's test shows the newest record.
 */
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { ActiveTrigger, numbers, SAVINGS, seedDocuments } from '../support/activeTrigger';
import { useTestBed, type TestBed } from '../support/bed';
import { seedClient, seedMany } from '../support/fixtures';

const documentReads = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.path.endsWith('/document/'));

describe('MakeLeaps Trigger: New Document', () => {
	const bed = useTestBed();

	test('the first poll is silent; then each new document once, across pages; a quiet poll reports nothing', async () => {
		const clientMid = seedClient(bed, 'C-1');
		seedDocuments(
			bed,
			clientMid,
			Array.from({ length: 250 }, (_, k) => `OLD-${k + 1}`),
		);
		const trigger = new ActiveTrigger(bed, { event: 'newDocument' });

		expect((await trigger.poll()).items).toBeNull();
		seedDocuments(bed, clientMid, ['NEW-1', 'NEW-2']);
		bed.sandbox.resetRequests();
		const second = await trigger.poll();
		expect(numbers(second)).toEqual(['NEW-1', 'NEW-2']);
		// three pages of 100, dated from the look-back window on
		expect(documentReads(bed)).toHaveLength(3);
		expect(documentReads(bed)[0].query).toMatchObject({
			per_page: '100',
			date__gte: expect.any(String),
		});
		expect((await trigger.poll()).items).toBeNull();
		seedDocuments(bed, clientMid, ['NEW-3']);
		expect(numbers(await trigger.poll())).toEqual(['NEW-3']);
	});

	test('only the chosen type; a document dated before the look-back window is not watched', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const trigger = new ActiveTrigger(bed, {
			event: 'newDocument',
			documentType: 'quote',
			lookBackDays: 30,
		});
		await trigger.poll();
		seedDocuments(bed, clientMid, ['INV-1']);
		seedDocuments(bed, clientMid, ['Q-1'], { document_type: 'quote' });
		seedDocuments(bed, clientMid, ['Q-OLD'], { document_type: 'quote', date: '2020-01-01' });
		expect(numbers(await trigger.poll())).toEqual(['Q-1']);
		expect(documentReads(bed).at(-1)!.query.document_type).toBe('quote');
	});

	test("the editor's test shows the newest document and leaves the trigger's state alone", async () => {
		const clientMid = seedClient(bed, 'C-1');
		seedDocuments(bed, clientMid, ['A'], { date: '2026-11-01' });
		seedDocuments(bed, clientMid, ['B'], { date: '2026-11-20' });
		seedDocuments(bed, clientMid, ['C'], { date: '2026-11-10' });
		const trigger = new ActiveTrigger(bed, { event: 'newDocument', lookBackDays: 366 });
		const manual = await trigger.poll('manual');
		expect(numbers(manual)).toEqual(['B']);
		expect(trigger.state).toBeUndefined();
	});

	test('a read that fails changes nothing: the next poll reports what the failed one would have', async () => {
		const clientMid = seedClient(bed, 'C-1');
		seedDocuments(
			bed,
			clientMid,
			Array.from({ length: 150 }, (_, k) => `OLD-${k + 1}`),
		);
		const trigger = new ActiveTrigger(bed, { event: 'newDocument' });
		await trigger.poll();
		seedDocuments(bed, clientMid, ['NEW-1']);
		for (let i = 0; i < 4; i++)
			bed.sandbox.injectFault(
				{ kind: 'status', status: 503 },
				{ method: 'GET', path: /\/document\/$/ },
			);
		const failed = await trigger.poll();
		expect(failed.error?.message).toMatch(
			/^MakeLeaps is unavailable \(HTTP 503\), also after 3 retries/,
		);
		expect(numbers(await trigger.poll())).toEqual(['NEW-1']);
		expect((await trigger.poll()).items).toBeNull();
	});

	test('other settings start over: the first poll under them is silent', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const trigger = new ActiveTrigger(bed, { event: 'newDocument' });
		await trigger.poll();
		trigger.reconfigure({ event: 'newDocument', documentType: 'invoice' });
		seedDocuments(bed, clientMid, ['NEW-1']);
		expect((await trigger.poll()).items).toBeNull();
		seedDocuments(bed, clientMid, ['NEW-2']);
		expect(numbers(await trigger.poll())).toEqual(['NEW-2']);
	});
});

describe('MakeLeaps Trigger: Document Paid and Document Sent', () => {
	const bed = useTestBed();

	test('each payment once; a document made since the trigger started and already paid counts, whatever day its payment carries', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const [a, b] = seedDocuments(bed, clientMid, ['A', 'B', 'C']);
		seedDocuments(bed, clientMid, ['PAID-LONG-AGO'], { date_paid: '2020-01-01T00:00:00Z' });
		const trigger = new ActiveTrigger(bed, { event: 'documentPaid' });
		expect((await trigger.poll()).items).toBeNull();

		bed.sandbox.markPaid(String(a.mid));
		bed.sandbox.markPaid(String(b.mid));
		seedDocuments(bed, clientMid, ['PAID-NOW'], { date_paid: new Date().toISOString() });
		seedDocuments(bed, clientMid, ['PAID-BEFORE'], { date_paid: '2020-01-01T00:00:00Z' });
		expect(numbers(await trigger.poll())).toEqual(['A', 'B', 'PAID-NOW', 'PAID-BEFORE']);
		expect((await trigger.poll()).items).toBeNull();
	});

	describe.each(SAVINGS)('n8n saving the state %s', (saving) => {
		const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString();

		test('an invoice made after a poll and paid with an earlier day is reported once', async () => {
			const clientMid = seedClient(bed, 'C-1');
			const trigger = new ActiveTrigger(bed, { event: 'documentPaid' }, { saving });
			await trigger.poll();
			const [x] = seedDocuments(bed, clientMid, ['X']);
			bed.sandbox.markPaid(String(x.mid), yesterday);
			expect(numbers(await trigger.poll())).toEqual(['X']);
			expect((await trigger.poll()).items).toBeNull();
			trigger.restart();
			expect((await trigger.poll()).items).toBeNull();
		});

		test('an invoice seen unpaid by a quiet poll, n8n restarting, then paid with an earlier day: reported once', async () => {
			const clientMid = seedClient(bed, 'C-1');
			const trigger = new ActiveTrigger(bed, { event: 'documentPaid' }, { saving });
			await trigger.poll();
			const [x, y] = seedDocuments(bed, clientMid, ['X', 'Y']);
			expect((await trigger.poll()).items).toBeNull(); // quiet: X and Y unpaid
			trigger.restart();
			bed.sandbox.markPaid(String(x.mid), yesterday);
			expect(numbers(await trigger.poll())).toEqual(['X']);
			trigger.restart();
			expect((await trigger.poll()).items).toBeNull();
			bed.sandbox.markPaid(String(y.mid), '2026-01-05T00:00:00Z');
			trigger.restart();
			expect(numbers(await trigger.poll())).toEqual(['Y']);
			expect((await trigger.poll()).items).toBeNull();
		});
	});

	test('Document Sent: a document sent after the first poll, once', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const [a] = seedDocuments(bed, clientMid, ['A', 'B']);
		const trigger = new ActiveTrigger(bed, { event: 'documentSent' });
		await trigger.poll();
		bed.sandbox.partner().documents.get(String(a.mid))!.date_sent = new Date().toISOString();
		expect(numbers(await trigger.poll())).toEqual(['A']);
		bed.sandbox.markPaid(String(a.mid));
		expect((await trigger.poll()).items).toBeNull();
	});

	test('n8n restarts between polls: nothing reported twice, nothing missed', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const [a, b, c] = seedDocuments(bed, clientMid, ['A', 'B', 'C']);
		const trigger = new ActiveTrigger(bed, { event: 'documentPaid' });
		await trigger.poll(); // activation: saved
		bed.sandbox.markPaid(String(a.mid));
		expect(numbers(await trigger.poll())).toEqual(['A']); // emitted: saved
		expect((await trigger.poll()).items).toBeNull(); // quiet: not saved
		trigger.restart();
		bed.sandbox.markPaid(String(b.mid));
		expect(numbers(await trigger.poll())).toEqual(['B']);
		trigger.restart();
		bed.sandbox.markPaid(String(c.mid));
		expect(numbers(await trigger.poll())).toEqual(['C']);
	});
});

describe('MakeLeaps Trigger: New Client', () => {
	const bed = useTestBed();

	test('a quiet poll of a long list reads one page; a new client is read in full and reported once', async () => {
		seedMany(bed, 150);
		const trigger = new ActiveTrigger(bed, { event: 'newClient' });
		await trigger.poll();
		bed.sandbox.resetRequests();
		expect((await trigger.poll()).items).toBeNull();
		expect(bed.sandbox.received('/api/').map((r) => r.url)).toEqual([
			expect.stringMatching(/\/client\/\?per_page=100$/),
		]);
		seedClient(bed, 'NEW-1');
		const found = await trigger.poll();
		expect(found.items?.map((i) => i.json.client_external_id)).toEqual(['NEW-1']);
		expect((await trigger.poll()).items).toBeNull();
	});

	test('a client replacing a deleted one beyond the first page is found by the hourly full read', async () => {
		const mids = seedMany(bed, 150);
		const trigger = new ActiveTrigger(bed, { event: 'newClient' });
		await trigger.poll();
		bed.sandbox.partner().clients.delete(mids[140]);
		seedClient(bed, 'NEW-1');
		expect((await trigger.poll()).items).toBeNull(); // same count, same first page
		(trigger.state as { readAt: number }).readAt -= 61 * 60 * 1000;
		const found = await trigger.poll();
		expect(found.items?.map((i) => i.json.client_external_id)).toEqual(['NEW-1']);
	});

	test('a short list is compared on every poll', async () => {
		seedMany(bed, 3);
		const trigger = new ActiveTrigger(bed, { event: 'newClient' });
		await trigger.poll();
		seedClient(bed, 'NEW-1');
		const found = await trigger.poll();
		expect(found.items?.map((i) => i.json.client_external_id)).toEqual(['NEW-1']);
		const manual = await trigger.poll('manual');
		expect(manual.items).toHaveLength(1);
	});
});

describe('MakeLeaps Trigger: a service that ignores the filters it is sent', () => {
	const bed = useTestBed({ ignoreFilters: ['document_type', 'date__gte'] });

	test('a payment on a document of another type is not reported', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const [invoice] = seedDocuments(bed, clientMid, ['INV-1']);
		const [quote] = seedDocuments(bed, clientMid, ['Q-1'], { document_type: 'quote' });
		const trigger = new ActiveTrigger(bed, { event: 'documentPaid', documentType: 'invoice' });
		await trigger.poll();
		bed.sandbox.markPaid(String(quote.mid));
		bed.sandbox.markPaid(String(invoice.mid));
		expect(numbers(await trigger.poll())).toEqual(['INV-1']);
		expect(documentReads(bed).at(-1)!.query.document_type).toBe('invoice');
	});

	test('documents dated before the look-back window are never reported, at any poll', async () => {
		const clientMid = seedClient(bed, 'C-1');
		seedDocuments(bed, clientMid, ['OLD-1', 'OLD-2'], { date: '2020-01-01' });
		const trigger = new ActiveTrigger(bed, { event: 'newDocument', lookBackDays: 30 });
		await trigger.poll();
		for (let i = 0; i < 4; i++) expect((await trigger.poll()).items).toBeNull();
		seedDocuments(bed, clientMid, ['NEW-1']);
		expect(numbers(await trigger.poll())).toEqual(['NEW-1']);
		expect(documentReads(bed).at(-1)!.query.date__gte).toEqual(expect.any(String));
	});
});

describe('MakeLeaps Trigger: records that leave and come back', () => {
	const bed = useTestBed();

	test('a client archived for a while and restored is not a new client again', async () => {
		seedMany(bed, 3);
		const trigger = new ActiveTrigger(bed, { event: 'newClient' });
		await trigger.poll();
		const mid = seedClient(bed, 'NEW-1');
		expect((await trigger.poll()).items?.map((i) => i.json.client_external_id)).toEqual(['NEW-1']);
		bed.sandbox.archiveClient(mid);
		for (let i = 0; i < 5; i++) expect((await trigger.poll()).items).toBeNull();
		bed.sandbox.restoreClient(mid);
		for (let i = 0; i < 2; i++) expect((await trigger.poll()).items).toBeNull();
	});

	test('a document whose date is edited out of the window and back is reported once', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const trigger = new ActiveTrigger(bed, { event: 'newDocument', lookBackDays: 30 });
		await trigger.poll();
		const [x] = seedDocuments(bed, clientMid, ['X']);
		expect(numbers(await trigger.poll())).toEqual(['X']);
		const stored = bed.sandbox.partner().documents.get(String(x.mid))!;
		const date = stored.date;
		stored.date = '2020-01-01';
		for (let i = 0; i < 4; i++) expect((await trigger.poll()).items).toBeNull();
		stored.date = date;
		expect((await trigger.poll()).items).toBeNull();
	});

	test('a list that leaves out what the trigger checks stops the poll with a clear error and changes nothing', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const trigger = new ActiveTrigger(bed, { event: 'newDocument' });
		await trigger.poll();
		seedDocuments(bed, clientMid, ['X']);
		const withoutDates = (body: Record<string, unknown>) => ({
			...body,
			response: (body.response as IDataObject[]).map((record) => ({ ...record, date: undefined })),
		});
		bed.sandbox.injectFault(
			{ kind: 'rewriteAfter', change: withoutDates },
			{ method: 'GET', path: /\/document\/$/ },
		);
		const failed = await trigger.poll();
		expect(failed.error?.message).toBe(
			"MakeLeaps' document list gave a document without its date, so the trigger cannot tell what to report",
		);
		expect(numbers(await trigger.poll())).toEqual(['X']);
	});
});

describe('MakeLeaps Trigger: polls that overlap', () => {
	const bed = useTestBed();

	test('a poll that starts while the previous one still runs reports nothing and sends nothing; each new document is reported once', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const trigger = new ActiveTrigger(bed, { event: 'newDocument' });
		await trigger.poll();
		seedDocuments(bed, clientMid, ['NEW-1']);
		bed.sandbox.injectFault({ kind: 'delay', ms: 1500 }, { method: 'GET', path: /\/document\/$/ });
		bed.sandbox.resetRequests();
		const slow = trigger.poll();
		while (documentReads(bed).length === 0) await sleep(20);
		const overlapping = await trigger.poll();
		expect(overlapping.items).toBeNull();
		expect(overlapping.error).toBeUndefined();
		expect(documentReads(bed)).toHaveLength(1);
		expect(numbers(await slow)).toEqual(['NEW-1']);
		expect((await trigger.poll()).items).toBeNull();
		seedDocuments(bed, clientMid, ['NEW-2']);
		expect(numbers(await trigger.poll())).toEqual(['NEW-2']);
	});
});

describe('MakeLeaps Trigger: what a poll costs', () => {
	const bed = useTestBed();

	test('with Partner empty, the partner is looked up at the first poll only: a quiet poll then costs 1 request', async () => {
		const clientMid = seedClient(bed, 'C-1');
		seedDocuments(bed, clientMid, ['A']);
		// at n8n's own pace, as an active workflow polls
		const trigger = new ActiveTrigger(
			bed,
			{ event: 'documentPaid', partner: { __rl: true, mode: 'list', value: '' } },
			{ requestsPerMinute: 120 },
		);
		await trigger.poll();
		const paths = () => bed.sandbox.received('/api/').map((r) => r.path);
		expect(paths()).toEqual(['/api/partner/', expect.stringMatching(/\/document\/$/)]);
		bed.sandbox.resetRequests();
		expect((await trigger.poll()).items).toBeNull();
		expect(paths()).toEqual([expect.stringMatching(/\/document\/$/)]);
		trigger.restart();
		bed.sandbox.resetRequests();
		await trigger.poll();
		expect(paths()).toHaveLength(1);
	});
});

describe('MakeLeaps Trigger: Simplify (version 2)', () => {
	const bed = useTestBed();

	test('a paid invoice is reported as a flat row, its client by name in the one list read', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const [a, b] = seedDocuments(bed, clientMid, ['A', 'B']);
		const trigger = new ActiveTrigger(bed, { event: 'documentPaid' }, { typeVersion: 2 });
		await trigger.poll();
		bed.sandbox.markPaid(String(a.mid), '2026-11-20T12:00:00.000Z');
		bed.sandbox.resetRequests();
		const [item] = (await trigger.poll()).items!;
		expect(item.json).toMatchObject({
			document_number: 'A',
			status: 'paid',
			date_paid: '2026-11-20T12:00:00.000Z',
			total: 1100,
			client_mid: clientMid,
			client_name: 'C-1 Co',
		});
		expect(item.json.lineitems).toBeUndefined();
		expect(bed.sandbox.received('/api/').map((r) => r.path)).toEqual([
			expect.stringMatching(/\/document\/$/),
		]);
		// Simplify off: the documents as MakeLeaps lists them, their client as its link
		const raw = new ActiveTrigger(
			bed,
			{ event: 'documentPaid', simplify: false },
			{ typeVersion: 2 },
		);
		await raw.poll();
		bed.sandbox.markPaid(String(b.mid), '2026-11-21T12:00:00.000Z');
		const [rawItem] = (await raw.poll()).items!;
		expect(rawItem.json.client).toEqual(
			expect.stringMatching(new RegExp(`/client/${clientMid}/$`)),
		);
	});
});
