/** The editor's calls of the node's methods: list search and option lists. */
import { LoadOptionsContext } from 'n8n-core';
import type {
	INode,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { MakeLeaps } from '../../nodes/MakeLeaps/MakeLeaps.node';
import { CREDENTIAL_TYPE, CredentialsHelper } from './credentials';
import { additionalData, NODE_TYPE, NodeTypes } from './engine';

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
