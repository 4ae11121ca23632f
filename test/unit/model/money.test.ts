import {
	amountCell,
	checkAmount,
	checkCurrency,
	checkQuantity,
	checkRecordedAmount,
	checkTaxRate,
	currencyDecimals,
	decimalCell,
} from '../../../nodes/MakeLeaps/model/money';

const refusal = (run: () => unknown) => {
	try {
		run();
	} catch (error) {
		return (error as Error).message;
	}
	throw new Error('expected a refusal');
};

/** The advice of a refusal: what to do instead. */
const advice = (run: () => unknown) => {
	try {
		run();
	} catch (error) {
		return (error as { description?: string }).description;
	}
	throw new Error('expected a refusal');
};

describe('amounts are exact decimal texts', () => {
	test('the currency decides how many decimals an amount may have', () => {
		expect([
			currencyDecimals('JPY'),
			currencyDecimals('USD'),
			currencyDecimals('BHD'),
			currencyDecimals('XYZ'),
		]).toEqual([0, 2, 3, 2]);
		expect(checkAmount('12000', 'Unit Price', 'JPY')).toBe('12000');
		expect(checkAmount(12000, 'Unit Price', 'JPY')).toBe('12000');
		expect(checkAmount('-500', 'Unit Price', 'JPY')).toBe('-500');
		expect(checkAmount('19.99', 'Unit Price', 'USD')).toBe('19.99');
		expect(checkAmount(0.1, 'Unit Price', 'USD')).toBe('0.1');
		expect(checkAmount('007', 'Unit Price', 'JPY')).toBe('7');
	});

	test.each<[unknown, string, string]>([
		['1200.5', 'JPY', 'Unit Price 1200.5 has decimals, but JPY amounts have none'],
		[1200.5, 'JPY', 'Unit Price 1200.5 has decimals, but JPY amounts have none'],
		['19.999', 'USD', 'Unit Price 19.999 has more than 2 decimals, the most USD allows'],
		['1,20', 'JPY', 'Unit Price "1,20" is not a number'],
		['12,5', 'EUR', 'Unit Price "12,5" is not a number'],
		['10%', 'JPY', 'Unit Price "10%" is not a number'],
		['¥1200', 'JPY', 'Unit Price "¥1200" is not a number'],
		['12e3', 'JPY', 'Unit Price "12e3" is not a number'],
		[1e21, 'JPY', 'Unit Price 1e+21 is too large or too small to be exact'],
		[Number.NaN, 'JPY', 'Unit Price must be a number, not NaN'],
		[null, 'JPY', 'Unit Price null is not a number'],
	])('%p in %s is refused', (value, currency, message) => {
		expect(refusal(() => checkAmount(value, 'Unit Price', currency))).toBe(message);
	});

	test('an amount is read without its surrounding spaces and leading zeros, its sign kept', () => {
		expect(checkAmount(' 1200 ', 'Unit Price', 'JPY')).toBe('1200');
		expect(checkAmount('-007', 'Unit Price', 'JPY')).toBe('-7');
		expect(checkAmount('0.50', 'Unit Price', 'USD')).toBe('0.50');
		expect(checkAmount('0', 'Unit Price', 'JPY')).toBe('0');
	});

	test('a refusal says how to write the value, as the field takes it', () => {
		expect(advice(() => checkAmount('¥1,200', 'Unit Price', 'JPY'))).toBe(
			'Use digits with an optional decimal point, such as 1200, 12,000 or 12.50, without a currency sign',
		);
		expect(advice(() => checkQuantity('ten', 'Quantity'))).toBe(
			'Use digits with an optional decimal point, such as 2 or 1.5',
		);
		expect(advice(() => checkTaxRate('ten %', 'Tax Rate'))).toBe(
			'Use the percentage in digits, such as 10, 8 or 10%',
		);
		expect(advice(() => checkAmount(2 ** 53 + 2, 'Unit Price', 'JPY'))).toBe(
			'Give it as text: in the expression, read the value as a string (for example from a column formatted as text)',
		);
		expect(advice(() => checkTaxRate('0.1', 'Tax Rate'))).toBe(
			'Tax Rate is a percentage: 10 for 10 %, 8 for 8 %',
		);
		expect(advice(() => checkCurrency('XYZ', 'Currency'))).toBe(
			'Use the code of a currency, such as JPY, USD or EUR',
		);
	});

	test('an amount as MakeLeaps writes it: only zeros past the currency decimals are dropped', () => {
		expect(checkRecordedAmount('1000.00', 'Price', 'JPY')).toBe('1000');
		expect(checkRecordedAmount('1.0100', 'Price', 'USD')).toBe('1.01');
		expect(refusal(() => checkRecordedAmount('1.0150', 'Price', 'USD'))).toBe(
			'Price 1.0150 has more than 2 decimals, the most USD allows',
		);
	});

	test('a cell shows a number as its exact decimal text, or as JavaScript writes it when it has none', () => {
		expect(decimalCell(0.1)).toBe('0.1');
		expect(decimalCell(1e21)).toBe('1e+21');
		expect(decimalCell(Number.NaN)).toBe('NaN');
		expect(decimalCell('1000.00')).toBe('1000.00');
	});

	test('quantities: up to 4 decimals in any currency, never negative', () => {
		expect(checkQuantity('1.5', 'Quantity')).toBe('1.5');
		expect(checkQuantity('1.2345', 'Quantity')).toBe('1.2345');
		expect(checkQuantity(0.25, 'Quantity')).toBe('0.25');
		expect(refusal(() => checkQuantity('-1', 'Quantity'))).toBe(
			'Quantity -1 is negative; use a negative unit price for a discount',
		);
		expect(refusal(() => checkQuantity('1.23456', 'Quantity'))).toBe(
			'Quantity 1.23456 has more than 4 decimals',
		);
	});

	test('tax rates: a percentage from 0 to 100 with at most 2 decimals', () => {
		expect(
			['10', '8', '0', '100', '100.00', '7.25'].map((rate) => checkTaxRate(rate, 'Tax Rate')),
		).toEqual(['10', '8', '0', '100', '100.00', '7.25']);
		for (const rate of ['-1', '100.5', '100.05', '101', '8.125'])
			expect(() => checkTaxRate(rate, 'Tax Rate')).toThrow(/Tax Rate/);
	});

	test('a rate below 1 % is a fraction written for a percentage: refused with the percentage it likely means', () => {
		expect(refusal(() => checkTaxRate('0.1', 'Tax Rate'))).toBe(
			'Tax Rate 0.1 is below 1 %: did you mean 10?',
		);
		expect(refusal(() => checkTaxRate(0.08, 'Tax Rate'))).toBe(
			'Tax Rate 0.08 is below 1 %: did you mean 8?',
		);
		expect(refusal(() => checkTaxRate('0.5', 'Tax Rate'))).toBe(
			'Tax Rate 0.5 is below 1 %: did you mean 50?',
		);
		expect(checkTaxRate('0', 'Tax Rate')).toBe('0');
		expect(checkTaxRate('0.00', 'Tax Rate')).toBe('0.00');
		expect(checkTaxRate('1.5', 'Tax Rate')).toBe('1.5');
	});

	test('a number past 2^53 has lost digits before the node sees it: refused, asking for text', () => {
		expect(refusal(() => checkAmount(2 ** 53 + 2, 'Rate (Unit Price)', 'JPY'))).toBe(
			'Rate (Unit Price) 9007199254740994 came as a number too large to be exact',
		);
		expect(checkAmount('9007199254740993', 'Rate (Unit Price)', 'JPY')).toBe('9007199254740993');
		expect(checkAmount(Number.MAX_SAFE_INTEGER, 'Rate (Unit Price)', 'JPY')).toBe(
			'9007199254740991',
		);
	});

	test('currency codes: ISO 4217 only', () => {
		expect(checkCurrency('usd', 'Currency')).toBe('USD');
		for (const code of ['XYZ', 'ABC', 'JPN'])
			expect(refusal(() => checkCurrency(code, 'Currency'))).toBe(
				`Currency "${code}" is not an ISO 4217 currency code`,
			);
	});

	test('currency codes', () => {
		expect(checkCurrency('jpy', 'Currency')).toBe('JPY');
		for (const code of ['Yens', '円', 'JP¥']) {
			expect(refusal(() => checkCurrency(code, 'Currency'))).toBe(
				`Currency "${code}" is not a three-letter currency code`,
			);
		}
	});
});

