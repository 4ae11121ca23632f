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
import { getTags } from './methods/loadOptions';
import type { TransportLimits } from './transport';
import { pollTrigger } from './trigger/poll';
import { eventSubtitle, triggerProperties } from './trigger/trigger.fields';

export class MakeLeapsTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'MakeLeaps Trigger',
		name: 'makeLeapsTrigger',
		icon: { light: 'file:../../icons/makeleaps.svg', dark: 'file:../../icons/makeleaps.dark.svg' },
		group: ['trigger'],
		// 2: Simplify, on by default; 3: Document Type Invoice by default (1 and 2 keep Any, so a
		// saved trigger that left it as it was keeps its documents and its memory); 4: Tags picked
		// from the account's tags (1 to 3 keep the names typed as text)
		version: [1, 2, 3, 4],
		defaultVersion: 4,
		// the Event as the panel names it ("Document Paid"), not its value
		subtitle: eventSubtitle,
		description:
			'Starts the workflow when a client or a document is added, or a document is sent, accepted, confirmed, paid or cancelled in MakeLeaps',
		defaults: { name: 'MakeLeaps Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'makeLeapsApi', required: true }],
		properties: triggerProperties,
	};

	methods = { listSearch: { searchPartners }, loadOptions: { getTags } };

	poll: (this: IPollFunctions) => Promise<INodeExecutionData[][] | null>;

	/** n8n creates the node without arguments; tests pass shorter waits and timeouts, or a pace. */
	constructor(limits: Partial<TransportLimits> = {}, requestsPerMinute = 120) {
		this.poll = async function (this: IPollFunctions) {
			return await pollTrigger(this, { limits, requestsPerMinute });
		};
	}
}
