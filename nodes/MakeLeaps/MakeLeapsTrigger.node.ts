import type {
	IDataObject,
	INodeExecutionData,
	INodeParameterResourceLocator,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { partnerLocator } from './actions/common.fields';
import { DOCUMENT_TYPE_OPTIONS } from './actions/document/document.fields';
import { daysBefore, today } from './helpers/dates';
import { onlyPartner } from './helpers/partners';
import { checkCount, checkFlag, checkMid, InvalidInput } from './helpers/validation';
import { SIMPLE } from './helpers/simplify';
import {
	checkRecords,
	compare,
	latest,
	MAX_WATCHED,
	savedState,
	signatureOf,
	watchScope,
	type WatchEvent,
	type WatchFilters,
	type WatchScope,
	type WatchState,
} from './helpers/watch';
import { searchPartners } from './methods/listSearch';
import {
	MAX_PAGE_SIZE,
	MakeLeapsTransport,
	outcomeOf,
	type TransportLimits,
	type TransportOptions,
} from './transport';

const DOCUMENT_EVENTS = ['newDocument', 'documentSent', 'documentPaid'];
/** The client list is read in full at least this often, even when its first page looks the same. */
const FULL_READ_EVERY_MS = 60 * 60 * 1000;
const MAX_LOOK_BACK_DAYS = 366;

/**
 * The polls running in this process, by workflow and trigger node. n8n starts a poll on schedule
 * even while the previous one still runs (a long wait for MakeLeaps' rate limit): that poll
 * returns nothing, and the next one carries on from the state the running one leaves.
 */
const runningPolls = new Set<string>();

export class MakeLeapsTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'MakeLeaps Trigger',
		name: 'makeLeapsTrigger',
		icon: { light: 'file:../../icons/makeleaps.svg', dark: 'file:../../icons/makeleaps.dark.svg' },
		group: ['trigger'],
		// 2: Simplify, on by default
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{$parameter["event"]}}',
		description:
			'Starts the workflow when a client or a document is added, sent or paid in MakeLeaps',
		defaults: { name: 'MakeLeaps Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'makeLeapsApi', required: true }],
		properties: [
			{
				displayName:
					'Each poll costs one request per 100 records it reads (documents of the look-back window, or the first page of clients). MakeLeaps allows about 5,000 requests a day per account: polling every minute spends at least 1,440 of them, every 15 minutes 96. Choose the Poll Times above with that in mind.',
				name: 'pollCost',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Document Paid',
						value: 'documentPaid',
						description: 'A document is marked paid',
					},
					{
						name: 'Document Sent',
						value: 'documentSent',
						description: 'A document is sent or marked sent',
					},
					{ name: 'New Client', value: 'newClient', description: 'A client is added' },
					{ name: 'New Document', value: 'newDocument', description: 'A document is made' },
				],
				default: 'documentPaid',
			},
			partnerLocator,
			{
				displayName: 'Document Type',
				name: 'documentType',
				type: 'options',
				options: [{ name: 'Any', value: '' }, ...DOCUMENT_TYPE_OPTIONS],
				default: '',
				displayOptions: { show: { event: DOCUMENT_EVENTS } },
			},
			{
				displayName: 'Look Back (Days)',
				name: 'lookBackDays',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_LOOK_BACK_DAYS },
				default: 90,
				description:
					'Watch documents dated this many days back at most. Fewer days read fewer pages at every poll; a document dated earlier is not reported.',
				displayOptions: { show: { event: DOCUMENT_EVENTS } },
			},
			{
				displayName: 'Simplify',
				name: 'simplify',
				type: 'boolean',
				default: true,
				description:
					'Whether to return a simplified version of the response instead of the raw data',
				displayOptions: { show: { '@version': [{ _cnd: { gte: 2 } }] } },
			},
		],
	};

	methods = { listSearch: { searchPartners } };

	poll: (this: IPollFunctions) => Promise<INodeExecutionData[][] | null>;

	/** n8n creates the node without arguments; tests pass shorter waits and timeouts, or a pace. */
	constructor(limits: Partial<TransportLimits> = {}, requestsPerMinute = 120) {
		this.poll = async function (this: IPollFunctions) {
			const key = `${this.getWorkflow().id ?? ''}\n${this.getNode().id ?? this.getNode().name}`;
			const manual = this.getMode() === 'manual';
			if (!manual && runningPolls.has(key)) return null;
			if (!manual) runningPolls.add(key);
			const result = await outcomeOf(pollOnce(this, { limits, requestsPerMinute }));
			if (!manual) runningPolls.delete(key);
			if (result.ok) return result.value;
			const { error } = result;
			if (error instanceof InvalidInput) {
				throw new NodeOperationError(this.getNode(), error.message, {
					description: error.description,
				});
			}
			throw error;
		};
	}
}

