/* eslint-disable no-console -- the figures measured are printed for docs/performance.md */
/**
 * A client given by its Client External ID costs one read, not the client list, once this n8n
 * process has seen the list: the External ID's MID is a hint, confirmed by reading that client
 * (run/client/clientByExternalId.ts). The first hinted event also asks once whether MakeLeaps
 * narrows the client list to the ID (the sandbox, by default, does not). A hint that no longer
 * holds (the External ID moved, the client archived or deleted) costs one request and the list
 * decides, never a wrong or second record. A write on the client itself (Create or Update that
 * changes it) rests on the list, or on the narrowed list where MakeLeaps gives one.
 */
import type { INodeParameters } from 'n8n-workflow';

import { useTestBed, type TestBed } from '../support/bed';
import { documentUpsertRows } from '../support/fixtures';

const line = [{ description: 'Work', quantity: 1, unit_price: 1000, tax_rate: 10 }];
const byExternalId = { __rl: true, mode: 'externalId', value: '={{ $json.client }}' };
const upsert: INodeParameters = { ...documentUpsertRows, client: byExternalId };
const clientsOf = (bed: TestBed) => [...bed.sandbox.partner().clients.values()];
const clientNamed = (bed: TestBed, id: string) =>
	clientsOf(bed).find((c) => c.client_external_id === id)!;
const clientReads = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.method === 'GET' && r.path.endsWith('/client/'));
/** The pages of the whole client list read since the requests were reset. */
const clientListReads = (bed: TestBed) =>
	clientReads(bed).filter((r) => r.query.client_external_id === undefined);
/** The client list asked to narrow to one External ID. */
const narrowedReads = (bed: TestBed) =>
	clientReads(bed).filter((r) => r.query.client_external_id !== undefined);

/** One row for client `client`: the client it went to, and the requests it took. */
async function oneRow(bed: TestBed, id: string, client: string) {
	bed.sandbox.resetRequests();
	const result = await bed.run(upsert, [{ id, client, title: 'T', lines: line }]);
	expect(result.error).toBeUndefined();
	const made = [...bed.sandbox.partner().documents.values()].find((d) => d.external_id === id)!;
	return { clientMid: made.clientMid, requests: bed.sandbox.received('/api/').length };
}

function sized(clients: number) {
	const bed = useTestBed({ pageSize: 100 });
	beforeEach(() => bed.sandbox.seedAccount(clients, 10));
	return bed;
}

const small: number[] = [];

describe('A known client at 20 clients', () => {
	const bed = sized(20);

	test('the first and second events', async () => {
		small.push((await oneRow(bed, 'A-1', 'C-7')).requests);
		small.push((await oneRow(bed, 'A-2', 'C-7')).requests);
	});
});

describe('A known client at 2,000 clients', () => {
	const bed = sized(2000);

	test('after the first event, each costs at most 2 requests more than at 20 clients', async () => {
		const first = await oneRow(bed, 'A-1', 'C-1234');
		expect(clientListReads(bed)).toHaveLength(20);
		const second = await oneRow(bed, 'A-2', 'C-1234');
		console.log(
			`a known client at 20 and 2,000 clients: ${JSON.stringify({ small, first, second })}`,
		);
		expect(clientListReads(bed)).toHaveLength(0);
		// asked once whether the list narrows to the ID: it does not, and the hint stands in
		expect(narrowedReads(bed)).toHaveLength(1);
		expect(second.requests).toBeLessThanOrEqual(small[1] + 2);
		expect([first.clientMid, second.clientMid]).toEqual(
			Array(2).fill(clientNamed(bed, 'C-1234').mid),
		);
	}, 60_000);

	test('a hint that no longer holds costs one request; the list decides', async () => {
		await oneRow(bed, 'A-1', 'C-1234'); // the list read: C-1234 and C-99 hinted
		// the External ID moved to another client
		const was = clientNamed(bed, 'C-1234');
		was.client_external_id = 'C-1234-OLD';
		clientNamed(bed, 'C-1500').client_external_id = 'C-1234';
		const moved = await oneRow(bed, 'A-2', 'C-1234');
		expect(moved.clientMid).toBe(clientNamed(bed, 'C-1234').mid);
		expect(moved.clientMid).not.toBe(was.mid);
		expect(clientListReads(bed)).toHaveLength(20);
		// archived, then deleted: not taken; the list says there is none
		bed.sandbox.archiveClient(clientNamed(bed, 'C-99').mid);
		bed.sandbox.resetRequests();
		const archived = await bed.run(upsert, [
			{ id: 'A-3', client: 'C-99', title: 'T', lines: line },
		]);
		expect(archived.error?.message).toMatch(/no client with Client External ID "C-99"/);
		expect(bed.sandbox.received('/api/').filter((r) => r.method !== 'GET')).toEqual([]);
	}, 60_000);
});

/** Client → Create or Update of one row: the client it left, and the requests it took. */
async function oneClientRow(bed: TestBed, id: string, org: string) {
	bed.sandbox.resetRequests();
	const result = await bed.run(upsertClient, [{ id, org }]);
	expect(result.error).toBeUndefined();
	const held = clientsOf(bed).filter((c) => c.client_external_id === id);
	return { held, requests: bed.sandbox.received('/api/').length };
}

const upsertClient: INodeParameters = {
	operation: 'createOrUpdate',
	clientExternalId: '={{ $json.id }}',
	organizationName: '={{ $json.org }}',
};

const smallUpsert: number[] = [];

