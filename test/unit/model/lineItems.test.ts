import type { IDataObject } from 'n8n-workflow';

import {
	documentBody,
	documentChanges,
	lineChanges,
} from '../../../nodes/MakeLeaps/model/documentBody';
import {
	copiedLine,
	lineItem,
	lineItems,
	linesFromList,
	typedLine,
} from '../../../nodes/MakeLeaps/model/lineItems';

describe('line items', () => {
	test('a normal line: quantity × unit price, with its tax rate', () => {
		expect(
			lineItem(
				{ description: 'Design', quantity: 1.5, unitPrice: '12000', taxRate: 10 },
				'Line Items 1',
				'JPY',
			),
		).toEqual({
			kind: 'normal',
			description: 'Design',
			quantity: '1.5',
			unit_cost: '12000',
			tax_rate: '10',
		});
	});

	test("a spreadsheet's headers are understood: unit_price, tax_rate, tax_type, unit", () => {
		const line = {
			description: 'Rice',
			qty: '3',
			unit_price: 980,
			tax_rate: '8',
			tax_type: 'reduced',
			unit: 'kg',
		};
		expect(lineItem(line, 'Line 1', 'JPY')).toEqual({
			kind: 'normal',
			description: 'Rice',
			quantity: '3',
			unit_cost: '980',
			tax_rate: '8',
			tax_type: 'reduced',
			quantity_unit: 'kg',
		});
	});

	test('a sheet with Japanese headers (品名, 数量, 単位, 単価, 税率, 金額)', () => {
		expect(
			lineItem({ 品名: 'デザイン', 数量: '2', 単位: '時間', 単価: '8000', 税率: '10' }, 'L', 'JPY'),
		).toEqual({
			kind: 'normal',
			description: 'デザイン',
			quantity: '2',
			quantity_unit: '時間',
			unit_cost: '8000',
			tax_rate: '10',
		});
		expect(
			lineItem({ 種別: 'simple', 摘要: '送料', 金額: '1200', 税率: '10' }, 'L', 'JPY'),
		).toMatchObject({ kind: 'simple', description: '送料', price: '1200' });
	});

	test('an amount in the wrong place gets a hint: price on a normal line, unit_price on a simple one', () => {
		const refusal = (line: IDataObject) => {
			try {
				lineItem(line, 'Line Items 1', 'JPY');
			} catch (error) {
				return [(error as Error).message, (error as { description?: string }).description];
			}
			return [];
		};
		expect(refusal({ description: 'Fee', price: '5000', tax_rate: 10 })).toEqual([
			'Line Items 1: Rate (Unit Price) is empty',
			'The line has "price", the amount of a simple line: give its kind as simple, or give the price of one unit as unit_price',
		]);
		expect(
			refusal({ kind: 'simple', description: 'Fee', unit_price: '5000', tax_rate: 10 }),
		).toEqual([
			'Line Items 1: Line Amount is empty',
			'The line has "unit_price", the price of one unit of a normal line: give its kind as normal, or give the amount as price',
		]);
	});

	test('simple, text and subtotal lines', () => {
		expect(
			lineItem({ kind: 'simple', description: 'Fee', amount: '5000', taxRate: '10' }, 'L', 'JPY'),
		).toEqual({ kind: 'simple', description: 'Fee', price: '5000', tax_rate: '10' });
		expect(lineItem({ kind: 'text', description: 'Thanks' }, 'L', 'JPY')).toEqual({
			kind: 'text',
			description: 'Thanks',
		});
		expect(lineItem({ kind: 'subtotal' }, 'L', 'JPY')).toEqual({ kind: 'subtotal' });
	});

	test.each<[IDataObject, string]>([
		[
			{ kind: 'bonus', description: 'x' },
			'Line Items 2: Type of Line "bonus" is not one of normal, simple, text, subtotal',
		],
		[{ quantity: 1, unitPrice: 1, taxRate: 10 }, 'Line Items 2: Description is empty'],
		[{ description: 'x', taxRate: 10 }, 'Line Items 2: Rate (Unit Price) is empty'],
		[
			{ description: 'x', unitPrice: 'abc', taxRate: 10 },
			'Line Items 2: Rate (Unit Price) "abc" is not a number',
		],
		[
			{ description: 'x', unitPrice: '100.5', taxRate: 10 },
			'Line Items 2: Rate (Unit Price) 100.5 has decimals, but JPY amounts have none',
		],
		[
			{ description: 'x', quantity: -2, unitPrice: '100', taxRate: 10 },
			'Line Items 2: Quantity -2 is negative; use a negative unit price for a discount',
		],
		[{ description: 'x', unitPrice: '100' }, 'Line Items 2: Tax Rate is empty'],
		[
			{ description: 'x', unitPrice: '100', taxRate: 10, taxType: 'zero' },
			'Line Items 2: Tax Type "zero" is not one of standard, reduced, non_taxable, untaxable, duty_free, legacy_tax, legacy_no_tax',
		],
	])('%p is refused, naming the line and the field', (line, message) => {
		expect(() => lineItem(line, 'Line Items 2', 'JPY')).toThrow(message);
	});

	test("a typed line's empty Tax Rate is 10; a line from the catalog keeps it empty for its item's rate", () => {
		for (const taxRate of [undefined, '', '  ', null]) {
			expect(typedLine({ description: 'x', taxRate })).toMatchObject({ taxRate: '10' });
			expect(typedLine({ kind: 'catalog', taxRate })).toEqual({ kind: 'catalog', taxRate });
		}
		expect(typedLine({ description: 'x', taxRate: '8' })).toMatchObject({ taxRate: '8' });
		expect(typedLine({ kind: 'simple', taxRate: 0 })).toMatchObject({ taxRate: 0 });
	});

	test('a line of a list without a tax rate is refused, saying what to give', () => {
		expect(() => lineItem({ description: 'x', unit_price: 100 }, 'L 1', 'JPY')).toThrow(
			expect.objectContaining({
				description: expect.stringMatching(/^Give the line's tax rate in percent/),
			}),
		);
	});

	test('none at all is refused; a list from the input may be JSON text', () => {
		expect(() => lineItems([], 'Line Items', 'JPY')).toThrow('Line Items is empty');
		expect(linesFromList('[{"description":"x"}]', 'Lines')).toEqual([{ description: 'x' }]);
		expect(() => linesFromList('nope', 'Lines')).toThrow(
			'Lines is not a list of lines: it is text that is not JSON',
		);
		expect(() => linesFromList({ description: 'x' }, 'Lines')).toThrow(
			'Lines must be a list of lines, not object',
		);
		expect(() => linesFromList([1], 'Lines')).toThrow('Lines 1 is not a line');
	});
});

describe('withholding tax on a line (源泉徴収)', () => {
	const normal = { description: 'Design', unit_price: '100000', tax_rate: '10' };

	test.each([
		'withholdingTax',
		'withholding_tax',
		'has_jp_withholding_tax',
		'源泉',
		'源泉徴収',
		'源泉徴収税',
	])(
		'a column %s says yes: has_jp_withholding_tax true, on a normal and a simple line',
		(column) => {
			expect(lineItem({ ...normal, [column]: 'yes' }, 'L', 'JPY')).toMatchObject({
				has_jp_withholding_tax: true,
			});
			expect(
				lineItem(
					{ kind: 'simple', description: 'Fee', price: 5000, tax_rate: 10, [column]: true },
					'L',
					'JPY',
				),
			).toMatchObject({ kind: 'simple', has_jp_withholding_tax: true });
		},
	);

	test('no, empty or left out: not sent at all (MakeLeaps records false)', () => {
		for (const value of [false, 'no', '0', 0, '', undefined])
			expect(lineItem({ ...normal, 源泉: value }, 'L', 'JPY')).not.toHaveProperty(
				'has_jp_withholding_tax',
			);
	});

	test('a value that is not yes or no, or a yes on a line without an amount, is refused naming the line', () => {
		expect(() => lineItem({ ...normal, 源泉: '有' }, 'Line Items (List) 2', 'JPY')).toThrow(
			'Line Items (List) 2: Withholding Tax must be true or false (yes or no, 1 or 0), not "有"',
		);
		expect(() =>
			lineItem({ kind: 'subtotal', withholdingTax: true }, 'Line Items 3', 'JPY'),
		).toThrow('Line Items 3: Withholding Tax is yes on a subtotal line');
		expect(lineItem({ kind: 'text', description: 'Note', 源泉: 'no' }, 'L', 'JPY')).toEqual({
			kind: 'text',
			description: 'Note',
		});
	});

	test("a line copied from MakeLeaps' (Convert) keeps the yes/no fields that are on, and no others", () => {
		expect(
			copiedLine({
				kind: 'simple',
				description: 'Fee',
				price: '5000',
				tax_rate: '10',
				tax_type: '',
				price_extra: 'x',
				has_jp_withholding_tax: true,
				is_tax_inclusive: false,
			}),
		).toEqual({
			kind: 'simple',
			description: 'Fee',
			price: '5000',
			tax_rate: '10',
			has_jp_withholding_tax: true,
		});
		expect(copiedLine({ kind: 'text', description: 'Note', has_jp_withholding_tax: true })).toEqual(
			{
				kind: 'text',
				description: 'Note',
			},
		);
	});

	test('compared with what MakeLeaps answers: false and left out are the same; a change is named', () => {
		const sent = lineItem(normal, 'L', 'JPY');
		const answered = {
			...sent,
			price: '100000',
			has_jp_withholding_tax: false,
			is_tax_inclusive: false,
		};
		const wanted = { lineitems: [sent] };
		expect(documentChanges(wanted, { lineitems: [answered] }).changes).toEqual({});
		const withheld = { ...sent, has_jp_withholding_tax: true };
		expect(lineChanges([answered], [withheld], String)).toEqual([
			'line 1 Design: withholding tax no → yes',
		]);
		expect(lineChanges([{ ...answered, is_tax_inclusive: true }], [sent], String)).toEqual([
			'line 1 Design: tax inclusive yes → no',
		]);
	});
});

describe('document bodies', () => {
	const lines = [
		{ kind: 'normal', description: 'Design', quantity: '2', unit_cost: '10000', tax_rate: '10' },
	];
	const refs = { type: 'invoice', clientUrl: 'https://api/client/1/', lines };

	test('the create body: type, client, lines with autocalculate, the values set, tags as a list', () => {
		expect(
			documentBody(
				{ document_number: 'INV-1', date: '2026-11-30', tags: 'web, monthly,' },
				{ ...refs, template: 'ja_JP_2', contactUrl: 'https://api/contact/2/' },
			),
		).toEqual({
			document_type: 'invoice',
			client: 'https://api/client/1/',
			client_contact: 'https://api/contact/2/',
			document_template: 'ja_JP_2',
			autocalculate: true,
			lineitems: lines,
			document_number: 'INV-1',
			date: '2026-11-30',
			tags: ['web', 'monthly'],
		});
	});

	test('changes: only what differs; numbers spelled differently are the same; lines as a whole', () => {
		const wanted = documentBody({ title: 'November', external_id: 'ROW-1' }, refs);
		const existing = {
			document_type: 'invoice',
			client: 'https://api/client/1/',
			title: 'November',
			external_id: 'ROW-1',
			lineitems: [
				{
					kind: 'normal',
					description: 'Design',
					quantity: '2.0',
					unit_cost: '10000',
					tax_rate: '10.00',
					price: '20000',
				},
			],
		};
		expect(documentChanges(wanted, existing)).toEqual({ patch: {}, changes: {} });
		expect(documentChanges({ ...wanted, title: 'December', tags: ['a'] }, existing)).toEqual({
			patch: { title: 'December', tags: ['a'] },
			changes: {
				title: { from: 'November', to: 'December' },
				tags: { from: [], to: ['a'] },
			},
		});
		const moreLines = [...lines, { kind: 'text', description: 'Thanks' }];
		expect(documentChanges({ ...wanted, lineitems: moreLines }, existing)).toEqual({
			patch: { lineitems: moreLines, autocalculate: true },
			changes: { lineitems: { from: existing.lineitems, to: moreLines } },
		});
	});
});
