import type { IBinaryKeyData, IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../run/context';
import type { Simplifier } from '../model/simplify';
import { optionsCollection, partnerLocator, previewOnly, simplifyField } from './common.fields';

/** An output item that carries a file (a document's PDF) beside its JSON. */
export class WithBinary {
	constructor(
		readonly json: IDataObject,
		readonly binary: IBinaryKeyData,
	) {}
}

/** One operation of a resource: its editor fields, and what it does for one item. */
export interface Operation {
	description: INodeProperties[];
	/** The operation's own options, shown in its one Options collection (see optionsCollection). */
	options?: INodeProperties[];
	/** Whether it offers Preview Only: it decides with reads alone and writes through `op.settle`. */
	previewable?: boolean;
	/**
	 * Whether a few of its items may run at once (actions/inFlight.ts): its items are independent,
	 * or meet only in shared reads and in turns of the same key, which keep input order. A
	 * function decides for the run, once the first item (which runs alone) has ended, from that
	 * item's handle and what the run has read so far.
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
	 * The option (such as `options.groupBy`) whose value makes input items one group: the router
	 * runs the operation once per group, for its first item, with `op.group` set (see router.ts).
	 */
	groupsBy?: string;
	execute(op: OperationContext): Promise<IDataObject | IDataObject[] | WithBinary>;
}

/** The editor fields of an operation: its own, then its Options collection. */
export function propertiesOf(
	resource: string,
	name: string,
	operation: Operation,
): INodeProperties[] {
	const options = [...(operation.options ?? []), ...(operation.previewable ? [previewOnly] : [])];
	return [
		...operation.description,
		...(operation.simplifies ? [simplifyField(resource, name)] : []),
		optionsCollection(resource, name, options),
	];
}

/** A resource: its editor fields (operation picker, partner, every operation's fields) and operations. */
export interface Resource {
	description: INodeProperties[];
	operations: Record<string, Operation>;
}

/** A resource's editor fields: its operation picker, the Partner, then each operation's fields. */
export function resourceProperties(
	resource: string,
	operationPicker: INodeProperties,
	operations: Record<string, Operation>,
): INodeProperties[] {
	return [
		operationPicker,
		{ ...partnerLocator, displayOptions: { show: { resource: [resource] } } },
		...Object.entries(operations).flatMap(([name, operation]) =>
			propertiesOf(resource, name, operation),
		),
	];
}
