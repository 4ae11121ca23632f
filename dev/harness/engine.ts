/**
 * Runs the MakeLeaps node inside n8n-core's real WorkflowExecute, with a credentials helper that
 * behaves like n8n's own (packages/cli credentials-helper): preAuthentication runs when the
 * expirable field is empty, when n8n-core reports a 401 (then once more), or on a credential
 * test, and its output is persisted; `authenticate` is applied to every request.
 */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { setSafeRegexEngine, sleep, Workflow } from 'n8n-workflow';

import { MakeLeaps } from '../../nodes/MakeLeaps/MakeLeaps.node';
import type { TransportLimits } from '../../nodes/MakeLeaps/transport';
import { CREDENTIAL_TYPE, CredentialsHelper } from './credentials';

/**
 * n8n runs the regular expressions of node descriptions (a resource locator's URL pattern and
 * validation) in a VM with a 250 ms wall-clock limit. On a machine this loaded by tests running
 * in parallel, even these short patterns sometimes pass it and the execution fails with
 * "Regular expression execution timed out". The harness runs the same patterns with the same
 * semantics, without the clock, so that a test fails for the node, never for the machine's load.
 */
setSafeRegexEngine({
	exec: (pattern, input, flags) => new RegExp(pattern, flags).exec(input),
	test: (pattern, input, flags) => new RegExp(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) =>
		input.replace(new RegExp(pattern, flags), replacement),
	matchAll: (pattern, input, flags) => [
		...input.matchAll(new RegExp(pattern, flags?.includes('g') ? flags : `${flags ?? ''}g`)),
	],
	split: (pattern, input, flags) => input.split(new RegExp(pattern, flags)),
});

export const NODE_TYPE = 'n8n-nodes-makeleaps.makeLeaps';
export const TRIGGER_TYPE = 'n8n-nodes-makeleaps.makeLeapsTrigger';

/**
 * Everything the harness handed back to a test (run results, credential test answers). The test
 * bed scans it for secrets after every test, then empties it.
 */
export const observed: unknown[] = [];

/** A file an input item carries in a binary field, made as a node upstream makes it. */
export interface InputFile {
	bytes: Buffer;
	fileName?: string;
	mimeType?: string;
}

/** Emits the items of the test as the upstream node's output, each with its files (by field). */
function inputNodeType(
	items: IDataObject[],
	files: Array<Record<string, InputFile>> = [],
): INodeType {
	return {
		description: {
			displayName: 'Test Input',
			name: 'test.input',
			group: ['input'],
			version: 1,
			description: '',
			defaults: { name: 'Input' },
			inputs: ['main'],
			outputs: ['main'],
			properties: [],
		},
		async execute(this: IExecuteFunctions) {
			const binaryOf = async (k: number) => {
				const entries = Object.entries(files[k] ?? {});
				if (entries.length === 0) return {};
				const binary = Object.fromEntries(
					await Promise.all(
						entries.map(async ([field, file]) => [
							field,
							await this.helpers.prepareBinaryData(file.bytes, file.fileName, file.mimeType),
						]),
					),
				);
				return { binary };
			};
			return [
				await Promise.all(
					items.map(async (json, k) => ({ json, ...(await binaryOf(k)), pairedItem: { item: 0 } })),
				),
			];
		},
	};
}

/**
 * What happens outside the node between two of its nodes in one execution: a person changing
 * MakeLeaps during a Wait, an HTTP Request node. It passes its input on unchanged, or, when it
 * returns JSON, one item of it per input item (an Edit Fields node), each paired with its input.
 */
export type Step = (
	items: INodeExecutionData[],
) => void | IDataObject[] | Promise<void | IDataObject[]>;

/** Runs each step node's Step (by node name), passing the items on. */
function stepNodeType(steps: Map<string, Step>): INodeType {
	return {
		description: {
			displayName: 'Test Step',
			name: 'test.step',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: 'Step' },
			inputs: ['main'],
			outputs: ['main'],
			properties: [],
		},
		async execute(this: IExecuteFunctions) {
			const input = this.getInputData();
			const replaced = await steps.get(this.getNode().name)!(input);
			const items = Array.isArray(replaced) ? replaced.map((json) => ({ json })) : input;
			return [items.map((item, i) => ({ ...item, pairedItem: { item: i } }))];
		},
	};
}

export class NodeTypes implements INodeTypes {
	constructor(private readonly types: Record<string, INodeType>) {}

	getByName(name: string) {
		return this.types[name];
	}

	getByNameAndVersion(name: string) {
		return this.types[name];
	}

	getKnownTypes() {
		return {};
	}
}

let executions = 0;