/**
 * One poll: reads the watched list, reports what changed since the last complete read, and keeps
 * the new state. A manual test in the editor shows the newest matching record and keeps nothing.
 */
async function pollOnce(
	context: IPollFunctions,
	options: TransportOptions,
): Promise<INodeExecutionData[][] | null> {
	const event = context.getNodeParameter('event', 'documentPaid') as WatchEvent;
	const transport = await MakeLeapsTransport.create(context, options);
	const staticData = context.getWorkflowStaticData('node');
	const partnerMid = await partnerOf(context, transport, staticData);
	const scope = scopeOf(context, event, transport.baseUrl, partnerMid);
	const { state, changes } = savedState(staticData.watch, scope);
	const startedAt = Date.now();
	const manual = context.getMode() === 'manual';

	const watched = await outcomeOf(readWatched(context, transport, scope, state));
	if (!watched.ok) {
		// a remembered partner the key no longer reaches is looked up again at the next poll
		const status = (watched.error as { httpCode?: string }).httpCode;
		if (status === '403' || status === '404') delete staticData.partner;
		throw watched.error;
	}
	const read = watched.value;
	if (read === 'unchanged') return null;
	const checked = checkRecords(read.records, read.filters);
	if (checked.problem !== undefined) {
		throw new NodeOperationError(
			context.getNode(),
			`MakeLeaps' ${event === 'newClient' ? 'client' : 'document'} list gave ${checked.problem}, so the trigger cannot tell what to report`,
			{ description: "Nothing was reported and the trigger's state is unchanged." },
		);
	}
	read.records = checked.records;
	const shown = (record: IDataObject) =>
		simplifies(context) ? SIMPLE[event === 'newClient' ? 'client' : 'document'](record) : record;
	if (manual) {
		const newest = latest(event, read.records);
		return newest ? [[{ json: shown(newest) }]] : null;
	}
	if (read.records.length > MAX_WATCHED) {
		throw new NodeOperationError(
			context.getNode(),
			`The trigger would watch ${read.records.length} records; it watches at most ${MAX_WATCHED}`,
			{ description: 'Choose a Document Type or fewer Look Back days' },
		);
	}
	const { report, state: next } = compare(event, state, read.records, scope, startedAt);
	if (read.signature !== undefined) next.signature = read.signature;
	if (changes.length > 0) {
		const { name } = context.getNode();
		context.logger.warn(
			`MakeLeaps Trigger "${name}" of workflow ${context.getWorkflow().id ?? ''} starts watching anew, because ${changes.join(', ')}: this poll reports nothing, and what changed in MakeLeaps since the last poll is not reported`,
		);
	}
	staticData.watch = next as unknown as IDataObject;
	return report.length > 0 ? [report.map((record) => ({ json: shown(record) }))] : null;
}

/** Whether the records go out as flat rows: Simplify, from the trigger's version 2 on. */
function simplifies(context: IPollFunctions): boolean {
	if (context.getNode().typeVersion < 2) return false;
	// a refused value is an InvalidInput, which the poll turns into the node's error
	return checkFlag(context.getNodeParameter('simplify', true), 'Simplify', true);
}

/**
 * The partner to watch: the one chosen, else the API key's only partner, looked up at the first
 * poll and remembered with the trigger's state (a poll when nothing changed then costs 1 request).
 */
