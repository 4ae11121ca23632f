/**
 * Example 9 in a started n8n with the package, against the sandbox: its MCP Server Trigger,
 * published, serves five MakeLeaps Tool nodes; the official MCP client connects over Streamable
 * HTTP with the trigger's Bearer token, lists the tools and their arguments (the workflow's
 * `$fromAI` parameters, typed), and calls them as a model would: the same save twice, bad
 * arguments, a preview told not to preview. The sandbox holds exactly what was asked for, and
 * every refusal is a tool error the model can read, naming the argument or the field (the node's
 * own in words, never a class name).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

import { apiRequests, taskOf } from '../../dev/requestBudget';
import {
	callTool,
	connectMcp,
	INVOICE_ARGS,
	KNOWN_CLIENT,
	MCP_SERVER,
	mcpUrl,
	seedKnownClient,
} from '../../dev/mcp';
import { n8nLine } from '../../dev/n8n';
import { apiCalls, SETUP_TIMEOUT_MS, useN8n, withinBudget } from './bed';

/** The requests of a tool call that were not reads. */
const writes = (calls: string[]) =>
	calls
		.filter((call) => !call.startsWith('GET '))
		.map((call) => call.replace(/\/\d+\//g, '/:mid/'));

const parsed = (text: string) => JSON.parse(text) as Array<Record<string, unknown>>;

describe('example 9 in a started n8n: MakeLeaps as an MCP server', () => {
	const bed = useN8n();
	let mcp: Client;

	beforeAll(async () => {
		await bed.n8n.importCredentials([MCP_SERVER.credential]);
		await bed.n8n.publish(MCP_SERVER.workflowId);
		await bed.n8n.start();
		seedKnownClient(bed.sandbox);
		mcp = await connectMcp(bed.n8n);
	}, SETUP_TIMEOUT_MS);
	afterAll(async () => {
		await mcp?.close();
	});

	const invoices = () => bed.sandbox.documentsOf().filter((d) => d.document_type === 'invoice');
	const call = async (name: string, args: Record<string, unknown>) => {
		bed.sandbox.resetRequests();
		return await callTool(mcp, name, args);
	};

	test('the endpoint wants its Bearer token; five tools, each argument typed as its $fromAI says, nothing the author fixed', async () => {
		const anonymous = await fetch(mcpUrl(bed.n8n), {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				accept: 'application/json, text/event-stream',
			},
			body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
		});
		expect(anonymous.status).toBe(403);

		const { tools } = await mcp.listTools();
		const schemas = Object.fromEntries(
			tools.map((tool) => {
				const schema = tool.inputSchema as {
					properties: Record<string, { type: string }>;
					required: string[];
				};
				const types = Object.entries(schema.properties).map(([key, p]) => `${key}: ${p.type}`);
				expect(schema.required.sort()).toEqual(Object.keys(schema.properties).sort());
				expect(tool.description!.length).toBeGreaterThan(80);
				return [tool.name, types];
			}),
		);
		const invoice = [
			'client_external_id: string',
			'invoice_external_id: string',
			'date: string',
			'description: string',
			'quantity: number',
			'unit_price: number',
		];
		expect(schemas).toEqual({
			find_clients: ['search: string'],
			save_client: ['client_external_id: string', 'organization_name: string'],
			save_invoice: invoice,
			get_document: ['document_mid: string'],
			// Preview Only, the partner, the document type and the tax rate are the author's
			preview_invoice: invoice,
		});
	});

	test('save_invoice called twice makes one invoice at the least requests; the second call writes nothing', async () => {
		const { sandbox } = bed;
		const first = await call('save_invoice', INVOICE_ARGS);
		expect(first.isError).toBe(false);
		// what the model reads: one simplified row, short
		expect(first.text.length).toBeLessThan(1000);
		const [made] = parsed(first.text);
		expect(made).toMatchObject({
			external_id: 'JOB-1001',
			client_name: 'Acme Trading K.K.',
			total: 176000, // 2 × 80000 + 10%
			operation: 'created',
		});
		expect(writes(apiCalls(sandbox.requests))).toEqual(['POST /api/partner/:mid/document/ 201']);
		expect(apiRequests(sandbox.requests)).toHaveLength(
			taskOf(MCP_SERVER.workflowId, 'first').minimum,
		);
		withinBudget(sandbox, MCP_SERVER.workflowId, 'first');

		const again = await call('save_invoice', INVOICE_ARGS);
		expect(parsed(again.text)).toEqual([
			expect.objectContaining({ mid: made.mid, operation: 'unchanged' }),
		]);
		expect(writes(apiCalls(sandbox.requests))).toEqual([]);
		withinBudget(sandbox, MCP_SERVER.workflowId, 'again');
		expect(invoices().map((d) => d.mid)).toEqual([made.mid]);

		const got = await call('get_document', { document_mid: String(made.mid) });
		// every answer names the client
		expect(parsed(got.text)).toEqual([
			expect.objectContaining({
				mid: made.mid,
				client_name: 'Acme Trading K.K.',
				total: 176000,
				sent: false,
			}),
		]);
	});

	test('bad arguments come back as tool errors naming the argument or the field; nothing is written, and the next call works', async () => {
		const { sandbox } = bed;
		const before = invoices().length;
		const bad = { ...INVOICE_ARGS, invoice_external_id: 'JOB-BAD' };
		const withoutDate: Record<string, unknown> = { ...bad };
		delete withoutDate.date;
		const refusals: Array<[Record<string, unknown>, RegExp]> = [
			// refused by the node: nothing written
			[{ ...bad, client_external_id: 'NOPE-9' }, /no client with Client External ID "NOPE-9"/],
			[{ ...bad, unit_price: 1000.5 }, /Rate \(Unit Price\) 1000.5 has decimals, but JPY/],
			[{ ...bad, date: '2 March' }, /Date "2 March" is not a date such as 2026-11-30/],
			// refused by n8n against the tool's schema, before the node runs: nothing sent
			[withoutDate, /Required[\s\S]*date/],
			[{ ...bad, invoice_external_id: 1001 }, /Expected string[\s\S]*invoice_external_id/],
		];
		for (const [k, [args, message]] of refusals.entries()) {
			const answer = await call('save_invoice', args);
			expect(answer).toEqual({ isError: true, text: expect.stringMatching(message) });
			// the node's own refusals (the first three) read as words, not "NodeOperationError: …"
			const byNode = k < 3;
			if (byNode) expect(answer.text).not.toMatch(/^\w+(Error|Exception): /);
			if (byNode && n8nLine() >= 2) expect(answer.text).toMatch(/^Refused: /);
			expect(writes(apiCalls(sandbox.requests))).toEqual([]);
		}
		expect(invoices()).toHaveLength(before);

		// the connection and n8n are still there: the next call works
		const next = await call('save_invoice', { ...INVOICE_ARGS, invoice_external_id: 'JOB-1002' });
		expect(parsed(next.text)).toEqual([expect.objectContaining({ operation: 'created' })]);
		expect(invoices()).toHaveLength(before + 1);
	});

	test('preview_invoice writes nothing, whatever the model passes', async () => {
		const { sandbox } = bed;
		const before = JSON.stringify(invoices());
		const tries = [
			{ ...INVOICE_ARGS, invoice_external_id: 'JOB-NEW', previewOnly: false },
			{ ...INVOICE_ARGS, unit_price: 90000, previewOnly: false, preview_only: 'no' },
		];
		const previews = [];
		for (const args of tries) {
			const answer = await call('preview_invoice', args);
			expect(answer.isError).toBe(false);
			previews.push(parsed(answer.text)[0]);
			expect(sandbox.received('/api/').filter((r) => r.method !== 'GET')).toEqual([]);
		}
		expect(previews.map((row) => row.preview)).toEqual(['would create', 'would update']);
		// the change named as a model can repeat it to its user: the line, the field, from and to
		expect(previews[1]).toMatchObject({
			client_name: 'Acme Trading K.K.',
			changes: 'line 1 Website audit: unit price 80000 → 90000',
		});
		expect(JSON.stringify(invoices())).toBe(before);
	});

	test('save_client makes a client once; a number for a text is refused by name', async () => {
		const { sandbox } = bed;
		const args = { client_external_id: 'NEW-1', organization_name: 'Shinkai Design' };
		const made = await call('save_client', args);
		expect(parsed(made.text)).toEqual([expect.objectContaining({ operation: 'created' })]);
		const again = await call('save_client', args);
		expect(parsed(again.text)).toEqual([expect.objectContaining({ operation: 'unchanged' })]);
		expect(writes(apiCalls(sandbox.requests))).toEqual([]);
		const number = await call('save_client', { ...args, client_external_id: 1001 });
		expect(number).toEqual({
			isError: true,
			text: expect.stringMatching(/Expected string[\s\S]*client_external_id/),
		});
		expect(sandbox.received('/api/')).toEqual([]);
		const ids = sandbox.clients().map((client) => client.client_external_id);
		expect(ids.sort()).toEqual([KNOWN_CLIENT, 'NEW-1']);

		const found = await call('find_clients', { search: 'Shinkai' });
		expect(parsed(found.text)).toEqual([
			expect.objectContaining({ client_external_id: 'NEW-1', display_name: 'Shinkai Design' }),
		]);
	});
});
