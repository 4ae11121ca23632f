/* eslint-disable no-console -- the figures measured are printed for docs/performance.md */
/**
 * A client given by its Client External ID costs one read, not the client list, once this n8n
 * process has seen the list: the External ID's MID is a hint, confirmed by reading that client. A
 * hint that no longer holds (the External ID moved, the client archived or deleted) costs one
 * request and the list decides, never a wrong or second record.
 */
import type { INodeParameters } from 'n8n-workflow';

import { useTestBed, type TestBed } from '../bed';
import { documentUpsertRows } from '../fixtures';

const line = [{ description: 'Work', quantity: 1, unit_price: 1000, tax_rate: 10 }];
const byExternalId = { __rl: true, mode: 'externalId', value: '={{ $json.client }}' };
const upsert: INodeParameters = { ...documentUpsertRows, client: byExternalId };
const clientsOf = (bed: TestBed) => [...bed.sandbox.partner().clients.values()];
const clientNamed = (bed: TestBed, id: string) =>
	clientsOf(bed).find((c) => c.client_external_id === id)!;
const clientListReads = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.method === 'GET' && r.path.endsWith('/client/'));

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
