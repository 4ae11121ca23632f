import {
	answeredLinesProblem,
	expectedTotals,
	totalsProblem,
} from '../../../nodes/MakeLeaps/model/totals';

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

describe('totals with withholding tax (源泉徴収): MakeLeaps computes it, the node takes it as it is', () => {
	const fee = { ...line('1', '100000', '10'), has_jp_withholding_tax: true };
	const lines = [fee, line('1', '5000', '10')];
	const invoice = { document_type: 'invoice', document_number: '0003' };

	test('what the withheld lines come to is known; what is withheld from them is not computed', () => {
		expect(expectedTotals(lines, 'JPY')).toEqual({
			subtotal: '105000',
			tax: '10500',
			total: '115500',
			tolerance: '3',
			withheld: '100000',
		});
	});

	test("MakeLeaps' total before or after its withholding tax agrees, whatever its sign", () => {
		for (const answer of [
			{ total: '115500', jp_withholding_tax: '10210' },
			{ total: '105290', jp_withholding_tax: '10210' },
			{ total: '105290', jp_withholding_tax: '-10210' },
			// its own rounding of the withholding: taken as it is
			{ total: '105291', jp_withholding_tax: '10209' },
		])
			expect(totalsProblem({ ...invoice, ...answer }, lines, 'JPY')).toBeUndefined();
	});

	test('a total that is neither names both, and the withholding MakeLeaps gave', () => {
		expect(
			totalsProblem({ ...invoice, total: '5500', jp_withholding_tax: '10210' }, lines, 'JPY'),
		).toBe(
			"MakeLeaps computed a total of 5500 JPY for invoice 0003, but its lines come to 115500 JPY (subtotal 105000, tax 10500), or 105290 JPY less MakeLeaps' withholding tax of 10210",
		);
	});

	test('an answer without its withholding tax cannot be believed for withheld lines', () => {
		expect(totalsProblem({ ...invoice, total: '105290' }, lines, 'JPY')).toBe(
			'MakeLeaps gave invoice 0003 no withholding tax (jp_withholding_tax), though lines of 100000 JPY have one',
		);
		expect(
			totalsProblem({ ...invoice, total: '105290', jp_withholding_tax: 'n/a' }, lines, 'JPY'),
		).toMatch(/a withholding tax \(jp_withholding_tax\) of "n\/a"/);
		// no withheld line: its withholding tax is not asked for
		expect(totalsProblem({ total: '5500' }, [line('1', '5000', '10')], 'JPY')).toBeUndefined();
	});

	test("a tax-inclusive line (Convert copies one): the totals are MakeLeaps' own, not checked", () => {
		const inclusive = { ...line('1', '1100', '10'), is_tax_inclusive: true };
		expect(expectedTotals([inclusive], 'JPY')).toBeUndefined();
		expect(
			totalsProblem({ total: '1' }, [inclusive, line('1', '5000', '10')], 'JPY'),
		).toBeUndefined();
	});
});

describe('answeredLinesProblem: the lines MakeLeaps answers carry the yes/no fields sent on', () => {
	const fee = { ...line('1', '100000', '10'), has_jp_withholding_tax: true };
	const named = { document_type: 'invoice', document_number: '0003' };

	test('given back on, or none sent on: no problem', () => {
		const answered = [{ ...fee, has_jp_withholding_tax: true }, { is_tax_inclusive: false }];
		expect(
			answeredLinesProblem({ ...named, lineitems: answered }, [fee, line('1', '5', '10')]),
		).toBeUndefined();
		expect(answeredLinesProblem({ ...named }, [line('1', '5', '10')])).toBeUndefined();
	});

	test('given back off, left out, or the lines not in full: the line is named', () => {
		expect(
			answeredLinesProblem({ ...named, lineitems: [{ ...fee, has_jp_withholding_tax: false }] }, [
				fee,
			]),
		).toBe(
			'MakeLeaps answered line 1 of invoice 0003 with has_jp_withholding_tax false on it, though it was sent with has_jp_withholding_tax true',
		);
		expect(answeredLinesProblem({ ...named, lineitems: [{ kind: 'normal' }] }, [fee])).toMatch(
			/with has_jp_withholding_tax null on it/,
		);
		expect(answeredLinesProblem({ ...named, lineitems: ['https://x/line/1/'] }, [fee])).toMatch(
			/answered line 1 of invoice 0003 without this line in full/,
		);
		const inclusive = { ...line('1', '1100', '10'), is_tax_inclusive: true };
		expect(
			answeredLinesProblem({ ...named, lineitems: [{ is_tax_inclusive: 'yes' }] }, [inclusive]),
		).toMatch(/with is_tax_inclusive "yes" on it/);
	});
});
