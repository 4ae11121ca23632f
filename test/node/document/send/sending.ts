/** Sending documents in the engine tests: an invoice to send, the Send parameters, what was posted. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { TestBed } from '../../support/bed';
import { byId, seedClient } from '../../support/fixtures';

/** An invoice for a new client, addressed to the client's person contact (sato@example.com). */
export function seedInvoice(bed: TestBed, externalId = 'C-1', extra: Record<string, unknown> = {}) {
	const clientMid = seedClient(bed, externalId);
	const client = bed.sandbox.clients().find((c) => c.mid === clientMid)!;
	return bed.sandbox.seedDocument({
		document_type: 'invoice',
		document_number: `INV-${externalId}`,
		client: client.url,
		client_contact: (client.contacts[1] as { url: string }).url,
		lineitems: [{ kind: 'simple', description: 'Design', price: '50000', tax_rate: '10' }],
		autocalculate: true,
		...extra,
	});
}

export const send = (documentMid: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'document',
	operation: 'send',
	document: byId(documentMid),
	subject: 'Your invoice',
	message: 'Thank you for your business.',
	...extra,
});

export const posts = (bed: TestBed, suffix: string) =>
	bed.sandbox.received('/api/').filter((r) => r.method === 'POST' && r.path.endsWith(suffix));

/** Send for every input item's `mid`. */
export const sendEach = (extra: INodeParameters = {}) => send('={{ $json.mid }}', extra);
export const items = (documents: Array<{ mid: unknown }>) =>
	documents.map((d) => ({ mid: String(d.mid) }));

/** An order as a list that leaves its readiness out gives it. */
export function withoutReadiness(order: IDataObject): IDataObject {
	const copy = { ...order };
	delete copy.ready_to_order;
	return copy;
}
