/**
 * Reads shared by the items of a run. A read many items depend on (the partner of the API key,
 * the client list) is made once: every later item gets its result, or, when it failed, an error
 * of its own saying what failed, without reading again. Records many items need by MID are found
 * in one read of their list when that costs fewer requests than reading them one by one
 * (`findInList`).
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE, outcomeOf } from '../transport';
import type { OperationContext } from './context';

/** A shared read failed earlier; the item was not attempted. */
export class SharedReadFailed extends Error {
	constructor(
		message: string,
		readonly description: string,
	) {
		super(message);
		this.name = 'SharedReadFailed';
	}
}

const withoutItem = (message: string) => message.replace(/ \[item \d+\]$/, '');

export class SharedRead<T> {
	private result?: Promise<T>;

	/** `what` names the read in messages, such as "The client list". */
	constructor(private readonly what: string) {}

	/** The value, read by `read` on the first call only. The first caller sees the read's own error. */
	async get(read: () => Promise<T>): Promise<T> {
		if (!this.result) {
			this.result = read();
			return await this.result;
		}
		const earlier = await outcomeOf(this.result);
		if (earlier.ok) return earlier.value;
		const { error } = earlier;
		const reason = withoutItem(error instanceof Error ? error.message : String(error));
		throw new SharedReadFailed(
			`${this.what} could not be read: ${reason}`,
			'It was read once for this run and is not read again; nothing was sent for this item. Run the workflow again when MakeLeaps answers.',
		);
	}

	/** The read once it has begun, else undefined. */
	current(): Promise<T> | undefined {
		return this.result;
	}

	/** Forgets the value, so that the next call reads again. */
	reset(): void {
		this.result = undefined;
	}
}

/*
 * Records by MID found in their list: the list is read page by page only while the pages left
 * are fewer than the records still missing, so it costs at most one request more than the reads
 * it replaces. It only helps: a record it does not give in full is read by itself, and when the
 * list fails, all of them are.
 */

/**
 * The records of `mids` the list at `path` gives with every field `needed` (a list may leave
 * fields out) and that `belongs` accepts, by MID. `readsLeft` says how many reads the records
 * still missing would cost without the list (one each by default). Nothing is read when that is
 * fewer than two: one read costs the same.
 */
export async function findInList(
	op: OperationContext,
	path: string,
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
		op.run.transport.getAll<IDataObject>(path, query, Infinity, op.itemIndex, enough),
	);
	if (read.ok) take(read.value);
	return found;
}
