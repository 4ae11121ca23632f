import type { IDataObject } from 'n8n-workflow';

import {
	compare,
	FORGET_AFTER_READS,
	latest,
	signatureOf,
	type WatchEvent,
	type WatchState,
} from '../../nodes/MakeLeaps/helpers/watch';

const doc = (mid: string, extra: IDataObject = {}): IDataObject => ({
	mid,
	date: '2026-11-20',
	date_sent: null,
	date_paid: null,
	...extra,
});

const HOUR = 3600_000;
const NOW = Date.parse('2026-11-23T09:00:00Z');

/** Polls one after another, an hour apart; what each reported. */
function polls(event: WatchEvent, reads: IDataObject[][], windowStart = '') {
	let state: WatchState | undefined;
	return reads.map((records, i) => {
		const result = compare(event, state, records, 'scope', NOW + i * HOUR, windowStart);
		state = result.state;
		return result.report.map((record) => record.mid);
	});
}

describe('compare', () => {
	test('the first read reports nothing; then new records once', () => {
		expect(
			polls('newDocument', [[doc('1')], [doc('1'), doc('2')], [doc('1'), doc('2')], [doc('3')]]),
		).toEqual([[], ['2'], [], ['3']]);
	});

	test('a record missing from a read (moved to another page meanwhile) is not reported again when it returns', () => {
		expect(polls('newClient', [[doc('1'), doc('2')], [doc('1')], [doc('1'), doc('2')]])).toEqual([
			[],
			[],
			[],
		]);
	});

	test(`a record absent from ${FORGET_AFTER_READS} reads in a row is forgotten`, () => {
		let state = compare('newClient', undefined, [doc('1'), doc('2')], 'scope', NOW).state;
		for (let i = 0; i < FORGET_AFTER_READS; i++)
			state = compare('newClient', state, [doc('1')], 'scope', NOW).state;
		expect(Object.keys(state.seen)).toEqual(['1']);
	});

	test('a document dated before the window is forgotten at once', () => {
		const first = compare(
			'newDocument',
			undefined,
			[doc('1', { date: '2026-08-01' })],
			'scope',
			NOW,
		);
		const next = compare('newDocument', first.state, [], 'scope', NOW, '2026-08-25');
		expect(next.state.seen).toEqual({});
	});

	test('paid: a change from unpaid once; a record first seen paid only when paid after the last read (10 minutes of clock margin)', () => {
		const paid = (at: number) => ({ date_paid: new Date(at).toISOString() });
		expect(
			polls('documentPaid', [
				[doc('1'), doc('2', paid(NOW - 5 * HOUR))],
				[
					doc('1', paid(NOW + 0.5 * HOUR)),
					doc('2', paid(NOW - 5 * HOUR)),
					doc('3', paid(NOW - 5 * 60_000)),
					doc('4', paid(NOW - 20 * 60_000)),
				],
				[doc('1', paid(NOW)), doc('2', paid(NOW)), doc('3', paid(NOW)), doc('4', paid(NOW))],
			]),
		).toEqual([[], ['1', '3'], []]);
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
		const first = compare('newClient', undefined, [doc('1')], 'partner A', NOW);
		expect(
			compare('newClient', first.state, [doc('1'), doc('2')], 'partner B', NOW).report,
		).toEqual([]);
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
