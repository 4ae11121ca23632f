/**
 * Document → Get Pickup Links through n8n's engine against the sandbox: one flat row per link
 * (Simplify) or the links as MakeLeaps gives them, no item for a document without links, every
 * page read, a bad Document refused before any request, and a service whose links lack a field
 * or name the address otherwise read without a crash.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { SandboxOptions } from '../../../sandbox/server';
import { useTestBed, type TestBed } from '../support/bed';
import { byId, seedClient, seedInvoice } from '../support/fixtures';

const v2 = { typeVersion: 2 };
const FUTURE = '2099-01-01T00:00:00Z';
const PAST = '2020-01-01T00:00:00Z';

const getLinks = (
	document: ReturnType<typeof byId>,
	extra: INodeParameters = {},
): INodeParameters => ({
	resource: 'document',
	operation: 'getPickupLinks',
	document,
	...extra,
});

/** An invoice with two links: one opened, one expired and never opened. */
function invoiceWithLinks(bed: TestBed) {
	const invoice = seedInvoice(bed, seedClient(bed, 'C-1'));
	const mid = String(invoice.mid);
	const store = bed.sandbox.documents.pickupLinks;
	const opened = store.add(mid, {
		email: 'sato@example.com',
		date_clicked: '2026-11-02T01:00:00Z',
		expiration_date: FUTURE,
	});
	const stale = store.add(mid, { email: 'ito@example.com', expiration_date: PAST });
	return { invoice, mid, opened, stale };
}

const linkRequests = (bed: TestBed) => bed.sandbox.received('/api/');

describe('Document: Get Pickup Links', () => {
	const bed = useTestBed();

	test('one flat row per link, with the number of the document the item is', async () => {
		const { invoice, mid, opened, stale } = invoiceWithLinks(bed);
		const result = await bed.run(
			getLinks(byId('={{ $json.mid }}')),
			[{ mid, document_number: invoice.document_number }],
			v2,
		);
		expect(result.error).toBeUndefined();
		const address = (token: string) => `${bed.sandbox.baseUrl}/pickup/${token}/`;
		expect(result.output.map((item) => item.json)).toEqual([
			{
				mid,
				document_number: invoice.document_number,
				link: address(opened.token),
				email: 'sato@example.com',
				clicked: true,
				date_clicked: '2026-11-02T01:00:00Z',
				expiration_date: FUTURE,
				expired: false,
			},
			{
				mid,
				document_number: invoice.document_number,
				link: address(stale.token),
				email: 'ito@example.com',
				clicked: false,
				date_clicked: null,
				expiration_date: PAST,
				expired: true,
			},
		]);
		expect(result.output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
		const [request] = linkRequests(bed);
		expect(linkRequests(bed)).toHaveLength(1);
		expect(`${request.method} ${request.path}`).toBe(
			`GET /api/partner/${bed.sandbox.credentials.partnerMid}/document/${mid}/pickup-link/`,
		);
	});

	test('the number is left empty when the item is not that document: nothing is read for it', async () => {
		const { mid } = invoiceWithLinks(bed);
		const result = await bed.run(getLinks(byId(mid)), [{ mid: '1', document_number: 'X' }], v2);
		expect(result.output.map((item) => item.json.document_number)).toEqual([null, null]);
		expect(linkRequests(bed)).toHaveLength(1);
	});

	test('Simplify off: the links as MakeLeaps gives them', async () => {
		const { mid, opened, stale } = invoiceWithLinks(bed);
		const result = await bed.run(getLinks(byId(mid), { simplify: false }), [{}], v2);
		const partner = bed.sandbox.credentials.partnerMid;
		const store = bed.sandbox.documents.pickupLinks;
		expect(result.output.map((item) => item.json)).toEqual([
			store.json(partner, opened),
			store.json(partner, stale),
		]);
	});

	test('a document without links gives no item, and no error', async () => {
		const invoice = seedInvoice(bed, seedClient(bed, 'C-1'));
		const result = await bed.run(getLinks(byId(String(invoice.mid))), [{}], v2);
		expect(result.error).toBeUndefined();
		expect(result.output).toEqual([]);
		expect(linkRequests(bed)).toHaveLength(1);
	});

	test('a Document that is not an ID is refused naming the field and the item, nothing sent', async () => {
		const result = await bed.run(getLinks(byId('={{ $json.mid }}')), [{ mid: 'INV 1' }], v2);
		expect(result.error?.message).toBe(
			'Document "INV 1" is not a valid MakeLeaps ID [item 0, row 1]',
		);
		expect(linkRequests(bed)).toEqual([]);
	});

	test('a document MakeLeaps does not have: the error names it; Continue On Fail goes on', async () => {
		const { mid } = invoiceWithLinks(bed);
		const result = await bed.run(getLinks(byId('={{ $json.mid }}')), [{ mid: '999' }, { mid }], {
			...v2,
			onError: 'continueRegularOutput',
		});
		expect(result.output[0].json.error).toBe(
			'MakeLeaps has no document 999 (its pickup links) [item 0, row 1]',
		);
		expect(result.output.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
		]);
		expect(result.output.slice(1).map((item) => item.json.email)).toEqual([
			'sato@example.com',
			'ito@example.com',
		]);
		// one request per document, and the partner list read once to explain the 404
		expect(linkRequests(bed).map((request) => request.path.split('/').at(-2))).toEqual([
			'pickup-link',
			'partner',
			'pickup-link',
		]);
	});

	test('a list of other things than records is refused, quoting what MakeLeaps gave', async () => {
		const { mid } = invoiceWithLinks(bed);
		const texts = (body: Record<string, unknown>) => ({
			...body,
			meta: { ...(body.meta as object), count: 1 },
			response: ['https://x.test/p/1'],
		});
		bed.sandbox.injectFault({ kind: 'rewriteAfter', change: texts }, { path: /pickup-link/ });
		const result = await bed.run(getLinks(byId(mid)), [{}], v2);
		expect(result.error?.message).toBe(
			`MakeLeaps listed a pickup link of document ${mid} that is not a record: https://x.test/p/1 [item 0, row 1]`,
		);
		expect(result.output).toEqual([]);
	});
});

