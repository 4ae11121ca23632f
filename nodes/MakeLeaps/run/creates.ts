/**
 * The one "once" of every create (a client, a document, a conversion, a contact): rows with the
 * same key take turns across the runs of this process (turns.ts); the record is looked for by its
 * key before it is made; a create whose answer was lost is never repeated: it is looked up by its
 * key and counts as this create's only when the run knows it is new and it holds what was sent,
 * otherwise the item fails as uncertain and later rows with the key are not created blindly.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Changes, Plan } from '../model/plans';
import type { UncertainWriteError } from '../transport';
import type { ItemOrder } from './itemOrder';
import type { RecordIndex } from './recordIndex';
import { createdRecords, type Done } from './turns';

/** What the once needs of its run (a RunContext): the service, Preview Only, its creates. */
export interface OnceRun {
	readonly transport: { readonly baseUrl: string };
	readonly preview: boolean;
	readonly createsOfRun: CreatesOfRun;
	readonly itemOrder: ItemOrder;
}

/** What the once needs of an item (an OperationContext): its index, its failure, its settle. */
export interface OnceItem {
	readonly itemIndex: number;
	fail(message: string, description?: string): never;
	settle(plan: Plan): Promise<IDataObject>;
}

/** What one run keeps of its creates, beside what every run of the process did (turns.ts). */
export class CreatesOfRun {
	/** When the run began: without a list, creates by other runs are looked for since then. */
	readonly startedAt = Date.now();
	/** In a preview, the records earlier items would create, by scope and key. */
	readonly planned = new Map<string, IDataObject>();
	/** What the run created each record from, by scope and key: a later row the same needs no read. */
	readonly madeFrom = new Map<string, string>();
}

/** How the messages of the once name a kind of record and its key. */
export interface KeyWords {
	/** The records holding one key, counted: `clients`, `documents of type invoice`. */
	records: string;
	/** The key: `Client External ID`, `External ID`. */
	key: string;
	/** How a duplicate is named: its MID, its number. */
	nameOf: (record: IDataObject) => string;
	/** The create that may or may not have happened: `Client External ID "A-1"`. */
	create: (key: string) => string;
	/** What the user should do then. */
	lookFor: string;
}

/** A create as decided: what is sent, and the request that makes it. */
export interface NewRecord {
	record: IDataObject;
	changes: Changes;
	make: () => Promise<IDataObject>;
	/** What the run and the process keep for the key of a record made (by default, the record). */
	kept?: (made: IDataObject) => IDataObject;
	/** The tags the create makes first, for a preview to name (see Plan). */
	newTags?: string[];
}

/** The once of the creates of one kind of record (`scope`), found by key beside `index`. */
export class CreateOnce {
	private readonly prefix: string;

	constructor(
		private readonly run: OnceRun,
		scope: string,
		private readonly index?: RecordIndex,
	) {
		// every scope starts with the partner: one MakeLeaps account, whichever of its API keys
		this.prefix = `${run.transport.baseUrl}\n${scope}\n`;
	}

	/**
	 * Runs `task` in the key's turn: rows with the same key, in any run of the process, wait; in
	 * this run, they take their turns in input order (itemOrder.ts).
	 */
	async inTurn<T>(op: Pick<OnceItem, 'itemIndex'>, key: string, task: () => Promise<T>) {
		const { itemOrder } = this.run;
		await itemOrder.earlierQueued(op.itemIndex);
		const turn = createdRecords.oneAtATime(this.prefix + key, task); // queued at once
		itemOrder.passedBy(op.itemIndex);
		return await turn;
	}

	/**
	 * A create by any run since this run first read the list (without a list, since the run
	 * began); in a preview, also the record an earlier item of this run would create.
	 */
	earlier(key: string): Done | undefined {
		const planned = this.run.createsOfRun.planned.get(this.prefix + key);
		if (planned) return { record: planned, at: Date.now() };
		const since = this.index
			? (this.index.firstReadAt ?? Date.now())
			: this.run.createsOfRun.startedAt;
		return createdRecords.since(this.prefix + key, since);
	}

	/**
	 * The record with the key: the one the list holds, else one a run of this process made since
	 * the list was read; undefined when there is none. Two records with the key, or an earlier
	 * create that may or may not have happened, fail the item rather than guess.
	 */
	async existing(op: OnceItem, key: string, words: KeyWords): Promise<IDataObject | undefined> {
		const found = this.index ? await this.index.find(key, op.itemIndex) : [];
		if (found.length > 1) {
			op.fail(
				`${found.length} ${words.records} have ${words.key} "${key}"`,
				`Remove or renumber the duplicates in MakeLeaps first: ${found.map(words.nameOf).join(', ')}`,
			);
		}
		const earlier = found.length === 0 ? this.earlier(key) : undefined;
		if (earlier?.uncertain) refuseUncertain(op, words.create(key), words.lookFor);
		return found[0] ?? earlier?.record;
	}

	/**
	 * Makes the record with the key (or, with Preview Only, says it would, and later items of the
	 * preview find it); what was made is told to the run, to the process and to the list.
	 */
	async settle(op: OnceItem, key: string, create: NewRecord): Promise<IDataObject> {
		const { record, changes, make, newTags, kept = (made: IDataObject) => made } = create;
		const { createsOfRun } = this.run;
		if (this.run.preview) createsOfRun.planned.set(this.prefix + key, kept(record));
		return await op.settle({
			action: 'create',
			record,
			changes,
			newTags,
			apply: async () => {
				const made = await make();
				createdRecords.record(this.prefix + key, { record: kept(made), at: Date.now() });
				createsOfRun.madeFrom.set(this.prefix + key, JSON.stringify(record));
				await this.index?.record(made);
				return made;
			},
		});
	}

	/** Records a record made outside `settle` (a tag a document needs): later rows find it. */
	made(key: string, record: IDataObject): void {
		createdRecords.record(this.prefix + key, { record, at: Date.now() });
	}

	/** Records that the key's create may or may not have happened: it is not made again. */
	uncertain(key: string): void {
		createdRecords.record(this.prefix + key, { uncertain: true, at: Date.now() });
	}

	/** Whether this run created the key's record from these very values. */
	madeFrom(key: string, record: IDataObject): boolean {
		return this.run.createsOfRun.madeFrom.get(this.prefix + key) === JSON.stringify(record);
	}

	/** The key's record changed since the run created it: a later row is compared again. */
	changed(key: string): void {
		this.run.createsOfRun.madeFrom.delete(this.prefix + key);
	}
}

/** Fails the item whose record an earlier create may or may not have made. */
export function refuseUncertain(
	op: Pick<OnceItem, 'fail'>,
	create: string,
	lookFor: string,
): never {
	op.fail(`An earlier create of ${create} may or may not have happened`, lookFor);
}

/**
 * A create whose answer was lost, settled: recorded under its key, so that no later row makes it
 * again, and the item fails saying what was found.
 */
export function uncertainCreate(
	error: UncertainWriteError,
	once: CreateOnce,
	key: string,
	said: string,
): never {
	once.uncertain(key);
	// one sentence after another: the transport's advice ends without a full stop
	const advice = (error.description ?? '').replace(/([^.])$/, '$1.');
	error.description = `${advice} ${said}`.trim();
	throw error;
}
