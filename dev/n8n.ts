/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-hardcoded-secrets -- dev code: drives n8n processes from Node.js (the demo's fixed owner password and encryption key are not secrets) */
/**
 * A real n8n (the pinned version that scripts/with-node24.sh installs into its cache) with this
 * package installed as a community node, in a throw-away user folder: import credentials and
 * workflows, run workflows with `n8n execute`, or start the server and call its REST API.
 * Used by the end-to-end tests and by `npm run demo`.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	realpathSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import type { Sandbox } from '../sandbox/server';
import { logTail, waitUntilReady } from './readiness';

/** The package's folder (this file runs from scripts/ under jest and from build/scripts/ when compiled). */
export const ROOT = (() => {
	for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
		if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'examples')))
			return dir;
	}
	throw new Error(`package folder not found above ${__dirname}`);
})();
export const EXAMPLES = path.join(ROOT, 'examples');
/** The example workflows, in examples/. */
export const EXAMPLE_FILES = [
	'1-client-lifecycle.json',
	'2-clients-from-google-sheets.json',
	'3-continue-on-fail.json',
	'4-invoices-from-google-sheets.json',
	'5-quote-from-form.json',
	'6-paid-invoice-ledger.json',
	'7-send-unsent-invoices.json',
	'8-preview-then-import.json',
	'9-makeleaps-mcp-server.json',
	'10-accepted-quote-to-invoice.json',
];
export const PACKAGE_NAME = 'n8n-nodes-makeleaps';
/** The node type n8n names the package's node by, once it has loaded it. */
const NODE_TYPE = `${PACKAGE_NAME}.makeLeaps`;

/**
 * Bounds that hold on a busy machine (a CI runner shared with other jobs, two cores and a load of
 * ten): each n8n command starts n8n's whole CLI, which then takes a minute or more.
 */
const CLI_BOUND_MS = 300_000;
const START_BOUND_MS = 300_000;

export interface RunData {
	status: string;
	data: {
		resultData: {
			error?: { message: string; description?: string };
			runData: Record<
				string,
				Array<{
					error?: { message: string };
					data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> };
				}>
			>;
		};
	};
}

export interface CliResult {
	code: number;
	stdout: string;
	stderr: string;
}

/**
 * The run in what `n8n execute --rawOutput` printed. Log lines come before the run's JSON, and
 * may come after it (a task runner registering): the JSON is printed indented, from a line that
 * is `{` to the next line that starts with `}`.
 */
