/** The trigger's Tags filter in its memory's scope and in the check of what the list gave. */
import { TagList, tagFilterOf } from '../../../nodes/MakeLeaps/model/tags';
import { savedState, watchScope } from '../../../nodes/MakeLeaps/trigger/watch';
import { checkRecords } from '../../../nodes/MakeLeaps/trigger/watchedList';

const NOW = Date.parse('2026-11-23T09:00:00Z');
const seen = { seen: { '1': [1] }, reads: 1, readAt: NOW };
const invoices = watchScope({
	baseUrl: 'https://api.makeleaps.com',
	partner: 'P1',
	event: 'newDocument',
	documentType: 'invoice',
	lookBackDays: '90',
});

describe('Tags in the scope of the memory', () => {
	test('a state saved before Tags came is kept by a trigger without Tags', () => {
		const saved = JSON.parse(JSON.stringify({ ...seen, scope: invoices }));
		expect(savedState(saved, invoices)).toEqual({
			state: { ...seen, scope: invoices },
			changes: [],
		});
	});

	test('the same Tags keep the memory; other Tags, or Tags added or left out, start anew', () => {
		const tagged = { ...invoices, tags: 'monthly, web' };
		expect(savedState({ ...seen, scope: tagged }, tagged).changes).toEqual([]);
		expect(savedState({ ...seen, scope: invoices }, tagged).changes).toEqual([
			'Tags changed from "" to "monthly, web"',
		]);
		expect(savedState({ ...seen, scope: tagged }, { ...tagged, tags: 'web' }).changes).toEqual([
			'Tags changed from "monthly, web" to "web"',
		]);
		expect(savedState({ ...seen, scope: tagged }, invoices).changes).toEqual([
			'Tags changed from "monthly, web" to ""',
		]);
	});
});

describe('Tags checked on what the list gave', () => {
	const url = (mid: string) => `https://api.makeleaps.com/api/partner/P1/tag/${mid}/`;
	const tags = tagFilterOf(
		new TagList([{ mid: '7', url: url('7'), name: 'Web' }]),
		['web'],
		'Tags',
	);
	const doc = (mid: string, refs?: string[]) => ({ mid, date: '2026-11-20', tags: refs });

	test('a document without one of the tags is left out', () => {
		const records = [doc('1', [url('7')]), doc('2', []), doc('3', [url('8')])];
		expect(checkRecords(records, { tags }).records.map((record) => record.mid)).toEqual(['1']);
	});

	test('a document without its tags stops the poll: the trigger cannot tell', () => {
		expect(checkRecords([doc('1', [url('7')]), doc('2')], { tags })).toEqual({
			records: [],
			problem: 'a document without its tags',
		});
	});
});
