/** What the tests of Account → Check share: the account seeded, the checks, what is expected. */
import type { IDataObject } from 'n8n-workflow';

import type { TestBed } from './bed';
import { seedClient } from './fixtures';

export const check = { resource: 'account', operation: 'check' };

export const IDS = [
	'token_and_partner',
	'page_size',
	'next_page_link',
	'expand_contacts',
	'contact_own_url',
	'client_filter_form',
	'document_type_filter',
	'date_filter',
	'tag_filter_form',
	'templates',
	'line_item_shape',
	'list_line_items',
	'catalog_item_fields',
	'client_list_keys',
	'document_list_keys',
	'accepted_fields',
	'confirmed_fields',
	'converted_fields',
	'pdf_form',
	'attachment_upload',
	'pickup_link_address',
];

export const DOCUMENT_CHECKS = [
	'client_filter_form',
	'document_type_filter',
	'date_filter',
	'tag_filter_form',
	'line_item_shape',
	'list_line_items',
	'document_list_keys',
	'accepted_fields',
	'confirmed_fields',
	'converted_fields',
	'pdf_form',
	'pickup_link_address',
];

/** More clients than a page of 100: the page size shows. */
export const PAST_ONE_PAGE = 101;

export interface AccountShape {
	/** Clients with an external ID. */
	clients?: number;
	/** Clients without one, seeded first (1). */
	unkeyed?: number;
	/** The documents as type and day; the second has no external ID. */
	documents?: Array<[string, string]>;
	/** The first and the last document tagged "Monthly" (true). */
	tagged?: boolean;
	/** An item in the line item catalog (true). */
	catalog?: boolean;
	/** A pickup link of the second newest document (true). */
	pickupLink?: boolean;
	/** An unsent sending order of the first document with a file in it (true). */
	orderWithFile?: boolean;
}

/**
 * A client without an external ID, then `clients` with one (101); invoices of two of them and a quote
 * (without an external ID), on three days, each with a normal and a simple line, the invoices
 * tagged (Monthly and Web, one each); an item in the catalog; a pickup link of the quote (the newest document has none); an
 * unsent sending order of the first invoice with a file in it.
 */
export function seedAccount(bed: TestBed, shape: AccountShape = {}) {
	const {
		clients = PAST_ONE_PAGE,
		unkeyed = 1,
		documents = [
			['invoice', '2026-10-01'],
			['quote', '2026-10-15'],
			['invoice', '2026-11-01'],
		],
		tagged = true,
		catalog = true,
		pickupLink = true,
		orderWithFile = true,
	} = shape;
	for (let k = 1; k <= unkeyed; k++) seedClient(bed, '', `No External ID ${k} Co`);
	const mids = Array.from({ length: clients }, (_, k) => seedClient(bed, `CL-${k + 1}`));
	const url = (mid: string) =>
		`${bed.sandbox.baseUrl}/api/partner/${bed.sandbox.credentials.partnerMid}/client/${mid}/`;
	// two tags, one a document (the first and the last): a filter of both names finds both
	const tags = bed.sandbox.seedTags('Monthly', 'Web');
	const tagOf = (i: number) =>
		tagged && (i === 0 || i === documents.length - 1) ? [tags[i === 0 ? 0 : 1].url] : [];
	const seeded = documents.map(([type, date], i) =>
		bed.sandbox.seedDocument({
			document_type: type,
			client: url(mids[Math.min(i, 1)]),
			date,
			external_id: i === 1 ? '' : `DOC-${i + 1}`,
			tags: tagOf(i),
			lineitems: [
				{
					kind: 'normal',
					description: 'Consulting',
					quantity: '2',
					unit_cost: '1500',
					tax_rate: '10',
				},
				{ kind: 'simple', description: 'Travel', price: '3000', tax_rate: '10' },
			],
			autocalculate: true,
		}),
	);
	if (catalog)
		bed.sandbox.seedItem({
			code: 'WEB-MAINT',
			description: 'Website maintenance',
			unit_cost: '120000',
			quantity_unit: 'month',
			tax_rate: '10',
		});
	if (orderWithFile && seeded.length > 0) {
		const bytes = Buffer.from('%PDF-1.4\n% terms\n%%EOF\n', 'latin1');
		bed.sandbox.seedSendingOrder(String(seeded[0].mid), [{ filename: 'terms.pdf', bytes }]);
	}
	if (pickupLink && seeded.length > 1)
		bed.sandbox.documents.pickupLinks.add(seeded[seeded.length - 2].mid, {
			email: 'ito@example.com',
		});
}

/** A row's check id: its details start with it. */
export const idOf = (json: IDataObject) => String(json.details).split(': ')[0];

/** The rows of the checks, the summary that comes first left out. */
export const checkRows = <T extends { json: IDataObject }>(items: T[]): T[] =>
	items.filter(({ json }) => idOf(json) !== 'summary');

/** The results by check id, in the order of the output. */
export const resultsOf = (items: Array<{ json: IDataObject }>) =>
	Object.fromEntries(checkRows(items).map(({ json }) => [idOf(json), json.result]));

/** The evidence by check id: the details after the id. */
export const evidenceOf = (items: Array<{ json: IDataObject }>) =>
	Object.fromEntries(
		checkRows(items).map(({ json }) => [
			idOf(json),
			String(json.details).slice(idOf(json).length + 2),
		]),
	);

/** The row of a check. */
export const rowOf = (items: Array<{ json: IDataObject }>, id: string) =>
	items.find(({ json }) => idOf(json) === id)!.json;

export const allHeld = Object.fromEntries(IDS.map((id) => [id, 'held']));

/** Every request to the sandbox but the credential's token exchange was a GET. */
export function expectOnlyGets(bed: TestBed) {
	const sent = bed.sandbox.requests.filter((r) => r.path !== '/user/oauth2/token/');
	expect(sent.length).toBeGreaterThan(0);
	expect(sent.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([]);
}
