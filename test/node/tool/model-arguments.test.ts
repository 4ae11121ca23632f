/**
 * Arguments as a model fills them when the node runs as a tool: `$fromAI(…)` resolves to whatever
 * the model passed, so a field meant for text may get a number, an amount may come as text or with
 * a fraction, an ID may be unknown or missing, and any text may carry spaces. Each is either taken
 * sensibly (a number as text, one rule for every text field; spaces trimmed) or refused naming the
 * field and the item before anything is written, with and without Continue On Fail.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { INVOICE_ARGS, MCP_SERVER, seedKnownClient } from '../../../dev/mcp';
import { example } from '../../../dev/n8n';
import { useTestBed, type TestBed } from '../support/bed';
import { byId, faultOnPost, seedClient } from '../support/fixtures';

/** A parameter filled by the model: an expression giving exactly `value`, of its own type. */
const fromModel = (value: unknown) => `={{ ${JSON.stringify(value)} }}`;

const clientUpsert = (values: Record<string, unknown>): INodeParameters => ({
	operation: 'createOrUpdate',
	clientExternalId: fromModel(values.externalId),
	organizationName: fromModel(values.name),
	personFamilyName: fromModel(values.family),
	personEmail: fromModel(values.email),
	additionalFields: {
		addressPostalCode: fromModel(values.postalCode),
		addressStreet: fromModel('芝公園1-2-3'),
		organizationPhoneNumber: fromModel(values.phone),
	},
});

/** Create or Update of an invoice whose client is found by its External ID, lines as a list. */
const invoiceUpsert = (values: Record<string, unknown>): INodeParameters => ({
	resource: 'document',
	operation: 'createOrUpdate',
	documentType: values.type === undefined ? 'invoice' : fromModel(values.type),
	client: { __rl: true, mode: 'externalId', value: fromModel(values.client) },
	externalId: fromModel(values.externalId),
	date: fromModel(values.date ?? '2026-11-30'),
	lineItemsFrom: 'json',
	lineItemsJson: fromModel(values.lines),
});

const writes = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((request) => request.method !== 'GET');

describe('Arguments a model passes: taken sensibly', () => {
	const bed = useTestBed();

	test('numbers in text fields are texts, spaces are trimmed, and a call repeated finds the client', async () => {
		const asNumbers = clientUpsert({
			externalId: 1001,
			name: '  Sakura Trading  ',
			family: ' Sato ',
			email: ' sato@example.com ',
			postalCode: 1000001,
			phone: 312345678,
		});
		const first = await bed.run({ ...asNumbers, partner: bed.partner });
		expect(first.error).toBeUndefined();
		expect(first.output[0].json).toMatchObject({ operation: 'created' });

		const asTexts = clientUpsert({
			externalId: ' 1001 ',
			name: 'Sakura Trading',
			family: 'Sato',
			email: 'sato@example.com',
			postalCode: '1000001',
			phone: '312345678',
		});
		const again = await bed.run({ ...asTexts, partner: bed.partner });
		expect(again.error).toBeUndefined();
		expect(again.output[0].json).toMatchObject({ operation: 'unchanged' });

		const clients = bed.sandbox.clients();
		expect(clients).toHaveLength(1);
		expect(clients[0].client_external_id).toBe('1001');
		const organization = (clients[0].contacts as IDataObject[]).find(
			(contact) => contact.contact_type === 'organization',
		)!;
		expect(organization).toMatchObject({ name: 'Sakura Trading', phone_number: '312345678' });
		expect((organization.addresses as IDataObject[])[0]).toMatchObject({ postal_code: '1000001' });
		expect(writes(bed).filter((request) => request.method === 'POST')).toHaveLength(1);
	});

	test('an invoice: External IDs as numbers, amounts and quantities as text, made once', async () => {
		seedClient(bed, '1001');
		const call = invoiceUpsert({
			client: 1001,
			externalId: 5001,
			lines: [{ description: 'Design', quantity: '2', unit_price: ' 1000 ', tax_rate: 10 }],
		});
		const first = await bed.run({ ...call, partner: bed.partner });
		expect(first.error).toBeUndefined();
		const repeated = await bed.run({ ...call, externalId: fromModel('5001') });
		expect(repeated.error).toBeUndefined();
		expect(repeated.output[0].json).toMatchObject({ operation: 'unchanged' });

		const documents = bed.sandbox.documentsOf();
		expect(documents).toHaveLength(1);
		expect(documents[0]).toMatchObject({ external_id: '5001', total: '2200' });
		expect(writes(bed)).toHaveLength(1);
	});
});