describe('numbers as a person types them', () => {
	test('thousands separators, full-width digits and, for a tax rate, a percent sign', () => {
		expect(checkAmount('12,000', 'Unit Price', 'JPY')).toBe('12000');
		expect(checkAmount('1,234,567.50', 'Unit Price', 'USD')).toBe('1234567.50');
		expect(checkAmount('１２，０００', 'Unit Price', 'JPY')).toBe('12000');
		expect(checkAmount('－５００', 'Unit Price', 'JPY')).toBe('-500');
		expect(checkQuantity('１．５', 'Quantity')).toBe('1.5');
		expect(checkQuantity('1,000', 'Quantity')).toBe('1000');
		expect(checkTaxRate('10%', 'Tax Rate')).toBe('10');
		expect(checkTaxRate('8 %', 'Tax Rate')).toBe('8');
		expect(checkTaxRate('１０％', 'Tax Rate')).toBe('10');
	});

	test('what MakeLeaps recorded is taken as it is: a separator there is refused', () => {
		expect(refusal(() => checkRecordedAmount('8,000', 'unit_cost', 'JPY'))).toBe(
			'unit_cost "8,000" is not a number',
		);
	});
});

describe('amounts in a flat row', () => {
	test('a number where it is exactly the amount; text where a number could not hold it', () => {
		expect(amountCell('11000')).toBe(11000);
		expect(amountCell('1000.50')).toBe(1000.5);
		expect(amountCell('-200')).toBe(-200);
		expect(amountCell('0.00')).toBe(0);
		expect(amountCell('1234567890123456')).toBe('1234567890123456');
		expect(amountCell('123456789012345')).toBe(123456789012345);
		expect(amountCell('abc')).toBe('abc');
		expect(amountCell(null)).toBeNull();
		expect(amountCell(undefined)).toBeUndefined();
	});
});
