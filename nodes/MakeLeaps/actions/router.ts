/**
 * The node's execute: the operation the node is set to, run by the item loop (run/loop/).
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { runItems, type Chosen } from '../run/loop/itemLoop';
import type { TransportLimits } from '../transport';
import { propertiesOf } from './properties';
import { resources } from './resources';

/** Runs the operation the node is set to for every item (see run/loop/itemLoop.ts). */
export async function router(
	this: IExecuteFunctions,
	limits?: Partial<TransportLimits>,
): Promise<INodeExecutionData[][]> {
	return await runItems(this, chosenOperation(this), limits);
}

/** The operation the node is set to, or an error naming what is not supported. */
function chosenOperation(context: IExecuteFunctions): Chosen {
	const resourceName = context.getNodeParameter('resource', 0) as string;
	const operationName = context.getNodeParameter('operation', 0) as string;
	const resource = resources[resourceName];
	const operation = resource?.operations[operationName];
	if (!operation) {
		const message = `The operation "${operationName}" of "${resourceName}" is not supported`;
		throw new NodeOperationError(context.getNode(), message);
	}
	// the operation's own properties first: every operation has an Options collection
	const properties = [
		...propertiesOf(resourceName, operationName, operation),
		...resource.description,
	];
	return { resourceName, operationName, operation, properties };
}
