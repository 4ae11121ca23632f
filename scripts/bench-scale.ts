/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev code: drives a real n8n from Node.js */
/**
 * `npm run bench -- --scale`: what one event costs as the account grows. The sandbox is seeded
 * with 20, then with 2,000 clients of 10 invoices each (100 a page); in a real n8n (`n8n start`,
 * the examples published), each event is counted from its start to its end: tool calls through
 * example 9's MCP endpoint (save_invoice and save_client), example 5's form, example 10's
 * accepted quote, and, run first with `n8n execute`, a 100-row import. Prints a table with the
 * requests and seconds of each event at both sizes, and writes bench-output/scale.json.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
	ACCEPTED_QUOTE,
	acceptQuote,
	documentReads,
	endedExecution,
	executionsOf,
	QUOTE_REQUEST,
	quoteForm,
	seedQuoteToAccept,
	submitQuoteForm,
	until,
} from '../dev/liveExamples';
import { callTool, connectMcp, INVOICE_ARGS, MCP_SERVER } from '../dev/mcp';
import { CREDENTIAL, PACKAGE_NAME } from '../dev/n8n';
import { apiRequests } from '../dev/requestBudget';
import { startInstance, type Instance } from './instance';

/** The sizes compared: clients, each with this many invoices. */
const SIZES = [20, 2000];
const DOCUMENTS_PER_CLIENT = 10;
/** The known client of the events: seeded at both sizes (`C-<n>`, "Company <n>"). */
const KNOWN = 'C-7';
const BATCH_ROWS = 100;

export interface ScaleEvent {
	what: string;
	requests: number;
	seconds: number;
}
export interface ScaleRun {
	clients: number;
	documents: number;
	events: ScaleEvent[];
}

export async function scaleBench(say: (line: string) => void): Promise<ScaleRun[]> {
	const runs: ScaleRun[] = [];
	for (const clients of SIZES) {
		say(`\nThe sandbox with ${clients} clients of ${DOCUMENTS_PER_CLIENT} invoices, 100 a page`);
		const folder = mkdtempSync(path.join(os.tmpdir(), 'makeleaps-bench-scale-'));
		const instance = await startInstance(folder, { pageSize: 100 });
		try {
			instance.sandbox.seedAccount(clients, DOCUMENTS_PER_CLIENT);
			const events = await eventsOf(instance, (event) =>
				say(`   ${event.what}: ${event.requests} requests, ${event.seconds} s`),
			);
			runs.push({ clients, documents: clients * DOCUMENTS_PER_CLIENT, events });
		} finally {
			await instance.dispose();
			rmSync(folder, { recursive: true, force: true });
		}
	}
	return runs;
}

/** Every event, in order, each counted from its start to its end. */
async function eventsOf(
	instance: Instance,
	said: (event: ScaleEvent) => void,
): Promise<ScaleEvent[]> {
	const { n8n, sandbox } = instance;
	const events: ScaleEvent[] = [];
	const count = async (what: string, event: () => Promise<void>) => {
		sandbox.resetRequests();
		const started = Date.now();
		await event();
		const counted = {
			what,
			requests: apiRequests(sandbox.requests).length,
			seconds: Math.round((Date.now() - started) / 100) / 10,
		};
		events.push(counted);
		said(counted);
	};

	// a batch, run with `n8n execute` before n8n starts (as the requests bench does)
	await n8n.importWorkflow(batchWorkflow(n8n.outputFolder));
	const batch = async () => {
		const { run, result } = await n8n.execute(BATCH_WORKFLOW);
		if (result.code !== 0 || run?.status !== 'success')
			throw new Error(`the batch failed: ${run?.data.resultData.error?.message ?? result.stderr}`);
	};
	await count(`${BATCH_ROWS}-row import of invoices for 20 clients By External ID: new`, batch);
	await count('the same import again (unchanged)', batch);

	await n8n.publish('mlExample5FormQuote');
	await n8n.publish(MCP_SERVER.workflowId);
	await n8n.start();
	await n8n.login();

	const mcp = await connectMcp(n8n);
	try {
		const tool = (name: string, args: Record<string, unknown>) => async () => {
			const answer = await callTool(mcp, name, args);
			if (answer.isError) throw new Error(`${name} failed: ${answer.text}`);
		};
		const invoice = { ...INVOICE_ARGS, client_external_id: KNOWN };
		await count(
			'MCP save_invoice, a known client, new invoice: the first event of the process',
			tool('save_invoice', invoice),
		);
		const next = { ...invoice, invoice_external_id: 'JOB-1002' };
		await count('MCP save_invoice, a known client, new invoice', tool('save_invoice', next));
		await count('the same call again (unchanged)', tool('save_invoice', next));
		await count(
			'the same invoice changed (quantity)',
			tool('save_invoice', { ...next, quantity: 3 }),
		);
		const known = { client_external_id: KNOWN, organization_name: 'Company 7' };
		await count('MCP save_client, a known client (unchanged)', tool('save_client', known));
		const fresh = { client_external_id: 'NEW-1', organization_name: 'New Co' };
		await count('MCP save_client, a new client', tool('save_client', fresh));
	} finally {
		await mcp.close();
	}

	const { url } = await quoteForm(n8n);
	const submit = (answers: string[]) => async () => {
		const before = await executionsOf(n8n, 'mlExample5FormQuote');
		if ((await submitQuoteForm(url, answers)) !== 200) throw new Error('example 5 refused');
		const id = await until(60_000, async () => {
			const [newest] = await executionsOf(n8n, 'mlExample5FormQuote');
			return newest !== undefined && !before.includes(newest) ? newest : undefined;
		});
		const ended = await endedExecution(n8n, id);
		if (ended.status !== 'success')
			throw new Error(`example 5 failed: ${JSON.stringify(failures(ended.runData))}`);
	};
	await count('example 5, a form: a new requester, its quote and PDF', submit(QUOTE_REQUEST));
	const another = [...QUOTE_REQUEST.slice(0, 3), 'Website audit', '1'];
	await count('example 5, a form: a known requester, a new quote and PDF', submit(another));

	const quote = seedQuoteToAccept(sandbox);
	if ((await n8n.activate(ACCEPTED_QUOTE.workflowId)) !== 200)
		throw new Error('example 10: the trigger could not be published');
	sandbox.resetRequests();
	await until(90_000, () => documentReads(sandbox).length > 0 || undefined);
	await count(
		'example 10, a quote accepted: the poll that reports it, Convert and Send',
		async () => {
			const run = await acceptQuote(n8n, sandbox, String(quote.mid));
			if (run.status !== 'success') throw new Error(`example 10 failed: ${run.status}`);
		},
	);
	return events;
}