export function additionalData(
	credentialsHelper: CredentialsHelper,
	hooks?: ExecutionLifecycleHooks,
) {
	return {
		credentialsHelper,
		hooks,
		executionId: `harness-${Date.now()}-${++executions}`,
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://127.0.0.1/rest',
		instanceBaseUrl: 'http://127.0.0.1/',
		formBaseUrl: 'http://127.0.0.1:5678/form',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		formTestBaseUrl: 'http://127.0.0.1:5678/form-test',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		mcpBaseUrl: 'http://127.0.0.1:5678/mcp',
		mcpTestBaseUrl: 'http://127.0.0.1:5678/mcp-test',
		variables: {},
		logAiEvent: () => {},
		executeWorkflow: async () => {
			throw new Error('not supported in the harness');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		startRunnerTask: async () => {
			throw new Error('not supported in the harness');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface RunOptions {
	parameters: INodeParameters;
	items?: IDataObject[];
	/** Files the items carry, by item and binary field (Send's Attachments). */
	files?: Array<Record<string, InputFile>>;
	credentials: CredentialsHelper;
	credentialId?: string;
	/** n8n's "On Error" node setting. */
	onError?: INode['onError'];
	/**
	 * Stops the execution as soon as this is true (looked at every 10 ms while it runs), as the
	 * editor's Stop button does: when the sandbox has seen a request, say, whatever the time.
	 */
	cancelWhen?: () => boolean;
	/**
	 * Further nodes run after the first, in the same execution: MakeLeaps nodes (their parameters)
	 * or steps between them. Each is named by its place: "MakeLeaps 2", "Step 3"…
	 */
	followedBy?: Array<INodeParameters | Step>;
	/** Shorter waits and timeouts for the node's transport (n8n itself always uses the defaults). */
	limits?: Partial<TransportLimits>;
	/** The node's version (1 by default; the editor adds new nodes at the latest). */
	typeVersion?: number;
}

export interface RunResult {
	/** The run, unless n8n refused to start it. */
	run?: IRun;
	/** Items on the node's main output. */
	output: INodeExecutionData[];
	/** Items on the error output (only with onError: 'continueErrorOutput'). */
	errorOutput: INodeExecutionData[];
	/** The error that stopped the run, if any. */
	error?: IRun['data']['resultData']['error'];
}

/** Input → MakeLeaps (→ the steps and nodes that follow it), as n8n-core's Workflow. */
function testWorkflow(options: RunOptions) {
	const credentialId = options.credentialId ?? 'cred-1';
	const nodes: INode[] = [
		{
			id: 'input',
			name: 'Input',
			type: 'test.input',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'makeleaps',
			name: 'MakeLeaps',
			type: NODE_TYPE,
			typeVersion: options.typeVersion ?? 1,
			position: [200, 0],
			parameters: options.parameters,
			credentials: { [CREDENTIAL_TYPE]: { id: credentialId, name: 'MakeLeaps account' } },
			onError: options.onError,
		},
	];
	// more nodes after the first, in the same execution (named MakeLeaps 2, Step 3…)
	const later = options.followedBy ?? [];
	const steps = new Map<string, Step>();
	const chain = ['MakeLeaps'];
	later.forEach((next, i) => {
		if (typeof next === 'function') {
			chain.push(`Step ${i + 2}`);
			steps.set(chain[i + 1], next);
			nodes.push({ ...nodes[0], id: `step-${i + 2}`, name: chain[i + 1], type: 'test.step' });
		} else {
			chain.push(`MakeLeaps ${i + 2}`);
			nodes.push({ ...nodes[1], id: `makeleaps-${i + 2}`, name: chain[i + 1], parameters: next });
		}
	});
	const link = (node: string) => ({ main: [[{ node, type: 'main' as const, index: 0 }]] });
	const connections: Record<string, ReturnType<typeof link>> = { Input: link('MakeLeaps') };
	for (let i = 1; i < chain.length; i++) connections[chain[i - 1]] = link(chain[i]);
	const nodeTypes = new NodeTypes({
		'test.input': inputNodeType(options.items ?? [{}], options.files),
		'test.step': stepNodeType(steps),
		[NODE_TYPE]: new MakeLeaps(options.limits),
	});
	// a fixed time zone: "today" must not depend on the machine or the hour the tests run at
	const settings = { timezone: RUN_TIMEZONE };
	const shape = { id: 'wf-1', name: 'Test', nodes, connections, active: false };
	return { shape, workflow: new Workflow({ ...shape, nodeTypes, settings }) };
}

/** Runs Input → MakeLeaps through n8n-core's WorkflowExecute and returns what the node produced. */
export async function runNode(options: RunOptions): Promise<RunResult> {
	const { shape, workflow } = testWorkflow(options);
	const hooks = new ExecutionLifecycleHooks('manual', 'exec-1', {
		...shape,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
	});
	const finished = new Promise<IRun>((resolve) =>
		hooks.addHandler('workflowExecuteAfter', (run) => resolve(run)),
	);
	const data = additionalData(options.credentials, hooks);
	try {
		const execution = new WorkflowExecute(data, 'manual').run({
			workflow,
			startNode: workflow.getNode('Input')!,
		});
		if (options.cancelWhen) void cancelWhen(options.cancelWhen, execution, finished);
		await execution;
	} catch (refused) {
		// n8n refuses to start a workflow whose parameters fail the node's own validation rules.
		return seen({
			run: undefined,
			output: [],
			errorOutput: [],
			error: refused as RunResult['error'],
		});
	}
	const run = await finished;
	const outputs = run.data.resultData.runData.MakeLeaps?.[0]?.data?.main ?? [];
	return seen({
		run,
		output: outputs[0] ?? [],
		errorOutput: outputs[1] ?? [],
		error: run.data.resultData.error,
	});
}

/** Cancels the execution once `stop` is true, unless it finished first. */
async function cancelWhen(stop: () => boolean, execution: { cancel(): void }, done: Promise<IRun>) {
	let finished = false;
	void done.then(() => (finished = true));
	while (!finished) {
		if (stop()) return execution.cancel();
		await sleep(10);
	}
}

/** A run's result, kept among what the tests saw (they are checked for secrets). */
function seen(result: RunResult): RunResult {
	observed.push(result);
	return result;
}

/** Items on the main output of a node of the run by its name (such as "MakeLeaps 3"). */
export function outputOf(result: RunResult, node: string): INodeExecutionData[] {
	return result.run?.data.resultData.runData[node]?.[0]?.data?.main?.[0] ?? [];
}

/** The workflow time zone of the node's runs in tests. */
export const RUN_TIMEZONE = 'Asia/Tokyo';
