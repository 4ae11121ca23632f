import type { IDataObject } from 'n8n-workflow';

import {
	compare,
	MAX_REMEMBERED,
	savedState,
	watchScope,
	type WatchState,
} from '../../../nodes/MakeLeaps/trigger/watch';
import { checkRecords, latest, signatureOf } from '../../../nodes/MakeLeaps/trigger/watchedList';
import type { WatchEvent } from '../../../nodes/MakeLeaps/trigger/marks';

const doc = (mid: string, extra: IDataObject = {}): IDataObject => ({
	mid,
	date: '2026-11-20',
	date_sent: null,
	date_paid: null,
	...extra,
});

const HOUR = 3600_000;
const SCOPE = watchScope({
	baseUrl: 'https://api.makeleaps.com',
	partner: 'P1',
	event: 'newClient',
	documentType: '',
	lookBackDays: '',
});
const NOW = Date.parse('2026-11-23T09:00:00Z');

/** Polls one after another, an hour apart; what each reported. */
function polls(event: WatchEvent, reads: IDataObject[][]) {
	let state: WatchState | undefined;
	return reads.map((records, i) => {
		const result = compare(event, state, records, SCOPE, NOW + i * HOUR);
		state = result.state;
		return result.report.map((record) => record.mid);
	});
}

describe('compare', () => {
	test('a poll that sees a remembered mark cleared says so (the state must be saved); one that sees it not marked before does not', () => {
		const cleared = (event: WatchEvent, reads: IDataObject[][]) => {
			let state: WatchState | undefined;
			return reads.map((records, i) => {
				const result = compare(event, state, records, SCOPE, NOW + i * HOUR);
				state = result.state;
				return result.cleared;
			});
		};
		const accepted = { accepted: true };
		const withdrawn = { accepted: false };
		expect(
			cleared('documentAccepted', [
				[doc('1', accepted), doc('2', withdrawn)],
				[doc('1', withdrawn), doc('2', withdrawn)],
				[doc('1', withdrawn), doc('2', withdrawn)],
				[doc('1'), doc('2', accepted)],
				[doc('1', accepted), doc('2', withdrawn)],
			]),
		).toEqual([false, true, false, false, true]);
		const paid = { date_paid: '2026-11-20T00:00:00Z' };
		expect(cleared('documentPaid', [[doc('1', paid)], [doc('1')]])).toEqual([false, true]);
	});

	test('the first read reports nothing; then new records once', () => {
		expect(
			polls('newDocument', [[doc('1')], [doc('1'), doc('2')], [doc('1'), doc('2')], [doc('3')]]),
		).toEqual([[], ['2'], [], ['3']]);
	});

	test('a record that leaves the list (archived, out of the window, on another page) is not reported again when it returns, however long it was gone', () => {
		const gone = Array.from({ length: 20 }, () => [doc('1')]);
		expect(
			polls('newClient', [[doc('1'), doc('2')], ...gone, [doc('1'), doc('2')]]).flat(),
		).toEqual([]);
	});

	test('paid: whenever date_paid is set on a record seen unpaid, or on a record never seen, whatever day the payment carries', () => {
		const paid = (day: string) => ({ date_paid: `${day}T00:00:00Z` });
		expect(
			polls('documentPaid', [
				[doc('1'), doc('2', paid('2020-01-01'))],
				[doc('1', paid('2026-11-22')), doc('2', paid('2020-01-01')), doc('3', paid('2026-11-01'))],
				[doc('1', paid('2026-11-22')), doc('2', paid('2020-01-01')), doc('3', paid('2026-11-01'))],
			]),
		).toEqual([[], ['1', '3'], []]);
	});

	test('paid again: a payment cleared and recorded with another date is a new payment; the same date in another form is not', () => {
		expect(
			polls('documentPaid', [
				[doc('1')],
				[doc('1', { date_paid: '2026-11-22T00:00:00Z' })],
				[doc('1', { date_paid: '2026-11-22T09:00:00+09:00' })],
				[doc('1')],
				[doc('1', { date_paid: '2026-11-23T00:00:00Z' })],
			]),
		).toEqual([[], ['1'], [], [], ['1']]);
	});

	test('a record twice in one read (pages that shifted) is reported once', () => {
		expect(polls('newDocument', [[doc('1')], [doc('1'), doc('2'), doc('2')]])).toEqual([[], ['2']]);
	});

	test('sent is watched apart from paid', () => {
		const sent = { date_sent: new Date(NOW + HOUR).toISOString() };
		const paid = { date_paid: new Date(NOW + HOUR).toISOString() };
		expect(
			polls('documentSent', [
				[doc('1'), doc('2')],
				[doc('1', sent), doc('2', paid)],
			]),
		).toEqual([[], ['1']]);
	});

	test('another scope starts over', () => {
		const first = compare('newClient', undefined, [doc('1')], SCOPE, NOW);
		expect(
			compare('newClient', first.state, [doc('1'), doc('2')], { ...SCOPE, partner: 'P2' }, NOW)
				.report,
		).toEqual([]);
	});

	test(`at most ${MAX_REMEMBERED} records are remembered: those absent the longest are forgotten first, those in the list never`, () => {
		const many = (from: number, count: number) =>
			Array.from({ length: count }, (_, k) => doc(String(from + k)));
		let state = compare('newClient', undefined, many(0, MAX_REMEMBERED - 10), SCOPE, NOW).state;
		state = compare('newClient', state, many(0, 5), SCOPE, NOW).state; // the rest absent
		const third = compare(
			'newClient',
			state,
			[...many(0, 5), ...many(MAX_REMEMBERED, 20)],
			SCOPE,
			NOW,
		);
		expect(third.report).toHaveLength(20);
		const remembered = Object.keys(third.state.seen);
		expect(remembered).toHaveLength(MAX_REMEMBERED);
		// the ten forgotten were absent since the first read; the five in every read stay
		expect(remembered).toEqual(expect.arrayContaining(['0', '4', String(MAX_REMEMBERED + 19)]));
		expect(remembered.filter((mid) => Number(mid) < MAX_REMEMBERED - 10)).toHaveLength(
			MAX_REMEMBERED - 20,
		);
	});
});

