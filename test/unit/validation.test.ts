import {
	checkCountryCode,
	checkEmail,
	checkMid,
	checkText,
	InvalidInput,
	MAX_TEXT,
} from '../../nodes/MakeLeaps/helpers/validation';

const refusal = (run: () => unknown) => {
	try {
		run();
	} catch (error) {
		expect(error).toBeInstanceOf(InvalidInput);
		return (error as InvalidInput).message;
	}
	throw new Error('expected a refusal');
};

describe('checkText', () => {
	test('trims text, accepts numbers, treats missing values as empty', () => {
		expect(checkText('  Example Co  ', 'Name')).toBe('Example Co');
		expect(checkText(12345, 'Name')).toBe('12345');
		expect(checkText(undefined, 'Name')).toBe('');
		expect(checkText(null, 'Name')).toBe('');
	});

	test('refuses other types, naming them', () => {
		expect(refusal(() => checkText(['A'], 'Name'))).toBe('Name must be text, not a list');
		expect(refusal(() => checkText({ a: 1 }, 'Name'))).toBe('Name must be text, not object');
		expect(refusal(() => checkText(true, 'Name'))).toBe('Name must be text, not boolean');
	});

	test('counts characters as MakeLeaps does: an emoji or a kanji is one', () => {
		expect(MAX_TEXT).toBe(255);
		expect(checkText('🍣'.repeat(255), 'Name')).toHaveLength(510);
		expect(checkText('株'.repeat(255), 'Name')).toHaveLength(255);
		expect(refusal(() => checkText('🍣'.repeat(256), 'Name'))).toBe(
			'Name is 256 characters long; MakeLeaps allows at most 255',
		);
		expect(refusal(() => checkText('x'.repeat(100000), 'Name'))).toMatch(
			/^Name is 100000 characters long/,
		);
	});
});

describe('checkEmail', () => {
	test.each(['sato@example.com', 'first.last+tag@sub.example.co.jp', "o'brien@example.ie", ''])(
		'%s is accepted',
		(email) => {
			expect(checkEmail(email, 'Email')).toBe(email);
		},
	);

	test.each([
		'sato@',
		'@example.com',
		'sato',
		'sato@example',
		'a b@example.com',
		'a@b.co\r\nBcc: x@y.z',
		'a@-b.com',
	])('%s is refused', (email) => {
		expect(refusal(() => checkEmail(email, 'Email'))).toBe(
			`Email "${email}" is not a valid e-mail address`,
		);
	});
});

describe('checkCountryCode', () => {
	test('two letters, upper-cased; empty stays empty', () => {
		expect(checkCountryCode('jp', 'Country')).toBe('JP');
		expect(checkCountryCode('US', 'Country')).toBe('US');
		expect(checkCountryCode('', 'Country')).toBe('');
	});

	test.each(['Japan', '日本', 'J', 'J1'])('%s is refused', (value) => {
		expect(refusal(() => checkCountryCode(value, 'Country'))).toBe(
			`Country "${value}" is not a two-letter country code`,
		);
	});
});

describe('checkMid', () => {
	test('digits and the characters MIDs may use pass; numbers from expressions too', () => {
		expect(checkMid('1734479364211706503', 'Client')).toBe('1734479364211706503');
		expect(checkMid(' abc_DEF-1 ', 'Client')).toBe('abc_DEF-1');
		expect(checkMid(12345, 'Client')).toBe('12345');
	});

	test.each([
		['..', 'Client ".." is not a valid MakeLeaps ID'],
		['1/2', 'Client "1/2" is not a valid MakeLeaps ID'],
		['1?x=1', 'Client "1?x=1" is not a valid MakeLeaps ID'],
		['%2e%2e', 'Client "%2e%2e" is not a valid MakeLeaps ID'],
		['１２３', 'Client "１２３" is not a valid MakeLeaps ID'],
		['1'.repeat(65), `Client "${'1'.repeat(65)}" is not a valid MakeLeaps ID`],
		['', 'Client is empty'],
		[null, 'Client is empty'],
	])('%s is refused', (value, message) => {
		expect(refusal(() => checkMid(value, 'Client'))).toBe(message);
	});

	test('the refusal says what a MID looks like', () => {
		try {
			checkMid('x y', 'Client');
		} catch (error) {
			expect((error as InvalidInput).description).toMatch(/made of digits/);
		}
	});
});
