/**
 * Document → Convert and a source MakeLeaps marks converted (`is_converted`, `date_converted`),
 * made into another document in MakeLeaps' own screen or elsewhere: when the node finds no
 * document it made from it, the item is refused naming the source and the date, and nothing is
 * made, unless Convert Even If Converted; with it, the document is made once, and no run makes
 * it again. A document the node made is found first, whatever the source says since; a source
 * that does not say (neither field) is refused too.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useTestBed, type TestBed } from '../support/bed';
import { byId, seedClient } from '../support/fixtures';

const api = (bed: TestBed) => bed.sandbox.received('/api/');
const writes = (bed: TestBed) => api(bed).filter((r) => r.method !== 'GET');
const invoices = (bed: TestBed) =>
	bed.sandbox.documentsOf().filter((d) => d.document_type === 'invoice');

/** A quote of one line, stored directly in the sandbox; its MID. */
function seedQuote(bed: TestBed, number: string): string {
	const partner = bed.sandbox.credentials.partnerMid;
	const clientMid = seedClient(bed, `C-${number}`);
	const quote = bed.sandbox.seedDocument({
		document_type: 'quote',
		document_number: number,
		client: `${bed.sandbox.baseUrl}/api/partner/${partner}/client/${clientMid}/`,
		lineitems: [{ kind: 'simple', description: 'Design', price: '50000', tax_rate: '10' }],
		autocalculate: true,
	});
	return String(quote.mid);
}

const convert = (options: INodeParameters = {}): INodeParameters => ({
	resource: 'document',
	operation: 'convert',
	document: byId('={{ $json.source }}'),
	documentType: 'invoice',
	date: '2026-12-01',
	options,
});

const CONVERTED_ON = '2026-11-21T10:00:00Z';

describe('Document: Convert, a source converted elsewhere', () => {
	const bed = useTestBed();

	test('refused by default, naming it and its date_converted: nothing made, with and without Continue On Fail', async () => {
		const quote = seedQuote(bed, 'Q-7');
		bed.sandbox.mark(quote, 'converted', CONVERTED_ON);
		const refused = await bed.run(convert(), [{ source: quote }]);
		expect(refused.error?.message).toBe(
			`The quote Q-7 was converted on ${CONVERTED_ON} (date_converted), and the node finds no document it made from it (External ID "quote-${quote}") [item 0, row 1]`,
		);
		expect(refused.error?.description).toMatch(
			/^Nothing was made: it was converted in MakeLeaps' own screen or by another tool, .*turn on Convert Even If Converted in Options/,
		);
		// the source, the client's invoices: no write
		expect(api(bed).map((r) => r.method)).toEqual(['GET', 'GET']);

		const other = seedQuote(bed, 'Q-8');
		const both = await bed.run(convert(), [{ source: quote }, { source: other }], {
			onError: 'continueRegularOutput',
		});
		expect(both.output[0].json.error).toMatch(/^The quote Q-7 was converted on /);
		expect(both.output[1].json).toMatchObject({ operation: 'created', document_number: '0001' });
		expect(invoices(bed).map((d) => d.external_id)).toEqual([`quote-${other}`]);

		const preview = await bed.run(convert({ previewOnly: true }), [{ source: quote }]);
		expect(preview.output[0].json).toMatchObject({ preview: 'would fail' });
		expect(invoices(bed)).toHaveLength(1);
	});

	test('Convert Even If Converted makes it once, two items of it in one run included; runs again, with or without the option, make nothing', async () => {
		const quote = seedQuote(bed, 'Q-7');
		bed.sandbox.mark(quote, 'converted', CONVERTED_ON);
		// the same source twice in one run: made by the first item, found by the second
		const made = await bed.run(convert({ convertConverted: true }), [
			{ source: quote },
			{ source: quote },
		]);
		expect(made.output[0].json).toMatchObject({
			operation: 'created',
			external_id: `quote-${quote}`,
		});
		expect(made.output[1].json).toMatchObject({ operation: 'unchanged' });
		expect(writes(bed).map((r) => r.method)).toEqual(['POST']);
		expect(invoices(bed)).toHaveLength(1);

		for (const options of [{ convertConverted: true }, {}]) {
			bed.sandbox.resetRequests();
			const again = await bed.run(convert(options), [{ source: quote }, { source: quote }]);
			expect(again.output.map(({ json }) => json.operation)).toEqual(['unchanged', 'unchanged']);
			expect(writes(bed)).toEqual([]);
		}
		expect(invoices(bed)).toHaveLength(1);
	});

	test('a document the node made is found first, though the source is marked converted since', async () => {
		const quote = seedQuote(bed, 'Q-7');
		const made = await bed.run(convert(), [{ source: quote }]);
		expect(made.output[0].json).toMatchObject({ operation: 'created' });
		bed.sandbox.mark(quote, 'converted', CONVERTED_ON);
		bed.sandbox.resetRequests();
		const again = await bed.run(convert(), [{ source: quote }]);
		expect(again.output[0].json).toMatchObject({
			operation: 'unchanged',
			mid: made.output[0].json.mid,
		});
		expect(writes(bed)).toEqual([]);
		expect(invoices(bed)).toHaveLength(1);
	});

	test('marked converted by its yes/no alone: refused, naming is_converted', async () => {
		const quote = seedQuote(bed, 'Q-7');
		bed.sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => ({
					...body,
					response: { ...(body.response as IDataObject), is_converted: true },
				}),
			},
			{
				method: 'GET',
				path: `/api/partner/${bed.sandbox.credentials.partnerMid}/document/${quote}/`,
			},
		);
		const refused = await bed.run(convert(), [{ source: quote }]);
		expect(refused.error?.message).toMatch(/^The quote Q-7 was converted \(is_converted\), and /);
		expect(invoices(bed)).toHaveLength(0);
	});
});

describe('Document: Convert, a source that does not say whether it was converted', () => {
	const bed = useTestBed();

	/** The source's own read answers without `is_converted` and `date_converted`. */
	const withoutConversionFields = (quote: string) =>
		bed.sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => {
					const response = { ...(body.response as IDataObject) };
					delete response.is_converted;
					delete response.date_converted;
					return { ...body, response };
				},
			},
			{
				method: 'GET',
				path: `/api/partner/${bed.sandbox.credentials.partnerMid}/document/${quote}/`,
			},
		);

	test('refused, saying what it lacks; Convert Even If Converted converts it, once', async () => {
		const quote = seedQuote(bed, 'Q-9');
		withoutConversionFields(quote);
		const refused = await bed.run(convert(), [{ source: quote }]);
		expect(refused.error?.message).toBe(
			'MakeLeaps gave quote Q-9 without is_converted or date_converted, so the node cannot tell whether it was converted already [item 0, row 1]',
		);
		expect(refused.error?.description).toMatch(/Convert Even If Converted/);
		expect(writes(bed)).toEqual([]);
		expect(invoices(bed)).toHaveLength(0);

		withoutConversionFields(quote);
		const made = await bed.run(convert({ convertConverted: true }), [{ source: quote }]);
		expect(made.output[0].json).toMatchObject({ operation: 'created' });
		withoutConversionFields(quote);
		const again = await bed.run(convert(), [{ source: quote }]);
		expect(again.output[0].json).toMatchObject({ operation: 'unchanged' });
		expect(invoices(bed)).toHaveLength(1);
	});
});
