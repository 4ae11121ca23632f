/** One poll of the MakeLeaps Trigger, as an active workflow runs it. */
import { PollContext } from 'n8n-core';
import type { IDataObject, INode, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { MakeLeapsTrigger } from '../../nodes/MakeLeaps/MakeLeapsTrigger.node';
import type { TransportLimits } from '../../nodes/MakeLeaps/transport';
import { CREDENTIAL_TYPE, CredentialsHelper } from './credentials';
import { additionalData, NodeTypes, observed, TRIGGER_TYPE } from './engine';

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
