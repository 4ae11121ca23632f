/**
 * The contract between an operation and the item loop (itemLoop.ts): what the loop gives an
 * operation (its item's handle, and the run's work for a whole-run operation) and what the
 * operation gives back (its output, and what Simplify needs to name its records). The loop
 * reads nothing else of an operation: no field of the handle carries a result.
 */
import type { IBinaryKeyData, IDataObject, INodeProperties } from 'n8n-workflow';

import type { Known, Simplifier } from '../../model/simplify';
import type { OperationContext } from '../context';

/** An output item that carries a file (a document's PDF) beside its JSON. */
export class WithBinary {
	constructor(
		readonly json: IDataObject,
		readonly binary: IBinaryKeyData,
	) {}
}

/** What the item's output says of records it does not give in full, for Simplify to name them. */
export type ItemKnown = Pick<Known, 'contacts' | 'document'>;

/**
 * An item's output with what Simplify needs beside it: the contacts of a client the item wrote
 * (MakeLeaps answers them as links), the document a send is about.
 */
export class WithKnown {
	constructor(
		readonly output: IDataObject | IDataObject[],
		readonly known: ItemKnown,
	) {}
}

/** What one item (or the group it leads) puts out. */
export type Output = IDataObject | IDataObject[] | WithBinary | WithKnown;

/** One operation of a resource: its editor fields, and what it does for one item. */
export interface Operation {
	description: INodeProperties[];
	/** The operation's own options, shown in its one Options collection. */
	options?: INodeProperties[];
	/** Whether it offers Preview Only: it decides with reads alone and writes through `op.settle`. */
	previewable?: boolean;
	/**
	 * Whether it makes a new record for a client that has none yet (Document → Create or Update):
	 * a preview row whose client an earlier node would create then says `would create after its
	 * client`; without it, `cannot tell` (run/client/clientMadeEarlier.ts).
	 */
	createsForNewClient?: boolean;
	/**
	 * Whether a few of its items may run at once (inFlight.ts): its items are independent, or
	 * meet only in shared reads and in turns of the same key, which keep input order. A function
	 * decides for the run, once the first item (which runs alone) has ended, from that item's
	 * handle and what the run has read so far.
	 */
	overlaps?: boolean | ((first: OperationContext, count: number) => boolean | Promise<boolean>);
	/** Whether it only ever reads: its run's transport refuses any method but GET before sending. */
	readOnly?: boolean;
	/**
	 * Whether it offers Simplify (version 2 on): its output as flat rows, each record in its
	 * resource's simple form (model/simplify.ts) unless `simple` gives the operation's own.
	 */
	simplifies?: boolean;
	/** The flat row of an output that is not a record of the resource (Send's outcome). */
	simple?: Simplifier;
	/**
	 * The option (such as `options.groupBy`) whose value makes input items one group: the loop
	 * runs the operation once per group, for its first item, whose handle's `group` lists them.
	 */
	groupsBy?: string;
	/**
	 * A whole-run operation's work, done once for all the items (Send: every item's document
	 * checked, then sent in shared orders). The loop starts it with the first item to reach
	 * its operation, once that item's own options are read, from that item on; every item's
	 * `execute` then gets its result and answers its own part. `ask` gives another item's handle
	 * as its own turn will have it, throwing what the loop refuses of the item (its Simplify),
	 * so that the work leaves out an item that will fail, before anything is sent.
	 */
	forRun?(first: OperationContext, ask: (itemIndex: number) => OperationContext): Promise<unknown>;
	/** What the operation does for one item; `ofRun` is what `forRun` gave, when it has one. */
	execute(op: OperationContext, ofRun?: unknown): Promise<Output>;
}
