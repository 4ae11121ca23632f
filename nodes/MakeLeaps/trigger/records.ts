/**
 * The watched list's records as the trigger takes and gives them: a first page read, the records
 * kept that match the trigger's own filters (an error when it cannot tell), and each record shown
 * as MakeLeaps returns it or as a flat row (Simplify).
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { SIMPLE } from '../model/simplify';
import type { TagList } from '../model/tags';
import { checkFlag } from '../model/validation';
import { clientList, clientPage } from '../api/clients';
import { documentList, documentPage } from '../api/documents';
import { MAX_PAGE_SIZE, type MakeLeapsTransport } from '../transport';
import { MARKS } from './marks';
import type { WatchEvent } from './marks';
import { checkRecords, type WatchFilters } from './watchedList';

/** The calls of api/ on each list the trigger watches. */
export const WATCHED = {
	clients: { page: clientPage, list: clientList },
	documents: { page: documentPage, list: documentList },
};

/** The first page of the partner's list, as large as MakeLeaps serves it (one request). */
export async function firstPage(
	transport: MakeLeapsTransport,
	kind: keyof typeof WATCHED,
	partnerMid: string,
	qs: IDataObject = {},
) {
	return await WATCHED[kind].page(transport, partnerMid, { per_page: MAX_PAGE_SIZE, ...qs });
}

/** The records of a read that match the trigger's filters; an error when it cannot tell. */
export function checkedRecords(
	context: IPollFunctions,
	event: WatchEvent,
	records: IDataObject[],
	filters: WatchFilters,
): IDataObject[] {
	const checked = checkRecords(records, filters, event);
	if (checked.problem === undefined) return checked.records;
	throw new NodeOperationError(
		context.getNode(),
		`MakeLeaps' ${event === 'newClient' ? 'client' : 'document'} list gave ${checked.problem}, so the trigger cannot tell what to report`,
		{ description: "Nothing was reported and the trigger's state is unchanged." },
	);
}

/**
 * A record as the trigger gives it: as MakeLeaps returns it, or a flat row with Simplify (its
 * tags named by the tag list the poll read, trigger/tags.ts `tagNamesFor`). A row of Accepted, Confirmed or Cancelled says
 * so (`accepted: true`, named as the event, whatever field MakeLeaps told it by) and gives the
 * date when MakeLeaps does: every record the trigger gives of those events is marked.
 */
export function shownRecord(
	context: IPollFunctions,
	event: WatchEvent,
	record: IDataObject,
	tags?: TagList,
) {
	if (!simplifies(context)) return record;
	const nameOf = (kind: string, mid: string) =>
		kind === 'tag' ? (tags?.nameOfMid(mid) ?? tags?.ofRef(mid)?.name) : undefined;
	const row = SIMPLE[event === 'newClient' ? 'client' : 'document'](record, { nameOf });
	const marks = MARKS[event];
	if (marks?.flags === undefined || marks.filter === undefined) return row;
	const date = record[marks.date];
	return { ...row, [marks.filter]: true, [marks.date]: typeof date === 'string' ? date : null };
}

/**
 * What a document list is asked for beside the watch's filters: with Simplify, each document's
 * client in full, so that a row names it (`client_name`) with no request more. A server that
 * answers the client as its link leaves the name empty.
 */
export const listExpand = (context: IPollFunctions, event: WatchEvent): IDataObject =>
	event !== 'newClient' && simplifies(context) ? { expand: 'client' } : {};

/** Whether the records go out as flat rows: Simplify, from the trigger's version 2 on. */
export function simplifies(context: IPollFunctions): boolean {
	if (context.getNode().typeVersion < 2) return false;
	// a refused value is an InvalidInput, which the poll turns into the node's error
	return checkFlag(context.getNodeParameter('simplify', true), 'Simplify', true);
}
