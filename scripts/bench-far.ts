/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- dev code: a benchmark process, never inside n8n */
/**
 * `npm run bench -- --far [--far-count N] [--far-rtt MS]`: requests a minute far from MakeLeaps. At round trips
 * of 0, 100 and 250 ms (dev/farLink.ts: two round trips per new connection, half a round trip
 * per chunk each way), N new rows (200 by default) through Client → Create or Update (the token,
 * the client list, N creates), then the same N again (the Create or Update re-run: reads only),
 * against a sandbox throttled as the real API (120 a minute), at the node's default pace. The
 * node runs in n8n-core's engine (dev/harness/engine.ts): n8n's own request helper, which makes a new
 * connection per request as in n8n. Beside it, a loop on one keep-alive connection paced at 120
 * a minute sends the same requests (its own token once, then the node's requests as the sandbox
 * recorded them) through the same link. Then N invoices with their numbers through Document →
 * Create or Update (the node alone). Prints a table and writes bench-output/far.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';

import axios from 'axios';
import type { INodeParameters } from 'n8n-workflow';

import { startFarSandbox, type FarSandbox } from '../dev/farSandbox';
import { CredentialsHelper } from '../dev/harness/credentials';
import { runNode } from '../dev/harness/engine';
import type { RecordedRequest, SandboxOptions } from '../sandbox/server';

const RTTS_MS = [0, 100, 250];
const ACCOUNT_PER_MINUTE = 120;
const GOAL_PER_MINUTE = 110;
/** The real API's throttle: 120 requests a minute. */
const sandboxOptions = (): SandboxOptions => ({
	throttle: { limit: ACCOUNT_PER_MINUTE, windowMs: 60000 },
});

/** One task as one side ran it: what crossed the link and how long it took. */
interface Leg {
	requests: number;
	seconds: number;
	perMinute: number;
	connections: number;
	answers429: number;
}
type Task = 'creates' | 're-run';
export interface FarRow {
	rttMs: number;
	task: Task | 'invoices';
	node: Leg;
	/** The one-connection loop's leg (none for the invoices: the node alone). */
	loop?: Leg;
}

const rowsOf = (n: number) =>
	Array.from({ length: n }, (_, k) => ({
		id: `FAR-${k + 1}`,
		org: `Far Company ${k + 1}`,
		family: 'Sato',
		email: `sato${k + 1}@example.com`,
	}));

/** Client → Create or Update of the rows, at the node's default pace (no Requests Per Minute). */
const upsert = (partnerMid: string): INodeParameters => ({
	resource: 'client',
	operation: 'createOrUpdate',
	partner: { __rl: true, mode: 'id', value: partnerMid },
	clientExternalId: '={{ $json.id }}',
	organizationName: '={{ $json.org }}',
	personFamilyName: '={{ $json.family }}',
	personEmail: '={{ $json.email }}',
});

/** Runs a task and counts the requests the sandbox received and the link's new connections. */
async function measured(far: FarSandbox, work: () => Promise<void>): Promise<Leg> {
	const before = { requests: far.sandbox.requests.length, connections: far.link.connections };
	const started = performance.now();
	await work();
	const seconds = (performance.now() - started) / 1000;
	const received = far.sandbox.requests.slice(before.requests);
	return {
		requests: received.length,
		seconds,
		perMinute: (received.length / seconds) * 60,
		connections: far.link.connections - before.connections,
		answers429: received.filter((r) => r.status === 429).length,
	};
}

/** The API requests of a task, as the loop sends them again (429s left out: their retry follows). */
const replayable = (received: RecordedRequest[]) =>
	received.filter((r) => r.path.startsWith('/api/') && r.status !== 429);

interface NodeLegs {
	legs: Record<Task, Leg>;
	partnerMid: string;
	requests: Record<Task, RecordedRequest[]>;
}

