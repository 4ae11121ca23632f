/**
 * One execution of the node (a run): its transport, Preview Only, what it changed so far, how it
 * reads its items' parameters and what it keeps of its creates. What it knows is its memory
 * (memory.ts), which it extends; an operation reaches all of it as `op.run`.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { MakeLeapsTransport } from '../transport';
import { CreateOnce, CreatesOfRun } from './creates';
import { RunMemory } from './memory';
import { RunParameters } from './parameters';
import type { RecordIndex } from './recordIndex';

/** What a run changed in MakeLeaps, so that an error stopping it can say so. */
export interface RunWrites {
	created: string[];
	updated: string[];
	deleted: string[];
	/** Documents sent (by the MID of the document). */
	sent: string[];
}

export class RunContext extends RunMemory {
	readonly writes: RunWrites = { created: [], updated: [], deleted: [], sent: [] };
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

	/** Records a record this run created, updated or deleted (by MID). */
	recordWrite(kind: keyof RunWrites, mid: unknown): void {
		if (mid !== undefined && mid !== null) this.writes[kind].push(String(mid));
	}

	/**
	 * The once of the creates of one kind of record (`scope`: the partner and "client", a document
	 * type, a client's contacts), found by key in `index` when there is one (see creates.ts).
	 */
	creates(scope: string, index?: RecordIndex): CreateOnce {
		return new CreateOnce(this, scope, index);
	}
}
