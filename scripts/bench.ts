/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- dev code: a benchmark process, never inside n8n */
/**
 * `npm run bench`: the node against plain HTTP loops, side by side in one run, on the sandbox.
 * Each figure is the median of BENCH_REPS runs (default 5) with min and max; every measured run
 * is a separate process. Prints a table and writes bench-output/bench.json.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import { startSandbox, type Sandbox, type SandboxOptions } from '../sandbox/server';
import { CredentialsHelper, runNode } from '../dev/harness';

const REPS = Number(process.env.BENCH_REPS ?? 5);
const N = Number(process.env.BENCH_N ?? 1000);
const LIST_N = Number(process.env.BENCH_LIST_N ?? 10000);
const THROTTLE = { limit: 100, windowMs: 2000 }; // 3,000 requests a minute, so the case takes seconds, not minutes
const UNPACED = 1_000_000;

interface Sample {
	ms: number;
	items: number;
	failed: number;
	heapGrowthMB: number;
	maxRssMB: number;
}
interface Stat {
	median: number;
	min: number;
	max: number;
}

const stat = (values: number[]): Stat => {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = sorted.length >> 1;
	const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
	return { median, min: sorted[0], max: sorted[sorted.length - 1] };
};
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
const show = (s: Stat, digits = 2) =>
	`${round(s.median, digits)} (${round(s.min, digits)}–${round(s.max, digits)})`;

async function measure(
	sandbox: Sandbox,
	variant: string,
	n: number,
	requestsPerMinute = UNPACED,
): Promise<Sample> {
	const { clientId, clientSecret, partnerMid } = sandbox.credentials;
	const job = {
		variant,
		baseUrl: sandbox.baseUrl,
		clientId,
		clientSecret,
		partnerMid,
		n,
		requestsPerMinute,
	};
	const worker = path.join(__dirname, 'bench-worker.js');
	const { stdout } = await promisify(execFile)(
		process.execPath,
		['--expose-gc', worker, JSON.stringify(job)],
		{
			maxBuffer: 64 * 1024 * 1024,
		},
	);
	return JSON.parse(stdout.trim().split('\n').pop()!) as Sample;
}

async function withSandbox<T>(
	options: SandboxOptions,
	work: (sandbox: Sandbox) => Promise<T>,
): Promise<T> {
	const sandbox = await startSandbox(options);
	try {
		return await work(sandbox);
	} finally {
		await sandbox.close();
	}
}

/** Case 1: N creates, node vs plain loop, alternating so that drift hits both alike. */
async function createOverhead() {
	const node: Sample[] = [];
	const http: Sample[] = [];
	const fresh: Sample[] = [];
	const fixed: Sample[] = [];
	for (let rep = 0; rep < REPS; rep++) {
		node.push(await withSandbox({}, async (s) => await measure(s, 'node-create', N)));
		fixed.push(await withSandbox({}, async (s) => await measure(s, 'node-create-fixed', N)));
		http.push(await withSandbox({}, async (s) => await measure(s, 'http-create', N)));
		fresh.push(await withSandbox({}, async (s) => await measure(s, 'http-create-fresh', N)));
	}
	return {
		case: `${N} creates: node in n8n-core's engine vs plain axios loop`,
		nodeMs: stat(node.map((s) => s.ms)),
		httpMs: stat(http.map((s) => s.ms)),
		httpFreshConnectionMs: stat(fresh.map((s) => s.ms)),
		nodeWithoutExpressionsMs: stat(fixed.map((s) => s.ms)),
		ratio: stat(node.map((sample, k) => sample.ms / http[k].ms)),
		ratioToFreshConnections: stat(node.map((sample, k) => sample.ms / fresh[k].ms)),
		perItemOverheadMs: stat(node.map((sample, k) => (sample.ms - http[k].ms) / N)),
		failed: node.reduce((sum, s) => sum + s.failed, 0),
		goal: 'ratio ≤ 1.3',
	};
}

/** Case 2: token requests in one run of N items, first with an empty credential, then with the stored token. */
async function tokenUse() {
	return await withSandbox({}, async (sandbox) => {
		const credentials = new CredentialsHelper();
		const { clientId, clientSecret, partnerMid } = sandbox.credentials;
		credentials.set('cred-1', { baseUrl: sandbox.baseUrl, clientId, clientSecret });
		const tokens = () => sandbox.received('/user/oauth2/token/').length;
		const run = async () =>
			await runNode({
				credentials,
				items: Array.from({ length: N }, (_, k) => ({ id: `T-${k}` })),
				parameters: {
					resource: 'client',
					operation: 'create',
					partner: { __rl: true, mode: 'id', value: partnerMid },
					clientExternalId: '={{ $json.id }}',
					organizationName: '={{ "Token Co " + $json.id }}',
					options: { requestsPerMinute: UNPACED },
				},
			});
		await run();
		const first = tokens();
		await run();
		return {
			case: `token requests for a run of ${N} items`,
			firstRun: first,
			secondRunWithStoredToken: tokens() - first,
			apiRequests: sandbox.received('/api/').length,
			goal: '1, then 0',
		};
	});
}

