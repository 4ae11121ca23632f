/**
 * One execution of the node (a run): its transport, Preview Only, what it changed so far, how it
 * reads its items' parameters and what it keeps of its creates. What it knows is its memory
 * (memory.ts), which it extends; an operation reaches all of it as `op.run`.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { MakeLeapsTransport } from '../transport';
import { CreateOnce, CreatesOfRun } from './creates';
import { ItemOrder } from './itemOrder';
import { RunMemory } from './memory';
import { RunParameters } from './parameters';
import type { RecordIndex } from './recordIndex';

/** What a run changed in MakeLeaps, so that an error stopping it can say so (MIDs by kind). */
export interface RunWrites {
	created: string[];
	updated: string[];
	deleted: string[];
	/** Documents sent (by the MID of the document). */
	sent: string[];
}

/** One record a run changed, as a stop message names it. */
export interface NamedWrite {
	kind: keyof RunWrites;
	/** Its name (a document's number) or its MID. */
	shown: string;
	/** What it is, where it is not a record of the operation's resource (`tag`). */
	noun?: string;
}

export class RunContext extends RunMemory {
	/** What the run changed, each with the item it changed it for. */
	private readonly written: Array<{
		kind: keyof RunWrites;
		mid: string;
		item: number;
		name?: string;
		noun?: string;
	}> = [];
	/** Input order where items running at once meet (turns of the same key). */
	readonly itemOrder = new ItemOrder();
	readonly parameters: RunParameters;
	readonly createsOfRun = new CreatesOfRun();

	constructor(
		readonly n8n: IExecuteFunctions,
		transport: MakeLeapsTransport,
		/** Preview Only: read and decide, write nothing (see model/plans.ts). */
		readonly preview = false,
	) {
		super(transport, n8n.getExecutionId?.());
		this.parameters = new RunParameters(n8n);
	}

	/**
	 * Records a record this run created, updated, deleted or sent (by MID) for an item, with the
	 * name a message gives it where the user knows it by another (a document's number), and what
	 * it is where it is not a record of the operation's resource (a tag a document needed).
	 */
	recordWrite(
		kind: keyof RunWrites,
		mid: unknown,
		item: number,
		name?: unknown,
		noun?: string,
	): void {
		if (mid === undefined || mid === null) return;
		const named = typeof name === 'string' && name !== '' ? name : undefined;
		this.written.push({ kind, mid: String(mid), item, name: named, noun });
	}

	/** What the run changed so far (MIDs), for every item or for the items `of` keeps. */
	writes(of: (item: number) => boolean = () => true): RunWrites {
		const writes: RunWrites = { created: [], updated: [], deleted: [], sent: [] };
		for (const write of this.written) if (of(write.item)) writes[write.kind].push(write.mid);
		return writes;
	}

	/**
	 * What the run changed for the items `of` keeps, in the order it did, each record by the name
	 * a message gives it (its MID where it has no other) and what it is, where the write says.
	 */
	namedWrites(of: (item: number) => boolean): NamedWrite[] {
		return this.written
			.filter((write) => of(write.item))
			.map(({ kind, mid, name, noun }) => ({ kind, shown: name ?? mid, noun }));
	}

	/**
	 * The once of the creates of one kind of record (`scope`: the partner and "client", a document
	 * type, a client's contacts), found by key in `index` when there is one (see creates.ts).
	 */
	creates(scope: string, index?: RecordIndex): CreateOnce {
		return new CreateOnce(this, scope, index);
	}
}
