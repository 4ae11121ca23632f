/** Tags: the names an item gives, a partner's tags found by name or reference, a filter by tags. */
import type { IDataObject } from 'n8n-workflow';

import { documentBody, documentChanges } from '../../../nodes/MakeLeaps/model/documentBody';
import { simpleDocument, simpleTag } from '../../../nodes/MakeLeaps/model/simplify';
import {
	carriesTagOf,
	parseTagNames,
	sameTagNames,
	splitTagNames,
	tagFilterOf,
	TagList,
	tagOf,
} from '../../../nodes/MakeLeaps/model/tags';
import { InvalidInput } from '../../../nodes/MakeLeaps/model/validation';

const BASE = 'https://api.makeleaps.com/api/partner/P1/tag/';
const web = { mid: '101', url: `${BASE}101/`, name: 'Web' };
const monthly = { mid: '102', url: `${BASE}102/`, name: 'monthly' };
const list = () => new TagList([web, monthly]);

describe('the Tags an item gives', () => {
	test('a text with commas or a list, each name once apart from case, in the order given', () => {
		expect(parseTagNames(' Web, monthly, ,web ', 'Tags')).toBe('Web, monthly');
		expect(parseTagNames(['Web', 'monthly', 'MONTHLY', '', null], 'Tags')).toBe('Web, monthly');
		expect(parseTagNames([2026, 'Sales'], 'Tags')).toBe('2026, Sales');
		expect(parseTagNames([], 'Tags')).toBe('');
		expect(parseTagNames(' , ', 'Tags')).toBe('');
		expect(splitTagNames('Web, monthly')).toEqual(['Web', 'monthly']);
	});

	test('refused, naming the field: a member with a comma, a member not text, a name too long', () => {
		expect(() => parseTagNames(['a,b'], 'Tags')).toThrow('Tags 1 "a,b" holds a comma');
		expect(() => parseTagNames(['a', { name: 'b' }], 'Tags')).toThrow(
			'Tags 2 must be text, not object',
		);
		expect(() => parseTagNames({ name: 'b' }, 'Tags')).toThrow(InvalidInput);
		expect(() => parseTagNames(`ok, ${'x'.repeat(256)}`, 'Tags')).toThrow(
			'is 256 characters long; MakeLeaps allows at most 255',
		);
	});

	test('the same tags in any order and case', () => {
		expect(sameTagNames(['Web', 'monthly'], ['MONTHLY', ' web'])).toBe(true);
		expect(sameTagNames(['Web'], ['Web', 'monthly'])).toBe(false);
		expect(sameTagNames([], undefined)).toBe(true);
	});
});

describe("a partner's tags", () => {
	test('a record needs a name and a MID or URL', () => {
		expect(tagOf({ url: `${BASE}7/`, name: 'A' })).toEqual({
			mid: '7',
			url: `${BASE}7/`,
			name: 'A',
		});
		expect(tagOf({ mid: 7, name: 'A' })).toEqual({ mid: '7', url: '', name: 'A' });
		expect([tagOf({ mid: '7' }), tagOf({ name: 'A' }), tagOf('A')]).toEqual([
			undefined,
			undefined,
			undefined,
		]);
	});

	test('found by name: the very name first, else apart from case', () => {
		const tags = new TagList([web, monthly, { mid: '103', url: '', name: 'WEB' }]);
		expect(tags.named('Web')).toEqual([web]);
		expect(tags.named('web').map((tag) => tag.mid)).toEqual(['101', '103']);
		expect(tags.named('Sales')).toEqual([]);
	});

	test("a document's reference: a URL (any host), a MID, a name, a record", () => {
		const tags = list();
		expect(tags.ofRef('http://elsewhere.example/api/partner/P1/tag/101')).toBe(web);
		expect(tags.ofRef('102')).toBe(monthly);
		expect(tags.ofRef('WEB')).toBe(web);
		expect(tags.ofRef({ url: `${BASE}102/`, name: 'renamed' })).toBe(monthly);
		expect(tags.ofRef({ name: 'web' })).toBe(web);
		expect(tags.ofRef(`${BASE}999/`)).toBeUndefined();
		expect(tags.nameOfRef(`${BASE}999/`)).toBe(`${BASE}999/`);
		expect(tags.nameOfRef({ name: 'Gone' })).toBe('Gone');
	});
});

