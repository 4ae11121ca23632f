import { importRows, ROWS, THROTTLE } from '../support/throttle';
import { useTestBed } from '../support/bed';

describe('A 200-row import paced to the throttle (Requests Per Minute = 600 = 10 a second, 50 in 5 s)', () => {
	const bed = useTestBed({ throttle: THROTTLE });

	test('the node spaces its requests itself: 200 clients, none twice, none lost, no 429', async () => {
		const { result, rows, numbers } = await importRows(bed, 'paced', 600);
		expect(result.error).toBeUndefined();
		expect(numbers.failedItems).toBe(0);
		expect(result.output.map((o) => o.json.client_external_id)).toEqual(rows.map((r) => r.id));

		const clients = bed.sandbox.clients();
		expect(clients).toHaveLength(ROWS);
		expect(new Set(clients.map((c) => c.client_external_id)).size).toBe(ROWS);

		// The throttle is the judge: requests leave at least 110 ms apart, so fifty in a row span
		// 5.5 s where it counts fifty in 5 s, and one that reaches it late still fits.
		// How near the throttle's bound the run stays is a benchmark (`npm run bench`, case 3).
		expect(numbers.throttled429).toBe(0);
		expect(numbers.apiRequests).toBe(ROWS);
	}, 120000);
});
