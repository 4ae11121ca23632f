/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev code: drives a real n8n from Node.js */
/**
 * Requests per task (dev/requestBudget.ts): runs the example flows in a real n8n against the
 * sandbox, in the order a user would (clients, then invoices with PDFs, then sending), each
 * twice, and counts what the sandbox received; then, in the started n8n, example 5's form (and
 * the same submission again), example 6's first and next poll, example 10's quote accepted
 * (and the workflow run again), and one tool call through example 9's MCP Server Trigger (and the
 * same call again, as a model retries).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';

import {
	ACCEPTED_QUOTE,
	acceptQuote,
	documentReads,
	quoteForm,
	QUOTE_REQUEST,
	replayLast,
	replayQuoteRequest,
	seedQuoteToAccept,
	submitQuoteForm,
	until,
} from '../dev/liveExamples';
import { callTool, connectMcp, INVOICE_ARGS, MCP_SERVER, seedKnownClient } from '../dev/mcp';
import { seedClosedOffice } from '../dev/n8n';
import { apiRequests, TASKS, type Task } from '../dev/requestBudget';
import { startInstance, type Instance } from './instance';

export interface TaskRequests extends Task {
	requests: number;
	/** Requests ÷ minimum. */
	ratio: number;
	/** Requests per row or document. */
	perUnit: number | null;
	/** What the requests were: method and path pattern, counted. */
	breakdown: Record<string, number>;
}

/** `/api/partner/<mid>/sending/order/<mid>/item/` → `sending/order/:mid/item/`. */
const shape = (method: string, requestPath: string) =>
	`${method} ${requestPath
		.replace(/^\/api\/partner\/\d+\/?/, '')
		.replace(/\/\d+\//g, '/:mid/')
		.replace(/^\d+\//, ':mid/')}`;

export async function requestsPerTask(say: (line: string) => void): Promise<TaskRequests[]> {
	const folder = mkdtempSync(path.join(os.tmpdir(), 'makeleaps-bench-requests-'));
	const instance = await startInstance(folder);
	const { n8n, sandbox } = instance;
	try {
		const results: TaskRequests[] = [];
		// the runs `n8n execute` makes first; then those of the started n8n, in their order
		const executed = TASKS.filter((task) => !task.startsFrom);
		const started = TASKS.filter((task) => task.startsFrom);
		for (const task of [...executed, ...started]) {
			if (task === started[0]) await startWithFormPublished(instance);
			if (task.workflow === 'mlExample1Lifecycle' && task.run === 'first')
				seedClosedOffice(sandbox);
			sandbox.resetRequests();
			if (task.startsFrom === 'form') await submitForm(instance);
			else if (task.startsFrom === 'replay') await replay(instance, task.workflow);
			else if (task.startsFrom === 'poll') await nextPoll(instance, task.run);
			else if (task.startsFrom === 'accepted') await quoteAccepted(instance);
			else if (task.startsFrom === 'tool') await toolCall(instance, task.run);
			else {
				const { run, result } = await n8n.execute(task.workflow);
				if (result.code !== 0 || run?.status !== 'success')
					throw new Error(`${task.workflow} failed: ${run?.data.resultData.error?.message ?? ''}`);
			}
			const api = apiRequests(sandbox.requests);
			const breakdown: Record<string, number> = {};
			for (const request of api) {
				const key = shape(request.method, request.path);
				breakdown[key] = (breakdown[key] ?? 0) + 1;
			}
			const requests = api.length;
			results.push({
				...task,
				requests,
				ratio: Math.round((requests / task.minimum) * 100) / 100,
				perUnit: task.units > 0 ? Math.round((requests / task.units) * 100) / 100 : null,
				breakdown,
			});
			say(`   ${task.workflow} (${task.run}): ${requests} requests, minimum ${task.minimum}`);
		}
		return results;
	} finally {
		await instance.dispose();
		rmSync(folder, { recursive: true, force: true });
	}
}

