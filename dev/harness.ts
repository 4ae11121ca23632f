/**
 * Runs the MakeLeaps node inside n8n-core's real WorkflowExecute, with a credentials helper that
 * behaves like n8n's own (packages/cli credentials-helper): preAuthentication runs when the
 * expirable field is empty, when n8n-core reports a 401 (then once more), or on a credential
 * test, and its output is persisted; `authenticate` is applied to every request.
 */
import {
	ExecuteContext,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	PollContext,
	RoutingNode,
	WorkflowExecute,
} from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	ICredentialTestRequest,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeListSearchResult,
	INodeParameters,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	INodeTypes,
	IRun,
	IRunExecutionData,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import {
	ICredentialsHelper,
	NodeConnectionTypes,
	NodeHelpers,
	setSafeRegexEngine,
	sleep,
	Workflow,
} from 'n8n-workflow';

import { MakeLeapsApi } from '../credentials/MakeLeapsApi.credentials';
import { MakeLeaps } from '../nodes/MakeLeaps/MakeLeaps.node';
import { MakeLeapsTrigger } from '../nodes/MakeLeaps/MakeLeapsTrigger.node';
import type { TransportLimits } from '../nodes/MakeLeaps/transport';

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
export const CREDENTIAL_TYPE = 'makeLeapsApi';
/** Stores credentials as n8n does (by id), applying property defaults when they are read. */
export class CredentialsHelper extends ICredentialsHelper {
	private readonly store = new Map<string, ICredentialDataDecryptedObject>();

	/** The credential type as n8n loads it (a test may build it with a shorter token deadline). */
	constructor(readonly credentialType: ICredentialType = new MakeLeapsApi()) {
		super();
	}

	private typeOf(name: string): ICredentialType {
		if (name !== this.credentialType.name) throw new Error(`unknown credential type ${name}`);
		return this.credentialType;
	}
	/** Every persisted update, as n8n would write it to its database. */
	readonly updates: ICredentialDataDecryptedObject[] = [];

	set(id: string, data: ICredentialDataDecryptedObject) {
		this.store.set(id, { ...data });
	}

	get(id: string): ICredentialDataDecryptedObject {
		return this.withDefaults(CREDENTIAL_TYPE, this.store.get(id) ?? {});
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.typeOf(typeName);
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (authenticate) throw new Error('the harness supports only function authenticate');
		return requestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.typeOf(typeName);
		const expirable = type.properties.find(
			(p) => p.type === 'hidden' && p.typeOptions?.expirable === true,
		);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		const isTestingCredentials =
			node?.parameters?.temp === '' && node?.type === 'n8n-nodes-base.noOp';
		if (credentials[expirable.name] !== '' && !credentialsExpired && !isTestingCredentials)
			return undefined;

		const output = await type.preAuthentication.call(
			{ helpers: { httpRequest: helpers.helpers.httpRequest } },
			credentials,
		);
		if (output[expirable.name] === undefined) return undefined;
		const reference = node.credentials?.[typeName];
		if (reference?.id) {
			const persisted = {
				...(this.store.get(reference.id) ?? {}),
				...output,
			} as ICredentialDataDecryptedObject;
			this.store.set(reference.id, persisted);
			this.updates.push(persisted);
		}
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used by the harness');
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		if (!nodeCredentials.id || !this.store.has(nodeCredentials.id)) {
			throw new Error(`Credential ${nodeCredentials.id} of type ${type} does not exist`);
		}
		return this.get(nodeCredentials.id);
	}

	async updateCredentials(
		nodeCredentials: INodeCredentialsDetails,
		_type: string,
		data: ICredentialDataDecryptedObject,
	) {
		this.set(nodeCredentials.id!, data);
	}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.typeOf(type).properties;
	}

	private withDefaults(
		type: string,
		data: ICredentialDataDecryptedObject,
	): ICredentialDataDecryptedObject {
		const result: ICredentialDataDecryptedObject = {};
		for (const property of this.typeOf(type).properties)
			result[property.name] = property.default as string;
		return { ...result, ...data };
	}
}

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
 * MakeLeaps during a Wait, an HTTP Request node. It passes its input on unchanged.
 */
