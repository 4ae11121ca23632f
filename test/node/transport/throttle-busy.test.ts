/**
 * A busy process: n8n's event loop stalls mid-import while items in flight wait for their turns
 * (other executions at work, say). When the stall ends, each request still leaves an interval
 * after the one before it actually left, so a strict throttle answers no 429.
 */
import { useTestBed } from '../support/bed';

const ROWS = 8;
/**
 * One request per window: two that leave together make a 429. The window leaves room below n8n's
 * pace (one request every 515 ms) for a request that reaches the sandbox late: it shares the
 * event loop with the engine, which has work to catch up on after the stall.
 */
const THROTTLE = { limit: 1, windowMs: 100 };
const REQUESTS_PER_MINUTE = 120;
/** Long enough for the turns of the items in flight after the stalled one to pass. */
const STALL_MS = 2000;

/** Holds the event loop, as a process busy elsewhere does. */
function stall(ms: number) {
	const until = Date.now() + ms;
	while (Date.now() < until);
}

describe('An import while the process is busy', () => {
	const bed = useTestBed({ throttle: THROTTLE });

	test('a 2 s stall mid-import: requests keep their spacing after it, no 429', async () => {
		// as in a running n8n, the credential holds a token already (a token exchange would delay
		// the first request past its turn)
		await bed.run({ operation: 'getAll', returnAll: false, limit: 1 });
		bed.sandbox.resetRequests();
		// the second create stalls the whole process (the sandbox runs in it) once applied, while
		// the items in flight after it wait for their turns
		const unchanged = (body: Record<string, unknown>) => body;
		const stalling = (body: Record<string, unknown>) => (stall(STALL_MS), body);
		const creates = { method: 'POST', path: /\/client\/$/ };
		bed.sandbox.injectFault({ kind: 'rewriteAfter', change: unchanged }, creates);
		bed.sandbox.injectFault({ kind: 'rewriteAfter', change: stalling }, creates);

		const rows = Array.from({ length: ROWS }, (_, i) => ({ id: `ROW-${i}`, name: `Company ${i}` }));
		const result = await bed.run(
			{
				operation: 'create',
				clientExternalId: '={{ $json.id }}',
				organizationName: '={{ $json.name }}',
				options: { requestsPerMinute: REQUESTS_PER_MINUTE },
			},
			rows,
		);
		expect(result.error).toBeUndefined();
		expect(result.output.map((o) => o.json.client_external_id)).toEqual(rows.map((r) => r.id));
		const api = bed.sandbox.received('/api/');
		expect(api.filter((r) => r.status === 429)).toHaveLength(0);
		expect(bed.sandbox.clients()).toHaveLength(ROWS);
	}, 30_000);
});