export function runOf(stdout: string): RunData | undefined {
	const start = stdout.search(/^\{$/m);
	const end = start === -1 ? -1 : stdout.indexOf('\n}', start);
	if (end === -1) return undefined;
	try {
		return JSON.parse(stdout.slice(start, end + 2)) as RunData;
	} catch {
		return undefined;
	}
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
	return await new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

function run(
	command: string,
	args: string[],
	options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
) {
	const timeoutMs = options.timeoutMs ?? CLI_BOUND_MS;
	return new Promise<CliResult>((resolve) => {
		execFile(
			command,
			args,
			{
				cwd: options.cwd,
				env: options.env ?? process.env,
				timeout: timeoutMs,
				maxBuffer: 256 * 1024 * 1024,
			},
			(error, stdout, stderr) => {
				const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
				// a command stopped at its bound says so, with what it printed last
				const stopped = error?.killed
					? `\n${path.basename(command)} ${args.join(' ')} was stopped after ${timeoutMs / 1000} s; last lines:\n${logTail(`${stdout}\n${stderr}`)}`
					: '';
				resolve({ code, stdout: String(stdout), stderr: `${String(stderr)}${stopped}` });
			},
		);
	});
}

export function n8nBinary(): string {
	const bin = process.env.MAKELEAPS_N8N_BIN;
	if (!bin) {
		throw new Error(
			'MAKELEAPS_N8N_BIN is not set: run the end-to-end tests through `npm test` (it installs n8n first).',
		);
	}
	return bin;
}

/**
 * The version of the n8n that MAKELEAPS_N8N_BIN runs, from its package.json. The two lines tested
 * (1.x and 2.x) differ in a few places, all handled in this file: see `publish` and `activate`.
 */
export function n8nVersion(): string {
	const bin = realpathSync(n8nBinary());
	for (let dir = path.dirname(bin); dir !== path.dirname(dir); dir = path.dirname(dir)) {
		const manifest = path.join(dir, 'package.json');
		if (!existsSync(manifest)) continue;
		const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>;
		if (name === 'n8n') return version;
	}
	throw new Error(`no n8n package.json above ${bin}`);
}

/** The major version of that n8n: 1 or 2. */
export const n8nLine = (): number => Number(n8nVersion().split('.')[0]);

/** Builds the package tarball as `npm pack` would publish it (dist/ must be built). */
export async function packPackage(destination: string): Promise<string> {
	mkdirSync(destination, { recursive: true });
	const result = await run('npm', ['pack', '--pack-destination', destination, '--loglevel=error'], {
		cwd: ROOT,
	});
	if (result.code !== 0) throw new Error(`npm pack failed: ${result.stderr}`);
	return path.join(destination, result.stdout.trim().split('\n').pop()!);
}

export interface N8nOptions {
	/** Folder holding the user folder and files of this instance (a new temporary one by default). */
	folder?: string;
	/** Where n8n's file nodes may write (a folder inside `folder` by default). */
	outputFolder?: string;
	/** Settings of every process of this instance (queue mode: the database and Redis). */
	env?: NodeJS.ProcessEnv;
}

export class N8n {
	readonly folder: string;
	readonly userFolder: string;
	/** Where the example workflows write files (the invoices' PDFs). */
	readonly outputFolder: string;
	readonly encryptionKey = 'makeleaps-e2e-not-a-secret';
	readonly owner = {
		email: 'owner@example.com',
		firstName: 'Demo',
		lastName: 'Owner',
		password: 'MakeLeaps-demo-1',
	};
	port = 0;
	private server?: ChildProcess;
	private serverLog = '';
	private readonly workers: Array<{ process: ChildProcess; log: string }> = [];
	private readonly settings: NodeJS.ProcessEnv;
	private cookie = '';

	constructor(options: N8nOptions = {}) {
		this.settings = options.env ?? {};
		this.folder = options.folder ?? mkdtempSync(path.join(os.tmpdir(), 'makeleaps-n8n-'));
		this.userFolder = path.join(this.folder, 'home');
		this.outputFolder = options.outputFolder ?? path.join(this.folder, 'output');
		mkdirSync(path.join(this.userFolder, '.n8n', 'nodes'), { recursive: true });
		mkdirSync(this.outputFolder, { recursive: true });
	}

	get url() {
		return `http://127.0.0.1:${this.port}`;
	}

	/** Installs the packed package the way n8n installs community packages (no peer, dev deps or scripts). */
	async installPackage(tarball?: string): Promise<void> {
		const tgz = tarball ?? (await packPackage(this.folder));
		const nodes = path.join(this.userFolder, '.n8n', 'nodes');
		writeFileSync(
			path.join(nodes, 'package.json'),
			JSON.stringify({ name: 'installed-nodes', private: true }),
		);
		const result = await run(
			'npm',
			[
				'install',
				tgz,
				'--omit=dev',
				'--ignore-scripts',
				'--legacy-peer-deps',
				'--no-audit',
				'--no-fund',
				'--loglevel=error',
			],
			{ cwd: nodes },
		);
		if (result.code !== 0) throw new Error(`installing ${tgz} into n8n failed: ${result.stderr}`);
	}

	async env(extra: NodeJS.ProcessEnv = {}): Promise<NodeJS.ProcessEnv> {
		const inherited = Object.fromEntries(
			Object.entries(process.env).filter(([key]) => !key.startsWith('JEST_')),
		);
		return {
			...inherited,
			// jest sets NODE_ENV=test, which silences n8n's logger and with it the run's JSON.
			NODE_ENV: 'production',
			N8N_USER_FOLDER: this.userFolder,
			N8N_ENCRYPTION_KEY: this.encryptionKey,
			DB_TYPE: 'sqlite',
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_PORT: String(this.port || (await freePort())),
			// The task broker listens on its own port; a fixed one would clash with another n8n.
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PYTHON_ENABLED: 'false',
			N8N_SECURE_COOKIE: 'false',
			N8N_LOG_LEVEL: 'info',
			// n8n's file nodes may read the examples and write into the output folder, nothing else
			N8N_RESTRICT_FILE_ACCESS_TO: `${EXAMPLES};${this.outputFolder}`,
			...this.settings,
			...extra,
		};
	}

	async cli(args: string[]): Promise<CliResult> {
		return await run(n8nBinary(), args, { env: await this.env(), cwd: this.folder });
	}

	private async importFile(kind: 'credentials' | 'workflow', content: unknown, name: string) {
		const file = path.join(this.folder, name);
		writeFileSync(file, JSON.stringify(content, null, 2));
		const result = await this.cli([`import:${kind}`, `--input=${file}`]);
		if (result.code !== 0)
			throw new Error(`n8n import:${kind} failed:\n${result.stdout}\n${result.stderr}`);
	}

	/** Imports credentials given in plain text (n8n encrypts them with the instance key). */
	async importCredentials(
		credentials: Array<{ id: string; name: string; type: string; data: Record<string, unknown> }>,
	) {
		await this.importFile('credentials', credentials, 'credentials.json');
	}

	async importWorkflow(workflow: { id: string }) {
		await this.importWorkflows([workflow]);
	}

	/** Imports workflows with one n8n command (each command starts n8n's whole CLI). */
	async importWorkflows(workflows: Array<{ id: string }>) {
		const name = `workflows-${workflows.map((w) => w.id).join('-')}`.slice(0, 200);
		await this.importFile('workflow', workflows, `${name}.json`);
	}

	/** Runs a stored workflow with `n8n execute`; returns the run and the command's output. */
	async execute(workflowId: string): Promise<{ run?: RunData; result: CliResult }> {
		const result = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput']);
		return { run: runOf(result.stdout), result };
	}

	/**
	 * Publishes a workflow, so that its trigger (a form, a poll) listens once n8n starts: 2.x
	 * publishes, 1.x (without publishing) activates.
	 */
	async publish(workflowId: string): Promise<void> {
		const args =
			n8nLine() >= 2
				? ['publish:workflow', `--id=${workflowId}`]
				: ['update:workflow', `--id=${workflowId}`, '--active=true'];
		const result = await this.cli(args);
		if (result.code !== 0)
			throw new Error(`publishing ${workflowId} failed:\n${result.stdout}\n${result.stderr}`);
	}

	/**
	 * Publishes a stored workflow in the running n8n (or, `active` false, unpublishes it), as the
	 * editor's Publish button (2.x) or its Active switch (1.x) does; answers the HTTP status.
	 */
	async activate(workflowId: string, active = true): Promise<number> {
		const workflow = await this.rest('GET', `/rest/workflows/${workflowId}`);
		const { versionId } = (workflow.body as { data: { versionId: string } }).data;
		const action = active ? 'activate' : 'deactivate';
		const answer =
			n8nLine() >= 2
				? await this.rest('POST', `/rest/workflows/${workflowId}/${action}`, { versionId })
				: await this.rest('PATCH', `/rest/workflows/${workflowId}`, { versionId, active });
		return answer.status;
	}

	/**
	 * Starts `n8n start` (on a free port unless one is given) and waits until it is ready: healthy,
	 * its REST API mounted (n8n 1.x reports ready a moment before), the owner signed in and this
	 * package's node among the types it serves to the editor.
	 */
	async start(port?: number): Promise<void> {
		this.port = port ?? (await freePort());
		const env = await this.env();
		const server = spawn(n8nBinary(), ['start'], {
			env,
			cwd: this.folder,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		this.server = server;
		const append = (chunk: Buffer) => {
			this.serverLog += chunk.toString();
		};
		server.stdout.on('data', append);
		server.stderr.on('data', append);
		await waitUntilReady({
			what: `n8n start on port ${this.port} (health, REST API, the ${NODE_TYPE} node type)`,
			boundMs: START_BOUND_MS,
			check: async () => await this.readiness(),
			log: () => this.serverLog,
			gone: () => (server.exitCode === null ? undefined : `n8n exited with ${server.exitCode}`),
		});
	}

	/** True once n8n is ready to be used; otherwise the first step that is not. */
	private async readiness(): Promise<true | string> {
		const health = await fetch(`${this.url}/healthz/readiness`).catch(() => undefined);
		if (!health?.ok) return `GET /healthz/readiness: ${health?.status ?? 'not listening yet'}`;
		const settings = await fetch(`${this.url}/rest/settings`);
		if (!settings.ok || !settings.headers.get('content-type')?.includes('json'))
			return `GET /rest/settings: HTTP ${settings.status}`;
		await this.login();
		const types = await this.rest('GET', '/types/nodes.json');
		const names = Array.isArray(types.body) ? (types.body as Array<{ name?: string }>) : [];
		if (names.some((type) => type.name === NODE_TYPE)) return true;
		return `GET /types/nodes.json: HTTP ${types.status}, ${names.length} node types, ${NODE_TYPE} not among them`;
	}

	/**
	 * Starts `n8n worker` (queue mode: it runs the executions main puts on the Redis queue) and
	 * waits until it is ready. Each worker has a task broker port of its own.
	 */
	async startWorker(concurrency = 5): Promise<void> {
		const worker = {
			process: spawn(n8nBinary(), ['worker', `--concurrency=${concurrency}`], {
				env: await this.env(),
				cwd: this.folder,
				stdio: ['ignore', 'pipe', 'pipe'],
			}),
			log: '',
		};
		this.workers.push(worker);
		const append = (chunk: Buffer) => {
			worker.log += chunk.toString();
		};
		worker.process.stdout.on('data', append);
		worker.process.stderr.on('data', append);
		const ready = 'n8n worker is now ready';
		await waitUntilReady({
			what: `n8n worker ${this.workers.length} ("${ready}" in its log)`,
			boundMs: START_BOUND_MS,
			check: async () => worker.log.includes(ready) || 'not in its log yet',
			log: () => worker.log,
			gone: () => {
				const { exitCode } = worker.process;
				return exitCode === null ? undefined : `n8n worker exited with ${exitCode}`;
			},
			everyMs: 250,
		});
	}

	get log() {
		return this.serverLog;
	}

	/** What each worker printed, in the order they were started. */
	get workerLogs(): string[] {
		return this.workers.map((worker) => worker.log);
	}

	/** Stops the server and the workers. */
	async stop(): Promise<void> {
		await Promise.all([this.server, ...this.workers.map((w) => w.process)].map(stopProcess));
	}

	/** Sets up the owner account (first start only) and logs in; later REST calls use its session. */
	async login(): Promise<void> {
		const setup = await this.rest('POST', '/rest/owner/setup', this.owner);
		if (!setup.ok && setup.status !== 400)
			throw new Error(`owner setup failed: HTTP ${setup.status} ${JSON.stringify(setup.body)}`);
		const login = await this.rest('POST', '/rest/login', {
			emailOrLdapLoginId: this.owner.email,
			password: this.owner.password,
		});
		if (!login.ok)
			throw new Error(`login failed: HTTP ${login.status} ${JSON.stringify(login.body)}`);
	}

	get sessionCookie() {
		return this.cookie;
	}

	async rest(
		method: string,
		route: string,
		body?: unknown,
	): Promise<{ ok: boolean; status: number; body: unknown }> {
		const response = await fetch(`${this.url}${route}`, {
			method,
			headers: {
				'content-type': 'application/json',
				...(this.cookie ? { cookie: this.cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('n8n-auth='));
		if (setCookie) this.cookie = setCookie.split(';')[0];
		const text = await response.text();
		let parsed: unknown = text;
		try {
			parsed = JSON.parse(text);
		} catch {
			// not JSON
		}
		return { ok: response.ok, status: response.status, body: parsed };
	}

	/** Stops the server and deletes the instance's folder. */
	async dispose(): Promise<void> {
		await this.stop();
		rmSync(this.folder, { recursive: true, force: true });
	}
}

/** Ends a process with SIGTERM (SIGKILL after 15 s) and waits for it to exit. */
async function stopProcess(child: ChildProcess | undefined): Promise<void> {
	if (!child || child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	child.kill('SIGTERM');
	const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
	await exited;
	clearTimeout(timer);
}

/** The credential the examples use, pointing at a sandbox. */
export const CREDENTIAL = { id: 'makeLeapsAccount1', name: 'MakeLeaps account' };

export function sandboxCredential(baseUrl: string, clientId: string, clientSecret: string) {
	return { ...CREDENTIAL, type: 'makeLeapsApi', data: { baseUrl, clientId, clientSecret } };
}

interface WorkflowNode {
	name: string;
	type: string;
	typeVersion?: number;
	position?: number[];
	parameters: Record<string, unknown>;
	credentials?: Record<string, unknown>;
}
interface Link {
	node: string;
	type: string;
	index: number;
}
interface Workflow {
	id: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, { main: Link[][] }>;
}

/**
 * Reads an example workflow from examples/ and makes it run here, offline, the way a user
 * without Google would change it: a Google Sheet is read from the CSV file of the same name in
 * examples/, a row appended to one becomes a line appended to a CSV file in `outputFolder`, and
 * a Gmail message becomes its attachment, written to `outputFolder` as `<recipient>--<file>`.
 * The last node of each stand-in keeps the replaced node's name, so every expression and
 * connection of the example holds. A MakeLeaps Trigger polls every minute here (example 6
 * polls every 15 minutes, as the README recommends), so a change shows within a minute.
 */
export function example(file: string, outputFolder: string): Workflow {
	const workflow = JSON.parse(readFileSync(path.join(EXAMPLES, file), 'utf8')) as Workflow;
	for (const node of [...workflow.nodes]) {
		if (node.type === `${PACKAGE_NAME}.makeLeapsTrigger`)
			node.parameters.pollTimes = { item: [{ mode: 'everyMinute' }] };
		const sheet = String((node.parameters.sheetName as { value?: unknown })?.value ?? '');
		if (node.type === 'n8n-nodes-base.googleSheets' && node.parameters.operation === 'read')
			replaceNode(workflow, node, sheetRead(node.name, sheet));
		else if (node.type === 'n8n-nodes-base.googleSheets' && node.parameters.operation === 'append')
			replaceNode(workflow, node, sheetAppend(node.name, `${outputFolder}/${sheet}.csv`));
		else if (node.type === 'n8n-nodes-base.gmail') {
			const to = String(node.parameters.sendTo).replace(/^=/, '');
			replaceNode(workflow, node, [
				fileNode(node.name, {
					operation: 'write',
					fileName: `=${outputFolder}/${to}--{{ $binary.data.fileName }}`,
					dataPropertyName: 'data',
				}),
			]);
		}
	}
	return workflow;
}

/** A sheet read, as the CSV file of its name in examples/ read and parsed. */
const sheetRead = (name: string, sheet: string): WorkflowNode[] => [
	fileNode(`${name} (file)`, { operation: 'read', fileSelector: `${EXAMPLES}/${sheet}.csv` }),
	{
		name,
		type: 'n8n-nodes-base.extractFromFile',
		typeVersion: 1.1,
		parameters: { operation: 'csv', binaryPropertyName: 'data', options: { headerRow: true } },
	},
];

/** A row appended to a sheet, as a line appended to the CSV file `file`. */
const sheetAppend = (name: string, file: string): WorkflowNode[] => [
	{
		name: `${name} (line)`,
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		parameters: {
			mode: 'manual',
			assignments: {
				assignments: [
					{
						id: 'line',
						name: 'line',
						type: 'string',
						value: "={{ Object.values($json).join(',') }}\n",
					},
				],
			},
			options: {},
		},
	},
	{
		name: `${name} (text)`,
		type: 'n8n-nodes-base.convertToFile',
		typeVersion: 1.1,
		parameters: {
			operation: 'toText',
			sourceProperty: 'line',
			binaryPropertyName: 'data',
			options: {},
		},
	},
	fileNode(name, {
		operation: 'write',
		fileName: file,
		dataPropertyName: 'data',
		options: { append: true },
	}),
];

/**
 * What example 1 finds in an account that still holds the office it closes: the client
 * `EX1-OLD`, put in the sandbox before the example's first run (its Delete step then has a
 * client to delete; the next run finds none).
 */
export function seedClosedOffice(sandbox: Sandbox) {
	return sandbox.seedClient({
		client_external_id: 'EX1-OLD',
		contacts: [
			{
				contact_type: 'organization',
				name: 'Sakura Holdings K.K. Kobe Office',
				addresses: [],
				email: null,
			},
		],
	});
}

function fileNode(name: string, parameters: Record<string, unknown>): WorkflowNode {
	return {
		name,
		type: 'n8n-nodes-base.readWriteFile',
		typeVersion: 1.1,
		parameters: { options: {}, ...parameters },
	};
}

/** Puts `chain` where `node` was: what led to the node leads to the chain's first node. */
function replaceNode(workflow: Workflow, node: WorkflowNode, chain: WorkflowNode[]): void {
	const at = workflow.nodes.indexOf(node);
	const placed = chain.map((stand, i) => ({
		...stand,
		id: randomUUID(),
		position: [(node.position?.[0] ?? 0) + i * 60, (node.position?.[1] ?? 0) + 200],
	}));
	workflow.nodes.splice(at, 1, ...placed);
	for (const outputs of Object.values(workflow.connections))
		for (const links of outputs.main)
			for (const link of links) if (link.node === node.name) link.node = chain[0].name;
	for (let i = 1; i < chain.length; i++)
		workflow.connections[chain[i - 1].name] = {
			main: [[{ node: chain[i].name, type: 'main', index: 0 }]],
		};
}

/** Items a node put on one of its outputs in the first run of that node. */
export function outputOf(run: RunData, node: string, output = 0): Array<Record<string, unknown>> {
	const task = run.data.resultData.runData[node]?.[0];
	return (task?.data?.main[output] ?? []).map((item) => item.json);
}
