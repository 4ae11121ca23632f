import type { IBinaryKeyData, IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../helpers/context';

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
	execute(op: OperationContext): Promise<IDataObject | IDataObject[] | WithBinary>;
}

/** A resource: its editor fields (operation picker, partner, every operation's fields) and operations. */
export interface Resource {
	description: INodeProperties[];
	operations: Record<string, Operation>;
}
