import type { IDataObject } from 'n8n-workflow';

import { SharedRead, SharedReadFailed } from './sharedRead';

type ByKey = Map<string, IDataObject[]>;

/**
 * Reads every record of the list (the item index names the item in errors), or takes them from
 * a read made earlier, saying when that read began (`readAt`).
 */
export type RecordLoader = (
	itemIndex: number,
) => Promise<IDataObject[] | { records: IDataObject[]; readAt: number }>;

/** What records are found by, and what every record of the list must match. */
export interface IndexSpec {
	/** The field records are found by, such as `client_external_id`. */
	key: string;
	/** The records in messages, such as "invoice". */
	noun: string;
	/**
	 * The filters the list was asked for, checked again on each record that came back: false
	 * leaves the record out (the service ignored a filter); a text says what the record lacks
	 * for the check, and no row can be decided.
	 */
	check?: (record: IDataObject) => boolean | string;
	/**
	 * Told every record of each complete list read, with when it began, and each record of the
	 * run's writes (hints for later runs).
	 */
	learnList?: (records: readonly IDataObject[], readAt: number) => void;
	learn?: (record: IDataObject) => void;
}

/**
 * The records of a list keyed by an ID of the user's (a client's or a document's external ID).
 * MakeLeaps cannot filter by it, so the list is read once per run and kept current as the run's
 * items create and update records. When that read fails, every item that needs it fails with
 * its reason, and the list is not read again. A list whose records leave out the key cannot
 * tell "not there" from "not shown": it fails every item instead of letting them create.
 */
export class RecordIndex {
	private readonly scan: SharedRead<ByKey>;
	/** When the run's first read of the list began: records created since may be missing from it. */
	firstReadAt?: number;

	constructor(
		private readonly load: RecordLoader,
		private readonly spec: IndexSpec,
		/** Drops the read the loader takes its records from, when it keeps one of its own. */
		private readonly forgetSource = () => {},
	) {
		this.scan = new SharedRead<ByKey>(`The ${spec.noun} list`);
	}

	/** Records holding this key (more than one only if the account already has duplicates). */
	async find(key: string, itemIndex: number): Promise<IDataObject[]> {
		const byKey = await this.scan.get(async () => await this.read(itemIndex));
		return byKey.get(key) ?? [];
	}

	/**
	 * The MIDs of the records with this key as the run knows them, when the list has been read
	 * (else undefined): what was there before a create that follows.
	 */
	async knownMids(key: string): Promise<Set<string> | undefined> {
		const byKey = await this.scan.current()?.catch(() => undefined);
		if (!byKey) return undefined;
		return new Set((byKey.get(key) ?? []).map((record) => String(record.mid)));
	}

	/**
	 * Every record with a key as the run knows them, when the list has been read (else undefined,
	 * and nothing is read for it).
	 */
	async known(): Promise<IDataObject[] | undefined> {
		const byKey = await this.scan.current()?.catch(() => undefined);
		return byKey && [...byKey.values()].flat();
	}

	/** Whether the run has read the list (or is reading it). */
	wasRead(): boolean {
		return this.scan.current() !== undefined;
	}

	/** Records a record this run created or changed (once the list has been read). */
	async record(record: IDataObject): Promise<void> {
		this.spec.learn?.(record);
		const key = keyOf(record, this.spec.key);
		if (!key) return;
		const byKey = await this.scan.current()?.catch(() => undefined);
		if (!byKey) return;
		const others = (byKey.get(key) ?? []).filter((r) => r.mid !== record.mid);
		byKey.set(key, [...others, record]);
	}

	/** Drops what was read, so that the next lookup reads the list afresh. */
	forget(): void {
		this.forgetSource();
		this.scan.reset();
	}

	private async read(itemIndex: number): Promise<ByKey> {
		const started = Date.now();
		const loaded = await this.load(itemIndex);
		const { records, readAt } = Array.isArray(loaded)
			? { records: loaded, readAt: started }
			: loaded;
		// what others made since the list was read may be missing from it (creates.ts looks)
		this.firstReadAt = Math.min(this.firstReadAt ?? readAt, readAt);
		this.spec.learnList?.(records, readAt);
		const byKey: ByKey = new Map();
		const { key: field, check } = this.spec;
		for (const record of records) {
			const problem = !(field in record) ? `without their ${field}` : check?.(record);
			if (typeof problem === 'string') throw this.unusable(problem);
			if (problem === false) continue;
			const key = keyOf(record, field);
			if (!key) continue;
			const same = byKey.get(key);
			if (same) same.push(record);
			else byKey.set(key, [record]);
		}
		return byKey;
	}

	private unusable(problem: string): SharedReadFailed {
		const { noun } = this.spec;
		return new SharedReadFailed(
			`MakeLeaps' ${noun} list gives ${noun}s ${problem}, so the node cannot tell which ${noun} is meant`,
			'Nothing was written. Run Account → Check and report what it says; Create or Update needs a list that carries this field.',
		);
	}
}

const keyOf = (record: IDataObject, field: string) =>
	record[field] === null || record[field] === undefined ? '' : String(record[field]);