/** The errors of a run's nodes, by node. */
const failures = (runData: Record<string, Array<{ error?: { message?: string } }>>) =>
	Object.entries(runData).flatMap(([name, runs]) =>
		runs.filter((run) => run.error).map((run) => `${name}: ${run.error?.message}`),
	);

const BATCH_WORKFLOW = 'mlBenchScaleBatch';

/**
 * A sheet of `BATCH_ROWS` invoice rows (a CSV file in n8n's output folder, read as the examples
 * read theirs), each for one of 20 clients By External ID, through Document → Create or Update.
 */
function batchWorkflow(folder: string) {
	const file = path.join(folder, 'batch-invoices.csv');
	const rows = Array.from({ length: BATCH_ROWS }, (_, k) => `B-${k},C-${k % 20},Job ${k}`);
	writeFileSync(file, `invoice_id,client_id,description\n${rows.join('\n')}\n`);
	const node = (
		name: string,
		type: string,
		typeVersion: number,
		parameters: object,
		x: number,
	) => ({
		id: `bench-scale-${x}`,
		name,
		type,
		typeVersion,
		position: [x * 220, 0],
		parameters,
	});
	const nodes = [
		node('Start', 'n8n-nodes-base.manualTrigger', 1, {}, 0),
		node('Sheet file', 'n8n-nodes-base.readWriteFile', 1.1, { fileSelector: file, options: {} }, 1),
		node(
			'Sheet',
			'n8n-nodes-base.extractFromFile',
			1.1,
			{ operation: 'csv', binaryPropertyName: 'data', options: { headerRow: true } },
			2,
		),
		{
			...node(
				'Create or update invoice',
				`${PACKAGE_NAME}.makeLeaps`,
				1,
				{
					resource: 'document',
					operation: 'createOrUpdate',
					documentType: 'invoice',
					client: { __rl: true, mode: 'externalId', value: '={{ $json.client_id }}' },
					externalId: '={{ $json.invoice_id }}',
					date: '2026-02-01',
					lineItems: {
						line: [{ description: '={{ $json.description }}', unitPrice: 1000, taxRate: 10 }],
					},
					additionalFields: {},
					options: {},
				},
				3,
			),
			credentials: { makeLeapsApi: CREDENTIAL },
		},
	];
	const link = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });
	return {
		id: BATCH_WORKFLOW,
		name: 'Scale bench: a batch of invoices',
		nodes,
		connections: {
			Start: link('Sheet file'),
			'Sheet file': link('Sheet'),
			Sheet: link('Create or update invoice'),
		},
		settings: {},
	};
}

/** The table for docs/performance.md: one row per event, the sizes side by side. */
export function scaleTable(runs: ScaleRun[]): string {
	const [small, large] = runs;
	const size = (run: ScaleRun) => `${run.clients.toLocaleString('en')} × ${DOCUMENTS_PER_CLIENT}`;
	const rows = small.events.map((event, k) => {
		const other = large.events[k];
		return `| ${event.what} | ${event.requests} (${event.seconds} s) | ${other.requests} (${other.seconds} s) | ${other.requests - event.requests} |`;
	});
	return [
		`| Event | ${size(small)} | ${size(large)} | more at ${size(large)} |`,
		'| --- | ---: | ---: | ---: |',
		...rows,
	].join('\n');
}
