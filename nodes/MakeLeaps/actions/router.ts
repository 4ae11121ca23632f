import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { OperationContext, RunContext } from '../helpers/context';
import { InvalidInput } from '../helpers/validation';
import { MakeLeapsTransport, type TransportLimits } from '../transport';
import { resources } from './resources';

/** Runs the chosen operation for every item, with one transport (and so one pace) for the run. */
export async function router(
	this: IExecuteFunctions,
	limits?: Partial<TransportLimits>,
): Promise<INodeExecutionData[][]> {
	const resourceName = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const resource = resources[resourceName];
	const operation = resource?.operations[operationName];
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of "${resourceName}" is not supported`,
		);
	}
	const requestsPerMinute = this.getNodeParameter('options.requestsPerMinute', 0, 120);
	const run = new RunContext(
		this,
		await MakeLeapsTransport.create(this, { requestsPerMinute, limits }),
	);
	const properties = [...operation.description, ...resource.description];

	const output: INodeExecutionData[] = [];
	const items = this.getInputData();
	for (let i = 0; i < items.length; i++) {
		try {
			const result = await operation.execute(new OperationContext(run, i, properties));
			output.push(
				...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(result), {
					itemData: { item: i },
				}),
			);
		} catch (caught) {
			const error = asNodeError(this, caught, i);
			if (this.continueOnFail()) {
				output.push({ json: { error: error.message }, error, pairedItem: { item: i } });
				continue;
			}
			throw error;
		}
	}
	return [output];
}

/** An n8n error naming the item: refused input becomes a NodeOperationError with `[item N]`. */
function asNodeError(context: IExecuteFunctions, caught: unknown, itemIndex: number) {
	if (caught instanceof NodeApiError || caught instanceof NodeOperationError) return caught;
	if (caught instanceof InvalidInput) {
		return new NodeOperationError(context.getNode(), `${caught.message} [item ${itemIndex}]`, {
			itemIndex,
			description: caught.description,
		});
	}
	return new NodeOperationError(context.getNode(), caught as Error, { itemIndex });
}