async function partnerOf(
	context: IPollFunctions,
	transport: MakeLeapsTransport,
	staticData: IDataObject,
) {
	const locator = context.getNodeParameter('partner', { value: '' }) as
		| INodeParameterResourceLocator
		| undefined;
	if (locator?.value) return checkMid(locator.value, 'Partner');
	const known = staticData.partner as { account?: string; mid?: string } | undefined;
	if (known?.account === transport.account && typeof known.mid === 'string') return known.mid;
	const found = await onlyPartner(transport);
	if (found.problem !== undefined) {
		const description = 'Choose the partner in Partner';
		throw new NodeOperationError(context.getNode(), found.problem, { description });
	}
	if (context.getMode() !== 'manual') {
		staticData.partner = { account: transport.account, mid: found.mid };
	}
	return found.mid;
}

/**
 * What the trigger watches: the event and its settings, on the MakeLeaps account (Base URL and
 * partner; not the API key, so a new key of the same account goes on where the last one stopped).
 */
function scopeOf(
	context: IPollFunctions,
	event: WatchEvent,
	baseUrl: string,
	partner: string,
): WatchScope {
	if (event === 'newClient') {
		return watchScope({ baseUrl, partner, event, documentType: '', lookBackDays: '' });
	}
	const type = String(context.getNodeParameter('documentType', '') ?? '');
	if (type !== '' && !DOCUMENT_TYPE_OPTIONS.some((option) => option.value === type)) {
		const message = `Document Type "${type}" is not a document type of MakeLeaps`;
		throw new NodeOperationError(context.getNode(), message);
	}
	const days = checkCount(context.getNodeParameter('lookBackDays', 90), 'Look Back (Days)', 1);
	if (days > MAX_LOOK_BACK_DAYS) {
		const message = `Look Back (Days) must be at most ${MAX_LOOK_BACK_DAYS}`;
		throw new NodeOperationError(context.getNode(), message);
	}
	return watchScope({ baseUrl, partner, event, documentType: type, lookBackDays: String(days) });
}

/** The records the event watches: the client list, or the documents of the window. */
async function readWatched(
	context: IPollFunctions,
	transport: MakeLeapsTransport,
	scope: WatchScope,
	state: WatchState | undefined,
): Promise<{ records: IDataObject[]; filters: WatchFilters; signature?: string } | 'unchanged'> {
	const manual = context.getMode() === 'manual';
	if (scope.event !== 'newClient') return await readDocuments(context, transport, scope);
	const clients = await readClients(transport, scope.partner, state, manual);
	if (clients === 'unchanged') return clients;
	return { ...clients, filters: {} };
}

/**
 * The partner's clients. MakeLeaps cannot list clients by date, so a list of several pages is
 * read in full only when its first page or its count changed since the last poll, or an hour
 * has passed; a manual test reads the first page only.
 */
async function readClients(
	transport: MakeLeapsTransport,
	partnerMid: string,
	state: WatchState | undefined,
	manual: boolean,
): Promise<{ records: IDataObject[]; signature: string } | 'unchanged'> {
	const path = `/api/partner/${partnerMid}/client/`;
	const first = await transport.request<IDataObject[]>('GET', path, {
		qs: { per_page: MAX_PAGE_SIZE },
		expect: 'list',
	});
	const page = first.response ?? [];
	const signature = signatureOf(first.meta?.count, page);
	if (manual || !first.meta?.next) return { records: page, signature };
	const fresh = state !== undefined && Date.now() - state.readAt < FULL_READ_EVERY_MS;
	if (fresh && state.signature === signature) return 'unchanged';
	const records = await transport.getAll<IDataObject>(path, { per_page: MAX_PAGE_SIZE });
	return { records, signature };
}

/** The documents dated within the look-back window (of one type, when chosen). */
async function readDocuments(
	context: IPollFunctions,
	transport: MakeLeapsTransport,
	{ partner, documentType, lookBackDays }: WatchScope,
) {
	const windowStart = daysBefore(today(context.getTimezone()), Number(lookBackDays));
	const qs: IDataObject = { per_page: MAX_PAGE_SIZE, date__gte: windowStart };
	if (documentType) qs.document_type = documentType;
	const records = await transport.getAll<IDataObject>(`/api/partner/${partner}/document/`, qs);
	return { records, filters: { documentType, windowStart } };
}