describe('Client → Create or Update of one row at 20 clients', () => {
	const bed = sized(20);

	test('known, unchanged then changed', async () => {
		smallUpsert.push((await oneClientRow(bed, 'C-7', 'Company 7')).requests);
		smallUpsert.push((await oneClientRow(bed, 'C-7', 'Company 7')).requests);
		smallUpsert.push((await oneClientRow(bed, 'C-7', 'Company Seven')).requests);
	});
});

describe('Client → Create or Update of one row at 2,000 clients', () => {
	const bed = sized(2000);

	test('a known client costs at most 2 requests more than at 20 after the first event; a new one the list', async () => {
		const first = await oneClientRow(bed, 'C-1234', 'Company 1234');
		const unchanged = await oneClientRow(bed, 'C-1234', 'Company 1234');
		const changed = await oneClientRow(bed, 'C-1234', 'Company 1234 K.K.');
		const fresh = await oneClientRow(bed, 'NEW-1', 'New Co');
		const again = await oneClientRow(bed, 'NEW-1', 'New Co');
		const counts = [first, unchanged, changed, fresh, again].map((r) => r.requests);
		console.log(
			`Client → Create or Update at 20 and 2,000 clients: ${JSON.stringify({ smallUpsert, counts })}`,
		);
		expect(unchanged.requests).toBeLessThanOrEqual(smallUpsert[1] + 2);
		// a change of the client rests on the list, never on a hint (nothing narrows it here)
		expect(changed.requests).toBeLessThanOrEqual(smallUpsert[2] + 20 + 2);
		// a new client: the list read (20 pages) is all it costs more
		expect(fresh.requests).toBeLessThanOrEqual(smallUpsert[0] + 20 + 2);
		expect(again.requests).toBeLessThanOrEqual(smallUpsert[1] + 2);
		for (const row of [first, changed, fresh, again]) expect(row.held).toHaveLength(1);
		const contact = bed.sandbox.partner().contacts.get(changed.held[0].defaultContactMid!);
		expect(contact?.name).toBe('Company 1234 K.K.');
	}, 60_000);

	test('a hint that no longer holds: the list decides, never a second client or a wrong one', async () => {
		await oneClientRow(bed, 'C-5', 'Company 5'); // the list read: C-5 hinted
		clientNamed(bed, 'C-5').client_external_id = 'C-5-OLD';
		const moved = await oneClientRow(bed, 'C-5', 'Company 5');
		// no client carries C-5 any more: the list said so, and one was made
		expect(moved.held).toHaveLength(1);
		expect(moved.held[0].mid).not.toBe(clientNamed(bed, 'C-5-OLD').mid);
		expect(clientListReads(bed)).toHaveLength(20);
		bed.sandbox.archiveClient(clientNamed(bed, 'C-6').mid);
		const archived = await oneClientRow(bed, 'C-6', 'Company 6');
		expect(clientListReads(bed).length).toBeGreaterThan(0);
		expect(archived.held.filter((c) => !c.date_archived)).toHaveLength(1);
	}, 60_000);
});

describe('Client → Create or Update at 2,000 clients, where MakeLeaps narrows the list by External ID', () => {
	const bed = useTestBed({ pageSize: 100, clientExternalIdFilter: 'exact' });
	beforeEach(() => bed.sandbox.seedAccount(2000, 10));

	test('a known client changed costs the narrowed read, not the list', async () => {
		await oneClientRow(bed, 'C-1234', 'Company 1234'); // the list read
		const unchanged = await oneClientRow(bed, 'C-1234', 'Company 1234');
		expect(narrowedReads(bed)).toHaveLength(1);
		const changed = await oneClientRow(bed, 'C-1234', 'Company 1234 K.K.');
		expect(clientListReads(bed)).toHaveLength(0);
		expect(narrowedReads(bed)).toHaveLength(1);
		expect(changed.requests).toBeLessThanOrEqual(smallUpsert[2] + 2);
		expect(unchanged.requests).toBeLessThanOrEqual(smallUpsert[1] + 2);
		expect(changed.held).toHaveLength(1);
		const contact = bed.sandbox.partner().contacts.get(changed.held[0].defaultContactMid!);
		expect(contact?.name).toBe('Company 1234 K.K.');
	}, 60_000);
});

describe('Document → Get Many naming its clients By External ID, at 150 clients (2 list pages)', () => {
	const bed = sized(150);
	const clientReads = (which: RegExp) =>
		bed.sandbox.received('/api/').filter((r) => r.method === 'GET' && which.test(r.path));
	const documentsOf = {
		resource: 'document',
		operation: 'getAll',
		returnAll: true,
		filters: { client: byExternalId },
	};

	test('six clients: the 2 list pages, not 6 hinted reads, as the rule of hints says; one client: its hint', async () => {
		await oneRow(bed, 'A-1', 'C-7'); // the list read: every client hinted, the list's size known
		const six = ['C-1', 'C-2', 'C-3', 'C-4', 'C-5', 'C-6'].map((client) => ({ client }));
		bed.sandbox.resetRequests();
		const many = await bed.run(documentsOf, six);
		expect(many.error).toBeUndefined();
		expect(many.output).toHaveLength(60);
		expect(clientListReads(bed)).toHaveLength(2);
		expect(clientReads(/\/client\/\d+\/$/)).toHaveLength(0);
		// one client named: its hint, one read, is cheaper than the list
		bed.sandbox.resetRequests();
		const one = await bed.run(documentsOf, [{ client: 'C-8' }]);
		expect(one.output).toHaveLength(10);
		expect(clientListReads(bed)).toHaveLength(0);
		expect(clientReads(/\/client\/\d+\/$/)).toHaveLength(1);
	});
});
