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
		});
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
