/**
 * What a model reads of a failure when the node runs as an AI tool (a tool of an MCP Server
 * Trigger or of an AI Agent). n8n gives it a failed call as `<name>: <message>` (an AI Agent:
 * the message, and the name as `errorType`), where the name would be a class name such as
 * NodeOperationError. As a tool, the failure is named for what it is instead: `Refused` when the
 * call itself is at fault (a value refused, a record MakeLeaps does not have: the model changes
 * its call), `Failed` otherwise.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { withoutItemSuffix } from '../../words/transport';

export type ToolFailure = 'Refused' | 'Failed';

/** Whether the node runs as an AI tool: n8n's tool variant of a node adds `Tool` to its type. */
export const runsAsTool = (context: IExecuteFunctions) => context.getNode().type.endsWith('Tool');

/**
 * The error a tool call ends with, named for the model: a NodeOperationError, because n8n's tool
 * wrapper passes one on as it is and makes any other into a new one, named by its class. Its
 * description and item stay as they were; its message loses the item and row it ends with, which
 * mean nothing to a model making one call.
 */
export function toolFailure(
	context: IExecuteFunctions,
	error: Error,
	name: ToolFailure,
): NodeOperationError {
	const failure =
		error instanceof NodeOperationError ? error : new NodeOperationError(context.getNode(), error);
	// n8n swaps a message naming a network code (ECONNRESET…) for a generic text: keep ours
	failure.message = withoutItemSuffix(error.message);
	failure.name = name;
	return failure;
}

/** Any other error leaving the node as a tool (before its items: its settings) has failed. */
export function namedForTool(context: IExecuteFunctions, error: unknown): unknown {
	if (!runsAsTool(context) || !(error instanceof Error)) return error;
	if (error.name === 'Refused' || error.name === 'Failed') return error;
	return toolFailure(context, error, 'Failed');
}
