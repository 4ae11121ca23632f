/** Clients and rows the engine tests share. */
import type { INodeParameters } from 'n8n-workflow';

import type { TestBed } from './bed';

/** A client with an organization and a person contact, stored directly in the sandbox; its MID. */
export function seedClient(bed: TestBed, externalId: string, name = `${externalId} Co`): string {
	return bed.sandbox.seedClient({
		client_external_id: externalId,
		contacts: [
			{ contact_type: 'organization', name, addresses: [], email: null },
			{
				contact_type: 'person',
				family_name: 'Sato',
				addresses: [],
				email: { address: 'sato@example.com' },
			},
		],
	}).mid;
}

/** Clients "Company 1".."Company n" with external IDs EXT-1..EXT-n and a person each; their MIDs. */
export function seedMany(bed: TestBed, n: number): string[] {
	const mids: string[] = [];
	for (let k = 1; k <= n; k++) {
		const contacts = [
			{ contact_type: 'organization', name: `Company ${k}`, addresses: [], email: null },
			{
				contact_type: 'person',
				family_name: `Person${k}`,
				addresses: [],
				email: { address: `p${k}@example.com` },
			},
		];
		mids.push(bed.sandbox.seedClient({ client_external_id: `EXT-${k}`, contacts }).mid);
	}
	return mids;
}

/** Rows of a sheet: ROW-1.. with a company, a person and an e-mail. */
export const rows = (n: number, email = (k: number) => `p${k}@example.com`) =>
	Array.from({ length: n }, (_, k) => ({
		id: `ROW-${k + 1}`,
		org: `Company ${k + 1}`,
		family: `Person${k + 1}`,
		email: email(k + 1),
	}));

/** Create or Update of those rows, keyed by their id. */
export const upsertRows: INodeParameters = {
	operation: 'createOrUpdate',
	clientExternalId: '={{ $json.id }}',
	organizationName: '={{ $json.org }}',
	personFamilyName: '={{ $json.family }}',
	personEmail: '={{ $json.email }}',
};

/** A resource locator "By ID", as the editor stores it. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** Document → Create or Update of invoices from rows with id, client, title and a list of lines. */
export const documentUpsertRows: INodeParameters = {
	resource: 'document',
	operation: 'createOrUpdate',
	documentType: 'invoice',
	client: byId('={{ $json.client }}'),
	externalId: '={{ $json.id }}',
	date: '2026-11-30',
	lineItemsFrom: 'json',
	lineItemsJson: '={{ $json.lines }}',
	additionalFields: { title: '={{ $json.title }}' },
};

/** An invoice of one line for the client, stored directly in the sandbox. */
export function seedInvoice(bed: TestBed, clientMid: string) {
	const partner = bed.sandbox.credentials.partnerMid;
	return bed.sandbox.seedDocument({
		document_type: 'invoice',
		client: `${bed.sandbox.baseUrl}/api/partner/${partner}/client/${clientMid}/`,
		date: '2026-11-01',
		lineitems: [{ kind: 'simple', description: 'Item', price: '1000', tax_rate: '10' }],
		autocalculate: true,
	});
}

/** An invoice addressed to the person of a new client (sato@example.com), ready to send. */
export function sendableInvoice(bed: TestBed, externalId: string) {
	const mid = seedClient(bed, externalId);
	const client = bed.sandbox.clients().find((c) => c.mid === mid)!;
	return bed.sandbox.seedDocument({
		document_type: 'invoice',
		client: client.url,
		client_contact: (client.contacts[1] as { url: string }).url,
		lineitems: [{ kind: 'simple', description: 'Design', price: '50000', tax_rate: '10' }],
		autocalculate: true,
	});
}

/** Document → Create of an invoice of one line (2 × 1000 at 10 %), dated 2026-11-30, External ID ROW-1. */
export const invoiceOf = (client: string): INodeParameters => ({
	resource: 'document',
	operation: 'create',
	documentType: 'invoice',
	client: byId(client),
	date: '2026-11-30',
	additionalFields: { externalId: 'ROW-1', title: 'November' },
	lineItems: { line: [{ description: 'Work', quantity: '2', unitPrice: '1000', taxRate: '10' }] },
});

/** Contact → Create of a person with these Contact Fields. */
export const createContact = (client: string, fields: Record<string, string>): INodeParameters => ({
	resource: 'contact',
	operation: 'create',
	client: byId(client),
	contactType: 'person',
	contactFields: fields,
});

/** The API POSTs the sandbox received. */
export const posts = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.method === 'POST');

const API_POST = { method: 'POST', path: '/api/' };

/** The API POSTs before the `nth` (from 0) go through; the `nth` gets `fault`. */
export function faultOnPost(
	bed: TestBed,
	nth: number,
	fault: Parameters<TestBed['sandbox']['injectFault']>[0],
) {
	for (let i = 0; i < nth; i++) bed.sandbox.injectFault({ kind: 'delay', ms: 0 }, API_POST);
	bed.sandbox.injectFault(fault, API_POST);
}

/** Invoices of one new client, INV-<id>-1…n, all addressed to its person (sato@example.com). */
export function seedInvoicesOf(bed: TestBed, externalId: string, n: number) {
	const clientMid = seedClient(bed, externalId);
	const client = bed.sandbox.clients().find((c) => c.mid === clientMid)!;
	return Array.from({ length: n }, (_, k) =>
		bed.sandbox.seedDocument({
			document_type: 'invoice',
			document_number: `INV-${externalId}-${k + 1}`,
			client: client.url,
			client_contact: (client.contacts[1] as { url: string }).url,
			lineitems: [{ kind: 'simple', description: 'Design', price: '1000', tax_rate: '10' }],
			autocalculate: true,
		}),
	);
}

/**
 * Another API key of the bed's partner (one MakeLeaps account, two keys), as the credential
 * `cred-2`: runs given `{ credentialId: 'cred-2' }` use it.
 */
export function secondApiKey(bed: TestBed): { credentialId: string } {
	const second = bed.sandbox.addApiKey();
	bed.credentials.set('cred-2', {
		baseUrl: bed.sandbox.baseUrl,
		clientId: second.clientId,
		clientSecret: second.clientSecret,
	});
	return { credentialId: 'cred-2' };
}
