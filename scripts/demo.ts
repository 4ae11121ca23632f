/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev code: drives a real n8n from Node.js */
/**
 * `npm run demo`: starts the MakeLeaps sandbox and a real n8n with this package installed as a
 * community node, runs example workflows 1, 2, 4 and 7 with n8n's CLI, then starts n8n with example
 * 9 published and makes one MCP tool call to it, and prints what the sandbox saw: clients and
 * invoices created, modified and deleted, PDFs downloaded, invoices sent, and the requests it
 * received. The invoices' PDFs land in demo-output/invoices/.
 * `npm run demo -- --ui` then keeps n8n and the sandbox running for trying the node by hand.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

import type { RecordedRequest } from '../sandbox/server';
import { callTool, connectMcp, MCP_SERVER, mcpUrl } from '../dev/mcp';
import { ROOT, seedClosedOffice } from '../dev/n8n';
import {
	openEditor,
	say,
	startEditor,
	startInstance,
	stopOnSignals,
	type Instance,
} from './instance';

interface ClientJson {
	mid?: string;
	client_external_id?: string;
	display_name?: string;
}

interface DocumentJson {
	mid?: string;
	document_number?: string;
	document_type?: string;
	total?: string;
	currency?: string;
}

const OUTPUT_FOLDER = path.join(ROOT, 'demo-output', 'invoices');

/** What one run did, told from the sandbox's request log (answers included). */
function summarize(
	requests: RecordedRequest[],
	known: Map<string, ClientJson>,
	documents: Map<string, DocumentJson>,
	orders = new Map<string, { to: string[]; documents: string[] }>(),
) {
	const label = (mid: string) => {
		const client = known.get(mid);
		return client
			? `${String(client.client_external_id).padEnd(10)} ${String(client.display_name)}`
			: mid;
	};
	const lines: string[] = [];
	for (const request of requests) {
		const answer = (request.response as { response?: ClientJson } | undefined)?.response;
		if (answer?.mid && answer.client_external_id !== undefined) known.set(answer.mid, answer);
		const ok = request.status !== undefined && request.status < 300;
		const client = /^\/api\/partner\/[^/]+\/client\/(?:([^/]+)\/)?$/.exec(request.path);
		const contact = /^\/api\/partner\/[^/]+\/contact\/([^/]+)\/$/.exec(request.path);
		if (!ok) continue;
		if (client && request.method === 'POST') lines.push(`  created   ${label(answer!.mid!)}`);
		if (client?.[1] && request.method === 'PATCH') {
			const body = JSON.parse(request.body) as Record<string, unknown>;
			const changes = Object.entries(body).map(([field, value]) => {
				const target =
					typeof value === 'string' ? /\/client\/([^/]+)\/$/.exec(value)?.[1] : undefined;
				return `${field} = ${target && known.has(target) ? String(known.get(target)!.client_external_id) : JSON.stringify(value)}`;
			});
			lines.push(`  modified  ${label(client[1])}: ${changes.join(', ')}`);
		}
		if (contact && request.method === 'PATCH')
			lines.push(
				`  modified  contact ${contact[1]}: ${Object.keys(JSON.parse(request.body) as object).join(', ')}`,
			);
		if (client?.[1] && request.method === 'DELETE') lines.push(`  deleted   ${label(client[1])}`);
		lines.push(...documentLines(request, documents));
		lines.push(...sendingLines(request, documents, orders));
	}
	if (lines.length === 0) lines.push('  nothing created, modified or deleted');
	const api = requests.filter((r) => r.path.startsWith('/api/'));
	const methods = ['GET', 'POST', 'PATCH', 'DELETE']
		.map((method) => [method, api.filter((r) => r.method === method).length] as const)
		.filter(([, count]) => count > 0)
		.map(([method, count]) => `${count} ${method}`);
	const tokens = requests.filter((r) => r.path === '/user/oauth2/token/').length;
	lines.push(
		`  requests: ${tokens} token request${tokens === 1 ? '' : 's'}, ${api.length} API requests (${methods.join(', ') || 'none'})`,
	);
	return lines;
}

/** A document created, modified or deleted, or its PDF downloaded, by one request. */
function documentLines(request: RecordedRequest, known: Map<string, DocumentJson>): string[] {
	const document = /^\/api\/partner\/[^/]+\/document\/(?:([^/]+)\/)?(pdf\/)?$/.exec(request.path);
	if (!document || request.status === undefined || request.status >= 400) return [];
	const answer = (request.response as { response?: DocumentJson } | undefined)?.response;
	if (answer?.mid && answer.document_number) known.set(answer.mid, answer);
	const named = answer?.document_number ? answer : known.get(document[1] ?? '');
	const name = named
		? `${named.document_type} ${named.document_number}`
		: `document ${document[1]}`;
	const total = answer?.total ? ` (total ${answer.total} ${answer.currency})` : '';
	if (document[2] && request.method === 'GET') return [`  PDF of    ${name} downloaded`];
	if (request.method === 'POST') return [`  created   ${name}${total}`];
	if (request.method === 'PATCH') {
		const fields = Object.keys(JSON.parse(request.body) as object).join(', ');
		return [`  modified  ${name}: ${fields}${total}`];
	}
	if (request.method === 'DELETE') return [`  deleted   ${name}`];
	return [];
}

