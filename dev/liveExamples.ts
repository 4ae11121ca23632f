/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev code: drives a real n8n from Node.js */
/**
 * The examples that start from outside n8n's `execute` command, driven in a started n8n: example
 * 5's published form, submitted as a browser would, and run again with the same submission as a
 * user re-runs an execution; example 6's trigger, which polls. The end-to-end tests and the
 * requests bench share them.
 */
import type { Sandbox } from '../sandbox/server';
import type { N8n, RunData } from './n8n';

/** Asks `probe` every 250 ms until it gives an answer, for at most `ms`. */
export async function until<T>(
	ms: number,
	probe: () => T | undefined | Promise<T | undefined>,
): Promise<T> {
	const deadline = Date.now() + ms;
	for (;;) {
		const answer = await probe();
		if (answer !== undefined) return answer;
		if (Date.now() > deadline) throw new Error(`nothing within ${ms / 1000} s`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** Example 5's form: Company, Your Name, Email, Service, Quantity, in order. */
export const QUOTE_REQUEST = [
	'Momiji Print K.K.',
	'Kobayashi',
	'Kobayashi@Momiji-Print.example.jp',
	'Logo design',
	'2',
];

/** The URL of example 5's published form; its page once n8n serves it. */
export async function quoteForm(n8n: N8n): Promise<{ url: string; page: string }> {
	const url = `${n8n.url}/form/makeleaps-quote`;
	// n8n 2 activates published workflows shortly after it is ready.
	const page = await until(30_000, async () => {
		const answer = await fetch(url);
		return answer.ok ? await answer.text() : undefined;
	});
	return { url, page };
}

/** Submits example 5's form with `answers`; answers the HTTP status (the run goes on after). */
export async function submitQuoteForm(url: string, answers = QUOTE_REQUEST): Promise<number> {
	const form = new FormData();
	answers.forEach((answer, index) => form.append(`field-${index}`, answer));
	const submitted = await fetch(url, { method: 'POST', body: form });
	return submitted.status;
}

/** A stored execution of a started n8n, once it ended: its status and what each node gave. */
export interface Execution {
	id: string;
	status: string;
	runData: RunData['data']['resultData']['runData'];
}

/**
 * Example 5 run again with the form submission of its last execution: the answers and the
 * `submittedAt` n8n gave them, unchanged. This is what the editor sends when a user runs the
 * workflow from a trigger that holds an execution's data (a past execution opened with *Debug in
 * editor*, then run): the trigger gives that data again, and every node after it runs. Answers
 * the new execution once it ended.
 */
export async function replayQuoteRequest(n8n: N8n): Promise<Execution> {
	const workflowId = 'mlExample5FormQuote';
	const listed = await n8n.rest(
		'GET',
		`/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`,
	);
	const executions = (
		listed.body as { data: { results: Array<{ id: string; workflowId: string }> } }
	).data.results;
	// newest first
	const last = executions.find((execution) => execution.workflowId === workflowId);
	if (!last) throw new Error(`n8n lists no execution of ${workflowId}`);
	const previous = await endedExecution(n8n, last.id);
	const trigger = 'Quote request form';
	const workflow = await n8n.rest('GET', `/rest/workflows/${workflowId}`);
	const started = await n8n.rest('POST', `/rest/workflows/${workflowId}/run`, {
		// n8n 1.x takes the workflow from the request, 2.x from its database
		workflowData: (workflow.body as { data: unknown }).data,
		triggerToStartFrom: { name: trigger, data: previous.runData[trigger][0] },
	});
	const { executionId } = (started.body as { data: { executionId?: string } }).data;
	if (!started.ok || !executionId)
		throw new Error(`n8n did not run ${workflowId}: ${JSON.stringify(started.body)}`);
	return await endedExecution(n8n, executionId);
}

/** An execution of a started n8n once it ended, waiting for it at most a minute. */
async function endedExecution(n8n: N8n, id: string): Promise<Execution> {
	return await until(60_000, async () => {
		const answer = await n8n.rest('GET', `/rest/executions/${id}`);
		const execution = (answer.body as { data?: { status: string; data: string } }).data;
		if (!execution || ['new', 'running', 'waiting'].includes(execution.status)) return undefined;
		const data = unflatten(execution.data) as RunData['data'];
		return { id, status: execution.status, runData: data.resultData.runData };
	});
}

/**
 * n8n stores a run as `flatted` text: a JSON list whose first entry is the value, where every
 * string inside an object or list is the index of the entry it stands for.
 */
function unflatten(text: string): unknown {
	const entries = JSON.parse(text) as unknown[];
	const made = new Map<number, unknown>();
	const value = (index: number): unknown => {
		if (made.has(index)) return made.get(index);
		const entry = entries[index];
		if (typeof entry !== 'object' || entry === null) return entry;
		const copy: Record<string, unknown> = Array.isArray(entry) ? ([] as never) : {};
		made.set(index, copy);
		for (const [key, inner] of Object.entries(entry))
			copy[key] = typeof inner === 'string' ? value(Number(inner)) : inner;
		return copy;
	};
	return value(0);
}

/** The document list reads the sandbox received: one per poll of example 6's trigger. */
export const documentReads = (sandbox: Sandbox) =>
	sandbox.received('/api/').filter((r) => r.path.endsWith('/document/'));