describe('Arguments a model passes: refused naming the field and the item, nothing written', () => {
	const bed = useTestBed();

	const line = { description: 'Design', quantity: 1, unit_price: 1000, tax_rate: 10 };
	// [what the model did, the call, the message (the item is added)]
	const cases: Array<[string, Record<string, unknown>, RegExp]> = [
		[
			'a yen amount with a fraction',
			{ client: 'C-1', externalId: 'INV-1', lines: [{ ...line, unit_price: 1000.5 }] },
			/^Line Items \(List\) 1: Rate \(Unit Price\) 1000\.5 has decimals, but JPY amounts have none/,
		],
		[
			'an amount with a decimal comma',
			{ client: 'C-1', externalId: 'INV-1', lines: [{ ...line, unit_price: '1000,5' }] },
			/^Line Items \(List\) 1: Rate \(Unit Price\) "1000,5" is not a number/,
		],
		['no External ID', { client: 'C-1', externalId: '', lines: [line] }, /^External ID is empty/],
		[
			'an External ID of spaces',
			{ client: 'C-1', externalId: '   ', lines: [line] },
			/^External ID is empty/,
		],
		[
			'no lines',
			{ client: 'C-1', externalId: 'INV-1', lines: [] },
			/^Line Items \(List\) is empty/,
		],
		[
			'the lines as a sentence',
			{ client: 'C-1', externalId: 'INV-1', lines: 'one design job, 1000 yen' },
			/^Line Items \(List\) is not a list of lines/,
		],
		[
			'a line without a description',
			{ client: 'C-1', externalId: 'INV-1', lines: [{ ...line, description: ' ' }] },
			/^Line Items \(List\) 1: Description is empty/,
		],
		[
			'a date as a number',
			{ client: 'C-1', externalId: 'INV-1', lines: [line], date: 20261130 },
			/^Date must be a date such as 2026-11-30, not number/,
		],
		[
			'a date in words',
			{ client: 'C-1', externalId: 'INV-1', lines: [line], date: 'next Friday' },
			/^Date "next Friday" is not a date such as 2026-11-30/,
		],
		[
			'a client External ID nobody has',
			{ client: 'C-404', externalId: 'INV-1', lines: [line] },
			/^Make the client first, or correct Client: MakeLeaps has no client with Client External ID "C-404"/,
		],
		[
			'no client',
			{ client: '', externalId: 'INV-1', lines: [line] },
			/^Give the client's Client External ID: Client \(Ext\. ID\) is empty/,
		],
		[
			'a document type as a person writes it',
			{ client: 'C-1', externalId: 'INV-1', lines: [line], type: 'Invoice' },
			/^Document Type "Invoice" is not one of invoice, quote/,
		],
	];

	test.each(cases)('%s', async (_what, values, message) => {
		seedClient(bed, 'C-1');
		for (const onError of ['continueRegularOutput', 'stopWorkflow'] as const) {
			const result = await bed.run({ ...invoiceUpsert(values), partner: bed.partner }, [{}, {}], {
				onError,
			});
			if (onError === 'stopWorkflow') {
				expect(result.error?.message).toMatch(message);
				expect(result.error?.message).toMatch(/\[item 0, row 1\]$/);
			} else {
				expect(result.error).toBeUndefined();
				expect(result.output.map((item) => item.json.error)).toEqual([
					expect.stringMatching(message),
					expect.stringMatching(message),
				]);
				expect(result.output.map((item) => String(item.json.error))).toEqual([
					expect.stringMatching(/\[item 0, row 1\]$/),
					expect.stringMatching(/\[item 1, row 2\]$/),
				]);
			}
		}
		expect(writes(bed)).toEqual([]);
		expect(bed.sandbox.documentsOf()).toEqual([]);
		// a refused argument costs no request; an unknown client, the client list's read
		const reads = bed.sandbox.received('/api/').map((request) => request.path);
		if (/C-404/.test(String(values.client))) expect(reads).not.toHaveLength(0);
		else expect(reads).toEqual([]);
	});

	test('a client ID nobody has: refused, nothing written', async () => {
		const call = {
			...invoiceUpsert({ externalId: 'INV-1', lines: [line] }),
			client: byId(fromModel(1734479364211706)),
			partner: bed.partner,
		};
		const result = await bed.run(call, [{}], { onError: 'continueRegularOutput' });
		expect(String(result.output[0].json.error)).toBe(
			'MakeLeaps has no client 1734479364211706 [item 0, row 1]',
		);
		expect(writes(bed)).toEqual([]);
		expect(bed.sandbox.documentsOf()).toEqual([]);
	});
});

