import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { RunContext } from './common';

/** One operation of a resource: its UI fields and what it does for one item. */
export interface Operation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number, run: RunContext): Promise<IDataObject | IDataObject[]>;
}
