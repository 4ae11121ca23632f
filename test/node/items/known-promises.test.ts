/**
 * What an earlier node of the same execution saw of a record never decides what a later node
 * writes or names: a client's default contact and a document's number may change between two
 * nodes (a person during a Wait, an HTTP Request node), so they are read again, together in one
 * list read where that costs less.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { outputOf } from '../../../dev/harness/engine';
import { useTestBed } from '../support/bed';
import { byId, seedClient } from '../support/fixtures';

const invoiceFor = (client: string, extra: IDataObject = {}): INodeParameters => ({
	resource: 'document',
	operation: 'create',
	documentType: 'invoice',
	client: byId(client),
	date: '2026-11-30',
	lineItems: { line: [{ description: 'Design', quantity: 1, unitPrice: 1000, taxRate: 10 }] },
	...extra,
});

const downloadPdf: INodeParameters = {
	resource: 'document',
	operation: 'downloadPdf',
	document: byId('={{ $json.mid }}'),
};

describe('Knowledge of an earlier node never decides a write', () => {
	const bed = useTestBed();

	test("a client's default contact changed after the node that made it: the invoice goes to the new one", async () => {
		const makeClient = {
			operation: 'create',
			organizationName: 'Fuji Logistics',
			personFamilyName: 'Suzuki',
		};
		const result = await bed.run(makeClient, [{}], {
			followedBy: [
				() => {
					// a person makes the client's person its default contact, during a Wait
					const client = [...bed.sandbox.partner().clients.values()][0];
					client.defaultContactMid = client.contactMids[1];
				},
				invoiceFor('={{ $json.mid }}'),
			],
		});
		expect(result.error).toBeUndefined();
		const [client] = bed.sandbox.clients();
		const contacts = client.contacts as IDataObject[];
		expect(result.output[0].json.default_contact).toBe(contacts[0].url);
		expect(client.default_contact).toBe(contacts[1].url);
		expect(bed.sandbox.documentsOf().map((d) => d.client_contact)).toEqual([contacts[1].url]);
		expect(outputOf(result, 'MakeLeaps 3')).toHaveLength(1);
	});

	test('a document renumbered after the node that made it: its PDF is named after the new number', async () => {
		const client = seedClient(bed, 'C-1');
		const result = await bed.run(invoiceFor(client, { documentNumber: 'INV-OLD' }), [{}], {
			followedBy: [
				() => {
					const [document] = bed.sandbox.partner().documents.values();
					document.document_number = 'INV-NEW';
				},
				downloadPdf,
			],
		});
		expect(result.error).toBeUndefined();
		expect(result.output[0].json.document_number).toBe('INV-OLD');
		const [pdf] = outputOf(result, 'MakeLeaps 3');
		expect(pdf.json).toMatchObject({ document_number: 'INV-NEW', file_name: 'INV-NEW.pdf' });
		expect(pdf.binary?.data.fileName).toBe('INV-NEW.pdf');
	});

	test('the PDFs of three invoices: their numbers come from one read of the document list', async () => {
		const clients = ['C-1', 'C-2', 'C-3'].map((id) => seedClient(bed, id));
		const rows = clients.map((client, k) => ({ client, number: `INV-${k + 1}` }));
		const result = await bed.run(
			invoiceFor('={{ $json.client }}', { documentNumber: '={{ $json.number }}' }),
			rows,
			{ followedBy: [() => bed.sandbox.resetRequests(), { ...downloadPdf, partner: bed.partner }] },
		);
		expect(result.error).toBeUndefined();
		expect(outputOf(result, 'MakeLeaps 3').map((item) => item.json.file_name)).toEqual([
			'INV-1.pdf',
			'INV-2.pdf',
			'INV-3.pdf',
		]);
		const partner = bed.sandbox.credentials.partnerMid;
		const mids = bed.sandbox.documentsOf().map((d) => String(d.mid));
		expect(bed.sandbox.received('/api/').map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /api/partner/${partner}/document/`,
			...mids.map((mid) => `GET /api/partner/${partner}/document/${mid}/pdf/`),
		]);
	});
});