describe('a filter of documents by tags', () => {
	test('sends the names as MakeLeaps has them; a name no tag has is refused, naming those there are', () => {
		const filter = tagFilterOf(list(), ['web', 'Monthly'], 'Tags');
		expect(filter.sent).toBe('Web,monthly');
		expect(() => tagFilterOf(list(), ['Sales'], 'Tags')).toThrow(
			expect.objectContaining({
				message: 'Tags: MakeLeaps has no tag "Sales"',
				description: 'Its tags are: Web, monthly',
			}),
		);
	});

	test('a document carries one of them (a comma means OR), whatever form its tags take', () => {
		const filter = tagFilterOf(list(), ['Web'], 'Tags');
		expect(carriesTagOf({ tags: [`${BASE}102/`, `${BASE}101/`] }, filter)).toBe(true);
		expect(carriesTagOf({ tags: ['Web'] }, filter)).toBe(true);
		expect(carriesTagOf({ tags: [{ mid: '101', name: 'Web' }] }, filter)).toBe(true);
		expect(carriesTagOf({ tags: [`${BASE}102/`, 'Sales'] }, filter)).toBe(false);
		expect(carriesTagOf({ tags: [] }, filter)).toBe(false);
		// no list of tags: it cannot be told
		expect(carriesTagOf({}, filter)).toBeUndefined();
	});
});

describe("a document's tags in bodies and rows", () => {
	const refs = { type: 'invoice', clientUrl: 'c', lines: [] };

	test('the body carries the names; a comparison takes the same tags in any order and case', () => {
		expect(documentBody({ tags: 'Web, monthly' }, refs).tags).toEqual(['Web', 'monthly']);
		const wanted = { tags: ['Web', 'monthly'], lineitems: [] };
		const same = documentChanges(wanted, { tags: ['MONTHLY', 'web'], lineitems: [] });
		expect(same.changes).toEqual({});
		const other = documentChanges(wanted, { tags: ['Web'], lineitems: [] });
		expect(other.patch).toEqual({ tags: ['Web', 'monthly'] });
		expect(other.changes).toEqual({ tags: { from: ['Web'], to: ['Web', 'monthly'] } });
	});

	test('a row gives the tags as one cell: names where the run knows them, else MIDs', () => {
		const nameOf = (kind: string, mid: string) =>
			kind === 'tag' ? list().nameOfMid(mid) : undefined;
		const row = (tags: IDataObject['tags']) => simpleDocument({ mid: '1', tags }, { nameOf }).tags;
		expect(row([`${BASE}101/`, `${BASE}102/`])).toBe('Web, monthly');
		expect(row([`${BASE}999/`, { name: 'Sales' }, 'plain'])).toBe('999, Sales, plain');
		expect([row([]), row(undefined)]).toEqual(['', null]);
		expect(simpleTag({ url: `${BASE}101/`, name: 'Web', extra: { x: 1 } })).toEqual({
			mid: '101',
			name: 'Web',
		});
	});
});

describe("a flat row's tags: by name, however MakeLeaps gives them", () => {
	test('a URL, a bare MID (text or number) and a record, each by the name the run knows; one it does not, by MID', () => {
		const names: Record<string, string> = { '101': 'Web', '102': 'Sales', '103': 'monthly' };
		const nameOf = (kind: string, mid: string) => (kind === 'tag' ? names[mid] : undefined);
		const row = simpleDocument(
			{ tags: [`${BASE}101/`, '102', 103, { mid: '104', name: 'VIP' }, '999'] },
			{ nameOf },
		);
		expect(row.tags).toBe('Web, Sales, monthly, VIP, 999');
		expect(simpleDocument({ tags: ['102'] }).tags).toBe('102');
	});
});