/** A document sent: told when its sending order is executed. */
function sendingLines(
	request: RecordedRequest,
	documents: Map<string, DocumentJson>,
	orders: Map<string, { to: string[]; documents: string[] }>,
): string[] {
	const path = /\/sending\/order\/(?:(\d+)\/(item\/|send\/)?)?$/.exec(request.path);
	if (!path || request.method !== 'POST' || !request.status || request.status >= 400) return [];
	const answer = (request.response as { response?: { mid?: string; to_emails?: string[] } })
		?.response;
	const [, orderMid, action] = path;
	if (!orderMid && answer?.mid)
		orders.set(answer.mid, { to: answer.to_emails ?? [], documents: [] });
	const order = orderMid ? orders.get(orderMid) : undefined;
	if (action === 'item/' && order) {
		const documentMid = /\/document\/(\d+)\/$/.exec(String(JSON.parse(request.body).document))?.[1];
		if (documentMid) order.documents.push(documentMid);
	}
	if (action !== 'send/' || !order) return [];
	return order.documents.map((mid) => {
		const document = documents.get(mid);
		const name = document
			? `${document.document_type} ${document.document_number}`
			: `document ${mid}`;
		return `  sent      ${name} to ${order.to.join(', ') || 'the client'}`;
	});
}

/**
 * Example 9: published, n8n started (on the editor's port), and an MCP client (as Claude Desktop
 * would be) calls save_invoice for example 4's first client; what the sandbox saw, and the answer.
 */
async function toolCall(
	instance: Instance,
	known: Map<string, ClientJson>,
	documents: Map<string, DocumentJson>,
): Promise<string[]> {
	const { n8n, sandbox, workflows } = instance;
	const started = Date.now();
	await n8n.publish(MCP_SERVER.workflowId);
	await startEditor(instance);
	const name = workflows.find((workflow) => workflow.id === MCP_SERVER.workflowId)!.name;
	const client = await connectMcp(n8n);
	try {
		sandbox.resetRequests();
		const answer = await callTool(client, 'save_invoice', {
			client_external_id: 'CL-001',
			invoice_external_id: 'MCP-0001',
			date: '2026-12-01',
			description: 'Consulting (days)',
			quantity: 2,
			unit_price: 50000,
		});
		if (answer.isError) throw new Error(`example 9: save_invoice failed: ${answer.text}`);
		return [
			'',
			`${name}  (an MCP client calls save_invoice at ${mcpUrl(n8n)})`,
			...summarize([...sandbox.requests], known, documents),
			`  the model reads ${answer.text.length} characters: ${modelReads(answer.text)}`,
			`  finished in ${((Date.now() - started) / 1000).toFixed(1)} s (n8n started)`,
		];
	} finally {
		await client.close();
	}
}

/** The tool's answer (one simplified row, as JSON) in a few words. */
function modelReads(text: string): string {
	const [row] = JSON.parse(text) as Array<DocumentJson & { operation?: string }>;
	return `${row.operation} ${row.document_type} ${row.document_number}, total ${row.total} ${row.currency}`;
}

async function main() {
	const ui = process.argv.includes('--ui');
	rmSync(OUTPUT_FOLDER, { recursive: true, force: true });
	mkdirSync(OUTPUT_FOLDER, { recursive: true });
	const known = new Map<string, ClientJson>();
	const knownDocuments = new Map<string, DocumentJson>();
	let instance: Instance | undefined;
	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		await instance?.dispose();
		process.exit(code);
	};
	stopOnSignals(async () => await stop(0));

	try {
		instance = await startInstance(OUTPUT_FOLDER);
		const { sandbox, n8n, workflows } = instance;
		const demonstrated = [workflows[0], workflows[1], workflows[3], workflows[6]];
		// example 1 deletes an office that is closed, as long as the account still holds it
		const closed = seedClosedOffice(sandbox);
		known.set(closed.mid, sandbox.clients().find((client) => client.mid === closed.mid)!);
		for (const workflow of demonstrated) {
			say();
			say(`${workflow.name}  (n8n execute --id=${workflow.id})`);
			sandbox.resetRequests();
			const started = Date.now();
			const { run, result } = await n8n.execute(workflow.id);
			const error = run?.data.resultData.error?.message;
			if (result.code !== 0 || run?.status !== 'success' || error) {
				throw new Error(
					`${workflow.name} failed: ${error ?? `exit ${result.code}`}\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`,
				);
			}
			for (const line of summarize([...sandbox.requests], known, knownDocuments)) say(line);
			say(`  finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
		}
		for (const line of await toolCall(instance, known, knownDocuments)) say(line);

		const clients = sandbox.clients();
		say();
		say(`The sandbox now holds ${clients.length} clients:`);
		for (const client of clients)
			say(`  ${String(client.client_external_id).padEnd(10)} ${String(client.display_name)}`);
		const documents = sandbox.documentsOf();
		say();
		say(`and ${documents.length} invoices:`);
		for (const document of documents) {
			const client = clients.find((c) => c.url === document.client);
			say(
				`  ${document.document_number.padEnd(13)} ${String(client?.display_name).padEnd(22)} ${document.total.padStart(8)} ${document.currency}${document.date_sent ? '  sent' : ''}`,
			);
		}
		say();
		// Example 4 mails each new invoice by Gmail; offline, each mail is its attachment on disk.
		say(
			`Example 4's mails (offline: recipient--attachment, by n8n's file node) are in ${OUTPUT_FOLDER}:`,
		);
		for (const file of readdirSync(OUTPUT_FOLDER).sort()) say(`  ${file}`);

		if (!ui) {
			say();
			say('Run `npm run demo -- --ui` to try the node in the n8n editor.');
			await stop(0);
			return;
		}
		await openEditor(instance);
		say('Press Ctrl+C to stop n8n and the sandbox.');
	} catch (error) {
		process.stderr.write(`Demo failed: ${(error as Error).message}\n`);
		await stop(1);
	}
}

void main();
