/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- dev code: a benchmark process, never inside n8n */
/**
 * `npm run bench`: first the requests each example flow spends against the least the API needs
 * (bench-requests.ts; `npm run bench -- --requests` runs that part alone; `-- --far` runs only
 * the far-link bench of bench-far.ts instead; `-- --scale` only the account-size bench of
 * bench-scale.ts; `-- --pace` only the two pace cases, 3 and 5), then, in a real n8n, the MakeLeaps node against n8n's HTTP Request node doing
 * the same creates and against a plain keep-alive loop (see bench-n8n.ts); then the node in
 * n8n-core's engine (the test harness) against plain HTTP loops, all on the sandbox, in one run.
 * Each figure is the median of its runs with min and max (BENCH_N8N_REPS real-n8n runs, default
 * 3; BENCH_REPS harness runs, default 5, each a separate process). Prints a table and writes
 * bench-output/requests.json and bench-output/bench.json.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import { startSandbox, type Sandbox, type SandboxOptions } from '../sandbox/server';
import { CredentialsHelper } from '../dev/harness/credentials';
import { runNode } from '../dev/harness/engine';
import { farBench } from './bench-far';
import { executeCreates, keepAliveLoop, prepareN8n } from './bench-n8n';
import { requestsPerTask, requestsTable } from './bench-requests';
import { scaleBench, scaleTable } from './bench-scale';

const REPS = Number(process.env.BENCH_REPS ?? 5);
const N8N_REPS = Number(process.env.BENCH_N8N_REPS ?? 3);
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

/**
 * Case 0, the one that matters: N creates in a real n8n, the MakeLeaps node vs the HTTP Request
 * node (n8n's own time for the node) vs a keep-alive loop, alternating runs.
 */
