/**
 * Totals checked after every document write: a service that reads the lines otherwise than they
 * are sent (a field name guessed wrong) makes a loud error naming the document it made, never a
 * quiet wrong invoice; a service that only rounds otherwise passes.
 */
import type { INodeParameters } from 'n8n-workflow';

import { useTestBed } from '../support/bed';
import { byId, seedClient } from '../support/fixtures';

const invoice = (client: string): INodeParameters => ({
	resource: 'document',
	operation: 'create',
	documentType: 'invoice',
	client: byId(client),
	lineItems: {
		line: [1, 2, 3].map((n) => ({
			description: `Snack ${n}`,
			quantity: '1',
			unitPrice: '105',
			taxRate: '8',
			taxType: 'reduced',
		})),
	},
});

describe('Totals when MakeLeaps reads the lines otherwise', () => {
	const bed = useTestBed({ unitCostField: 'unit_price' });

	test('the item fails with both figures and names the invoice it made; nothing is hidden', async () => {
		const client = seedClient(bed, 'C-1');
		const result = await bed.run(invoice(client), [{}], { onError: 'continueRegularOutput' });
		const [made] = bed.sandbox.documentsOf();
		expect(result.output[0].json.error).toBe(
			'MakeLeaps computed a total of 0 JPY for invoice 0001, but its lines come to 340 JPY (subtotal 315, tax 25) [item 0, row 1]',
		);
		expect(result.output[0].error?.description).toMatch(
			new RegExp(`^The document was created in MakeLeaps \\(MID ${String(made.mid)}\\)`),
		);
	});
});

describe('Totals when MakeLeaps only rounds otherwise', () => {
	const bed = useTestBed({ taxPerLine: true });

	test('tax rounded per line (24 instead of 25) is within rounding: the invoice is made', async () => {
		const client = seedClient(bed, 'C-1');
		const result = await bed.run(invoice(client));
		expect(result.error).toBeUndefined();
		expect(result.output[0].json).toMatchObject({ total: '339', tax: '24' });
	});
});
