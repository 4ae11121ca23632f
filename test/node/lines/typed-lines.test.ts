/**
 * Lines typed in the editor, as the editor makes them: a new line holds every field's default,
 * a column dropped on a field is added to what the field holds, and a saved workflow keeps only
 * what differs from a default. Quantity and Tax Rate left empty mean 1 and 10 (the catalog item's
 * rate on a line from the catalog), whenever the workflow was saved; a line of a list says its
 * tax rate, or fails saying how.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { MakeLeaps } from '../../../nodes/MakeLeaps/MakeLeaps.node';
import { STRICT, useTestBed, type TestBed } from '../support/bed';
import { byId, seedClient } from '../support/fixtures';

/** The fields of a line of Line Items, as the node describes them. */
const lineFields = (() => {
	const lineItems = new MakeLeaps().description.properties.find((p) => p.name === 'lineItems');
	const [line] = (lineItems?.options ?? []) as Array<{ values: INodeProperties[] }>;
	return line.values;
})();

/**
 * A line as n8n's editor adds it (FixedCollectionParameter): each field at its default, a later
 * field of the same name over an earlier one; `typed` is what the user then types or picks.
 */
const newLine = (typed: INodeParameters): INodeParameters => ({
	...Object.fromEntries(lineFields.map((field) => [field.name, field.default])),
	...typed,
});

/**
 * What n8n's editor makes of a column dropped on a text field holding `held` (its mapping rule,
 * getMappedResult): the expression alone on an empty field, else added after what it holds.
 */
function dropped(held: unknown, column: string): string {
	const expression = `{{ $json.${column} }}`;
	if (typeof held === 'string' && held.startsWith('=') && held.length > 1)
		return `${held} ${expression}`;
	return held ? `=${String(held)} ${expression}` : `=${expression}`;
}

/** The stored lines of the partner's documents: what each line came to. */
const storedLines = (bed: TestBed) =>
	bed.sandbox.documentsOf().map((document) =>
		document.lineitems.map(({ description, quantity, unit_cost, tax_rate }) => ({
			description,
			quantity,
			unit_cost,
			tax_rate,
		})),
	);

/** Document → Create of an invoice of `lines` typed in the editor. */
const invoiceOf = (client: string, lines: INodeParameters[]): INodeParameters => ({
	resource: 'document',
	operation: 'create',
	documentType: 'invoice',
	client: byId(client),
	date: '2026-11-30',
	lineItems: { line: lines },
});

describe('Lines typed in the editor', () => {
	const bed = useTestBed(STRICT);

	test('a line left as the editor gives it, new or saved before: 1 × Rate at 10 %; a line from the catalog at its item’s rate', async () => {
		const client = seedClient(bed, 'C-1');
		const coffee = bed.sandbox.seedItem({
			code: 'COFFEE-1KG',
			description: 'Coffee beans 1 kg',
			unit_cost: '3240',
			tax_rate: '8',
		});
		const catalogItem = { __rl: true, mode: 'list', value: coffee };
		// a new line: only Description and Rate typed; a new line From the Catalog: only its item
		const added = await bed.run(
			invoiceOf(client, [
				newLine({ description: 'Work', unitPrice: '1000' }),
				newLine({ kind: 'catalog', catalogItem }),
			]),
		);
		expect(added.error).toBeUndefined();
		// saved before: n8n left out Quantity "1", Tax Rate "10" and the catalog line's empty Tax Rate
		const saved = await bed.run(
			invoiceOf(client, [
				{ description: 'Work', unitPrice: '1000' },
				{ kind: 'catalog', catalogItem },
			]),
		);
		expect(saved.error).toBeUndefined();
		const lines = [
			{ description: 'Work', quantity: '1', unit_cost: '1000', tax_rate: '10' },
			{ description: 'Coffee beans 1 kg', quantity: '1', unit_cost: '3240', tax_rate: '8' },
		];
		expect(storedLines(bed)).toEqual([lines, lines]);
	});

	test('columns dropped on Quantity, Rate and Tax Rate of a new line are its values; a blank tax rate cell is 10', async () => {
		const client = seedClient(bed, 'C-1');
		const line = newLine({ description: '={{ $json.description }}' });
		const mapped = {
			...line,
			quantity: dropped(line.quantity, 'quantity'),
			unitPrice: dropped(line.unitPrice, 'unit_price'),
			taxRate: dropped(line.taxRate, 'tax_rate'),
		};
		expect(mapped).toMatchObject({
			quantity: '={{ $json.quantity }}',
			unitPrice: '={{ $json.unit_price }}',
			taxRate: '={{ $json.tax_rate }}',
		});
		const result = await bed.run(invoiceOf(client, [mapped]), [
			{ description: 'Consulting', quantity: 10, unit_price: 12000, tax_rate: 10 },
			{ description: 'Rice', quantity: '2.5', unit_price: '980', tax_rate: '8' },
			{ description: 'Travel', quantity: 1, unit_price: 15000, tax_rate: '' },
		]);
		expect(result.error).toBeUndefined();
		expect(storedLines(bed)).toEqual([
			[{ description: 'Consulting', quantity: '10', unit_cost: '12000', tax_rate: '10' }],
			[{ description: 'Rice', quantity: '2.5', unit_cost: '980', tax_rate: '8' }],
			[{ description: 'Travel', quantity: '1', unit_cost: '15000', tax_rate: '10' }],
		]);
	});

	test('Withholding Tax of a new line is off, as the editor gives it; turned on, it arrives', async () => {
		const client = seedClient(bed, 'C-1');
		expect(newLine({}).withholdingTax).toBe(false);
		const result = await bed.run(
			invoiceOf(client, [
				newLine({ description: 'Design', unitPrice: '50000', withholdingTax: true }),
				newLine({ description: 'Travel', unitPrice: '3000' }),
			]),
		);
		expect(result.error).toBeUndefined();
		const [document] = bed.sandbox.documentsOf();
		expect(document.lineitems.map((line) => line.has_jp_withholding_tax)).toEqual([true, false]);
		expect(document.jp_withholding_tax).toBe('5105');
	});

	test('a line of a list without its tax rate fails saying what to give; nothing is sent', async () => {
		const client = seedClient(bed, 'C-1');
		const result = await bed.run(
			{
				...invoiceOf(client, []),
				lineItemsFrom: 'json',
				lineItemsJson: '={{ $json.lines }}',
			},
			[{ lines: [{ description: 'Work', quantity: 1, unit_price: 1000 }] }],
		);
		expect(result.error?.message).toBe('Line Items (List) 1: Tax Rate is empty [item 0, row 1]');
		expect(result.error?.description).toMatch(/^Give the line's tax rate in percent .*10 for 10 %/);
		expect(bed.sandbox.received('/api/').filter((r) => r.method !== 'GET')).toEqual([]);
	});
});