/** The node: N new rows, then the same rows again, with the credential's stored token. */
async function nodeRuns(rttMs: number, count: number): Promise<NodeLegs> {
	const far = await startFarSandbox(rttMs, sandboxOptions());
	try {
		const { clientId, clientSecret, partnerMid } = far.sandbox.credentials;
		const credentials = new CredentialsHelper();
		credentials.set('cred-1', { baseUrl: far.sandbox.baseUrl, clientId, clientSecret });
		const task = (expected: string) => async () => {
			const result = await runNode({
				credentials,
				items: rowsOf(count),
				parameters: upsert(partnerMid),
			});
			const operations = result.output.map((item) => item.json.operation);
			if (result.error || operations.length !== count || operations.some((o) => o !== expected))
				throw new Error(
					`the node's run did not end with ${count} ${expected}: ${result.error?.message}`,
				);
		};
		const start = far.sandbox.requests.length;
		const creates = await measured(far, task('created'));
		const middle = far.sandbox.requests.length;
		const rerun = await measured(far, task('unchanged'));
		if (far.sandbox.clients().length !== count) throw new Error('the node made clients twice');
		const { requests } = far.sandbox;
		return {
			legs: { creates, 're-run': rerun },
			partnerMid,
			requests: {
				creates: replayable(requests.slice(start, middle)),
				're-run': replayable(requests.slice(middle)),
			},
		};
	} finally {
		await far.close();
	}
}

/**
 * The node: N invoices, each with its Document Number, for one client through Document → Create
 * or Update (the document list, the client's default contact, N creates): document writes are in
 * flight only when every row gives its number.
 */
async function invoiceRun(rttMs: number, count: number): Promise<Leg> {
	const far = await startFarSandbox(rttMs, sandboxOptions());
	try {
		const { clientId, clientSecret, partnerMid } = far.sandbox.credentials;
		const client = far.sandbox.seedClient({
			client_external_id: 'FAR-CLIENT',
			contacts: [{ contact_type: 'organization', name: 'Far Trading', addresses: [], email: null }],
		});
		const credentials = new CredentialsHelper();
		credentials.set('cred-1', { baseUrl: far.sandbox.baseUrl, clientId, clientSecret });
		const items = Array.from({ length: count }, (_, k) => ({ id: `FAR-INV-${k + 1}` }));
		return await measured(far, async () => {
			const result = await runNode({
				credentials,
				items,
				parameters: {
					resource: 'document',
					operation: 'createOrUpdate',
					partner: { __rl: true, mode: 'id', value: partnerMid },
					documentType: 'invoice',
					client: { __rl: true, mode: 'id', value: String(client.mid) },
					externalId: '={{ $json.id }}',
					documentNumber: '={{ $json.id }}',
					date: '2026-11-30',
					lineItems: {
						line: [{ description: 'Far work', quantity: 1, unitPrice: 1000, taxRate: 10 }],
					},
				},
			});
			const made = result.output.filter((item) => item.json.operation === 'created').length;
			if (result.error || made !== count || far.sandbox.documentsOf().length !== count)
				throw new Error(`the node did not make ${count} invoices once: ${result.error?.message}`);
		});
	} finally {
		await far.close();
	}
}

/** A hand-written client: one keep-alive connection, a request every 500 ms at most. */
class PacedLoop {
	private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
	private nextSlot = 0;

	constructor(private readonly baseUrl: string) {}

	async send(method: string, url: string, body: string, headers: Record<string, string>) {
		for (let attempt = 1; ; attempt++) {
			const wait = this.nextSlot - performance.now();
			if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
			this.nextSlot = Math.max(this.nextSlot, performance.now()) + 60000 / ACCOUNT_PER_MINUTE;
			const answer = await axios.request({
				method,
				url: `${this.baseUrl}${url}`,
				data: body || undefined,
				headers,
				httpAgent: this.agent,
				validateStatus: () => true,
			});
			if (answer.status === 429 && attempt < 5) {
				const seconds = Number(answer.headers['retry-after'] ?? 1);
				this.nextSlot = performance.now() + seconds * 1000;
				continue;
			}
			if (answer.status >= 300) throw new Error(`loop: ${method} ${url} answered ${answer.status}`);
			return answer.data as { access_token?: string };
		}
	}

	close() {
		this.agent.destroy();
	}
}