/** Case 3: N creates against a throttling sandbox, the node paced at the throttle's rate. */
async function throttledImport() {
	const rate = (THROTTLE.limit * 60000) / THROTTLE.windowMs;
	const boundMs = (N / THROTTLE.limit) * THROTTLE.windowMs;
	const samples: Array<Sample & { throttled: number }> = [];
	for (let rep = 0; rep < Math.min(REPS, 3); rep++) {
		samples.push(
			await withSandbox({ throttle: THROTTLE }, async (sandbox) => {
				const sample = await measure(sandbox, 'node-create', N, rate);
				const throttled = sandbox.received('/api/').filter((r) => r.status === 429).length;
				if (sandbox.clients().length !== N - sample.failed)
					throw new Error('clients held do not match the items created');
				return { ...sample, throttled };
			}),
		);
	}
	return {
		case: `${N} creates, sandbox throttle ${THROTTLE.limit} per ${THROTTLE.windowMs} ms, Requests Per Minute ${rate}`,
		wallMs: stat(samples.map((s) => s.ms)),
		boundMs,
		wallOverBound: stat(samples.map((s) => s.ms / boundMs)),
		failedItems: samples.reduce((sum, s) => sum + s.failed, 0),
		answers429: samples.reduce((sum, s) => sum + s.throttled, 0),
		goal: '0 failed, wall ÷ bound ≤ 1.1',
	};
}

/** Case 4: Get Many with Return All over LIST_N clients vs a plain paginated fetch. */
async function getManyAll() {
	return await withSandbox({}, async (sandbox) => {
		for (let k = 0; k < LIST_N; k++) {
			sandbox.seedClient({
				client_external_id: `L-${k}`,
				contacts: [
					{ contact_type: 'organization', name: `List Co ${k}`, addresses: [], email: null },
				],
			});
		}
		const node: Sample[] = [];
		const http: Sample[] = [];
		for (let rep = 0; rep < REPS; rep++) {
			node.push(await measure(sandbox, 'node-getall', LIST_N));
			http.push(await measure(sandbox, 'http-getall', LIST_N));
		}
		if (node.some((s) => s.items !== LIST_N) || http.some((s) => s.items !== LIST_N))
			throw new Error('Get Many missed clients');
		return {
			case: `Get Many, Return All over ${LIST_N} clients vs plain paginated fetch`,
			nodeMs: stat(node.map((s) => s.ms)),
			httpMs: stat(http.map((s) => s.ms)),
			ratio: stat(node.map((sample, k) => sample.ms / http[k].ms)),
			nodeHeapGrowthMB: stat(node.map((s) => s.heapGrowthMB)),
			httpHeapGrowthMB: stat(http.map((s) => s.heapGrowthMB)),
			nodeMaxRssMB: stat(node.map((s) => s.maxRssMB)),
			httpMaxRssMB: stat(http.map((s) => s.maxRssMB)),
			goal: 'ratio ≤ 1.2',
		};
	});
}

async function main() {
	const started = Date.now();
	console.log(`Benchmarks: ${REPS} repetitions, N = ${N}, list of ${LIST_N}; median (min–max)\n`);
	const one = await createOverhead();
	console.log(
		`1. ${one.case}\n   node ${show(one.nodeMs, 0)} ms, plain ${show(one.httpMs, 0)} ms, plain with a new connection per request ${show(one.httpFreshConnectionMs, 0)} ms\n` +
			`   node with fixed values instead of 4 expressions per item ${show(one.nodeWithoutExpressionsMs, 0)} ms\n` +
			`   ratio ${show(one.ratio)} (goal ≤ 1.3), to the new-connection loop ${show(one.ratioToFreshConnections)}, overhead per item ${show(one.perItemOverheadMs, 3)} ms\n`,
	);
	const two = await tokenUse();
	console.log(
		`2. ${two.case}\n   first run ${two.firstRun}, second run with the stored token ${two.secondRunWithStoredToken} (goal 1, then 0)\n`,
	);
	const three = await throttledImport();
	console.log(
		`3. ${three.case}\n   wall ${show(three.wallMs, 0)} ms, bound ${three.boundMs} ms, wall ÷ bound ${show(three.wallOverBound)} (goal ≤ 1.1)\n   failed items ${three.failedItems}, 429 answers ${three.answers429}\n`,
	);
	const four = await getManyAll();
	console.log(
		`4. ${four.case}\n   node ${show(four.nodeMs, 0)} ms, plain ${show(four.httpMs, 0)} ms, ratio ${show(four.ratio)} (goal ≤ 1.2)\n   heap growth node ${show(four.nodeHeapGrowthMB, 1)} MB, plain ${show(four.httpHeapGrowthMB, 1)} MB; peak RSS node ${show(four.nodeMaxRssMB, 0)} MB, plain ${show(four.httpMaxRssMB, 0)} MB\n`,
	);

	const report = {
		node: process.version,
		reps: REPS,
		cases: [one, two, three, four],
		totalSeconds: Math.round((Date.now() - started) / 1000),
	};
	mkdirSync('bench-output', { recursive: true });
	writeFileSync('bench-output/bench.json', `${JSON.stringify(report, null, 2)}\n`);
	console.log(`Written to bench-output/bench.json (${report.totalSeconds} s).`);
}

main().catch((error: Error) => {
	console.error(error.stack ?? error.message);
	process.exit(1);
});
