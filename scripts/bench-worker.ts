/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev code: a benchmark process, never inside n8n */
/**
 * One measured run of a benchmark case, in its own process so that its time and peak memory
 * are its own (the sandbox runs in the parent). Prints one JSON line:
 * { ms, items, failed, heapGrowthMB, maxRssMB }.
 */
import axios from 'axios';
import http from 'node:http';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { CredentialsHelper } from '../dev/harness/credentials';
import { runNode } from '../dev/harness/engine';

interface Job {
	variant:
		| 'node-create'
		| 'node-create-fixed'
		| 'http-create'
		| 'http-create-fresh'
		| 'node-getall'
		| 'http-getall';
	baseUrl: string;
	clientId: string;
	clientSecret: string;
	partnerMid: string;
	n: number;
	requestsPerMinute: number;
}

const job = JSON.parse(process.argv[2]) as Job;
const row = (k: number) => ({
	id: `BENCH-${k}`,
	org: `Bench Company ${k}`,
	family: 'Sato',
	email: `sato${k}@example.com`,
});
const body = (k: number) => ({
	client_external_id: row(k).id,
	contacts: [
		{ contact_type: 'organization', name: row(k).org, addresses: [], email: null },
		{
			contact_type: 'person',
			family_name: row(k).family,
			addresses: [],
			email: { address: row(k).email },
		},
	],
});

/** The node in n8n-core's engine: Input (n items) → MakeLeaps. */
async function viaNode(parameters: INodeParameters, items: IDataObject[]) {
	const credentials = new CredentialsHelper();
	credentials.set('cred-1', {
		baseUrl: job.baseUrl,
		clientId: job.clientId,
		clientSecret: job.clientSecret,
	});
	const partner = { __rl: true, mode: 'id', value: job.partnerMid };
	const result = await runNode({
		credentials,
		items,
		onError: 'continueRegularOutput',
		parameters: { partner, options: { requestsPerMinute: job.requestsPerMinute }, ...parameters },
		// the benchmark measures the node's own cost, so it may ask for a pace above n8n's ceiling
		limits: { maxRequestsPerMinute: Infinity },
	});
	if (result.error) throw new Error(result.error.message);
	return {
		items: result.output.length,
		failed: result.output.filter((i) => i.json.error !== undefined).length,
	};
}

/** What a hand-written integration would do: one token, then plain requests in a loop. */
async function token() {
	const answer = await axios.post(
		`${job.baseUrl}/user/oauth2/token/`,
		'grant_type=client_credentials',
		{
			auth: { username: job.clientId, password: job.clientSecret },
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		},
	);
	return { Authorization: `Bearer ${answer.data.access_token as string}` };
}

async function plainCreates(agent?: () => http.Agent) {
	const headers = await token();
	for (let k = 0; k < job.n; k++) {
		await axios.post(`${job.baseUrl}/api/partner/${job.partnerMid}/client/`, body(k), {
			headers,
			httpAgent: agent?.(),
		});
	}
	return { items: job.n, failed: 0 };
}

const variants: Record<Job['variant'], () => Promise<{ items: number; failed: number }>> = {
	'node-create': async () =>
		await viaNode(
			{
				resource: 'client',
				operation: 'create',
				clientExternalId: '={{ $json.id }}',
				organizationName: '={{ $json.org }}',
				personFamilyName: '={{ $json.family }}',
				personEmail: '={{ $json.email }}',
			},
			Array.from({ length: job.n }, (_, k) => row(k)),
		),
	// The same requests with fixed parameter values: what the expressions of the first variant cost.
	'node-create-fixed': async () =>
		await viaNode(
			{
				resource: 'client',
				operation: 'create',
				clientExternalId: 'BENCH',
				organizationName: 'Bench Company',
				personFamilyName: 'Sato',
				personEmail: 'sato@example.com',
			},
			Array.from({ length: job.n }, () => ({})),
		),
	'http-create': async () => await plainCreates(),
	// n8n's request helper builds a new agent, so a new connection, for every request; this
	// loop does the same, which separates that cost from the rest of the node's overhead.
	'http-create-fresh': async () => await plainCreates(() => new http.Agent({ keepAlive: false })),
	'node-getall': async () =>
		await viaNode({ resource: 'client', operation: 'getAll', returnAll: true, simplify: false }, [
			{},
		]),
	'http-getall': async () => {
		const headers = await token();
		const clients: unknown[] = [];
		let url: string | null = `${job.baseUrl}/api/partner/${job.partnerMid}/client/?per_page=100`;
		while (url) {
			const page: { data: { meta: { next: string | null }; response: unknown[] } } =
				await axios.get(url, { headers });
			clients.push(...page.data.response);
			url = page.data.meta.next;
		}
		return { items: clients.length, failed: 0 };
	},
};

async function main() {
	global.gc?.();
	const heapBefore = process.memoryUsage().heapUsed;
	let heapPeak = heapBefore;
	const sampler = setInterval(
		() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)),
		20,
	);
	const start = performance.now();
	const { items, failed } = await variants[job.variant]();
	const ms = performance.now() - start;
	clearInterval(sampler);
	heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
	const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
	process.stdout.write(
		`${JSON.stringify({ ms, items, failed, heapGrowthMB: mb(heapPeak - heapBefore), maxRssMB: mb(process.resourceUsage().maxRSS * 1024) })}\n`,
	);
}

main().catch((error: Error) => {
	process.stderr.write(`${error.stack ?? error.message}\n`);
	process.exit(1);
});
