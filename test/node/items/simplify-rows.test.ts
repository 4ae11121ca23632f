/**
 * Simplify's promise, walked over every operation the node offers: with a node of version 2 and
 * Simplify as it comes (on), every output item is one flat row, each value a text, a number,
 * yes/no or null, never an object or a list. An operation that can preview is also walked with
 * Preview Only. Download PDF's file aside, its JSON is checked too. Every row is one a user can
 * read: no MID where the row names a record the sandbox holds with a name, each changed line
 * told, and a preview's keys (External ID, document number, client name) on every row.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { resources } from '../../../nodes/MakeLeaps/actions/resources';
import { useTestBed, type TestBed } from '../support/bed';
import {
	byId,
	documentUpsertRows,
	invoiceOf,
	seedClient,
	seedInvoice,
	sendableInvoice,
} from '../support/fixtures';

const v2 = { typeVersion: 2 };

interface Step {
	parameters: INodeParameters;
	items?: IDataObject[];
}

const clientUrl = (bed: TestBed, mid: string) =>
	`${bed.sandbox.baseUrl}/api/partner/${bed.sandbox.credentials.partnerMid}/client/${mid}/`;

/** A sending order not sent yet, made in the sandbox directly. */
function draftOrder(bed: TestBed) {
	const partner = bed.sandbox.partner();
	const order = bed.sandbox.sending.create(partner, {
		recipient_organization: clientUrl(bed, seedClient(bed, 'C-ORDER')),
		send_to_clientinbox_selected: true,
	});
	return bed.sandbox.sending.json(partner, order);
}

const document = (operation: string, extra: INodeParameters = {}) => ({
	resource: 'document',
	operation,
	...extra,
});