describe('savedState', () => {
	const seen = { seen: { '1': [1] }, reads: 1, readAt: NOW };
	const invoices = watchScope({
		baseUrl: 'https://api.makeleaps.com',
		partner: 'P1',
		event: 'documentPaid',
		documentType: 'invoice',
		lookBackDays: '90',
	});

	test('kept for the same account and settings, whatever API key; nothing saved: nothing to say', () => {
		expect(savedState({ ...seen, scope: SCOPE }, SCOPE)).toEqual({
			state: { ...seen, scope: SCOPE },
			changes: [],
		});
		expect(savedState(undefined, SCOPE)).toEqual({ changes: [] });
	});

	test('what changed is named, and the state is not kept', () => {
		const other = { ...invoices, baseUrl: 'https://sandbox.example', partner: 'P2' };
		expect(savedState({ ...seen, scope: invoices }, other)).toEqual({
			changes: [
				`the credential's Base URL changed from "https://api.makeleaps.com" to "https://sandbox.example"`,
				'Partner changed from "P1" to "P2"',
			],
		});
	});

	test("a state of the previous version, keyed by the API key's Client ID too: kept when the rest is the same", () => {
		const v2 = (scope: string) => savedState({ ...seen, scope }, invoices);
		for (const clientId of ['abc', 'with spaces in it', ''])
			expect(v2(`v2 documentPaid https://api.makeleaps.com ${clientId} P1 invoice 90`)).toEqual({
				state: { ...seen, scope: invoices },
				changes: [],
			});
		expect(
			savedState({ ...seen, scope: 'v2 newClient https://api.makeleaps.com a b P1' }, SCOPE).state
				?.scope,
		).toEqual(SCOPE);
		expect(v2('v2 documentPaid https://api.makeleaps.com abc P0 invoice 90').changes).toEqual([
			'Partner changed from "P0" to "P1"',
		]);
		expect(v2('v2 documentPaid https://api.makeleaps.com abc P1  90').changes).toEqual([
			'Document Type changed from "" to "invoice"',
		]);
	});

	test('a state it cannot read starts over, and says so', () => {
		for (const scope of ['v1 documentPaid P1', 'v2 other https://x a P1', 42, null])
			expect(savedState({ ...seen, scope }, invoices)).toEqual({
				changes: ['its memory was written by an earlier version of the node'],
			});
	});
});

describe('checkRecords', () => {
	const filters = { documentType: 'invoice', windowStart: '2026-11-01' };

	test('keeps what matches the filters, whatever the service sent back', () => {
		const records = [
			doc('1', { document_type: 'invoice' }),
			doc('2', { document_type: 'quote' }),
			doc('3', { document_type: 'invoice', date: '2026-10-31' }),
			doc('4', { document_type: 'invoice', date: '2026-11-01T00:00:00+09:00' }),
		];
		expect(checkRecords(records, filters).records.map((r) => r.mid)).toEqual(['1', '4']);
		expect(checkRecords(records, {}).records).toHaveLength(4);
	});

	test('a record without what a filter needs, or without a MID, is a problem, not a guess', () => {
		expect(checkRecords([doc('1', { document_type: undefined })], filters).problem).toBe(
			'a document without its document_type',
		);
		expect(
			checkRecords([doc('1', { document_type: 'invoice', date: null })], filters).problem,
		).toBe('a document without its date');
		expect(checkRecords([{ name: 'x' }], {}).problem).toBe('a record without its MID');
		expect(checkRecords([{ url: 'https://x/api/partner/1/client/77/' }], {}).records).toHaveLength(
			1,
		);
	});
});

describe('latest', () => {
	test('the newest by the date of its event; undated records: the first', () => {
		const records = [
			doc('1', { date: '2026-11-01', date_paid: '2026-11-22T00:00:00Z' }),
			doc('2', { date: '2026-11-21', date_paid: '2026-11-02T00:00:00Z' }),
			doc('3', { date: '2026-11-05' }),
		];
		expect(latest('newDocument', records)?.mid).toBe('2');
		expect(latest('documentPaid', records)?.mid).toBe('1');
		expect(latest('documentSent', records)).toBeUndefined();
		expect(latest('newClient', [{ mid: 'a' }, { mid: 'b' }])?.mid).toBe('a');
	});
});

describe('signatureOf', () => {
	test('changes with the count or the first page, not otherwise', () => {
		const page = [doc('1'), doc('2')];
		expect(signatureOf(150, page)).toBe(signatureOf(150, [doc('1'), doc('2')]));
		expect(signatureOf(151, page)).not.toBe(signatureOf(150, page));
		expect(signatureOf(150, [doc('2'), doc('1')])).not.toBe(signatureOf(150, page));
	});
});