export type Step = () => void | Promise<void>;

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
			await steps.get(this.getNode().name)!();
			return [this.getInputData().map((item, i) => ({ ...item, pairedItem: { item: i } }))];
		},
	};
}

class NodeTypes implements INodeTypes {
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

function additionalData(credentialsHelper: CredentialsHelper, hooks?: ExecutionLifecycleHooks) {
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
	/** Stops the execution after this many milliseconds, as the editor's Stop button does. */
	cancelAfterMs?: number;
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
		if (options.cancelAfterMs !== undefined)
			void sleep(options.cancelAfterMs).then(() => execution.cancel());
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

/** A run's result, kept among what the tests saw (they are checked for secrets). */
function seen(result: RunResult): RunResult {
	observed.push(result);
	return result;
}

/** The node's tool variant, as n8n names it: the node's type with `Tool` added. */
export const TOOL_TYPE = `${NODE_TYPE}Tool`;

export interface ToolCallOptions {
	/** The tool node's parameters: `$fromAI(…)` where the model gives a value. */
	parameters: INodeParameters;
	/** The arguments the model passes. */
	args: IDataObject;
	credentials: CredentialsHelper;
	/** The node's version (2, Simplify on, as a tool added in the editor today, by default). */
	typeVersion?: number;
}

/** What a tool call gave the model: its answer, or the error it failed with, in words. */
export interface ToolAnswer {
	isError: boolean;
	text: string;
}

/**
 * One call of the node as an AI tool, the way n8n's MCP Server Trigger and AI Agent make it: the
 * node's tool variant (as n8n makes it for `usableAsTool`: the type with `Tool` added, an
 * `ai_tool` output) connected to a caller that asks n8n-core for its tool
 * (`getInputConnectionData`) and invokes it with the model's arguments. The answer reads as the
 * MCP Server Trigger gives it to the model: the tool's text, or `<name>: <message>` of the error
 * n8n-core's tool wrapper throws.
 */
export async function callTool(options: ToolCallOptions): Promise<ToolAnswer> {
	const answers: ToolAnswer[] = [];
	const nodes: INode[] = [
		{
			id: 'caller',
			name: 'Caller',
			type: 'test.toolCaller',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'tool',
			name: 'MakeLeaps',
			type: TOOL_TYPE,
			typeVersion: options.typeVersion ?? 2,
			position: [0, 200],
			parameters: options.parameters,
			credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'MakeLeaps account' } },
		},
	];
	const connections = {
		MakeLeaps: { ai_tool: [[{ node: 'Caller', type: NodeConnectionTypes.AiTool, index: 0 }]] },
	};
	const workflow = new Workflow({
		id: 'wf-1',
		name: 'Test',
		nodes,
		connections,
		active: false,
		nodeTypes: new NodeTypes({
			'test.toolCaller': toolCallerType(options.args, answers),
			[TOOL_TYPE]: toolVariant(new MakeLeaps()),
		}),
		settings: { timezone: RUN_TIMEZONE },
	});
	const hooks = new ExecutionLifecycleHooks('manual', 'exec-1', {
		id: 'wf-1',
		name: 'Test',
		nodes,
		connections,
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
	});
	const data = additionalData(options.credentials, hooks);
	await new WorkflowExecute(data, 'manual').run({
		workflow,
		startNode: workflow.getNode('Caller')!,
	});
	const answer = answers[0] ?? { isError: true, text: 'the tool was not called' };
	observed.push(answer);
	return answer;
}

/** The node as n8n serves it to AI tools: its type with `Tool` added, its output `ai_tool`. */
function toolVariant(node: MakeLeaps): INodeType {
	const description = {
		...node.description,
		name: `${node.description.name}Tool`,
		inputs: [],
		outputs: [NodeConnectionTypes.AiTool],
	};
	return { description, methods: node.methods, execute: node.execute };
}