/**
 * Starts n8n with example 5's form and example 9's MCP server published (n8n takes them up when
 * it starts), signed in.
 */
async function startWithFormPublished({ n8n }: Instance): Promise<void> {
	await n8n.publish('mlExample5FormQuote');
	await n8n.publish(MCP_SERVER.workflowId);
	await n8n.start();
	await n8n.login();
}

/** Example 5: the form submitted in the started n8n, and the run's PDF written. */
async function submitForm({ n8n, sandbox }: Instance): Promise<void> {
	const { url } = await quoteForm(n8n);
	sandbox.resetRequests();
	if ((await submitQuoteForm(url)) !== 200) throw new Error('example 5: the form was refused');
	const pdf = `${QUOTE_REQUEST[2]}--`;
	// the run goes on after the form's answer: it ends with the PDF written
	await until(
		60_000,
		() => readdirSync(n8n.outputFolder).some((f) => f.startsWith(pdf)) || undefined,
	);
}

/**
 * Example 6: its first poll, when published in the started n8n; then the next poll (a minute
 * later), in which nothing changed.
 */
async function nextPoll({ n8n, sandbox }: Instance, run: Task['run']): Promise<void> {
	if (run === 'first') {
		if ((await n8n.activate('mlExample6PaidInvoices')) !== 200)
			throw new Error('example 6: the trigger could not be published');
	}
	await until(90_000, () => documentReads(sandbox).length > 0 || undefined);
	// what the poll read after the list, if anything
	await sleep(2000);
}

/** An execution run again from n8n: example 5's submission, or example 10 from its trigger. */
async function replay({ n8n }: Instance, workflow: string): Promise<void> {
	if (workflow !== ACCEPTED_QUOTE.workflowId) await replayQuoteRequest(n8n);
	else await replayLast(n8n, workflow, ACCEPTED_QUOTE.trigger);
}

/**
 * Example 10: published alone (example 6 unpublished, so that its polls are not counted), its
 * first poll; then a quote accepted, counted from there to the end of the execution it starts.
 */
async function quoteAccepted({ n8n, sandbox }: Instance): Promise<void> {
	await n8n.activate('mlExample6PaidInvoices', false);
	const quote = seedQuoteToAccept(sandbox);
	sandbox.resetRequests();
	if ((await n8n.activate(ACCEPTED_QUOTE.workflowId)) !== 200)
		throw new Error('example 10: the trigger could not be published');
	await until(90_000, () => documentReads(sandbox).length > 0 || undefined);
	sandbox.resetRequests();
	const run = await acceptQuote(n8n, sandbox, String(quote.mid));
	if (run.status !== 'success') throw new Error(`example 10 failed: ${run.status}`);
}

/**
 * Example 9: an MCP client calls save_invoice for a client MakeLeaps has (put in the sandbox
 * before the first call), counted from the call to its answer; `again` is the same call again.
 */
async function toolCall({ n8n, sandbox }: Instance, run: Task['run']): Promise<void> {
	if (run === 'first') seedKnownClient(sandbox);
	const client = await connectMcp(n8n);
	try {
		sandbox.resetRequests();
		const answer = await callTool(client, 'save_invoice', INVOICE_ARGS);
		if (answer.isError) throw new Error(`example 9: save_invoice failed: ${answer.text}`);
	} finally {
		await client.close();
	}
}

/** The table `npm run bench` prints. */
export function requestsTable(results: TaskRequests[]): string {
	const rows = results.map(
		(r) =>
			`| ${r.what} | ${r.requests} | ${r.minimum} (${r.minimumIs}) | ${r.ratio.toFixed(2)}× | ${r.perUnit === null ? '–' : `${r.perUnit} per ${r.unit}`} | ${r.budget} |`,
	);
	return [
		'| Task | Requests | Minimum | ÷ minimum | Per unit | Test bound |',
		'|---|---|---|---|---|---|',
		...rows,
	].join('\n');
}
