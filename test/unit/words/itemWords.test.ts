/**
 * How a message names an item: n8n's index (from 0) beside the row a person counts (from 1), in
 * the suffix of every message and wherever a sentence lists items.
 */
import { itemsInWords } from '../../../nodes/MakeLeaps/words/stops';
import { itemNamed, itemSuffix, withoutItemSuffix } from '../../../nodes/MakeLeaps/words/transport';

test('the suffix names the item and its row; a message without an item has none', () => {
	expect(`Give the row a Client External ID: it is empty${itemSuffix(0)}`).toBe(
		'Give the row a Client External ID: it is empty [item 0, row 1]',
	);
	expect(itemSuffix(41)).toBe(' [item 41, row 42]');
	expect(itemSuffix(undefined)).toBe('');
});

test('a quoted message loses its own suffix only', () => {
	expect(withoutItemSuffix(`MakeLeaps is unavailable (HTTP 503)${itemSuffix(7)}`)).toBe(
		'MakeLeaps is unavailable (HTTP 503)',
	);
	// a suffix inside the text, or of another shape, stays
	expect(withoutItemSuffix('a [item 2, row 3] in the middle')).toBe(
		'a [item 2, row 3] in the middle',
	);
	expect(withoutItemSuffix('Refused [item 2]')).toBe('Refused [item 2]');
});

test.each<[number[], string]>([
	[[3], 'item 3 (row 4)'],
	[[4, 3], 'items 3 and 4 (rows 4 and 5)'],
	[[4, 7, 9, 10, 11], 'items 4, 7 and 9 to 11 (rows 5, 8 and 10 to 12)'],
	[[0, 1, 2, 2], 'items 0 to 2 (rows 1 to 3)'],
])('items %j in words: %s', (items, words) => {
	expect(itemsInWords(items)).toBe(words);
});

test('an item in a sentence', () => {
	expect(itemNamed(0)).toBe('item 0 (row 1)');
});
