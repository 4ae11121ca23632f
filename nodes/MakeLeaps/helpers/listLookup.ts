/**
 * Records a run needs by MID, found in their list when that costs fewer requests than reading
 * them one by one. The list is read page by page only while the pages left are fewer than the
 * records still missing, so it costs at most one request more than the reads it replaces. It
 * only helps: a record it does not give in full is read by itself, and when the list fails, all
 * of them are.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE, outcomeOf } from '../transport';
import type { OperationContext } from './context';

/**
 * The records of `mids` the list at `path` gives with every field `needed` (a list may leave
 * fields out), by MID. Nothing is read for fewer than two records: one read costs the same.
 */
export async function findInList(
	op: OperationContext,
	path: string,
	qs: IDataObject,
	mids: Iterable<string>,
	needed: readonly string[],
): Promise<Map<string, IDataObject>> {
	const wanted = new Set(mids);
	const found = new Map<string, IDataObject>();
	if (wanted.size < 2) return found;
	const take = (records: readonly IDataObject[]) => {
		for (const record of records) {
			const mid = String(record.mid ?? '');
			if (wanted.has(mid) && needed.every((field) => field in record)) found.set(mid, record);
		}
	};
	// stop when the pages left cost as much as reading the missing records one by one
	let pageSize = 0;
	const enough = (records: readonly IDataObject[], announced: number) => {
		pageSize ||= Math.max(1, records.length);
		take(records);
		const missing = wanted.size - found.size;
		const pagesLeft = Math.ceil(Math.max(0, announced - records.length) / pageSize);
		return missing === 0 || pagesLeft >= missing;
	};
	const query = { ...qs, per_page: MAX_PAGE_SIZE };
	const read = await outcomeOf(
		op.run.transport.getAll<IDataObject>(path, query, Infinity, op.itemIndex, enough),
	);
	if (read.ok) take(read.value);
	return found;
}
