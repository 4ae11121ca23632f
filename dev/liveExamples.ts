/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev code: drives a real n8n from Node.js */
/**
 * The examples that start from outside n8n's `execute` command, driven in a started n8n: example
 * 5's published form, submitted as a browser would, and run again with the same submission as a
 * user re-runs an execution; example 6's trigger, which polls; example 10's, which polls for an
 * accepted quote, and its execution run again. The end-to-end tests and the requests bench share
 * them.
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
	return await replayLast(n8n, 'mlExample5FormQuote', 'Quote request form');
}

/** The IDs of a workflow's executions, newest first. */
export async function executionsOf(n8n: N8n, workflowId: string): Promise<string[]> {
	const listed = await n8n.rest(
		'GET',
		`/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`,
	);
	const executions = (
		listed.body as { data: { results: Array<{ id: string; workflowId: string }> } }
	).data.results;
	return executions.filter((execution) => execution.workflowId === workflowId).map((e) => e.id);
}

/**
 * A workflow's last execution run again from its trigger's data, as a user does from n8n's
 * executions (see `replayQuoteRequest`); answers the new execution once it ended.
 */
export async function replayLast(n8n: N8n, workflowId: string, trigger: string) {
	const [last] = await executionsOf(n8n, workflowId);
	if (!last) throw new Error(`n8n lists no execution of ${workflowId}`);
	const previous = await endedExecution(n8n, last);
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
export async function endedExecution(n8n: N8n, id: string): Promise<Execution> {
	return await until(60_000, async () => {
		const answer = await n8n.rest('GET', `/rest/executions/${id}`);
		const execution = (answer.body as { data?: { status: string; data: string } }).data;
		if (!execution || ['new', 'running', 'waiting'].includes(execution.status)) return undefined;
		// n8n 1.x may give an execution's end before its data is saved: asked again
		if (typeof execution.data !== 'string' || execution.data === '') return undefined;
		const data = unflatten(execution.data) as RunData['data'] | undefined;
		if (!data?.resultData) return undefined;
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

/** Example 10: its workflow and its trigger's name. */
export const ACCEPTED_QUOTE = {
	workflowId: 'mlExample10AcceptedQuote',
	trigger: 'When a quote is accepted',
};

/**
 * What example 10 starts from: a client with a person to e-mail (Send's Secure Send goes to the
 * client's contact) and a quote for it, stored in the sandbox. Answers the quote.
 */
export function seedQuoteToAccept(sandbox: Sandbox, number = 'Q-ACCEPT-1') {
	const client = sandbox.seedClient({
		client_external_id: `EX10-${number}`,
		contacts: [
			{ contact_type: 'organization', name: 'Hinode Foods K.K.', addresses: [], email: null },
			{
				contact_type: 'person',
				family_name: 'Mori',
				addresses: [],
				email: { address: 'mori@hinode-foods.example.jp' },
			},
		],
	});
	const json = sandbox.clients().find((c) => c.mid === client.mid)!;
	return sandbox.seedDocument({
		document_type: 'quote',
		document_number: number,
		client: json.url,
		client_contact: (json.contacts[1] as { url: string }).url,
		lineitems: [
			{ kind: 'normal', description: 'Catering', quantity: '3', unit_cost: '40000', tax_rate: '8' },
		],
		autocalculate: true,
	});
}

/**
 * Accepts `quoteMid` as its client does in MakeLeaps, and waits (at most two polls) for the
 * execution of example 10 that the published trigger starts to end.
 */
export async function acceptQuote(n8n: N8n, sandbox: Sandbox, quoteMid: string) {
	const before = await executionsOf(n8n, ACCEPTED_QUOTE.workflowId);
	sandbox.mark(quoteMid, 'accepted');
	const id = await until(150_000, async () => {
		const [newest] = await executionsOf(n8n, ACCEPTED_QUOTE.workflowId);
		return newest !== undefined && !before.includes(newest) ? newest : undefined;
	});
	return await endedExecution(n8n, id);
}
