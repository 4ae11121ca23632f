import { BOUND_MS, importRows, ROWS, THROTTLE } from '../support/throttle';
import { useTestBed } from '../support/bed';

describe('A 200-row import paced to the throttle (Requests Per Minute = 600 = 10 per second)', () => {
	const bed = useTestBed({ throttle: THROTTLE });

	test('the node spaces its requests itself: 200 clients, none twice, none lost, near the bound', async () => {
		const { result, rows, numbers } = await importRows(bed, 'paced', 600);
		expect(result.error).toBeUndefined();
		expect(numbers.failedItems).toBe(0);
		expect(result.output.map((o) => o.json.client_external_id)).toEqual(rows.map((r) => r.id));

		const clients = bed.sandbox.clients();
		expect(clients).toHaveLength(ROWS);
		expect(new Set(clients.map((c) => c.client_external_id)).size).toBe(ROWS);

		// The spacing alone keeps the run at the throttle; a request that reaches the sandbox late
		// (it shares the event loop with the engine) can land at a window edge, and its 429 is
		// waited out like any other.
		expect(numbers.throttled429).toBeLessThanOrEqual(ROWS / 10);
		expect(numbers.apiRequests).toBe(ROWS + numbers.throttled429);
		const arrivals = bed.sandbox.received('/api/').map((r) => r.at);
		const gaps = arrivals
			.slice(1)
			.map((at, i) => at - arrivals[i])
			.sort((a, b) => a - b);
		expect(gaps[Math.floor(gaps.length / 2)]).toBeGreaterThanOrEqual(95);
		expect(numbers.wallMs).toBeGreaterThanOrEqual(BOUND_MS);
		expect(numbers.wallMs).toBeLessThanOrEqual(BOUND_MS * 3);
	}, 120000);
});
