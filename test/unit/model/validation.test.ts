import {
	checkCount,
	checkCountryCode,
	checkEmail,
	checkFlag,
	checkMid,
	checkText,
	InvalidInput,
	MAX_TEXT,
} from '../../../nodes/MakeLeaps/model/validation';

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

describe('checkEmail (RFC 5322, with RFC 6531 internationalised addresses)', () => {
	test.each([
		'sato@example.com',
		'first.last+tag@sub.example.co.jp',
		"o'brien@example.ie",
		'ueda@例え.jp',
		'上田@例え.jp',
		'пользователь@пример.рф',
		'δοκιμή@παράδειγμα.δοκιμή',
		'user@xn--r8jz45g.jp',
		'',
	])('%s is accepted', (email) => {
		expect(checkEmail(email, 'Email')).toBe(email);
	});

	test.each([
		'sato@',
		'@example.com',
		'sato',
		'sato@example',
		'a b@example.com',
		'a@b.co\r\nBcc: x@y.z',
		'a@-b.com',
		'a@b-.com',
		'a..b@example.com',
		'.a@example.com',
		'a.@example.com',
		'a@example..com',
		'"quoted"@example.com',
		'a@[192.168.0.1]',
		'a@example.123',
		'上田\u3000@例え.jp',
		'a\u200b@example.com',
		'a@例え\u3000.jp',
		`${'a'.repeat(65)}@example.com`,
	])('%s is refused', (email) => {
		expect(refusal(() => checkEmail(email, 'Email'))).toBe(
			`Email "${email}" is not a valid e-mail address`,
		);
	});
});

describe('numbers from expressions', () => {
	test('a number stands for its digits when it is exact', () => {
		expect(checkText(1734479364, 'Client')).toBe('1734479364');
		expect(checkText(9007199254740991, 'Client')).toBe('9007199254740991');
		expect(checkText(1.5, 'Amount')).toBe('1.5');
	});

	test('a 19-digit MID given as a number has already lost digits: it is refused, not sent', () => {
		const fromExpression = Number('1734479364211706503'); // what {{ 1734479364211706503 }} gives
		expect(String(fromExpression)).toBe('1734479364211706600');
		expect(refusal(() => checkMid(fromExpression, 'Client'))).toBe(
			'Client 1734479364211706600 came as a number too large to be exact',
		);
		expect(refusal(() => checkText(1e21, 'Client External ID'))).toBe(
			'Client External ID 1e+21 came as a number too large to be exact',
		);
		expect(refusal(() => checkText(Number.NaN, 'Client'))).toBe(
			'Client must be a number or text, not NaN',
		);
	});
});

describe('checkFlag and checkCount', () => {
	test('yes/no from booleans, 1 and 0, and the texts true/false, yes/no, 1/0; empty means the default', () => {
		expect(checkFlag(true, 'Return All', false)).toBe(true);
		expect(checkFlag('false', 'Return All', true)).toBe(false);
		expect(checkFlag(' TRUE ', 'Return All', false)).toBe(true);
		expect(checkFlag('Yes', 'Return All', false)).toBe(true);
		expect(checkFlag('no', 'Return All', true)).toBe(false);
		expect(checkFlag(1, 'Return All', false)).toBe(true);
		expect(checkFlag('0', 'Return All', true)).toBe(false);
		expect(checkFlag(undefined, 'Simplify', true)).toBe(true);
		expect(checkFlag('', 'Simplify', true)).toBe(true);
	});

	test.each<[unknown, string]>([
		['maybe', '"maybe"'],
		['on', '"on"'],
		[2, '2'],
		[{}, '[object Object]'],
	])('%p is not a yes/no', (value, shown) => {
		expect(refusal(() => checkFlag(value, 'Return All', false))).toBe(
			`Return All must be true or false (yes or no, 1 or 0), not ${shown}`,
		);
	});

	test('whole numbers from numbers or digits; empty (spaces included) is the default', () => {
		expect(checkCount(10, 'Limit', 1, 50)).toBe(10);
		expect(checkCount('25', 'Limit', 1, 50)).toBe(25);
		for (const empty of [undefined, null, '', '   '])
			expect(checkCount(empty, 'Limit', 1, 50)).toBe(50);
	});

	test.each<[unknown, string]>([
		[0, '0'],
		[-1, '-1'],
		[1.5, '1.5'],
		['ten', '"ten"'],
		[Number.NaN, 'NaN'],
	])('%p is not a count', (value, shown) => {
		expect(refusal(() => checkCount(value, 'Limit', 1, 50))).toBe(
			`Limit must be a whole number of 1 or more, not ${shown}`,
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
