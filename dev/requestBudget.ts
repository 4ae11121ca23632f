/**
 * Requests per task of the example flows, against the least the MakeLeaps API needs for the same
 * work. MakeLeaps allows an account 120 requests a minute and about 5,000 a day, so requests, not
 * milliseconds, are the speed a user feels. `npm run bench` runs the flows and prints the table
 * (bench-output/requests.json); the end-to-end tests hold the node to each task's `budget`.
 *
 * The minimum assumes the same inputs (Partner left empty, so one read of the API key's partner
 * per execution) and counts only what the API cannot do without: a list read where the flow must
 * find records by the user's own IDs, one request per record written or PDF downloaded, the
 * current default contact of the clients of new documents and the current number of the documents
 * whose PDFs are named (a read, or one list read for several: both may change between two nodes),
 * and, per document sent, its sending order made, the document added, one look at the order once
 * it is validated, and the send.
 */
import type { RecordedRequest } from '../sandbox/server';

export interface Task {
	/** The example workflow's id. */
	workflow: string;
	/** The run: the first, or again with nothing changed. */
	run: 'first' | 'again';
	/**
	 * How the run starts: by `n8n execute` (unset), from example 5's form submitted to a started
	 * n8n or that submission run again (as from n8n's executions), by the polls of example 6's
	 * published trigger (its first, then a quiet one), or by example 10's trigger reporting a
	 * quote its client accepted (that execution run again is a `replay` too), or by an MCP client
	 * calling a tool of example 9's MCP Server Trigger.
	 */
	startsFrom?: 'form' | 'replay' | 'poll' | 'accepted' | 'tool';
	/** What the run does, in a user's words. */
	what: string;
	/** How many rows or documents the run handles, to give requests per unit. */
	units: number;
	unit: string;
	/** The least the API needs, and how it adds up. */
	minimum: number;
	minimumIs: string;
	/** The most the node may spend: the end-to-end tests fail above it. */
	budget: number;
}

