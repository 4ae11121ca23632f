/**
 * Executions running at the same time on one account share its pace: ten imports of 50 rows at
 * once stay under MakeLeaps' limit together, without a single 429.
 */
import { useTestBed } from '../support/bed';

const EXECUTIONS = 10;
const ROWS = 50;
/**
 * 25 requests a second, counted in windows of 8 s as MakeLeaps counts 120 in a minute. The
 * pace of 1,485 a minute uses 97% of it, 24 a second, which leaves 8 requests of a window free:
 * a stall of the test machine of up to about 330 ms that bunches requests together stays under
 * the limit (at MakeLeaps' own 120 a minute, the same share leaves about 2 s). The rate is low
 * enough that ten executions keep up with it while other tests load the machine.
 */
const THROTTLE = { limit: 200, windowMs: 8000 };
const REQUESTS_PER_MINUTE = 1485;
const BOUND_MS = ((EXECUTIONS * ROWS) / THROTTLE.limit) * THROTTLE.windowMs;

describe('Ten executions at once on one account', () => {
	const bed = useTestBed({ throttle: THROTTLE });

	test('share one pace: 500 creates, no 429, within 1.25 × the throttle bound', async () => {
		// as in a running n8n, the credential holds a token already: ten token exchanges at once
		// would delay the first requests past their turns and bunch them with the next ones
		await bed.run({ operation: 'getAll', returnAll: false, limit: 1 });
		bed.sandbox.resetRequests();
		const started = Date.now();
		const results = await Promise.all(
			Array.from({ length: EXECUTIONS }, (_, e) =>
				bed.run(
					{
						operation: 'create',
						clientExternalId: '={{ $json.id }}',
						organizationName: '={{ $json.name }}',
						options: { requestsPerMinute: REQUESTS_PER_MINUTE },
					},
					Array.from({ length: ROWS }, (_, i) => ({ id: `E${e}-${i}`, name: `Company ${e}-${i}` })),
				),
			),
		);
		const wallMs = Date.now() - started;
		for (const result of results) expect(result.error).toBeUndefined();
		const api = bed.sandbox.received('/api/');
		expect(api.filter((r) => r.status === 429)).toHaveLength(0);
		expect(api).toHaveLength(EXECUTIONS * ROWS);
		expect(new Set(bed.sandbox.clients().map((c) => c.client_external_id)).size).toBe(
			EXECUTIONS * ROWS,
		);
		// the pace alone gives 1.01; the rest is room for a loaded test machine. Paces kept per
		// execution would give 429s above; one pace split ten ways would take about 10×.
		expect(wallMs / BOUND_MS).toBeLessThanOrEqual(1.25);
	}, 60_000);
});
