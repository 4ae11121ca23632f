import { asSample, noTestEvent } from '../../../nodes/MakeLeaps/trigger/testEvent';
import type { WatchEvent } from '../../../nodes/MakeLeaps/trigger/marks';
import { watchScope } from '../../../nodes/MakeLeaps/trigger/watch';
import { watchedList } from '../../../nodes/MakeLeaps/trigger/watchedList';

const scope = (event: WatchEvent, documentType = '') =>
	watchScope({
		baseUrl: 'https://api.makeleaps.com',
		partner: 'P1',
		event,
		documentType,
		lookBackDays: '30',
	});

describe('watchedList', () => {
	test('a poll and a test read the same list; a test of Paid or Sent asks for those only', () => {
		const poll = watchedList(scope('documentPaid', 'invoice'), '2026-11-30');
		expect(poll).toEqual({
			kind: 'documents',
			qs: { date__gte: '2026-10-31', document_type: 'invoice' },
			filters: { documentType: 'invoice', windowStart: '2026-10-31' },
		});
		expect(watchedList(scope('documentPaid', 'invoice'), '2026-11-30', true).qs).toEqual({
			...poll.qs,
			paid: 'true',
		});
		expect(watchedList(scope('documentSent'), '2026-11-30', true).qs).toEqual({
			date__gte: '2026-10-31',
			sent: 'true',
		});
		expect(watchedList(scope('newDocument'), '2026-11-30', true).qs).toEqual({
			date__gte: '2026-10-31',
		});
		expect(watchedList(scope('newClient'), '2026-11-30', true)).toEqual({
			kind: 'clients',
			qs: {},
			filters: {},
		});
	});
});

describe('Fetch Test Event', () => {
	test('the sample marks come first and are never the record’s own', () => {
		const sample = asSample(scope('newDocument', 'orderslip'), {
			mid: '1',
			sample: 'x',
			note: 'n',
		});
		expect(sample).toEqual({
			sample: true,
			sample_note:
				'Fetch Test Event shows the latest order slip as a sample, not a new document: the published workflow starts once for each new one',
			mid: '1',
			note: 'n',
		});
		expect(Object.keys(sample)).toEqual(['sample', 'sample_note', 'mid', 'note']);
	});

	test('what is missing, in the words of the event and the type', () => {
		expect(noTestEvent(scope('documentSent', 'deliveryslip'), 0, false).message).toBe(
			'No sent delivery slip dated within the last 30 days in MakeLeaps: Fetch Test Event has nothing to show',
		);
		expect(noTestEvent(scope('newDocument', 'quote'), 100, true).message).toBe(
			'No quote dated within the last 30 days among the first 100 documents MakeLeaps listed: Fetch Test Event has nothing to show',
		);
	});
});