/** Invokes the one tool connected to it with `args`, and keeps what the model would read. */
function toolCallerType(args: IDataObject, answers: ToolAnswer[]): INodeType {
	return {
		description: {
			displayName: 'Test Tool Caller',
			name: 'test.toolCaller',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: 'Caller' },
			inputs: [{ type: NodeConnectionTypes.AiTool, maxConnections: 1 }],
			outputs: ['main'],
			properties: [],
		},
		async execute(this: IExecuteFunctions) {
			const tool = (await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0)) as {
				invoke(args: IDataObject): Promise<unknown>;
			};
			try {
				answers.push({ isError: false, text: String(await tool.invoke(args)) });
			} catch (error) {
				// n8n's MCP Server Trigger answers a failed call with exactly this text
				const { name, message } = error as Error;
				answers.push({ isError: true, text: `${name}: ${message}` });
			}
			return [[{ json: {} }]];
		},
	};
}

/** Items on the main output of a node of the run by its name (such as "MakeLeaps 3"). */
export function outputOf(result: RunResult, node: string): INodeExecutionData[] {
	return result.run?.data.resultData.runData[node]?.[0]?.data?.main?.[0] ?? [];
}

/** The workflow time zone of the node's runs in tests. */
export const RUN_TIMEZONE = 'Asia/Tokyo';

export interface PollOptions {
	parameters: INodeParameters;
	credentials: CredentialsHelper;
	/** The workflow's static data as n8n holds it in memory between polls; the poll changes it. */
	staticData: IDataObject;
	/** `manual`: the editor's "Fetch Test Event"; `trigger`: a poll of an active workflow. */
	mode?: 'trigger' | 'manual';
	timezone?: string;
	limits?: Partial<TransportLimits>;
	/** The trigger's pace (120 requests a minute, as in n8n, by default). */
	requestsPerMinute?: number;
	/** The trigger's version (1 by default). */
	typeVersion?: number;
}

/** What one poll of the MakeLeaps Trigger gave: the items it emits (none: null), or its error. */
export interface PollResult {
	items: INodeExecutionData[] | null;
	error?: Error;
}

/** One poll of the MakeLeaps Trigger in n8n-core's PollContext, as an active workflow runs it. */
export async function runPoll(options: PollOptions): Promise<PollResult> {
	const node: INode = {
		id: 'trigger',
		name: 'MakeLeaps Trigger',
		type: TRIGGER_TYPE,
		typeVersion: options.typeVersion ?? 1,
		position: [0, 0],
		parameters: options.parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'MakeLeaps account' } },
	};
	const trigger = new MakeLeapsTrigger(options.limits, options.requestsPerMinute);
	const workflow = new Workflow({
		id: 'wf-1',
		name: 'Test',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: new NodeTypes({ [TRIGGER_TYPE]: trigger }),
		staticData: options.staticData,
		settings: { timezone: options.timezone ?? 'Asia/Tokyo' },
	});
	const context = new PollContext(
		workflow,
		workflow.getNode(node.name)!,
		additionalData(options.credentials),
		options.mode ?? 'trigger',
		options.mode === 'manual' ? 'manual' : 'activate',
	);
	let result: PollResult;
	try {
		result = { items: (await trigger.poll.call(context))?.[0] ?? null };
	} catch (error) {
		result = { items: null, error: error as Error };
	}
	observed.push(result);
	return result;
}

/**
 * The credential "Test" button, as n8n's CredentialsTester runs it: preAuthentication always,
 * then the credential's `test` request through n8n-core's RoutingNode.
 */
export async function testCredential(
	credentials: CredentialsHelper,
	credentialId = 'cred-1',
): Promise<{ status: 'OK' | 'Error'; message: string }> {
	// what the editor shows is the result, not n8n's internal error (which holds request headers)
	const result = await runCredentialTest(credentials, credentialId);
	observed.push(result);
	return result;
}

/** A No Op node whose one property routes the credential's `test` request, as n8n builds it. */
function credentialTestNode(credentialId: string, request: ICredentialTestRequest['request']) {
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: 'n8n-nodes-base.noOp',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { [CREDENTIAL_TYPE]: { id: credentialId, name: 'MakeLeaps account' } },
	};
	const nodeType: INodeType = {
		description: {
			displayName: 'No Op',
			name: 'n8n-nodes-base.noOp',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: 'No Op' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: CREDENTIAL_TYPE, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					default: '',
					routing: { request },
				},
			],
		},
	};
	return { node, nodeType };
}

