/**
 * Fetch Test Event, the editor's test of the trigger: the record it shows and what it says when
 * there is none. A test reads one page of the watched list (`watchedList`) and shows the latest
 * record of the event's kind on it (`latest`), marked as a sample. It neither reads nor changes
 * what the trigger remembers, so the published workflow misses and repeats nothing; besides the
 * read (`fetchTestEvent`), pure.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { today } from '../model/dates';
import { DOCUMENT_TYPES } from '../api/documents';
import type { MakeLeapsTransport } from '../transport';
import { checkedRecords, firstPage, listExpand, shownRecord } from './records';
import { tagNamesFor, withTags } from './tags';
import { markFieldsText, markOf } from './marks';
import type { WatchEvent } from './marks';
import type { WatchScope } from './watch';
import { latest, watchedList } from './watchedList';

/**
 * Fetch Test Event: the latest record of the event's kind on the first page of the watched list
 * (one request), marked as a sample. With none, an error that says what it looked for and what
 * to do: n8n shows it in the trigger's panel (a manual poll's null would only flash the editor's
 * notice "No MakeLeaps data found", and nothing would say why), and it stops the test run, so no
 * node after the trigger takes an item that is no record. What the trigger remembers is neither
 * used nor changed: a test is no poll, and reports no event.
 */
export async function fetchTestEvent(
	context: IPollFunctions,
	transport: MakeLeapsTransport,
	scope: WatchScope,
): Promise<INodeExecutionData[][]> {
	const list = watchedList(scope, today(context.getTimezone()), true);
	const { kind, qs, filters } = await withTags(transport, scope, list);
	const asked = { ...qs, ...listExpand(context, scope.event) };
	const first = await firstPage(transport, kind, scope.partner, asked);
	const page = first.response ?? [];
	const records = checkedRecords(context, scope.event, page, filters);
	const record = latest(scope.event, records);
	if (record === undefined) {
		const more = Boolean(first.meta?.next);
		const untold = records.length > 0 && records.every((r) => !tells(scope.event, r));
		const { message, description } = untold
			? untoldTestEvent(scope)
			: noTestEvent(scope, page.length, more);
		// in the panel, where the user looks: n8n shows a manual poll's nothing as a passing notice
		throw new NodeOperationError(context.getNode(), message, { description, level: 'warning' });
	}
	const tags = await tagNamesFor(context, transport, scope, filters, [record]);
	return [[{ json: asSample(scope, shownRecord(context, scope.event, record, tags)) }]];
}

/** The state a document of the event is in, in words. */
const STATE: Record<WatchEvent, string> = {
	documentPaid: 'paid ',
	documentSent: 'sent ',
	documentAccepted: 'accepted ',
	documentConfirmed: 'confirmed ',
	documentCancelled: 'cancelled ',
	newDocument: '',
	newClient: '',
};

/** What each event reports, in words. */
const CHANGE: Record<WatchEvent, string> = {
	documentPaid: 'payment',
	documentSent: 'sending',
	documentAccepted: 'acceptance',
	documentConfirmed: 'confirmation',
	documentCancelled: 'cancellation',
	newDocument: 'document',
	newClient: 'client',
};

/** What the user does in MakeLeaps for a record of the event's kind to exist. */
const MAKE_ONE: Record<WatchEvent, string> = {
	documentPaid: 'Mark one paid',
	documentSent: 'Send one (or mark one sent)',
	documentAccepted: 'Have one accepted by the client',
	documentConfirmed: 'Have one confirmed by the client',
	documentCancelled: 'Cancel one',
	newDocument: 'Make one',
	newClient: 'Add one',
};

/** The records the trigger watches, in words: "paid invoice", "sent document", "client". */
function kindOf({ event, documentType }: WatchScope): string {
	if (event === 'newClient') return 'client';
	return `${STATE[event]}${DOCUMENT_TYPES[documentType]?.toLowerCase() ?? 'document'}`;
}

/** The record a test shows, with `sample: true` and `sample_note` first (never the record's own). */
export function asSample(scope: WatchScope, record: IDataObject): IDataObject {
	const sample: IDataObject = {
		sample: true,
		sample_note: `Fetch Test Event shows the latest ${kindOf(scope)} as a sample, not a new ${CHANGE[scope.event]}: the published workflow starts once for each new one`,
	};
	for (const [key, value] of Object.entries(record)) if (!(key in sample)) sample[key] = value;
	return sample;
}

/**
 * Why a test has nothing to show, and what to do: the page read held no record of the event's
 * kind (`listed`: how many records it held; `more`: whether MakeLeaps has further pages).
 */
export function noTestEvent(
	scope: WatchScope,
	listed: number,
	more: boolean,
): { message: string; description: string } {
	const documents = scope.event !== 'newClient';
	const within = documents ? ` dated within the last ${scope.lookBackDays} days` : '';
	const where = more
		? `among the first ${listed} ${documents ? 'documents' : 'clients'} MakeLeaps listed`
		: 'in MakeLeaps';
	const other = documents
		? ', raise Look Back (Days), or choose another Event or Document Type'
		: ', or choose another Event';
	return {
		message: `No ${kindOf(scope)}${within} ${where}: Fetch Test Event has nothing to show`,
		description: `${MAKE_ONE[scope.event]} in MakeLeaps${other}, then fetch again. The trigger itself is set up: published, it starts the workflow for each new ${CHANGE[scope.event]}. What it remembers is unchanged.`,
	};
}

/** Whether a record gives the event's mark at all (marked or not). */
const tells = (event: WatchEvent, record: IDataObject) => markOf(event, record).mark !== undefined;

/**
 * Why a test has nothing to show when the documents it read give none of the fields that tell the
 * event (`is_accepted`, `accepted` or `date_accepted`): the trigger cannot tell, and reports none of them.
 */
export function untoldTestEvent(scope: WatchScope): { message: string; description: string } {
	return {
		message: `MakeLeaps' document list gives ${markFieldsText(scope.event, 'nor')}, so the trigger cannot tell which are ${STATE[scope.event].trim()}: Fetch Test Event has nothing to show`,
		description:
			"The published trigger reports no such document while MakeLeaps' list does not give them. What the trigger remembers is unchanged.",
	};
}
