/**
 * The pace on a busy machine, with a throttled sandbox as the judge: a request that leaves too
 * soon after another is answered 429.
 * - A busy process: n8n's event loop stalls mid-import while items in flight wait for their
 *   turns (other executions at work, say). When the stall ends, each request still leaves the
 *   least gap after the one before it actually left.
 * - The pace counts from the moment requests leave, not from when they take their turns: n8n's
 *   helper, and for the first request the token exchange, run in between.
 * - Other processes keep the cores busy: at the node's default pace (120 a minute) against 10
 *   requests in 5 s, the same rate, requests that reach the sandbox late still find room.
 */
import { useTestBed } from '../support/bed';
import { useBusyCores } from '../support/busyCores';

const ROWS = 8;
/**
 * One request per window: two that leave together make a 429. The window leaves room below n8n's
 * pace (one request every 556 ms) for a request that reaches the sandbox late: it shares the
 * event loop with the engine, which has work to catch up on after the stall.
 */
const STALL_THROTTLE = { limit: 1, windowMs: 100 };
const DEFAULT_REQUESTS_PER_MINUTE = 120;
/** Long enough for the turns of the items in flight after the stalled one to pass. */
const STALL_MS = 2000;

/** Holds the event loop, as a process busy elsewhere does. */
function stall(ms: number) {
	const until = Date.now() + ms;
	while (Date.now() < until);
}

describe('An import while the process is busy', () => {
	const bed = useTestBed({ throttle: STALL_THROTTLE });

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
				options: { requestsPerMinute: DEFAULT_REQUESTS_PER_MINUTE },
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

/** 10 requests in 5 s: the rate of the node's default pace. */
const THROTTLE = { limit: 10, windowMs: 5000 };

const rowsOf = (count: number) =>
	Array.from({ length: count }, (_, i) => ({ id: `ROW-${i}`, name: `Company ${i}` }));

/** Creates of `count` rows, the partner looked up first: a token, a GET, then the POSTs. */
async function importRows(bed: ReturnType<typeof useTestBed>, count: number) {
	const result = await bed.run(
		{
			operation: 'create',
			clientExternalId: '={{ $json.id }}',
			organizationName: '={{ $json.name }}',
			partner: { __rl: true, mode: 'list', value: '' },
			options: { requestsPerMinute: DEFAULT_REQUESTS_PER_MINUTE },
		},
		rowsOf(count),
	);
	expect(result.error).toBeUndefined();
	const api = bed.sandbox.received('/api/');
	expect(api.filter((r) => r.status === 429)).toHaveLength(0);
	expect(bed.sandbox.received('/user/oauth2/token/')).toHaveLength(1);
	expect(api.map((r) => r.method)).toEqual(['GET', ...Array(count).fill('POST')]);
	const made = bed.sandbox.clients().map((c) => c.client_external_id);
	expect(made.sort()).toEqual(
		rowsOf(count)
			.map((r) => r.id)
			.sort(),
	);
}

describe('A token exchange slower than the pace', () => {
	/**
	 * 5 requests in 2.5 s, the pace's own rate. The first POST's turn comes while the partner
	 * read waits for its token: counted from the turns, it leaves right after the read, and the
	 * sixth request lands 2.2 s after the read.
	 */
	const bed = useTestBed({ throttle: { limit: 5, windowMs: 2500 } });

	test('the first POST leaves a whole gap after the partner read did, not after its turn: no 429', async () => {
		bed.sandbox.injectFault({ kind: 'delay', ms: 1000 }, { path: '/user/oauth2/token/' });
		await importRows(bed, 8);
	}, 60_000);
});

describe('An import at the default pace while other processes keep the cores busy', () => {
	useBusyCores(3);
	const bed = useTestBed({ throttle: THROTTLE });

	test('40 creates: no 429, one POST per client', async () => {
		await importRows(bed, 40);
	}, 120_000);
});
