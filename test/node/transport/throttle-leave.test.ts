/**
 * The pace counts from the moment requests leave, not from when they take their turns: n8n's
 * helper, and for the first request the token exchange, run in between. A sandbox throttled to
 * 10 requests in 5 s, the node's default pace (120 a minute, the same rate), and the throttle as
 * the judge: a request that leaves too soon after another is answered 429.
 */
import { useTestBed } from '../support/bed';
import { useBusyCores } from '../support/busyCores';

const THROTTLE = { limit: 10, windowMs: 5000 };
const DEFAULT_REQUESTS_PER_MINUTE = 120;

const rows = (count: number) =>
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
		rows(count),
	);
	expect(result.error).toBeUndefined();
	const api = bed.sandbox.received('/api/');
	expect(api.filter((r) => r.status === 429)).toHaveLength(0);
	expect(bed.sandbox.received('/user/oauth2/token/')).toHaveLength(1);
	expect(api.map((r) => r.method)).toEqual(['GET', ...Array(count).fill('POST')]);
	const made = bed.sandbox.clients().map((c) => c.client_external_id);
	expect(made.sort()).toEqual(
		rows(count)
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