/** A tool of example 9 (MakeLeaps as an MCP server), by its name: its parameters in the example. */
function exampleTool(name: string): INodeParameters {
	const workflow = example('9-makeleaps-mcp-server.json', '');
	expect(workflow.id).toBe(MCP_SERVER.workflowId);
	return workflow.nodes.find((node) => node.name === name)!.parameters as INodeParameters;
}

describe('What a model reads when a tool call fails: words, never a class name', () => {
	const bed = useTestBed();
	const saveInvoice = exampleTool('save_invoice');
	const classNamed = /^\w*(Error|Exception)\b/;

	test.each([
		[
			'a client nobody has',
			{ client_external_id: 'NOPE-9' },
			'Refused: Make the client first, or correct Client: MakeLeaps has no client with Client External ID "NOPE-9"',
		],
		[
			'a yen amount with a fraction',
			{ unit_price: 1000.5 },
			'Refused: Line Items 1: Rate (Unit Price) 1000.5 has decimals, but JPY amounts have none',
		],
		[
			'a date in words',
			{ date: '2 March' },
			'Refused: Date "2 March" is not a date such as 2026-11-30',
		],
	])('%s: refused, saying what to change; nothing written', async (_what, change, start) => {
		seedKnownClient(bed.sandbox);
		const answer = await bed.callTool(saveInvoice, { ...INVOICE_ARGS, ...change });
		expect(answer.isError).toBe(true);
		expect(answer.text).not.toMatch(classNamed);
		expect(answer.text.startsWith(start)).toBe(true);
		expect(writes(bed)).toEqual([]);
	});

	test('an invoice already paid: the refusal speaks of the invoice and the call, not of a row', async () => {
		seedKnownClient(bed.sandbox);
		const saved = await bed.callTool(saveInvoice, INVOICE_ARGS);
		expect(saved.isError).toBe(false);
		// the answer names the client and the invoice
		const [invoice] = JSON.parse(saved.text) as IDataObject[];
		expect(invoice).toMatchObject({ client_name: 'Acme Trading K.K.', external_id: 'JOB-1001' });
		bed.sandbox.markPaid(String(invoice.mid));

		const answer = await bed.callTool(saveInvoice, { ...INVOICE_ARGS, unit_price: 90000 });
		expect(answer.isError).toBe(true);
		expect(answer.text).toMatch(
			new RegExp(
				`^Refused: The invoice "${String(invoice.document_number)}" with External ID "JOB-1001" was already paid; it is not changed`,
			),
		);
		expect(answer.text).toMatch(
			/What was asked for differs from it in: .+\. Change the invoice in MakeLeaps itself, or give another External ID for a new invoice\.$/,
		);
		expect(answer.text).not.toMatch(/\brows?\b|\[item/);
		expect(bed.sandbox.documentsOf()).toEqual([expect.objectContaining({ total: '176000' })]);
	});

	test('a tool the node cannot run as set (before any item): failed, in words', async () => {
		const answer = await bed.callTool({ ...saveInvoice, operation: 'merge' }, INVOICE_ARGS);
		expect(answer).toEqual({
			isError: true,
			text: 'Failed: The operation "merge" of "document" is not supported',
		});
		expect(bed.sandbox.received('/api/')).toEqual([]);
	});

	test("a write whose answer was lost: failed, in the node's words", async () => {
		seedKnownClient(bed.sandbox);
		faultOnPost(bed, 0, { kind: 'reset' });
		const answer = await bed.callTool(saveInvoice, INVOICE_ARGS);
		expect(answer.isError).toBe(true);
		expect(answer.text).not.toMatch(classNamed);
		expect(answer.text).toMatch(
			/^Failed: MakeLeaps may or may not have carried out this create: [^[]+\n\nDetails: The request was not sent again, .+ before running this item again\. No invoice with External ID "JOB-1001" and what this item sent was found right after\.$/,
		);
		expect(bed.sandbox.documentsOf()).toEqual([]);
	});
});
