/* eslint-disable no-console -- prints the rate the run reached, for whoever reads the test's output */
import { startFarLink, type FarLink } from '../../../dev/farLink';
import type { SandboxOptions } from '../../../sandbox/server';
import { useTestBed } from '../support/bed';
import { rows, upsertRows } from '../support/fixtures';

const RTT_MS = 40;
const ROWS = 10;
/** The real API's throttle, and the node's default pace. */
const options: SandboxOptions = { throttle: { limit: 120, windowMs: 60000 } };

describe(`An import far from MakeLeaps (a link with a ${RTT_MS} ms round trip, 120 requests a minute)`, () => {
	let link: FarLink;
	const bed = useTestBed(options);
	beforeAll(async () => {
		link = await startFarLink({ rttMs: RTT_MS, upstream: () => bed.sandbox.localUrl });
		// the sandbox names the link's address in its answers, so the node stays behind the link
		options.publicUrl = link.url;
	});
	afterAll(async () => await link.close());

	test(`${ROWS} new rows through Create or Update: each client once, one request each, and the run ends`, async () => {
		const connectionsBefore = link.connections;
		const started = performance.now();
		const result = await bed.run(
			{ ...upsertRows, options: { requestsPerMinute: 120 } },
			rows(ROWS),
		);
		const seconds = (performance.now() - started) / 1000;

		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => item.json.operation)).toEqual(Array(ROWS).fill('created'));
		expect(result.output.map((item) => item.pairedItem)).toEqual(
			rows(ROWS).map((_, item) => ({ item })),
		);
		const clients = bed.sandbox.clients();
		expect(clients.map((c) => c.client_external_id).sort()).toEqual(
			rows(ROWS)
				.map((row) => row.id)
				.sort(),
		);

		// the token, the client list, then one create per row, every one across the link
		const api = bed.sandbox.received('/api/');
		expect(bed.sandbox.received('/user/oauth2/token/')).toHaveLength(1);
		expect(api.filter((r) => r.method === 'GET')).toHaveLength(1);
		expect(api.filter((r) => r.method === 'POST')).toHaveLength(ROWS);
		expect(api.filter((r) => r.status === 429)).toHaveLength(0);
		const host = new URL(link.url).host;
		expect(bed.sandbox.requests.every((r) => r.headers.host === host)).toBe(true);
		const requests = bed.sandbox.requests.length;
		const connections = link.connections - connectionsBefore;
		expect(connections).toBeGreaterThanOrEqual(1);
		expect(connections).toBeLessThanOrEqual(requests);

		const perMinute = (requests / seconds) * 60;
		console.log(
			`far link ${RTT_MS} ms: ${requests} requests in ${seconds.toFixed(1)} s, ` +
				`${perMinute.toFixed(0)} a minute, ${connections} connections`,
		);
	});
});
