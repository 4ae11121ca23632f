import type {
	IDataObject,
	INodeExecutionData,
	INodeParameterResourceLocator,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { DOCUMENT_TYPE_OPTIONS } from './actions/document/fields/document.fields';
import { today } from './model/dates';
import { onlyPartner } from './api/accountPartners';
import { checkCount, checkFlag, checkMid, InvalidInput } from './model/validation';
import { SIMPLE } from './model/simplify';
import { asSample, noTestEvent } from './trigger/testEvent';
import {
	checkRecords,
	compare,
	latest,
	MAX_WATCHED,
	savedState,
	signatureOf,
	watchedList,
	watchScope,
	type WatchEvent,
	type WatchFilters,
	type WatchScope,
	type WatchState,
} from './trigger/watch';
import { searchPartners } from './methods/listSearch';
import {
	documentTypeDefault,
	MAX_LOOK_BACK_DAYS,
	triggerProperties,
} from './trigger/trigger.fields';
import {
	MAX_PAGE_SIZE,
	MakeLeapsTransport,
	outcomeOf,
	type TransportLimits,
	type TransportOptions,
} from './transport';

/** The client list is read in full at least this often, even when its first page looks the same. */
const FULL_READ_EVERY_MS = 60 * 60 * 1000;

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
		// 2: Simplify, on by default; 3: Document Type Invoice by default (1 and 2 keep Any, so a
		// saved trigger that left it as it was keeps its documents and its memory)
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: '={{$parameter["event"]}}',
		description:
			'Starts the workflow when a client or a document is added, sent or paid in MakeLeaps',
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
 * the new state. Fetch Test Event (a manual poll) shows a sample instead (`testEvent`).
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
	if (context.getMode() === 'manual') return await testEvent(context, transport, scope);
	const { state, changes } = savedState(staticData.watch, scope);
	const startedAt = Date.now();

	const watched = await outcomeOf(readWatched(context, transport, scope, state));
	if (!watched.ok) {
		// a remembered partner the key no longer reaches is looked up again at the next poll
		const status = (watched.error as { httpCode?: string }).httpCode;
		if (status === '403' || status === '404') delete staticData.partner;
		throw watched.error;
	}
	const read = watched.value;
	if (read === 'unchanged') return null;
	read.records = checkedRecords(context, event, read.records, read.filters);
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
	const shown = report.map((record) => ({ json: shownRecord(context, event, record) }));
	return shown.length > 0 ? [shown] : null;
}

/**
 * Fetch Test Event: the latest record of the event's kind on the first page of the watched list
 * (one request), marked as a sample; a clear error when there is none. What the trigger remembers
 * is neither used nor changed: a test is no poll, and reports no event.
 */
async function testEvent(
	context: IPollFunctions,
	transport: MakeLeapsTransport,
	scope: WatchScope,
): Promise<INodeExecutionData[][]> {
	const { path, qs, filters } = watchedList(scope, today(context.getTimezone()), true);
	const first = await transport.request<IDataObject[]>('GET', path, {
		qs: { per_page: MAX_PAGE_SIZE, ...qs },
		expect: 'list',
	});
	const page = first.response ?? [];
	const record = latest(scope.event, checkedRecords(context, scope.event, page, filters));
	if (record === undefined) {
		const { message, description } = noTestEvent(scope, page.length, Boolean(first.meta?.next));
		throw new NodeOperationError(context.getNode(), message, { description });
	}
	return [[{ json: asSample(scope, shownRecord(context, scope.event, record)) }]];
}

/** The records of a read that match the trigger's filters; an error when it cannot tell. */
function checkedRecords(
	context: IPollFunctions,
	event: WatchEvent,
	records: IDataObject[],
	filters: WatchFilters,
): IDataObject[] {
	const checked = checkRecords(records, filters);
	if (checked.problem === undefined) return checked.records;
	throw new NodeOperationError(
		context.getNode(),
		`MakeLeaps' ${event === 'newClient' ? 'client' : 'document'} list gave ${checked.problem}, so the trigger cannot tell what to report`,
		{ description: "Nothing was reported and the trigger's state is unchanged." },
	);
}

/** A record as the trigger gives it: as MakeLeaps returns it, or a flat row with Simplify. */
function shownRecord(context: IPollFunctions, event: WatchEvent, record: IDataObject) {
	return simplifies(context)
		? SIMPLE[event === 'newClient' ? 'client' : 'document'](record)
		: record;
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
	const fallback = documentTypeDefault(context.getNode().typeVersion);
	const type = String(context.getNodeParameter('documentType', fallback) ?? '');
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
	const list = watchedList(scope, today(context.getTimezone()));
	if (scope.event !== 'newClient') {
		const qs = { per_page: MAX_PAGE_SIZE, ...list.qs };
		return { records: await transport.getAll<IDataObject>(list.path, qs), filters: list.filters };
	}
	const clients = await readClients(transport, list.path, state);
	if (clients === 'unchanged') return clients;
	return { ...clients, filters: list.filters };
}

/**
 * The partner's clients. MakeLeaps cannot list clients by date, so a list of several pages is
 * read in full only when its first page or its count changed since the last poll, or an hour
 * has passed.
 */
async function readClients(
	transport: MakeLeapsTransport,
	path: string,
	state: WatchState | undefined,
): Promise<{ records: IDataObject[]; signature: string } | 'unchanged'> {
	const first = await transport.request<IDataObject[]>('GET', path, {
		qs: { per_page: MAX_PAGE_SIZE },
		expect: 'list',
	});
	const page = first.response ?? [];
	const signature = signatureOf(first.meta?.count, page);
	if (!first.meta?.next) return { records: page, signature };
	const fresh = state !== undefined && Date.now() - state.readAt < FULL_READ_EVERY_MS;
	if (fresh && state.signature === signature) return 'unchanged';
	const records = await transport.getAll<IDataObject>(path, { per_page: MAX_PAGE_SIZE });
	return { records, signature };
}