async function runCredentialTest(
	credentials: CredentialsHelper,
	credentialId: string,
): Promise<{ status: 'OK' | 'Error'; message: string }> {
	const testRequest = credentials.credentialType.test!;
	const { node, nodeType } = credentialTestNode(credentialId, testRequest.request);
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new NodeTypes({ 'n8n-nodes-base.noOp': nodeType }),
	});
	const workflowNode = workflow.getNode('Temp-Node')!;
	workflowNode.parameters =
		NodeHelpers.getNodeParameters(
			nodeType.description.properties,
			{},
			true,
			false,
			workflowNode,
			nodeType.description,
		) ?? {};
	const runExecutionData = { resultData: { runData: {} } } as unknown as IRunExecutionData;
	const context = new ExecuteContext(
		workflow,
		workflowNode,
		additionalData(credentials),
		'internal' as WorkflowExecuteMode,
		runExecutionData,
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node: workflowNode, data: {}, source: null },
		[],
	);
	const credentialsDecrypted = {
		id: credentialId,
		name: 'MakeLeaps account',
		type: CREDENTIAL_TYPE,
		data: credentials.get(credentialId),
	};
	try {
		await new RoutingNode(context, nodeType, credentialsDecrypted).runNode();
	} catch (caught) {
		return testFailure(caught, testRequest.rules ?? []);
	}
	return { status: 'OK', message: 'Connection successful!' };
}

/** What n8n's CredentialsTester says of a failed test request: the credential's rules first. */
function testFailure(
	caught: unknown,
	rules: NonNullable<ICredentialTestRequest['rules']>,
): { status: 'Error'; message: string } {
	const error = caught as {
		message: string;
		cause?: { response?: { status: number; statusText?: string }; code?: string };
	};
	if (error.cause?.response) {
		const { status, statusText } = error.cause.response;
		for (const rule of rules) {
			if (rule.type === 'responseCode' && rule.properties.value === status) {
				return { status: 'Error', message: rule.properties.message };
			}
		}
		if (status < 199 || status > 299)
			return { status: 'Error', message: statusText || `Received HTTP status code: ${status}` };
	} else if (error.cause?.code) return { status: 'Error', message: error.cause.code };
	return { status: 'Error', message: error.message };
}

/** What the editor's calls of a node's methods need: the credential and the node's parameters. */
interface EditorCall {
	credentials: CredentialsHelper;
	parameters: INodeParameters;
	credentialId?: string;
}

/** n8n-core's LoadOptionsContext over a node with the given parameters, as the editor has it. */
function editorContext(nodeType: MakeLeaps, options: EditorCall): LoadOptionsContext {
	const node: INode = {
		id: 'makeleaps',
		name: 'MakeLeaps',
		type: NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters,
		credentials: {
			[CREDENTIAL_TYPE]: { id: options.credentialId ?? 'cred-1', name: 'MakeLeaps account' },
		},
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new NodeTypes({ [NODE_TYPE]: nodeType }),
	});
	const data = {
		...additionalData(options.credentials),
		currentNodeParameters: options.parameters,
	};
	return new LoadOptionsContext(workflow, workflow.getNode('MakeLeaps')!, data, 'parameters');
}

/**
 * A resource locator's list search, as the editor calls it: n8n-core's LoadOptionsContext
 * over a node with the given parameters, then the node's `methods.listSearch[method]`.
 */
export async function listSearch(
	options: EditorCall & { method: string; filter?: string; paginationToken?: string },
): Promise<INodeListSearchResult> {
	const nodeType = new MakeLeaps();
	const search =
		nodeType.methods.listSearch[options.method as keyof typeof nodeType.methods.listSearch];
	return await search.call(
		editorContext(nodeType, options),
		options.filter,
		options.paginationToken,
	);
}

/** An options field's list (`loadOptionsMethod`), as the editor loads it: `methods.loadOptions`. */
export async function loadOptions(
	options: EditorCall & { method: string },
): Promise<INodePropertyOptions[]> {
	const nodeType = new MakeLeaps();
	const load =
		nodeType.methods.loadOptions[options.method as keyof typeof nodeType.methods.loadOptions];
	return await load.call(editorContext(nodeType, options));
}
