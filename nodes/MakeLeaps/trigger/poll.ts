/**
 * The trigger's poll: what it reads (the watched list, or the client list's first page when it
 * looks unchanged), what it reports (what changed since the last complete read) and the state it
 * keeps; one poll of a trigger at a time in this process. Fetch Test Event is `testEvent.ts`.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { today } from '../model/dates';
import { InvalidInput } from '../model/validation';
import { MAX_PAGE_SIZE, MakeLeapsTransport, outcomeOf, type TransportOptions } from '../transport';
import { checkedRecords, firstPage, listExpand, shownRecord, WATCHED } from './records';
import { eventOf, partnerOf, scopeOf } from './scope';
import { tagNamesFor, withTags } from './tags';
import { markFieldsText, type WatchEvent } from './marks';
import { fetchTestEvent } from './testEvent';
import { compare, midOf, MAX_WATCHED, savedState, type WatchScope, type WatchState } from './watch';
import { signatureOf, watchedList, type WatchFilters } from './watchedList';

/** The client list is read in full at least this often, even when its first page looks the same. */
const FULL_READ_EVERY_MS = 60 * 60 * 1000;

/**
 * The polls running in this process, by workflow and trigger node. n8n starts a poll on schedule
 * even while the previous one still runs (a long wait for MakeLeaps' rate limit): that poll
 * returns nothing, and the next one carries on from the state the running one leaves.
 */
const runningPolls = new Set<string>();

/** The node's poll: one at a time per trigger (a manual one aside); a refused value named. */
export async function pollTrigger(
	context: IPollFunctions,
	options: TransportOptions,
): Promise<INodeExecutionData[][] | null> {
	const key = `${context.getWorkflow().id ?? ''}\n${context.getNode().id ?? context.getNode().name}`;
	const manual = context.getMode() === 'manual';
	if (!manual && runningPolls.has(key)) return null;
	if (!manual) runningPolls.add(key);
	const result = await outcomeOf(pollOnce(context, options));
	if (!manual) runningPolls.delete(key);
	if (result.ok) return result.value;
	const { error } = result;
	if (error instanceof InvalidInput) {
		throw new NodeOperationError(context.getNode(), error.message, {
			description: error.description,
		});
	}
	throw error;
}

/**
 * One poll with its transport; its error leaves without a secret, as every error of the node, and
 * so do its events (or Fetch Test Event's sample): a record may quote one MakeLeaps echoed.
 */
async function pollOnce(
	context: IPollFunctions,
	options: TransportOptions,
): Promise<INodeExecutionData[][] | null> {
	const transport = await MakeLeapsTransport.create(context, options);
	const polled = await transport.redacted(async () => await pollWith(context, transport));
	const { secrets } = transport;
	return (
		polled?.map((batch) => batch.map((item) => ({ ...item, json: secrets.scrubbed(item.json) }))) ??
		null
	);
}

/**
 * One poll: reads the watched list, reports what changed since the last complete read, and keeps
 * the new state. Fetch Test Event (a manual poll) shows a sample instead (`fetchTestEvent`).
 */
async function pollWith(
	context: IPollFunctions,
	transport: MakeLeapsTransport,
): Promise<INodeExecutionData[][] | null> {
	const event = eventOf(context);
	const staticData = context.getWorkflowStaticData('node');
	const partnerMid = await partnerOf(context, transport, staticData);
	const scope = scopeOf(context, event, transport.baseUrl, partnerMid);
	if (context.getMode() === 'manual') return await fetchTestEvent(context, transport, scope);
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
	const {
		report,
		state: next,
		unsure,
		cleared,
	} = compare(event, state, read.records, scope, startedAt);
	if (read.signature !== undefined) next.signature = read.signature;
	const tags = await tagNamesFor(context, transport, scope, read.filters, report);
	if (changes.length > 0) warnStartingAnew(context, changes);
	warnUntold(context, event, next.untold && !state?.untold, unsure);
	staticData.watch = next as unknown as IDataObject;
	const shown = report.map((record) => ({ json: shownRecord(context, event, record, tags) }));
	if (shown.length > 0) return [shown];
	// n8n writes the static data only when a poll emits: an empty batch saves a cleared mark
	return cleared ? [[]] : null;
}

/** n8n's log says why a trigger forgets what it has seen (another account or other settings). */
function warnStartingAnew(context: IPollFunctions, changes: string[]) {
	const { name } = context.getNode();
	context.logger.warn(
		`MakeLeaps Trigger "${name}" of workflow ${context.getWorkflow().id ?? ''} starts watching anew, because ${changes.join(', ')}: this poll reports nothing, and what changed in MakeLeaps since the last poll is not reported`,
	);
}

/**
 * n8n's log says, once, that the documents read do not tell the event (none gives `is_accepted`,
 * `accepted` or `date_accepted`, say), and names each document marked now that the trigger had seen only
 * without those fields: neither is reported.
 */
function warnUntold(
	context: IPollFunctions,
	event: WatchEvent,
	untoldNow: boolean | undefined,
	unsure: IDataObject[],
) {
	const trigger = `MakeLeaps Trigger "${context.getNode().name}" of workflow ${context.getWorkflow().id ?? ''}`;
	if (untoldNow) {
		context.logger.warn(
			`${trigger}: MakeLeaps' document list gives ${markFieldsText(event, 'nor')}, so the trigger cannot tell which documents changed, and reports none until it does`,
		);
	}
	for (const record of unsure) {
		context.logger.warn(
			`${trigger}: document ${String(midOf(record))} now gives ${markFieldsText(event)}, but was listed before without them, so the trigger cannot tell when it changed: not reported`,
		);
	}
}

/** The records the event watches: the client list, or the documents of the window. */
async function readWatched(
	context: IPollFunctions,
	transport: MakeLeapsTransport,
	scope: WatchScope,
	state: WatchState | undefined,
): Promise<{ records: IDataObject[]; filters: WatchFilters; signature?: string } | 'unchanged'> {
	const list = await withTags(transport, scope, watchedList(scope, today(context.getTimezone())));
	if (scope.event !== 'newClient') {
		const qs = { per_page: MAX_PAGE_SIZE, ...list.qs, ...listExpand(context, scope.event) };
		const records = await WATCHED.documents.list(transport, scope.partner, qs, Infinity);
		return { records, filters: list.filters };
	}
	const clients = await readClients(transport, scope.partner, state);
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
	partnerMid: string,
	state: WatchState | undefined,
): Promise<{ records: IDataObject[]; signature: string } | 'unchanged'> {
	const first = await firstPage(transport, 'clients', partnerMid);
	const page = first.response ?? [];
	const signature = signatureOf(first.meta?.count, page);
	if (!first.meta?.next) return { records: page, signature };
	const fresh = state !== undefined && Date.now() - state.readAt < FULL_READ_EVERY_MS;
	if (fresh && state.signature === signature) return 'unchanged';
	const query = { per_page: MAX_PAGE_SIZE };
	const records = await WATCHED.clients.list(transport, partnerMid, query, Infinity);
	return { records, signature };
}