/** Minimal fixtures per operation: what to seed, then the runs to walk (by "resource operation"). */
const CASES: Record<string, (bed: TestBed) => Step[]> = {
	'account check': (bed) => {
		seedInvoice(bed, seedClient(bed, 'C-1'));
		return [{ parameters: { resource: 'account', operation: 'check' } }];
	},
	'client create': () => [
		{
			parameters: {
				operation: 'create',
				clientExternalId: 'C-9',
				organizationName: 'Nine Co',
				personFamilyName: 'Sato',
				personEmail: 'sato@example.com',
			},
		},
	],
	'client createOrUpdate': (bed) => {
		seedClient(bed, 'C-1');
		return [
			{
				parameters: {
					operation: 'createOrUpdate',
					clientExternalId: '={{ $json.id }}',
					organizationName: '={{ $json.id }} Co',
					personFamilyName: 'Sato',
					personEmail: '={{ $json.email }}',
				},
				// one changed (the e-mail), one made
				items: [
					{ id: 'C-1', email: 'new@example.com' },
					{ id: 'C-2', email: 'c2@example.com' },
				],
			},
		];
	},
	'client delete': (bed) => [
		{ parameters: { operation: 'delete', client: byId(seedClient(bed, 'C-1')) } },
	],
	'client get': (bed) => [
		{
			parameters: {
				operation: 'get',
				client: byId(seedClient(bed, 'C-1')),
				options: { includeContacts: true },
			},
		},
	],
	'client getAll': (bed) => {
		seedClient(bed, 'C-1');
		return [{ parameters: { operation: 'getAll', returnAll: true } }];
	},
	'client update': (bed) => {
		const head = seedClient(bed, 'HQ');
		const mid = seedClient(bed, 'C-1');
		return [
			{
				parameters: {
					operation: 'update',
					client: byId(mid),
					// picked from the list, as the editor keeps it: the row names it by that name
					defaultClient: { __rl: true, mode: 'list', value: head, cachedResultName: 'HQ Co' },
					updateFields: { personEmail: 'new@example.com' },
				},
			},
		];
	},
	'contact create': (bed) => [
		{
			parameters: {
				resource: 'contact',
				operation: 'create',
				client: byId(seedClient(bed, 'C-1')),
				contactFields: { familyName: 'Suzuki', email: 'suzuki@example.com' },
			},
		},
	],
	'contact getAll': (bed) => [
		{
			parameters: {
				resource: 'contact',
				operation: 'getAll',
				client: byId(seedClient(bed, 'C-1')),
				returnAll: true,
			},
		},
	],
	'contact update': (bed) => {
		const mid = seedClient(bed, 'C-1');
		const client = bed.sandbox.clients().find((c) => c.mid === mid)!;
		const person = client.contacts[1] as { mid: string };
		return [
			{
				parameters: {
					resource: 'contact',
					operation: 'update',
					contact: byId(person.mid),
					updateFields: { email: 'new@example.com', title: 'Manager' },
				},
			},
		];
	},
	'document cancel': (bed) => {
		const invoice = seedInvoice(bed, seedClient(bed, 'C-1'));
		return [{ parameters: document('cancel', { document: byId(String(invoice.mid)) }) }];
	},
	'document convert': (bed) => {
		const partner = bed.sandbox.credentials.partnerMid;
		const quote = bed.sandbox.seedDocument({
			document_type: 'quote',
			client: `${bed.sandbox.baseUrl}/api/partner/${partner}/client/${seedClient(bed, 'C-1')}/`,
			lineitems: [{ kind: 'simple', description: 'Item', price: '1000', tax_rate: '10' }],
			autocalculate: true,
		});
		return [
			{
				parameters: document('convert', {
					document: byId(String(quote.mid)),
					documentType: 'invoice',
				}),
			},
		];
	},
	'document create': (bed) => [{ parameters: invoiceOf(seedClient(bed, 'C-1')) }],
	'document createOrUpdate': (bed) => {
		const client = seedClient(bed, 'C-1');
		const line = { description: 'Work', quantity: 1, unit_price: 1000, tax_rate: 10 };
		bed.sandbox.seedDocument({
			document_type: 'invoice',
			external_id: 'ROW-1',
			client: clientUrl(bed, client),
			date: '2026-11-30',
			title: 'Old',
			lineitems: [{ kind: 'simple', description: 'Item', price: '1000', tax_rate: '10' }],
			autocalculate: true,
		});
		// one changed (title and lines), one made
		const items = ['ROW-1', 'ROW-2'].map((id) => ({
			id,
			client,
			title: 'New',
			lines: [line, line],
		}));
		return [{ parameters: documentUpsertRows, items }];
	},
	'document createPickupLink': (bed) => {
		const invoice = seedInvoice(bed, seedClient(bed, 'C-1'));
		const link = { document: byId(String(invoice.mid)), email: 'sato@example.com' };
		// made, then found
		return [
			{ parameters: document('createPickupLink', link) },
			{ parameters: document('createPickupLink', link) },
		];
	},
	'document delete': (bed) => {
		const invoice = seedInvoice(bed, seedClient(bed, 'C-1'));
		return [{ parameters: document('delete', { document: byId(String(invoice.mid)) }) }];
	},
	'document downloadPdf': (bed) => {
		const invoice = seedInvoice(bed, seedClient(bed, 'C-1'));
		return [{ parameters: document('downloadPdf', { document: byId(String(invoice.mid)) }) }];
	},
	'document get': (bed) => {
		const invoice = seedInvoice(bed, seedClient(bed, 'C-1'));
		return [{ parameters: document('get', { document: byId(String(invoice.mid)) }) }];
	},
	'document getAll': (bed) => {
		seedInvoice(bed, seedClient(bed, 'C-1'));
		return [{ parameters: document('getAll', { returnAll: true }) }];
	},
	'document getPickupLinks': (bed) => {
		const mid = String(seedInvoice(bed, seedClient(bed, 'C-1')).mid);
		bed.sandbox.documents.pickupLinks.add(mid, { email: 'sato@example.com' });
		return [{ parameters: document('getPickupLinks', { document: byId(mid) }) }];
	},
	'document send': (bed) => {
		const invoice = sendableInvoice(bed, 'C-1');
		// the same document twice: sent, then skipped
		const parameters = document('send', { document: byId('={{ $json.mid }}') });
		return [{ parameters, items: [{ mid: invoice.mid }, { mid: invoice.mid }] }];
	},
	'document update': (bed) => {
		const invoice = seedInvoice(bed, seedClient(bed, 'C-1'));
		const mark = document('update', { document: byId(String(invoice.mid)), markAsSent: true });
		// the second keeps the day the first recorded
		return [{ parameters: mark }, { parameters: mark }];
	},
	'item getAll': (bed) => {
		bed.sandbox.seedItem({ code: 'P-1', description: 'Design', unit_cost: '8000', tax_rate: '10' });
		return [{ parameters: { resource: 'item', operation: 'getAll', returnAll: true } }];
	},
	'sendingOrder cancel': (bed) => [
		{
			parameters: {
				resource: 'sendingOrder',
				operation: 'cancel',
				sendingOrder: byId(String(draftOrder(bed).mid)),
			},
		},
	],
	'sendingOrder get': (bed) => [
		{
			parameters: {
				resource: 'sendingOrder',
				operation: 'get',
				sendingOrder: byId(String(draftOrder(bed).mid)),
			},
		},
	],
	'sendingOrder getAll': (bed) => {
		draftOrder(bed);
		return [{ parameters: { resource: 'sendingOrder', operation: 'getAll', returnAll: true } }];
	},
	'tag getAll': (bed) => {
		bed.sandbox.seedTags('Web', 'monthly');
		return [{ parameters: { resource: 'tag', operation: 'getAll', returnAll: true } }];
	},
};

