/**
 * Records by MID found in their list: the list is read page by page only while the pages left
 * are fewer than the records still missing, so it costs at most one request more than the reads
 * it replaces. It only helps: a record it does not give in full is read by itself, and when the
 * list fails, all of them are.
 */
import type { IDataObject } from 'n8n-workflow';

import type { PartnerList } from '../api/requests';
import { MAX_PAGE_SIZE, outcomeOf } from '../transport';
import type { OperationContext } from './context';

/**
 * The records of `mids` the partner's `list` (of api/) gives with every field `needed` (a list may leave
 * fields out) and that `belongs` accepts, by MID. `readsLeft` says how many reads the records
 * still missing would cost without the list (one each by default). Nothing is read when that is
 * fewer than two: one read costs the same.
 */
export async function findInList(
	op: OperationContext,
	list: PartnerList,
	partnerMid: string,
	qs: IDataObject,
	mids: Iterable<string>,
	needed: readonly string[],
	{
		readsLeft = (missing: ReadonlySet<string>) => missing.size,
		belongs = () => true,
	}: {
		readsLeft?: (missing: ReadonlySet<string>) => number;
		belongs?: (record: IDataObject) => boolean;
	} = {},
): Promise<Map<string, IDataObject>> {
	const wanted = new Set(mids);
	const found = new Map<string, IDataObject>();
	const missing = new Set(wanted);
	if (readsLeft(missing) < 2) return found;
	const take = (records: readonly IDataObject[]) => {
		for (const record of records) {
			const mid = String(record.mid ?? '');
			if (!wanted.has(mid) || !needed.every((field) => field in record) || !belongs(record))
				continue;
			found.set(mid, record);
			missing.delete(mid);
		}
	};
	// stop when the pages left cost as much as reading the missing records one by one
	let pageSize = 0;
	const enough = (records: readonly IDataObject[], announced: number) => {
		pageSize ||= Math.max(1, records.length);
		take(records);
		const reads = readsLeft(missing);
		const pagesLeft = Math.ceil(Math.max(0, announced - records.length) / pageSize);
		return reads === 0 || pagesLeft >= reads;
	};
	const query = { ...qs, per_page: MAX_PAGE_SIZE };
	const read = await outcomeOf(
		list(op.run.transport, partnerMid, query, Infinity, op.itemIndex, enough),
	);
	if (read.ok) take(read.value);
	return found;
}