describe('Document: Get Pickup Links over pages', () => {
	const bed = useTestBed({ maxPageSize: 2 });

	test('every page is read: one request per page', async () => {
		const invoice = seedInvoice(bed, seedClient(bed, 'C-1'));
		const mid = String(invoice.mid);
		for (let k = 0; k < 5; k++)
			bed.sandbox.documents.pickupLinks.add(mid, { email: `p${k}@example.com` });
		const result = await bed.run(getLinks(byId(mid)), [{}], v2);
		expect(result.output.map((item) => item.json.email)).toEqual(
			[0, 1, 2, 3, 4].map((k) => `p${k}@example.com`),
		);
		expect(bed.sandbox.received('/api/')).toHaveLength(3);
	});
});

describe.each<[string, SandboxOptions, Record<string, unknown>]>([
	['leaves the dates out', { listOmits: ['date_clicked', 'expiration_date'] }, {}],
	['names the address link', { pickupLinkField: 'link' }, {}],
	['names the address pickup_url', { pickupLinkField: 'pickup_url' }, {}],
	['gives no address', { pickupLinkField: '' }, { link: null }],
])('Document: Get Pickup Links from a service that %s', (name, options, expected) => {
	const bed = useTestBed(options);

	test('a row says what it could read and null for the rest, without failing', async () => {
		const { mid, opened } = invoiceWithLinks(bed);
		const result = await bed.run(getLinks(byId(mid)), [{}], v2);
		expect(result.error).toBeUndefined();
		const [row] = result.output.map((item) => item.json);
		const omitted = name === 'leaves the dates out';
		expect(row).toEqual({
			mid,
			document_number: null,
			link: `${bed.sandbox.baseUrl}/pickup/${opened.token}/`,
			email: 'sato@example.com',
			clicked: omitted ? null : true,
			date_clicked: omitted ? null : '2026-11-02T01:00:00Z',
			expiration_date: omitted ? null : FUTURE,
			expired: omitted ? null : false,
			...expected,
		});
	});
});
