import type { IDataObject } from 'n8n-workflow';

import { SharedRead } from './sharedRead';

type ByKey = Map<string, IDataObject[]>;

/** Reads every record of the list (the item index names the item in errors). */
export type RecordLoader = (itemIndex: number) => Promise<IDataObject[]>;

/**
 * The records of a list keyed by an ID of the user's (a client's or a document's external ID).
 * MakeLeaps cannot filter by it, so the list is read once per run and kept current as the run's
 * items create and update records. When that read fails, every item that needs it fails with
 * its reason, and the list is not read again.
 */
export class RecordIndex {
	private readonly scan: SharedRead<ByKey>;
	/** When the run's first read of the list began: records created since may be missing from it. */
	firstReadAt?: number;

	constructor(
		private readonly load: RecordLoader,
		/** The key of a record, such as its client_external_id; empty keys are not indexed. */
		private readonly keyOf: (record: IDataObject) => string,
		/** The list in messages, such as "The client list". */
		what: string,
	) {
		this.scan = new SharedRead<ByKey>(what);
	}

	/** Records holding this key (more than one only if the account already has duplicates). */
	async find(key: string, itemIndex: number): Promise<IDataObject[]> {
		const byKey = await this.scan.get(async () => await this.read(itemIndex));
		return byKey.get(key) ?? [];
	}

	/** Records a record this run created or changed (once the list has been read). */
	async record(record: IDataObject): Promise<void> {
		const key = this.keyOf(record);
		if (!key) return;
		const byKey = await this.scan.current()?.catch(() => undefined);
		if (!byKey) return;
		const others = (byKey.get(key) ?? []).filter((r) => r.mid !== record.mid);
		byKey.set(key, [...others, record]);
	}

	/** Drops what was read, so that the next lookup reads the list afresh. */
	forget(): void {
		this.scan.reset();
	}

	private async read(itemIndex: number): Promise<ByKey> {
		this.firstReadAt ??= Date.now();
		const byKey: ByKey = new Map();
		for (const record of await this.load(itemIndex)) {
			const key = this.keyOf(record);
			if (!key) continue;
			const same = byKey.get(key);
			if (same) same.push(record);
			else byKey.set(key, [record]);
		}
		return byKey;
	}
}
