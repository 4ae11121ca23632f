/**
 * A narrowed lookup that the service answers oddly costs requests, never a record
 * (run/document/clientFilter.ts, transport/pagination.ts): a client filter answered with an empty
 * page is compared once with the type's list before it may say "none", and a list that gives a
 * count but no next link is refused rather than taken as "not found". An account of 200 clients
 * of 10 invoices (100 a page): one row reads its client's documents, not the 20 pages.
 */
import type { SandboxOptions } from '../../../sandbox/options';
import { useTestBed, type TestBed } from '../support/bed';
import { documentUpsertRows } from '../support/fixtures';

const line = [{ description: 'Work', quantity: 1, unit_price: 1000, tax_rate: 10 }];
const clientOf = (bed: TestBed, n: number) =>
	[...bed.sandbox.partner().clients.values()].find((c) => c.client_external_id === `C-${n}`)!.mid;
const stored = (bed: TestBed) => [...bed.sandbox.partner().documents.values()];
const posts = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.method === 'POST' && r.path.endsWith('/document/'));

function account(options: SandboxOptions, clients = 200, perClient = 10) {
	const bed = useTestBed({ pageSize: 100, ...options });
	beforeEach(() => bed.sandbox.seedAccount(clients, perClient));
	return bed;
}

/** One row of Create or Update for client C-<n>, as an event would send it. */
async function row(bed: TestBed, n: number, id: string, title = 'Work') {
	bed.sandbox.resetRequests();
	const result = await bed.run(documentUpsertRows, [
		{ id, client: clientOf(bed, n), title, lines: line },
	]);
	return { result, requests: bed.sandbox.received('/api/').length };
}

describe('A client filter answered with an empty page (200, no records)', () => {
	const bed = account({ emptyFilters: ['client'] });

	test('re-running an existing row makes no second document; later events skip the filter', async () => {
		const before = stored(bed).length;
		const first = await row(bed, 150, 'E-150-3', 'Changed');
		expect(first.result.error).toBeUndefined();
		expect(first.result.output[0].json.operation).toBe('updated');
		const again = await row(bed, 150, 'E-150-3', 'Changed');
		expect(again.result.output[0].json.operation).toBe('unchanged');
		expect(posts(bed)).toEqual([]);
		expect(stored(bed)).toHaveLength(before);
		// the filter was seen to miss documents once; the type's whole list decides since
		const filtered = bed.sandbox.received('/api/').filter((r) => r.query.client !== undefined);
		expect(filtered).toEqual([]);
	});

	test('a new External ID is made once, after the whole list said there is none', async () => {
		const first = await row(bed, 150, 'NEW-1');
		expect(first.result.output[0].json.operation).toBe('created');
		const again = await row(bed, 150, 'NEW-1');
		expect(again.result.output[0].json.operation).toBe('unchanged');
		expect(stored(bed).filter((d) => d.external_id === 'NEW-1')).toHaveLength(1);
	});
});

describe('A client filter that works', () => {
	const bed = account({});

	test('is checked once, then trusted: an event reads its client, not the whole list', async () => {
		await row(bed, 150, 'NEW-1');
		const second = await row(bed, 151, 'NEW-2');
		expect(second.result.output[0].json.operation).toBe('created');
		// the type's first page, the client's documents, the create: never the 20 pages
		const pages = bed.sandbox
			.received('/api/')
			.filter((r) => r.method === 'GET' && r.path.endsWith('/document/'));
		expect(pages.length).toBeLessThanOrEqual(2);
	});
});

describe('A list that gives a count but no next link', () => {
	// one client of 150 invoices among others: its documents take two pages
	const bed = account({ omitNext: true }, 3, 150);

	test('a document among the rest is never made again: the item fails, nothing is written', async () => {
		const before = stored(bed).length;
		const { result } = await row(bed, 1, 'E-1-140');
		expect(result.error?.message).toMatch(/announced \d+ records but gave 100 and no link/);
		expect(posts(bed)).toEqual([]);
		expect(stored(bed)).toHaveLength(before);
	});
});
