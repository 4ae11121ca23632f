import { expectedTotals, totalsProblem } from '../../../nodes/MakeLeaps/model/totals';

const line = (quantity: string, unit_cost: string, tax_rate: string, tax_type?: string) => ({
	kind: 'normal',
	description: 'x',
	quantity,
	unit_cost,
	tax_rate,
	...(tax_type ? { tax_type } : {}),
});

describe('expectedTotals', () => {
	test('lines at 10 % and 8 %: the subtotal, the tax per rate, the total', () => {
		expect(
			expectedTotals(
				[
					line('1', '120000', '10'),
					line('1', '15000', '10'),
					{ kind: 'simple', description: 'Catering', price: '21600', tax_rate: '8' },
					{ kind: 'text', description: 'Thank you' },
				],
				'JPY',
			),
		).toEqual({ subtotal: '156600', tax: '15228', total: '171828', tolerance: '5' });
	});

	test('decimals of the currency, quantities with decimals, tax-free lines', () => {
		expect(
			expectedTotals([line('1.5', '19.99', '10'), line('1', '5', '0', 'non_taxable')], 'USD'),
		).toEqual({ subtotal: '34.99', tax: '3.00', total: '37.99', tolerance: '0.03' });
	});

	test('a line it cannot read: cannot tell', () => {
		expect(expectedTotals([line('1', 'abc', '10')], 'JPY')).toBeUndefined();
	});
});

describe('totalsProblem', () => {
	const lines = [line('3', '105', '8')];

	test('a total within rounding agrees (per line or per rate, up or down)', () => {
		for (const total of ['340', '339', '341'])
			expect(totalsProblem({ total }, lines, 'JPY')).toBeUndefined();
	});

	test('a total far off names both figures and the document', () => {
		expect(
			totalsProblem(
				{ total: '0', document_type: 'invoice', document_number: '0007' },
				lines,
				'JPY',
			),
		).toBe(
			'MakeLeaps computed a total of 0 JPY for invoice 0007, but its lines come to 340 JPY (subtotal 315, tax 25)',
		);
	});

	test('an answer without a total cannot be checked: no problem is made up', () => {
		expect(totalsProblem({}, lines, 'JPY')).toBeUndefined();
	});
});
