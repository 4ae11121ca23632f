import { readPdf } from '../../../dev/pdf';
import { add, format, multiply, parseDecimal, round } from '../../../sandbox/decimal';
import { totalsOf } from '../../../sandbox/rules/totals';
import type { LineItem } from '../../../sandbox/stores/records';
import { pdfOf } from '../../../sandbox/pdf';

const line = (values: Partial<LineItem>): LineItem => ({
	kind: 'normal',
	description: 'x',
	quantity: '',
	unit_cost: '',
	price: '',
	tax_rate: '10',
	tax_type: '',
	quantity_unit: '',
	has_jp_withholding_tax: false,
	is_tax_inclusive: false,
	...values,
});

describe("the sandbox's money", () => {
	test('decimal arithmetic is exact', () => {
		expect(format(add(parseDecimal('0.1'), parseDecimal('0.2')))).toBe('0.3');
		expect(format(multiply(parseDecimal('1.5'), parseDecimal('12000')))).toBe('18000.0');
		expect(format(round(parseDecimal('2.5'), 0, 'halfUp'))).toBe('3');
		expect(format(round(parseDecimal('-2.5'), 0, 'halfUp'))).toBe('-3');
		expect(format(round(parseDecimal('9899.9'), 0, 'down'))).toBe('9899');
	});

	test('totals: line prices, tax per rate rounded down, total', () => {
		const totals = totalsOf(
			[
				line({ quantity: '3', unit_cost: '333', tax_rate: '10' }),
				line({ kind: 'simple', price: '1001', tax_rate: '8', tax_type: 'reduced' }),
				line({ kind: 'text', description: 'note' }),
				line({ quantity: '1', unit_cost: '5000', tax_rate: '10', tax_type: 'non_taxable' }),
			],
			'JPY',
		);
		expect(totals).toEqual({
			subtotal: '7000',
			tax: '179', // 999 × 10% = 99.9 → 99; 1001 × 8% = 80.08 → 80; tax-free 0
			total: '7179',
			mixed_tax_rate_totals: {
				'10': { subtotal: '5999', tax: '99' },
				'8': { subtotal: '1001', tax: '80' },
			},
			jp_withholding_tax: '0',
			subtotal_withholding_tax: '0',
		});
	});

	test('withholding tax (a guess, as Japanese practice computes it): 10.21 % up to 1,000,000, 20.42 % above, rounded down, taken off the total', () => {
		const fee = (price: string) =>
			line({ kind: 'simple', price, tax_rate: '10', has_jp_withholding_tax: true });
		const withheld = (price: string, ...others: LineItem[]) =>
			totalsOf([fee(price), ...others], 'JPY');
		// 100,000 × 10.21 % = 10,210; 33,333 × 10.21 % = 3,403.29 → 3,403
		expect(withheld('100000')).toMatchObject({
			subtotal: '100000',
			tax: '10000',
			jp_withholding_tax: '10210',
			subtotal_withholding_tax: '100000',
			total: '99790',
		});
		expect(withheld('33333').jp_withholding_tax).toBe('3403');
		// exactly the limit, and 1,500,000: 102,100 + 500,000 × 20.42 % = 102,100 + 102,100
		expect(withheld('1000000').jp_withholding_tax).toBe('102100');
		expect(withheld('1500000').jp_withholding_tax).toBe('204200');
		// only the lines that have it: 50,000 withheld of 80,000
		expect(
			withheld('50000', line({ kind: 'simple', price: '30000', tax_rate: '10' })),
		).toMatchObject({
			jp_withholding_tax: '5105',
			subtotal_withholding_tax: '50000',
			total: '82895',
		});
		// the switch: the total before it, the withholding shown apart
		expect(totalsOf([fee('100000')], 'JPY', { totalBeforeWithholding: true })).toMatchObject({
			total: '110000',
			jp_withholding_tax: '10210',
		});
	});

	test('a tax-inclusive price holds its tax (a guess): rate / (100 + rate) of it, rounded down', () => {
		const totals = totalsOf(
			[
				line({ kind: 'simple', price: '1100', tax_rate: '10', is_tax_inclusive: true }),
				line({ kind: 'simple', price: '1000', tax_rate: '8', is_tax_inclusive: true }),
				line({ kind: 'simple', price: '1000', tax_rate: '10' }),
			],
			'JPY',
		);
		// 1100 × 10/110 = 100; 1000 × 8/108 = 74.07 → 74; 1000 × 10 % = 100
		expect(totals).toMatchObject({ subtotal: '2926', tax: '274', total: '3200' });
	});
});

describe("the sandbox's PDF", () => {
	test('a valid PDF with its lines as text, Japanese included', () => {
		const pdf = pdfOf(['Invoice INV-1', 'Client: 株式会社サンプル', 'Total: 7179 JPY']);
		expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
		const facts = readPdf(pdf);
		expect(facts.pages).toBe(1);
		expect(facts.texts).toEqual(['Invoice INV-1', 'Client: 株式会社サンプル', 'Total: 7179 JPY']);
	});

	test('the reader refuses a file that would not open', () => {
		const pdf = pdfOf(['x']);
		expect(() => readPdf(Buffer.from('not a pdf'))).toThrow('no %PDF header');
		const broken = Buffer.from(pdf.toString('latin1').replace('1 0 obj', '9 0 obj'), 'latin1');
		expect(() => readPdf(broken)).toThrow('xref entry 1 does not point at its object');
	});
});