export const TASKS: Task[] = [
	{
		workflow: 'mlExample1Lifecycle',
		run: 'first',
		what: 'create 2 clients, update 1, delete 1 (a closed office)',
		units: 4,
		unit: 'operation',
		minimum: 6,
		minimumIs: 'partner + client list + 2 creates + update + delete',
		// each of the 3 nodes that find clients by external ID reads the list; the update reads
		// the client first (only what differs is sent); the delete looks for its documents first
		budget: 10,
	},
	{
		workflow: 'mlExample1Lifecycle',
		run: 'again',
		what: 'the same again (both clients as they should be, the closed office gone: nothing written)',
		units: 4,
		unit: 'operation',
		minimum: 2,
		minimumIs: 'partner + client list',
		budget: 5,
	},
	{
		workflow: 'mlExample3ErrorOutput',
		run: 'first',
		what: '4 rows, 2 of them invalid: 2 clients created, 2 rows on the error output',
		units: 4,
		unit: 'row',
		minimum: 4,
		minimumIs: 'partner + client list + 2 creates (nothing sent for an invalid row)',
		budget: 4,
	},
	{
		workflow: 'mlExample3ErrorOutput',
		run: 'again',
		what: 'the same 4 rows again: 2 unchanged, the 2 invalid ones on the error output again',
		units: 4,
		unit: 'row',
		minimum: 2,
		minimumIs: 'partner + client list',
		budget: 2,
	},
	{
		workflow: 'mlExample2SheetImport',
		run: 'first',
		what: 'import 5 new clients from a sheet',
		units: 5,
		unit: 'row',
		minimum: 7,
		minimumIs: 'partner + client list + 5 creates',
		budget: 7,
	},
	{
		workflow: 'mlExample2SheetImport',
		run: 'again',
		what: 'import the same 5 clients again (nothing changed)',
		units: 5,
		unit: 'row',
		minimum: 2,
		minimumIs: 'partner + client list',
		budget: 2,
	},
	{
		workflow: 'mlExample8PreviewImport',
		run: 'first',
		what: 'preview the same 5 clients, then import what would change (nothing)',
		units: 5,
		unit: 'row',
		minimum: 2,
		minimumIs: 'partner + client list',
		budget: 2,
	},
	{
		workflow: 'mlExample4SheetInvoices',
		run: 'first',
		what: '3 clients, 3 invoices (8 sheet rows) and their 3 PDFs',
		units: 3,
		unit: 'invoice',
		minimum: 15,
		minimumIs:
			'partner + client list + 3 creates + invoice list + client list (default contacts) + invoice templates (the default, sent) + 3 creates + document list (numbers) + 3 PDFs',
		budget: 15,
	},
	{
		workflow: 'mlExample4SheetInvoices',
		run: 'again',
		what: 'the same sheet again (nothing changed, no PDF, no mail)',
		units: 3,
		unit: 'invoice',
		minimum: 3,
		minimumIs: 'partner + client list + invoice list',
		budget: 3,
	},
	{
		workflow: 'mlExample7SendInvoices',
		run: 'first',
		what: 'send 3 unsent invoices (3 clients)',
		units: 3,
		unit: 'invoice',
		minimum: 14,
		minimumIs: 'partner + invoice list + 3 × (order + add + ready + send)',
		budget: 16,
	},
	{
		workflow: 'mlExample7SendInvoices',
		run: 'again',
		what: 'the same again (all sent: nothing to send)',
		units: 0,
		unit: 'invoice',
		minimum: 2,
		minimumIs: 'partner + invoice list',
		budget: 2,
	},
	{
		workflow: 'mlExample5FormQuote',
		run: 'first',
		startsFrom: 'form',
		what: 'a quote request form: a new client, its quote and the PDF',
		units: 1,
		unit: 'quote',
		minimum: 9,
		minimumIs:
			'partner + client list + client create + quote list (of the day) + client (default contact) + quote templates (the default, sent) + quote create + quote (number) + PDF',
		budget: 9,
	},
	{
		workflow: 'mlExample5FormQuote',
		run: 'again',
		startsFrom: 'replay',
		what: 'the same submission again (its quote found unchanged: no PDF, no mail)',
		units: 1,
		unit: 'quote',
		minimum: 3,
		minimumIs: 'partner + client list + quote list (of the day)',
		budget: 3,
	},
	{
		workflow: 'mlExample6PaidInvoices',
		run: 'first',
		startsFrom: 'poll',
		what: "the paid-invoice trigger's first poll, when it is published",
		units: 1,
		unit: 'poll',
		minimum: 2,
		minimumIs: 'partner + invoice list',
		budget: 2,
	},
	{
		workflow: 'mlExample6PaidInvoices',
		run: 'again',
		startsFrom: 'poll',
		what: 'a poll of that trigger in which nothing changed',
		units: 1,
		unit: 'poll',
		minimum: 1,
		minimumIs: 'invoice list',
		budget: 1,
	},
	{
		workflow: 'mlExample10AcceptedQuote',
		run: 'first',
		startsFrom: 'accepted',
		what: 'a quote accepted: the poll that reports it, its invoice made and sent',
		units: 1,
		unit: 'quote',
		minimum: 10,
		minimumIs:
			'quote list (the poll) + partner + quote + invoice list (by External ID) + invoice templates (the default, sent) + invoice create + order + add + ready + send',
		// Send reads the invoice first, to check it is not sent yet
		budget: 11,
	},
	{
		workflow: 'mlExample10AcceptedQuote',
		run: 'again',
		startsFrom: 'replay',
		what: 'run again from n8n (the trigger gives its sample, the same quote; its invoice found unchanged: nothing made or sent)',
		units: 1,
		unit: 'quote',
		minimum: 4,
		minimumIs: 'partner + quote list (the sample) + quote + invoice list (by External ID)',
		// the trigger and Convert each look the partner up (Partner empty)
		budget: 5,
	},
	{
		workflow: 'mlExample9McpServer',
		run: 'first',
		startsFrom: 'tool',
		what: 'one tool call through the MCP Server Trigger: create or update an invoice for a known client (made)',
		units: 1,
		unit: 'invoice',
		minimum: 5,
		minimumIs:
			'partner + client list (the client by External ID, its default contact) + invoice list (by External ID) + invoice templates (the default, sent; later calls of the process send the one learnt) + invoice create',
		budget: 5,
	},
	{
		workflow: 'mlExample9McpServer',
		run: 'again',
		startsFrom: 'tool',
		what: 'the same tool call again, as a model retries (its invoice found unchanged: nothing written)',
		units: 1,
		unit: 'invoice',
		minimum: 3,
		minimumIs: 'partner + client list + invoice list (by External ID)',
		budget: 3,
	},
];

export const taskOf = (workflow: string, run: Task['run']): Task => {
	const task = TASKS.find((t) => t.workflow === workflow && t.run === run);
	if (!task) throw new Error(`no request budget for ${workflow} (${run})`);
	return task;
};

/** The requests a run sent to the API (token requests and file downloads aside). */
export const apiRequests = (requests: readonly RecordedRequest[]) =>
	requests.filter((r) => r.path.startsWith('/api/'));
