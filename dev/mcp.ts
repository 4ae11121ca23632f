/* eslint-disable import-x/no-unresolved, @n8n/community-nodes/no-hardcoded-secrets -- dev code: the MCP SDK's files are reached through its package exports, which TypeScript and jest read but this resolver does not; the e2e Bearer token is not a secret */
/**
 * Example 9 in a started n8n: its MCP Server Trigger serves MakeLeaps Tool nodes as MCP tools,
 * and an MCP client (the official TypeScript SDK, over Streamable HTTP, which the trigger serves
 * on both n8n lines) calls them as a model would. The end-to-end test and the requests bench
 * share it.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import type { Sandbox } from '../sandbox/server';
import { until } from './liveExamples';
import type { N8n } from './n8n';

export const MCP_SERVER = {
	workflowId: 'mlExample9McpServer',
	/** the trigger's Path: n8n serves it under /mcp/ */
	path: 'makeleaps',
	/** the Bearer token the example's trigger asks for (its credential, MakeLeaps MCP token) */
	credential: {
		id: 'makeLeapsMcpToken1',
		name: 'MakeLeaps MCP token',
		type: 'httpBearerAuth',
		data: { token: 'makeleaps-mcp-e2e-not-a-secret' },
	},
};

export const mcpUrl = (n8n: N8n) => `${n8n.url}/mcp/${MCP_SERVER.path}`;

/** What a tool call gave the model: the text of its content, and whether it was an error. */
export interface ToolAnswer {
	isError: boolean;
	text: string;
}

/** An MCP client connected to example 9's endpoint (waits up to 30 s for n8n to serve it). */
export async function connectMcp(
	n8n: N8n,
	token = MCP_SERVER.credential.data.token,
): Promise<Client> {
	return await until(30_000, async () => {
		const client = new Client({ name: 'makeleaps-e2e', version: '1.0.0' });
		const transport = new StreamableHTTPClientTransport(new URL(mcpUrl(n8n)), {
			requestInit: { headers: { authorization: `Bearer ${token}` } },
		});
		try {
			await client.connect(transport);
			return client;
		} catch {
			await client.close().catch(() => undefined);
			return undefined;
		}
	});
}

/** Calls a tool with arguments as a model gives them; the answer as the model reads it. */
export async function callTool(
	client: Client,
	name: string,
	args: Record<string, unknown>,
): Promise<ToolAnswer> {
	const result = await client.callTool({ name, arguments: args });
	const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
	return {
		isError: result.isError === true,
		text: content.map((part) => part.text ?? `[${part.type}]`).join('\n'),
	};
}

/** The client a model invoices in the bench and the test: External ID ACME-1. */
export const KNOWN_CLIENT = 'ACME-1';

export function seedKnownClient(sandbox: Sandbox) {
	return sandbox.seedClient({
		client_external_id: KNOWN_CLIENT,
		contacts: [
			{
				contact_type: 'organization',
				name: 'Acme Trading K.K.',
				addresses: [],
				email: { address: 'billing@acme-trading.example.jp' },
			},
		],
	});
}

/** One invoice line, as a model fills save_invoice's arguments. */
export const INVOICE_ARGS = {
	client_external_id: KNOWN_CLIENT,
	invoice_external_id: 'JOB-1001',
	date: '2026-03-02',
	description: 'Website audit',
	quantity: 2,
	unit_price: 80000,
};