async function realN8n() {
	return await withSandbox({}, async (sandbox) => {
		const n8n = await prepareN8n(sandbox, N);
		try {
			type Run = Awaited<ReturnType<typeof executeCreates>>;
			const node: Run[] = [];
			const evaluated: Run[] = [];
			const http: Run[] = [];
			const loop: Array<{ ms: number }> = [];
			for (let rep = 0; rep < N8N_REPS; rep++) {
				node.push(await executeCreates(n8n, sandbox, 'makeleaps'));
				evaluated.push(await executeCreates(n8n, sandbox, 'makeleapsEvaluated'));
				http.push(await executeCreates(n8n, sandbox, 'http'));
				loop.push(await keepAliveLoop(sandbox, N));
			}
			const perItem = (samples: Array<{ ms: number }>) => stat(samples.map((s) => s.ms / N));
			return {
				case: `${N} creates in a real n8n: MakeLeaps node vs HTTP Request node (OAuth2 client credentials) vs a keep-alive loop`,
				nodeMsPerItem: perItem(node),
				nodeEvaluatedMsPerItem: perItem(evaluated),
				httpRequestNodeMsPerItem: perItem(http),
				loopMsPerItem: perItem(loop),
				ratioToHttpRequestNode: stat(node.map((sample, k) => sample.ms / http[k].ms)),
				ratioToLoop: stat(node.map((sample, k) => sample.ms / loop[k].ms)),
				nodeTokens: node.map((s) => s.tokens),
				httpRequestNodeTokens: http.map((s) => s.tokens),
				goal: 'ratio to the HTTP Request node ≤ 0.6; tokens 1, then 0',
			};
		} finally {
			await n8n.dispose();
		}
	});
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
		const run = async () => {
			const result = await runNode({
				credentials,
				limits: { maxRequestsPerMinute: Infinity },
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
			if (result.error) throw new Error(`token case: ${result.error.message}`);
		};
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
		goal: '0 failed, wall ÷ bound ≤ 1.2 (the pace alone gives 1.11)',
	};
}

/**
 * Case 5: ten executions at once on one account (50 creates each) share its pace: against a
 * throttle of 200 requests per 8 s at 1,485 a minute, how near the throttle's bound they stay
 * (`test/node/transport/throttle-shared.test.ts` counts the 429s: none).
 */
async function sharedPace() {
	const executions = 10;
	const rows = 50;
	const throttle = { limit: 200, windowMs: 8000 };
	const boundMs = ((executions * rows) / throttle.limit) * throttle.windowMs;
	const samples: Array<{ ms: number; throttled: number; failed: number }> = [];
	for (let rep = 0; rep < Math.min(REPS, 3); rep++) {
		samples.push(
			await withSandbox({ throttle }, async (sandbox) => {
				const credentials = new CredentialsHelper();
				const { clientId, clientSecret, partnerMid } = sandbox.credentials;
				credentials.set('cred-1', { baseUrl: sandbox.baseUrl, clientId, clientSecret });
				const run = async (operation: string, items: Array<Record<string, string>>) =>
					await runNode({
						credentials,
						items,
						parameters: {
							resource: 'client',
							operation,
							partner: { __rl: true, mode: 'id', value: partnerMid },
							clientExternalId: '={{ $json.id }}',
							organizationName: '={{ "Shared Co " + $json.id }}',
							returnAll: false,
							limit: 1,
							options: { requestsPerMinute: 1485 },
						},
					});
				await run('getAll', [{}]); // a token first, as in a running n8n
				sandbox.resetRequests();
				const started = Date.now();
				const results = await Promise.all(
					Array.from(
						{ length: executions },
						async (_, e) =>
							await run(
								'create',
								Array.from({ length: rows }, (_, k) => ({ id: `S-${e}-${k}` })),
							),
					),
				);
				const ms = Date.now() - started;
				const throttled = sandbox.received('/api/').filter((r) => r.status === 429).length;
				return { ms, throttled, failed: results.filter((r) => r.error).length };
			}),
		);
	}
	return {
		case: `${executions} executions of ${rows} creates at once on one account, throttle ${throttle.limit} per ${throttle.windowMs} ms, Requests Per Minute 1485 each`,
		wallMs: stat(samples.map((s) => s.ms)),
		boundMs,
		wallOverBound: stat(samples.map((s) => s.ms / boundMs)),
		failedRuns: samples.reduce((sum, s) => sum + s.failed, 0),
		answers429: samples.reduce((sum, s) => sum + s.throttled, 0),
		goal: 'no 429, wall ÷ bound ≤ 1.25 (the pace alone gives 1.11)',
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
	if (process.argv.includes('--far')) return void (await farBench(process.argv));
	if (process.argv.includes('--scale')) return void (await scale());
	if (process.argv.includes('--pace')) return void (await paces());
	const started = Date.now();
	console.log('Requests per task: the example flows in a real n8n against the sandbox');
	const tasks = await requestsPerTask((line) => console.log(line));
	console.log(`\n${requestsTable(tasks)}\n`);
	mkdirSync('bench-output', { recursive: true });
	writeFileSync('bench-output/requests.json', `${JSON.stringify(tasks, null, 2)}\n`);
	console.log('Written to bench-output/requests.json.\n');
	if (process.argv.includes('--requests')) return;

	console.log(
		`Benchmarks: N = ${N}, list of ${LIST_N}; median (min–max) of ${N8N_REPS} runs in n8n, ${REPS} in the harness\n`,
	);
	const zero = await realN8n();
	console.log(
		`0. ${zero.case}\n   ms per item: MakeLeaps node ${show(zero.nodeMsPerItem)}, HTTP Request node ${show(zero.httpRequestNodeMsPerItem)}, loop ${show(zero.loopMsPerItem, 3)}\n` +
			`   MakeLeaps with every field evaluated by n8n (\`{{ ($json.key) }}\`) ${show(zero.nodeEvaluatedMsPerItem)} ms per item\n` +
			`   MakeLeaps ÷ HTTP Request node ${show(zero.ratioToHttpRequestNode)} (goal ≤ 0.6), MakeLeaps ÷ loop ${show(zero.ratioToLoop, 1)}\n` +
			`   token requests per run: MakeLeaps ${zero.nodeTokens.join(', ')}; HTTP Request ${zero.httpRequestNodeTokens.join(', ')} (goal 1, then 0)\n` +
			`Below: the node in n8n-core's engine (the test harness), without n8n's server around it.\n`,
	);
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
		`3. ${three.case}\n   wall ${show(three.wallMs, 0)} ms, bound ${three.boundMs} ms, wall ÷ bound ${show(three.wallOverBound)} (goal ≤ 1.2)\n   failed items ${three.failedItems}, 429 answers ${three.answers429}\n`,
	);
	const four = await getManyAll();
	console.log(
		`4. ${four.case}\n   node ${show(four.nodeMs, 0)} ms, plain ${show(four.httpMs, 0)} ms, ratio ${show(four.ratio)} (goal ≤ 1.2)\n   heap growth node ${show(four.nodeHeapGrowthMB, 1)} MB, plain ${show(four.httpHeapGrowthMB, 1)} MB; peak RSS node ${show(four.nodeMaxRssMB, 0)} MB, plain ${show(four.httpMaxRssMB, 0)} MB\n`,
	);

	const five = await sharedPace();
	console.log(
		`5. ${five.case}\n   wall ${show(five.wallMs, 0)} ms, bound ${five.boundMs} ms, wall ÷ bound ${show(five.wallOverBound)} (goal ≤ 1.25)\n   failed runs ${five.failedRuns}, 429 answers ${five.answers429}\n`,
	);

	const report = {
		node: process.version,
		reps: REPS,
		n8nReps: N8N_REPS,
		cases: [zero, one, two, three, four, five],
		totalSeconds: Math.round((Date.now() - started) / 1000),
	};
	mkdirSync('bench-output', { recursive: true });
	writeFileSync('bench-output/bench.json', `${JSON.stringify(report, null, 2)}\n`);
	console.log(`Written to bench-output/bench.json (${report.totalSeconds} s).`);
}

/** `--pace`: the two pace cases alone (3 and 5): how near a throttle's bound the pace stays. */
async function paces() {
	for (const [k, run] of [
		[3, throttledImport],
		[5, sharedPace],
	] as const) {
		const figures = await run();
		console.log(
			`${k}. ${figures.case}\n   wall ${show(figures.wallMs, 0)} ms, bound ${figures.boundMs} ms, wall ÷ bound ${show(figures.wallOverBound)}; 429 answers ${figures.answers429}\n`,
		);
	}
}

/** `--scale`: one event at 20 and at 2,000 clients of 10 invoices (bench-scale.ts). */
async function scale() {
	console.log('One event as the account grows: the examples in a real n8n against the sandbox');
	const runs = await scaleBench((line) => console.log(line));
	console.log(`\n${scaleTable(runs)}\n`);
	mkdirSync('bench-output', { recursive: true });
	writeFileSync('bench-output/scale.json', `${JSON.stringify(runs, null, 2)}\n`);
	console.log('Written to bench-output/scale.json.');
}

main().catch((error: Error) => {
	console.error(error.stack ?? error.message);
	process.exit(1);
});
