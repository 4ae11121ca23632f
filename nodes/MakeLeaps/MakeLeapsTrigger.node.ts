/**
 * The MakeLeaps Trigger: its description for the editor, and its poll (`trigger/poll.ts`), which
 * reports clients and documents added, and documents sent, accepted, confirmed, paid or cancelled,
 * since the last poll.
 */
import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchPartners } from './methods/listSearch';
import type { TransportLimits } from './transport';
import { pollTrigger } from './trigger/poll';
import { triggerProperties } from './trigger/trigger.fields';

export class MakeLeapsTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'MakeLeaps Trigger',
		name: 'makeLeapsTrigger',
		icon: { light: 'file:../../icons/makeleaps.svg', dark: 'file:../../icons/makeleaps.dark.svg' },
		group: ['trigger'],
		// 2: Simplify, on by default; 3: Document Type Invoice by default (1 and 2 keep Any, so a
		// saved trigger that left it as it was keeps its documents and its memory)
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: '={{$parameter["event"]}}',
		description:
			'Starts the workflow when a client or a document is added, or a document is sent, accepted, confirmed, paid or cancelled in MakeLeaps',
		defaults: { name: 'MakeLeaps Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'makeLeapsApi', required: true }],
		properties: triggerProperties,
	};

	methods = { listSearch: { searchPartners } };

	poll: (this: IPollFunctions) => Promise<INodeExecutionData[][] | null>;

	/** n8n creates the node without arguments; tests pass shorter waits and timeouts, or a pace. */
	constructor(limits: Partial<TransportLimits> = {}, requestsPerMinute = 120) {
		this.poll = async function (this: IPollFunctions) {
			return await pollTrigger(this, { limits, requestsPerMinute });
		};
	}
}