/** The loop: its own token once, then the node's requests of each task, in the same order. */
async function loopRuns(rttMs: number, node: NodeLegs, count: number): Promise<Record<Task, Leg>> {
	const far = await startFarSandbox(rttMs, sandboxOptions());
	try {
		const { clientId, clientSecret, partnerMid } = far.sandbox.credentials;
		const swap = (text: string) => text.split(node.partnerMid).join(partnerMid);
		const headers: Record<string, string> = { 'Content-Type': 'application/json' };
		const task = (which: Task) => async () => {
			const loop = new PacedLoop(far.sandbox.baseUrl);
			if (!headers.Authorization) {
				const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
				const { access_token } = await loop.send(
					'POST',
					'/user/oauth2/token/',
					'grant_type=client_credentials',
					{ Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
				);
				headers.Authorization = `Bearer ${String(access_token)}`;
			}
			for (const r of node.requests[which])
				await loop.send(r.method, swap(r.url), swap(r.body), headers);
			loop.close();
		};
		const creates = await measured(far, task('creates'));
		const rerun = await measured(far, task('re-run'));
		if (far.sandbox.clients().length !== count)
			throw new Error('the loop did not make every client');
		return { creates, 're-run': rerun };
	} finally {
		await far.close();
	}
}

const cell = (value: number, digits = 0) => value.toFixed(digits);

/** The table: one line per round trip and task. */
export function farTable(rows: FarRow[]): string {
	const head = [
		'rtt ms',
		'task',
		'requests',
		'seconds',
		'req/min',
		'connections',
		'÷ 120',
		"loop's req/min",
	];
	const lines = rows.map((row) => [
		String(row.rttMs),
		row.task,
		String(row.node.requests),
		cell(row.node.seconds, 1),
		cell(row.node.perMinute),
		String(row.node.connections),
		cell(row.node.perMinute / ACCOUNT_PER_MINUTE, 2),
		row.loop
			? `${cell(row.loop.perMinute)} (${row.loop.requests} requests, ${row.loop.connections} connection${row.loop.connections === 1 ? '' : 's'})`
			: '—',
	]);
	return [head, head.map(() => '---'), ...lines]
		.map((cells) => `| ${cells.join(' | ')} |`)
		.join('\n');
}

/** The far bench: `--far-count N` rows instead of 200; `--far-rtt MS` one round trip only. */
export async function farBench(argv: string[]): Promise<FarRow[]> {
	const at = argv.indexOf('--far-count');
	const count = at >= 0 ? Number(argv[at + 1]) : 200;
	if (!Number.isInteger(count) || count < 1)
		throw new Error('--far-count takes a whole number of rows');
	const started = Date.now();
	const only = argv.indexOf('--far-rtt');
	const rtts = only >= 0 ? [Number(argv[only + 1])] : RTTS_MS;
	console.log(
		`Far from MakeLeaps: ${count} new rows through Client → Create or Update, then the re-run, then ${count} numbered invoices through Document → Create or Update, at the node's default pace against a sandbox throttled at ${ACCOUNT_PER_MINUTE} a minute, through a link of ${rtts.join(', ')} ms; the node in n8n-core's engine, beside a one-connection loop paced at ${ACCOUNT_PER_MINUTE} a minute\n`,
	);
	const rows: FarRow[] = [];
	for (const rttMs of rtts) {
		const node = await nodeRuns(rttMs, count);
		const loop = await loopRuns(rttMs, node, count);
		for (const task of ['creates', 're-run'] as const) {
			rows.push({ rttMs, task, node: node.legs[task], loop: loop[task] });
			console.log(
				`  ${rttMs} ms, ${task}: node ${cell(node.legs[task].perMinute)} a minute, loop ${cell(loop[task].perMinute)}`,
			);
		}
		const invoices = await invoiceRun(rttMs, count);
		rows.push({ rttMs, task: 'invoices', node: invoices });
		console.log(`  ${rttMs} ms, invoices: node ${cell(invoices.perMinute)} a minute`);
	}
	console.log(`\n${farTable(rows)}\n`);
	const far = rows.find((row) => row.rttMs === Math.max(...rtts) && row.task === 'creates')!;
	console.log(
		`At ${far.rttMs} ms the node made ${cell(far.node.perMinute)} requests a minute for ${count} creates (goal at 250 ms: ≥ ${GOAL_PER_MINUTE}).`,
	);
	mkdirSync('bench-output', { recursive: true });
	const seconds = Math.round((Date.now() - started) / 1000);
	writeFileSync('bench-output/far.json', `${JSON.stringify({ count, rows, seconds }, null, 2)}\n`);
	console.log(`Written to bench-output/far.json (${seconds} s).`);
	return rows;
}
