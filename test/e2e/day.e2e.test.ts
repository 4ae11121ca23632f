/**
 * A user's day (test/e2e/dayWorkflows.ts) run by a real n8n's CLI (`n8n execute`) with the packed
 * package installed, against the sandbox: an invoice with a line from the catalog By Code and
 * tags by name, its PDF, its send with a terms PDF attached, a pickup link; the tags, the catalog
 * and the invoices of a tag listed as flat rows. Run again, it writes and sends nothing.
 *
 * The workflow is not an example, so `npm run bench` does not run it and it has no entry in
 * dev/requestBudget.ts: the test holds each run to its exact requests instead.
 */
import { DAY, dayWorkflow, seedDay } from './dayWorkflows';
import { apiCalls, outputOf, SETUP_TIMEOUT_MS, useN8n } from './bed';

describe("a user's day in a real n8n", () => {
	const bed = useN8n();
	let seeded: ReturnType<typeof seedDay>;

	beforeAll(async () => {
		seeded = seedDay(bed.sandbox);
		await bed.n8n.importWorkflow(dayWorkflow(seeded.clientMid));
	}, SETUP_TIMEOUT_MS);

	test('an invoice from the catalog with tags, its PDF, sent with terms attached, a pickup link; run again, nothing is written or sent', async () => {
		const { sandbox } = bed;
		/** API requests as `METHOD path`, the partner's prefix left out and every MID as :mid. */
		const calls = () =>
			apiCalls(sandbox.requests).map((call) =>
				call.replace(/\/api\/partner\/\d+\//, '/').replace(/\d{19}/g, ':mid'),
			);
		const writes = () => calls().filter((call) => !call.startsWith('GET '));
		sandbox.resetRequests();
		const run = await bed.execute(DAY.workflowId);

		// the invoice: the catalog's description, unit and price with the row's quantity; both tags
		const [invoice] = outputOf(run, 'Create or update invoice');
		expect(invoice).toMatchObject({
			operation: 'created',
			document_number: DAY.number,
			external_id: DAY.externalId,
			total: 26950, // 3 × 8000 + 500, and 10 %
			tags: 'Web, Project Sakura',
		});
		const tags = sandbox.seedTags();
		expect(tags.map((tag) => tag.name)).toEqual(['Web', 'Project Sakura']);
		const [stored] = sandbox.documentsOf();
		expect(sandbox.documentsOf()).toHaveLength(1);
		expect(stored.mid).toBe(invoice.mid);
		expect(stored.tags).toEqual([seeded.web.url, tags[1].url]);
		expect(
			stored.lineitems.map(({ kind, description, quantity, unit_cost, quantity_unit }) => ({
				kind,
				description,
				quantity,
				unit_cost,
				quantity_unit,
			})),
		).toEqual([
			{
				kind: 'normal',
				description: 'Design work',
				quantity: '3',
				unit_cost: '8000',
				quantity_unit: 'hour',
			},
			{
				kind: 'normal',
				description: 'Delivery',
				quantity: '1',
				unit_cost: '500',
				quantity_unit: '',
			},
		]);
		const tagPosts = sandbox
			.received('/api/')
			.filter((r) => r.method === 'POST' && r.path.endsWith('/tag/'));
		expect(tagPosts.map((r) => JSON.parse(r.body))).toEqual([{ name: 'Project Sakura' }]);

		// the PDF, and the invoice sent with the terms made in the workflow
		expect(outputOf(run, 'Download PDF')).toEqual([
			expect.objectContaining({ mid: invoice.mid, file_name: `${DAY.number}.pdf` }),
		]);
		const [sent] = outputOf(run, 'Send invoice');
		expect(sent).toMatchObject({
			mid: invoice.mid,
			operation: 'sent',
			to: DAY.email,
			sending_order_status: 'sent',
			attachments: 'terms.pdf',
		});
		expect(sandbox.deliveries).toEqual([
			expect.objectContaining({
				to_emails: [DAY.email],
				documentMids: [invoice.mid],
				files: ['terms.pdf'],
			}),
		]);
		// the terms as MakeLeaps takes a file: a form with it in content_file, with the token
		const [order] = sandbox.sending.orders.values();
		expect(order.items.find((item) => item.filename)).toMatchObject({
			bytes: DAY.terms,
			uploadedName: 'terms.pdf',
			uploadedType: 'application/pdf',
		});
		const [upload] = sandbox.received('/api/').filter((r) => r.method === 'PUT');
		expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
		expect(upload.headers.authorization).toMatch(/^Bearer /);

		// the pickup link made for the client's address, and the document's links read
		const [link] = sandbox.documents.pickupLinks.of(String(invoice.mid));
		const row = {
			mid: invoice.mid,
			document_number: DAY.number,
			link: `${sandbox.baseUrl}/pickup/${link.token}/`,
			email: DAY.email,
			clicked: false,
			expired: false,
		};
		expect(outputOf(run, 'Create pickup link')).toEqual([
			expect.objectContaining({ ...row, operation: 'created' }),
		]);
		expect(outputOf(run, 'Pickup links')).toEqual([expect.objectContaining(row)]);

		// the lists, as flat rows
		expect(outputOf(run, 'Tags')).toEqual(tags.map(({ mid, name }) => ({ mid, name })));
		expect(outputOf(run, 'Catalog')).toEqual([
			{
				mid: seeded.design,
				code: 'DESIGN-H',
				description: 'Design work',
				unit_price: 8000,
				unit: 'hour',
				tax_rate: 10,
				tax_type: null,
			},
			{
				mid: seeded.coffee,
				code: 'COFFEE-1KG',
				description: 'Coffee beans 1 kg',
				unit_price: 3240,
				unit: 'bag',
				tax_rate: 8,
				tax_type: 'reduced',
			},
		]);
		expect(outputOf(run, 'Invoices of Project Sakura')).toEqual([
			expect.objectContaining({ mid: invoice.mid, sent: true, tags: 'Web, Project Sakura' }),
		]);

		expect(calls()).toEqual([
			'GET /api/partner/ 200', // the partner (Partner left empty), once for the execution
			// Create or Update: the catalog, the invoices (by External ID), the client's default
			// contact, the tags; the new tag, the invoice's default template (Template left empty),
			// the invoice
			'GET /item/ 200',
			'GET /document/ 200',
			'GET /client/:mid/ 200',
			'GET /tag/ 200',
			'POST /tag/ 201',
			'GET /template/invoice/ 200',
			'POST /document/ 201',
			// Download PDF: the invoice's number as MakeLeaps has it now, the PDF
			'GET /document/:mid/ 200',
			'GET /document/:mid/pdf/ 200',
			// Send: the invoice (not sent yet?), the client's contacts (its contact, the company,
			// has no e-mail), the order, the invoice and the terms in it, the client's orders, the send
			'GET /document/:mid/ 200',
			'GET /client/:mid/contact/ 200',
			'POST /sending/order/ 201',
			'POST /sending/order/:mid/item/ 201',
			'POST /sending/order/:mid/item/ 201',
			'PUT /sending/order/:mid/item/:mid/upload/ 200',
			'GET /sending/order/ 200',
			'POST /sending/order/:mid/send/ 200',
			// Create Pickup Link: the document's links first, then the create; Get Pickup Links
			'GET /document/:mid/pickup-link/ 200',
			'POST /document/:mid/pickup-link/ 201',
			'GET /document/:mid/pickup-link/ 200',
			// Tag and Item → Get Many; Document → Get Many by Tags: the tags, the invoices
			'GET /tag/ 200',
			'GET /item/ 200',
			'GET /tag/ 200',
			'GET /document/ 200',
		]);
		expect(sandbox.received('/user/oauth2/token/')).toHaveLength(1);

		// Run again: the invoice unchanged, already sent, its link found; reads only.
		sandbox.resetRequests();
		const again = await bed.execute(DAY.workflowId);
		expect(outputOf(again, 'Create or update invoice')).toEqual([
			expect.objectContaining({ mid: invoice.mid, operation: 'unchanged', changes: '' }),
		]);
		expect(outputOf(again, 'Send invoice')).toEqual([
			expect.objectContaining({
				mid: invoice.mid,
				operation: 'skipped',
				reason: 'already sent',
				// a skipped send lists no file: it sent none
				attachments: '',
			}),
		]);
		expect(outputOf(again, 'Create pickup link')).toEqual([
			expect.objectContaining({ ...row, operation: 'unchanged' }),
		]);
		expect(outputOf(again, 'Pickup links')).toEqual([expect.objectContaining(row)]);
		expect(writes()).toEqual([]);
		expect(calls()).toEqual([
			'GET /api/partner/ 200',
			// Create or Update: the catalog, the invoices, the tags (no client read: the invoice exists)
			'GET /item/ 200',
			'GET /document/ 200',
			'GET /tag/ 200',
			// Download PDF (a PDF is downloaded every run: it is a read)
			'GET /document/:mid/ 200',
			'GET /document/:mid/pdf/ 200',
			// Send: the invoice, whose date_sent says it went out
			'GET /document/:mid/ 200',
			// Create Pickup Link finds its link; Get Pickup Links
			'GET /document/:mid/pickup-link/ 200',
			'GET /document/:mid/pickup-link/ 200',
			'GET /tag/ 200',
			'GET /item/ 200',
			'GET /tag/ 200',
			'GET /document/ 200',
		]);
		expect(sandbox.documentsOf()).toHaveLength(1);
		expect(sandbox.seedTags()).toHaveLength(2);
		expect(sandbox.deliveries).toHaveLength(1);
		expect(sandbox.documents.pickupLinks.of(String(invoice.mid))).toHaveLength(1);
	});
});
