import type { IDataObject } from 'n8n-workflow';

import { IN_FLIGHT } from '../../../nodes/MakeLeaps/run/loop/inFlight';
import { useTestBed } from '../support/bed';
import { faultOnPost, posts, upsertRows } from '../support/fixtures';

/** A far link (250 ms a round trip) and a pace of 600 a minute: one request outlasts the interval. */
const LATENCY_MS = 250;
const PACE = 600;

const create = {
	operation: 'create',
	clientExternalId: '={{ $json.id }}',
	organizationName: '={{ $json.name }}',
	options: { requestsPerMinute: PACE },
};

const rows = (count: number) =>
	Array.from({ length: count }, (_, i) => ({ id: `ROW-${i}`, name: `Company ${i}` }));

/** The items a stop's advice says to run again (`Run again only items 4, 7 and 9 to 11`). */
function itemsToRunAgain(description: string): number[] {
	const words = /Run again only items? ([\d, to and]+)/.exec(description)?.[1] ?? '';
	return words
		.split(/, | and /)
		.flatMap((part) => {
			const [from, to = from] = part.split(' to ').map(Number);
			return Array.from({ length: to - from + 1 }, (_, k) => from + k);
		})
		.filter((item) => !Number.isNaN(item));
}

/** The row a stored client was made from (ROW-<n>). */
const rowOf = (client: IDataObject) => Number(String(client.client_external_id).slice(4));

