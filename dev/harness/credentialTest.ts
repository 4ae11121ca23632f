/** The credential's Test button, as n8n's CredentialsTester runs it. */
import { ExecuteContext, RoutingNode } from 'n8n-core';
import type {
	ICredentialTestRequest,
	INode,
	INodeType,
	IRunExecutionData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';
import { CREDENTIAL_TYPE, CredentialsHelper } from './credentials';
import { additionalData, NodeTypes, observed } from './engine';

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
