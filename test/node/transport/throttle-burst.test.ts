import { IN_FLIGHT } from '../../../nodes/MakeLeaps/run/loop/inFlight';
import { importRows, ROWS, THROTTLE } from '../support/throttle';
import { useTestBed } from '../support/bed';

describe('A 200-row import against a throttled MakeLeaps (50 requests in 5 s, 10 a second)', () => {
	const bed = useTestBed({ throttle: THROTTLE });

	test('with Requests Per Minute far above the throttle: 429s are waited out; 200 clients, none twice, none lost', async () => {
		const { result, rows, numbers } = await importRows(bed, 'burst', 6000);
		expect(result.error).toBeUndefined();
		expect(numbers.failedItems).toBe(0);
		expect(result.output.map((o) => o.pairedItem)).toEqual(rows.map((_, i) => ({ item: i })));
		expect(result.output.map((o) => o.json.client_external_id)).toEqual(rows.map((r) => r.id));

		const clients = bed.sandbox.clients();
		expect(clients).toHaveLength(ROWS);
		expect(new Set(clients.map((c) => c.mid)).size).toBe(ROWS);
		expect(clients.map((c) => c.client_external_id).sort()).toEqual(rows.map((r) => r.id));

		// 429s really happened, and every one of them was a retry of a create MakeLeaps refused
		expect(numbers.throttled429).toBeGreaterThan(0);
		expect(numbers.apiRequests).toBe(ROWS + numbers.throttled429);
		expect(numbers.tokenRequests).toBe(1);
		// a 429 holds every item in flight until its Retry-After: each full window refuses at most
		// the items under way then, not a stream of retries (how long it takes is a benchmark)
		expect(numbers.throttled429).toBeLessThanOrEqual(IN_FLIGHT * Math.ceil(ROWS / THROTTLE.limit));
	}, 120000);
});
