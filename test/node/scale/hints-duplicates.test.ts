/**
 * A hint never chooses between two clients with one External ID (run/client/clientByExternalId.ts):
 * wherever the client list refuses (two live clients carry the ID), the hinted path refuses too,
 * the next run does not forget it, and a write on the client itself (Delete, Update, Create or
 * Update that changes it, a contact added to it) rests on the list, never on a hint. Each test
 * first lets the process read a list of 150 clients (two pages, so one row takes its hints).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useTestBed, type TestBed } from '../support/bed';
import { documentUpsertRows } from '../support/fixtures';

const CLIENTS = 150;
const line = [{ description: 'Work', quantity: 1, unit_price: 1000, tax_rate: 10 }];
const byExternalId = (value: string) => ({ __rl: true, mode: 'externalId', value });

const upsertClient: INodeParameters = {
	operation: 'createOrUpdate',
	clientExternalId: '={{ $json.id }}',
	organizationName: '={{ $json.org }}',
};

function account(narrows = false) {
	const bed = useTestBed({
		pageSize: 100,
		...(narrows ? { clientExternalIdFilter: 'exact' as const } : {}),
	});
	beforeEach(async () => {
		for (let k = 0; k < CLIENTS; k++) {
			bed.sandbox.seedClient({
				client_external_id: `C-${k}`,
				contacts: [{ contact_type: 'organization', name: `Company ${k}` }],
			});
		}
		// the process reads the list: every External ID has its one carrier
		const first = await bed.run(upsertClient, [{ id: 'C-149', org: 'Company 149' }]);
		expect(first.error).toBeUndefined();
	});
	return bed;
}

/** Another client takes the External ID in MakeLeaps, after the process read the list. */
const duplicate = (bed: TestBed, id: string) =>
	bed.sandbox.seedClient({
		client_external_id: id,
		contacts: [{ contact_type: 'organization', name: 'Imported twice' }],
	});

const carriers = (bed: TestBed, id: string) =>
	[...bed.sandbox.partner().clients.values()].filter((c) => c.client_external_id === id);

const writes = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.method !== 'GET' && !r.path.includes('oauth'));
const listPages = (bed: TestBed) =>
	bed.sandbox
		.received('/api/')
		.filter(
			(r) =>
				r.method === 'GET' &&
				r.path.endsWith('/client/') &&
				r.query.client_external_id === undefined,
		);

async function documentRow(bed: TestBed, id: string, client: string) {
	const parameters = { ...documentUpsertRows, client: byExternalId('={{ $json.client }}') };
	return await bed.run(parameters, [{ id, client, title: 'T', lines: line }]);
}

const twoClients = (id: string) => new RegExp(`^2 clients have Client External ID "${id}"`);

describe('A second client with an External ID the process has seen', () => {
	const bed = account();

	test('Client → Delete by External ID refuses, as without the hint, and deletes nothing', async () => {
		const other = duplicate(bed, 'C-7');
		bed.sandbox.resetRequests();
		const result = await bed.run({ operation: 'delete', client: byExternalId('C-7') });
		expect(result.error?.message).toMatch(twoClients('C-7'));
		expect(result.error?.description).toContain(other.mid);
		expect(writes(bed)).toEqual([]);
		expect(carriers(bed, 'C-7')).toHaveLength(2);
	});

	test('Client → Delete by External ID with one carrier reads the list, never a hint', async () => {
		bed.sandbox.resetRequests();
		const [c7] = carriers(bed, 'C-7');
		const result = await bed.run({ operation: 'delete', client: byExternalId('C-7') });
		expect(result.error).toBeUndefined();
		expect(listPages(bed)).toHaveLength(2);
		expect(bed.sandbox.partner().clients.has(c7.mid)).toBe(false);
	});

	test('Client → Create or Update that would change the client refuses; nothing is written', async () => {
		duplicate(bed, 'C-7');
		bed.sandbox.resetRequests();
		const result = await bed.run(upsertClient, [{ id: 'C-7', org: 'Company Seven' }]);
		expect(result.error?.message).toMatch(twoClients('C-7'));
		expect(writes(bed)).toEqual([]);
	});

	test('a contact added to the client by External ID rests on the list', async () => {
		duplicate(bed, 'C-7');
		bed.sandbox.resetRequests();
		const result = await bed.run({
			resource: 'contact',
			operation: 'create',
			client: byExternalId('C-7'),
			contactType: 'person',
			familyName: 'Sato',
		});
		expect(result.error?.message).toMatch(twoClients('C-7'));
		expect(writes(bed)).toEqual([]);
	});

	test('a refused run is refused again when run again with nothing changed', async () => {
		duplicate(bed, 'C-8');
		// the list is read (a change of the client rests on it) and sees both
		const changed = await bed.run(upsertClient, [{ id: 'C-8', org: 'Company Eight' }]);
		expect(changed.error?.message).toMatch(twoClients('C-8'));
		for (const again of [1, 2]) {
			bed.sandbox.resetRequests();
			const result = await documentRow(bed, `D-${again}`, 'C-8');
			expect(result.error?.message).toMatch(twoClients('C-8'));
			expect(writes(bed)).toEqual([]);
		}
		expect(bed.sandbox.partner().documents.size).toBe(0);
	});
});

describe('Where MakeLeaps narrows its client list to the External ID', () => {
	const bed = account(true);

	test('a document for a client given the ID elsewhere since the list read is refused', async () => {
		duplicate(bed, 'C-7');
		bed.sandbox.resetRequests();
		const result = await documentRow(bed, 'D-1', 'C-7');
		expect(result.error?.message).toMatch(twoClients('C-7'));
		expect(listPages(bed)).toHaveLength(0);
		expect(writes(bed)).toEqual([]);
	});

	test('Client → Delete by External ID takes the narrowed list, which decides as the list', async () => {
		bed.sandbox.resetRequests();
		const [c9] = carriers(bed, 'C-9');
		const result = await bed.run({ operation: 'delete', client: byExternalId('C-9') });
		expect(result.error).toBeUndefined();
		expect(listPages(bed)).toHaveLength(0);
		expect(bed.sandbox.partner().clients.has(c9.mid)).toBe(false);
		expect((result.output[0].json as IDataObject).mid).toBe(c9.mid);
	});
});
