/** The node as an AI tool: one tool call, as n8n's tool wrapper makes it, and what the model reads. */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeParameters,
	INodeType,
} from 'n8n-workflow';
import { NodeConnectionTypes, Workflow } from 'n8n-workflow';

import { MakeLeaps } from '../../nodes/MakeLeaps/MakeLeaps.node';
import { CREDENTIAL_TYPE, CredentialsHelper } from './credentials';
import { additionalData, NODE_TYPE, NodeTypes, observed, RUN_TIMEZONE } from './engine';

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
