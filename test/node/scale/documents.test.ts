/* eslint-disable no-console -- the figures measured are printed for docs/performance.md */
/**
 * The cost of one event does not grow with the account: a document found by its External ID is
 * looked for among its client's documents of its type. At 2,000 clients of 10 invoices (100 a
 * page), one row costs at most 2 requests more than at 20 clients of 10; a service that ignores
 * the filter costs requests, never a wrong or second record.
 */
import type { SandboxOptions } from '../../../sandbox/options';
import { useTestBed, type TestBed } from '../support/bed';
import { documentUpsertRows } from '../support/fixtures';

const line = [{ description: 'Work', quantity: 1, unit_price: 1000, tax_rate: 10 }];
/** The MID of client C-<n>, from the store (the account's 2,000 clients are not shown as JSON). */
const clientOf = (bed: TestBed, n: number) =>
	[...bed.sandbox.partner().clients.values()].find((c) => c.client_external_id === `C-${n}`)!.mid;
/** The stored documents (20,000 are not shown as JSON). */
const stored = (bed: TestBed) => [...bed.sandbox.partner().documents.values()];
const api = (bed: TestBed) => bed.sandbox.received('/api/');

/** One event: one row of Create or Update for client C-<n>; its outcome and its requests. */
async function oneRow(bed: TestBed, n: number, id: string, title: string) {
	bed.sandbox.resetRequests();
	const result = await bed.run(documentUpsertRows, [
		{ id, client: clientOf(bed, n), title, lines: line },
	]);
	expect(result.error).toBeUndefined();
	return { json: result.output[0].json, requests: api(bed).length };
}

/** New, unchanged, changed: the requests of each event, and the invoices of the client after. */
async function events(bed: TestBed, n: number) {
	const created = await oneRow(bed, n, 'NEW-1', 'First');
	const unchanged = await oneRow(bed, n, 'NEW-1', 'First');
	const changed = await oneRow(bed, n, `E-${n}-3`, 'Changed');
	expect([created, unchanged, changed].map((e) => e.json.operation)).toEqual([
		'created',
		'unchanged',
		'updated',
	]);
	const invoices = stored(bed).filter((d) => d.clientMid === clientOf(bed, n));
	return { requests: [created, unchanged, changed].map((e) => e.requests), invoices };
}

function sized(clients: number, options: SandboxOptions = {}) {
	const bed = useTestBed({ pageSize: 100, ...options });
	beforeEach(() => bed.sandbox.seedAccount(clients, 10));
	return bed;
}

const small: number[] = [];

describe('Document → Create or Update at 20 clients of 10 invoices', () => {
	const bed = sized(20);

	test('new, unchanged, changed: the requests of one row', async () => {
		const { requests, invoices } = await events(bed, 7);
		small.push(...requests);
		expect(invoices.map((d) => d.external_id).sort()).toEqual(
			[...Array.from({ length: 10 }, (_, k) => `E-7-${k + 1}`), 'NEW-1'].sort(),
		);
	});
});

describe('Document → Create or Update at 2,000 clients of 10 invoices (20,000)', () => {
	const bed = sized(2000);

	test('one row costs at most 2 requests more than at 20 clients', async () => {
		const { requests, invoices } = await events(bed, 1234);
		console.log(`one row at 20 and at 2,000 clients: ${JSON.stringify({ small, requests })}`);
		expect(small).toHaveLength(3);
		requests.forEach((count, k) => expect(count).toBeLessThanOrEqual(small[k] + 2));
		expect(invoices).toHaveLength(11);
		expect(invoices.find((d) => d.external_id === 'E-1234-3')?.title).toBe('Changed');
		expect(stored(bed)).toHaveLength(20_001);
	}, 60_000);
});

describe('Document → Create or Update when the service ignores the client filter', () => {
	const bed = sized(300, { ignoreFilters: ['client'] });

	test('the right record, never a second: documents of other clients are left out', async () => {
		const { invoices } = await events(bed, 123);
		expect(invoices).toHaveLength(11);
		expect(invoices.filter((d) => d.title === 'Changed').map((d) => d.external_id)).toEqual([
			'E-123-3',
		]);
		expect(stored(bed)).toHaveLength(3001);
	}, 60_000);
});
