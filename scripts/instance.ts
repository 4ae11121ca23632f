/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev code: drives a real n8n from Node.js */
/**
 * What `npm run demo` and `npm run dev` share: the sandbox and a real n8n with this package
 * installed, the sandbox credential and every example workflow imported, and the editor opened.
 */
import net from 'node:net';

import { startSandbox, type Sandbox, type SandboxOptions } from '../sandbox/server';
import { DEMO_ITEMS } from '../sandbox/stores/items';
import { MCP_SERVER, mcpUrl } from '../dev/mcp';
import { example, EXAMPLE_FILES, freePort, N8n, sandboxCredential } from '../dev/n8n';

export const say = (line = '') => process.stdout.write(`${line}\n`);

export interface Instance {
	sandbox: Sandbox;
	n8n: N8n;
	workflows: Array<ReturnType<typeof example>>;
	/** Stops n8n and the sandbox and removes n8n's folder. */
	dispose(): Promise<void>;
}

/** The sandbox, and an n8n with the packed package, the sandbox credential and the examples. */
export async function startInstance(
	outputFolder: string,
	sandboxOptions: SandboxOptions = {},
): Promise<Instance> {
	const sandbox = await startSandbox(sandboxOptions);
	// a few products in the line item catalog, for Item → Get Many and lines from the catalog
	for (const item of DEMO_ITEMS) sandbox.seedItem(item);
	const n8n = new N8n({ outputFolder });
	const dispose = async () => {
		await n8n.dispose();
		await sandbox.close();
	};
	const { clientId, clientSecret, partnerMid, partnerName } = sandbox.credentials;
	say(`MakeLeaps sandbox at ${sandbox.baseUrl} (partner ${partnerMid}, ${partnerName})`);
	say(`Installing the packed package into a fresh n8n user folder (${n8n.userFolder})...`);
	await n8n.installPackage();
	// example 9's MCP Server Trigger asks MCP clients for this Bearer token
	await n8n.importCredentials([
		sandboxCredential(sandbox.baseUrl, clientId, clientSecret),
		MCP_SERVER.credential,
	]);
	const workflows = EXAMPLE_FILES.map((file) => example(file, outputFolder));
	await n8n.importWorkflows(workflows);
	say(
		'Imported the credentials "MakeLeaps account" and "MakeLeaps MCP token" and the example workflows.',
	);
	return { sandbox, n8n, workflows, dispose };
}

/** Starts n8n (on its usual port 5678 when it is free) and signs in, unless it runs already. */
export async function startEditor({ n8n }: Instance): Promise<void> {
	if (n8n.port) return;
	const port = (await portIsFree(5678)) ? 5678 : await freePort();
	await n8n.start(port);
	await n8n.login();
}

/** Starts the editor (see `startEditor`), and says how to use it. */
export async function openEditor(instance: Instance): Promise<void> {
	const { sandbox, n8n, workflows } = instance;
	say();
	say('Starting the n8n editor...');
	await startEditor(instance);
	const { clientId, clientSecret } = sandbox.credentials;
	say();
	say(`n8n is running: ${n8n.url}/`);
	say(`  Sign in as   ${n8n.owner.email}  /  ${n8n.owner.password}`);
	for (const workflow of workflows) say(`  ${workflow.name}: ${n8n.url}/workflow/${workflow.id}`);
	say('The credential "MakeLeaps account" is already set up; to make your own, use:');
	say(`  Base URL       ${sandbox.baseUrl}`);
	say(`  Client ID      ${clientId}`);
	say(`  Client Secret  ${clientSecret}`);
	say(
		`Sandbox state: ${sandbox.baseUrl}/_sandbox/state  (requests: ${sandbox.baseUrl}/_sandbox/requests)`,
	);
	say(
		`Example 9's MCP server, once published: ${mcpUrl(n8n)}  (Authorization: Bearer ${MCP_SERVER.credential.data.token})`,
	);
}

/** Stops everything on Ctrl+C or SIGTERM. */
export function stopOnSignals(stop: () => Promise<void>): void {
	process.on('SIGINT', () => void stop());
	process.on('SIGTERM', () => void stop());
}

async function portIsFree(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const server = net.createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}