describe('Items in flight: a far link keeps the pace, every promise holds', () => {
	const bed = useTestBed({ latencyMs: LATENCY_MS });

	test('30 creates overlap within the pace: each once, outputs in input order and paired', async () => {
		// the pace's own rate, counted by the sandbox in windows of 2.5 s: one sooner is a 429
		bed.sandbox.setThrottle({ limit: 25, windowMs: 2500 });
		const result = await bed.run(create, rows(30));
		expect(result.error).toBeUndefined();
		expect(result.output.map((o) => o.json.client_external_id)).toEqual(rows(30).map((r) => r.id));
		expect(result.output.map((o) => o.pairedItem)).toEqual(rows(30).map((_, item) => ({ item })));
		expect(posts(bed)).toHaveLength(30);
		expect(bed.sandbox.clients()).toHaveLength(30);
		// one request outlasts the interval: the pace holds only with several under way at once
		expect(bed.sandbox.maxInFlight).toBeGreaterThan(1);
		expect(bed.sandbox.maxInFlight).toBeLessThanOrEqual(IN_FLIGHT);
		// and never faster than the pace: the throttle refused none
		expect(posts(bed).filter((r) => r.status === 429)).toHaveLength(0);
	}, 30000);

	test('rows with the same Client External ID, interleaved, take turns in input order', async () => {
		// A, B, C, A, B, C…: the last row of each ID gives the e-mail the client keeps
		const input = Array.from({ length: 12 }, (_, k) => ({
			id: `KEY-${'ABC'[k % 3]}`,
			org: `Org ${'ABC'[k % 3]}`,
			family: 'Sato',
			email: `v${k}@example.com`,
		}));
		const result = await bed.run({ ...upsertRows, options: { requestsPerMinute: PACE } }, input);
		expect(result.error).toBeUndefined();
		expect(result.output.map((o) => o.pairedItem)).toEqual(input.map((_, item) => ({ item })));
		expect(result.output.map((o) => o.json.operation)).toEqual([
			...Array(3).fill('created'),
			...Array(9).fill('updated'),
		]);
		const clients = bed.sandbox.clients();
		expect(clients.map((c) => c.client_external_id).sort()).toEqual(['KEY-A', 'KEY-B', 'KEY-C']);
		for (const [key, last] of [
			['KEY-A', 9],
			['KEY-B', 10],
			['KEY-C', 11],
		] as const) {
			const client = clients.find((c) => c.client_external_id === key)!;
			const person = (client.contacts as IDataObject[]).find((c) => c.contact_type === 'person');
			expect(person?.email).toEqual({ address: `v${last}@example.com` });
			const outputs = result.output.filter((o) => o.json.client_external_id === key);
			expect(new Set(outputs.map((o) => o.json.mid))).toEqual(new Set([client.mid]));
		}
		// one client list read, shared by the items in flight; one create per ID
		const api = bed.sandbox.received('/api/');
		expect(api.filter((r) => r.method === 'GET' && r.path.endsWith('/client/'))).toHaveLength(1);
		expect(posts(bed)).toHaveLength(3);
		expect(bed.sandbox.maxInFlight).toBeGreaterThan(1);
	}, 30000);

	test('a failed item stops the run: none starts after it, and the error names what later items made', async () => {
		faultOnPost(bed, 10, {
			kind: 'status',
			status: 400,
			contentType: 'application/json',
			body: JSON.stringify({ organization: ['This name is not accepted.'] }),
		});
		const result = await bed.run(create, rows(20));
		const message = result.error?.message ?? '';
		const failed = Number(/\[item (\d+), row \d+\]/.exec(message)?.[1]);
		expect(failed).toBeGreaterThanOrEqual(0);
		const clients = bed.sandbox.clients();
		// named by the Client External ID each row gave
		const before = clients.filter((c) => rowOf(c) < failed).map((c) => c.client_external_id);
		const later = clients.filter((c) => rowOf(c) > failed).map((c) => c.client_external_id);
		// every item before it went through; after it, only those already under way
		expect(before).toHaveLength(failed);
		expect(later.length).toBeGreaterThan(0);
		expect(later.length).toBeLessThan(IN_FLIGHT);
		expect(posts(bed).length).toBeLessThanOrEqual(failed + IN_FLIGHT);
		expect(message).toContain(
			`Before it, this run had already created ${failed} clients (${before.join(', ')})`,
		);
		const one = later.length === 1;
		expect(message).toContain(
			`Later items already under way when it failed also created ${later.length} client${one ? '' : 's'} (${later.join(', ')})`,
		);
		// the advice names exactly the items that made nothing: none of those listed as created
		const again = itemsToRunAgain(result.error?.description ?? '');
		expect(again).toContain(failed);
		for (const client of clients) expect(again).not.toContain(rowOf(client));
	}, 30000);

	test('a stop names the later item whose answer was lost, and its advice makes no duplicate', async () => {
		// the 5th create is refused, the 6th is stored but its answer lost, others are under way
		const refused = { kind: 'status', status: 400, contentType: 'application/json' } as const;
		faultOnPost(bed, 4, { ...refused, body: JSON.stringify({ organization: ['Refused.'] }) });
		bed.sandbox.injectFault({ kind: 'resetAfter' }, { method: 'POST', path: '/api/' });
		const result = await bed.run(create, rows(12));
		const message = result.error?.message ?? '';
		const description = result.error?.description ?? '';
		const failed = Number(/\[item (\d+), row \d+\]/.exec(message)?.[1]);
		const posted = posts(bed).map((r) => (JSON.parse(r.body) as IDataObject).client_external_id);
		const lost = rowOf({ client_external_id: posted[5] });
		expect(lost).toBeGreaterThan(failed);
		// the lost one was stored: the stop says it may or may not have been made
		expect(bed.sandbox.clients().map(rowOf)).toContain(lost);
		expect(message).toContain(
			`Item ${lost} (row ${lost + 1}) may or may not have made its client: the answer was lost`,
		);
		expect(description).toContain(
			`Item ${lost} (row ${lost + 1}) may have made its client: look for it in MakeLeaps`,
		);
		const again = itemsToRunAgain(description);
		expect(again).not.toContain(lost);
		// following the advice as written: every row once, none twice
		const rerun = await bed.run(
			create,
			rows(12).filter((_, item) => again.includes(item)),
		);
		expect(rerun.error).toBeUndefined();
		const stored = bed.sandbox.clients().map(rowOf);
		expect(stored.sort((a, b) => a - b)).toEqual(rows(12).map((_, item) => item));
	}, 30000);

	test('every failed item under way is reported, not only the first', async () => {
		const refused = { kind: 'status', status: 400, contentType: 'application/json' } as const;
		faultOnPost(bed, 4, { ...refused, body: JSON.stringify({ organization: ['First refusal.'] }) });
		bed.sandbox.injectFault(
			{ ...refused, body: JSON.stringify({ organization: ['Second refusal.'] }) },
			{ method: 'POST', path: '/api/' },
		);
		const result = await bed.run(create, rows(12));
		const message = result.error?.message ?? '';
		const posted = posts(bed).map((r) => (JSON.parse(r.body) as IDataObject).client_external_id);
		const [first, second] = [4, 5].map((n) => rowOf({ client_external_id: posted[n] }));
		expect(message).toContain(`[item ${first}, row ${first + 1}]`);
		expect(message).toContain(`Item ${second} (row ${second + 1}) failed too`);
		expect(result.error?.description).toContain(`Item ${second}: `);
		expect(result.error?.description).toContain('Second refusal.');
		expect(itemsToRunAgain(result.error?.description ?? '')).toEqual(
			expect.arrayContaining([first, second]),
		);
	}, 30000);

	test('with Continue On Fail every other item is done, in input order', async () => {
		faultOnPost(bed, 10, {
			kind: 'status',
			status: 400,
			contentType: 'application/json',
			body: '{}',
		});
		const result = await bed.run(create, rows(20), { onError: 'continueRegularOutput' });
		expect(result.error).toBeUndefined();
		expect(result.output.map((o) => o.pairedItem)).toEqual(rows(20).map((_, item) => ({ item })));
		const failed = result.output.findIndex((o) => o.json.error !== undefined);
		expect(result.output.filter((o) => o.json.error !== undefined)).toHaveLength(1);
		expect(bed.sandbox.clients()).toHaveLength(19);
		expect(bed.sandbox.clients().map(rowOf)).not.toContain(failed);
		expect(bed.sandbox.maxInFlight).toBeGreaterThan(1);
	}, 30000);

	test('a lost answer while others are in flight: uncertain, never sent again', async () => {
		faultOnPost(bed, 5, { kind: 'resetAfter' });
		const result = await bed.run(create, rows(12), { onError: 'continueRegularOutput' });
		expect(result.error).toBeUndefined();
		const errors = result.output.filter((o) => o.json.error !== undefined);
		expect(errors).toHaveLength(1);
		expect(String(errors[0].json.error)).toMatch(/may or may not have/);
		// the create was applied, its answer lost: 12 POSTs, 12 clients, none twice
		expect(posts(bed)).toHaveLength(12);
		const stored = bed.sandbox.clients();
		expect(stored).toHaveLength(12);
		expect(new Set(stored.map(rowOf)).size).toBe(12);
		expect(bed.sandbox.maxInFlight).toBeGreaterThan(1);
	}, 30000);

	test('a 429 while several are in flight holds every one of them; none lost or doubled', async () => {
		faultOnPost(bed, 4, {
			kind: 'status',
			status: 429,
			contentType: 'application/json',
			headers: { 'Retry-After': '1' },
			body: JSON.stringify({ detail: 'Request was throttled.' }),
		});
		const result = await bed.run(create, rows(16));
		expect(result.error).toBeUndefined();
		expect(result.output.map((o) => o.json.client_external_id)).toEqual(rows(16).map((r) => r.id));
		const stored = bed.sandbox.clients();
		expect(stored).toHaveLength(16);
		expect(new Set(stored.map(rowOf)).size).toBe(16);
		const sent = posts(bed);
		expect(sent).toHaveLength(17);
		const refused = sent.find((r) => r.status === 429)!;
		// requests already on the way arrive within the link's time; none leaves during the hold
		const during = sent.filter(
			(r) => r.at > refused.at + LATENCY_MS + 100 && r.at < refused.at + 1000,
		);
		expect(during).toEqual([]);
		expect(bed.sandbox.maxInFlight).toBeGreaterThan(1);
	}, 30000);
});