const OPERATIONS = Object.entries(resources).flatMap(([resource, { operations }]) =>
	Object.keys(operations).map((operation) => `${resource} ${operation}`),
);

/** The values of an item's JSON that are not a cell: `key: value` for each. */
function notCells(item: INodeExecutionData): string[] {
	return Object.entries(item.json)
		.filter(
			([, value]) => value !== null && !['string', 'number', 'boolean'].includes(typeof value),
		)
		.map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
}

/** The MIDs of the records the sandbox holds with a name (clients and contacts), by MID. */
function namedRecords(bed: TestBed): Map<string, string> {
	const named = new Map<string, string>();
	for (const client of bed.sandbox.clients()) {
		named.set(String(client.mid), String(client.display_name));
		for (const contact of client.contacts as IDataObject[])
			named.set(String(contact.mid), String(contact.display_name));
	}
	return named;
}

/**
 * What a row says that a user could not read: a record's MID where the row names records (any
 * column but the MID columns), and lines told by their count (`lines: 1 → 2`) instead of each
 * changed line.
 */
function unreadable(item: INodeExecutionData, named: Map<string, string>): string[] {
	return Object.entries(item.json)
		.filter(([key]) => !/(^|_)mids?$/.test(key))
		.flatMap(([key, value]) => {
			const text = String(value);
			const mids = [...named.keys()].filter((mid) => text.includes(mid));
			const counted = /(^|; )lines: /.test(text) ? ['lines counted'] : [];
			return [...mids.map((mid) => `MID of ${named.get(mid)}`), ...counted].map(
				(problem) => `${key}: ${problem} in "${text}"`,
			);
		});
}

/** The columns every preview row of a resource gives, for a user to match it to the sheet. */
const PREVIEW_KEYS: Record<string, string[]> = {
	client: ['client_external_id', 'client_name'],
	contact: ['client_name'],
	document: ['external_id', 'document_number', 'client_name'],
	// a link is found by its e-mail, which its row gives
	'document createPickupLink': ['email', 'client_name'],
};

describe('Simplify: one flat row of cells from every operation', () => {
	const bed = useTestBed({ sendingValidationMs: 50 });

	test('every operation the node offers is walked', () => {
		expect(Object.keys(CASES).sort()).toEqual([...OPERATIONS].sort());
	});

	test.each(OPERATIONS)('%s', async (name) => {
		const [resource, operation] = name.split(' ');
		const { previewable, simplifies } = resources[resource].operations[operation];
		for (const step of CASES[name](bed)) {
			const previews = previewable && simplifies ? [true, false] : [false];
			for (const previewOnly of previews) {
				const options = { ...(step.parameters.options as object), previewOnly };
				const parameters = previewOnly ? { ...step.parameters, options } : step.parameters;
				const result = await bed.run(parameters, step.items, v2);
				expect(result.error).toBeUndefined();
				expect(result.output.length).toBeGreaterThan(0);
				const named = namedRecords(bed);
				for (const item of result.output) {
					expect(item.error).toBeUndefined();
					expect([previewOnly, notCells(item)]).toEqual([previewOnly, []]);
					expect([previewOnly, unreadable(item, named)]).toEqual([previewOnly, []]);
					const keys = previewOnly ? (PREVIEW_KEYS[name] ?? PREVIEW_KEYS[resource] ?? []) : [];
					expect(keys.filter((key) => !(key in item.json))).toEqual([]);
				}
			}
		}
	});
});
