/**
 * Executions running at the same time on one account share its pace: ten imports of 50 rows at
 * once stay under MakeLeaps' limit together, without a single 429.
 */
import { useTestBed } from '../support/bed';

const EXECUTIONS = 10;
const ROWS = 50;
/**
 * 25 requests a second, counted in windows of 8 s as MakeLeaps counts 120 in a minute. The
 * pace of 1,485 a minute uses 90% of it, and requests leave at least 1.1 times the rate's
 * interval apart, which leaves room in a window for a request that reaches the sandbox late. The
 * rate is low enough that ten executions keep up with it while other tests load the machine.
 * How close to the throttle's bound they stay is a benchmark (`npm run bench`, case 5), not this
 * test: a busy machine only makes it slower.
 */
const THROTTLE = { limit: 200, windowMs: 8000 };
const REQUESTS_PER_MINUTE = 1485;

describe('Ten executions at once on one account', () => {
	const bed = useTestBed({ throttle: THROTTLE });

	test('share one pace: 500 creates, no 429, one POST per client', async () => {
		// as in a running n8n, the credential holds a token already
		await bed.run({ operation: 'getAll', returnAll: false, limit: 1 });
		bed.sandbox.resetRequests();
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
		for (const result of results) expect(result.error).toBeUndefined();
		const api = bed.sandbox.received('/api/');
		// paces kept per execution would make ten times the rate, and 429s here
		expect(api.filter((r) => r.status === 429)).toHaveLength(0);
		expect(api).toHaveLength(EXECUTIONS * ROWS);
		expect(new Set(bed.sandbox.clients().map((c) => c.client_external_id)).size).toBe(
			EXECUTIONS * ROWS,
		);
	}, 120_000);
});
