import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { MakeLeapsTransport } from '../transport';
import * as client from './client/Client.resource';
import * as contact from './contact/Contact.resource';
import { RunContext } from './common';
import type { Operation } from './operation';

const resources: Record<string, Record<string, Operation>> = {
	client: client.operations,
	contact: contact.operations,
};

/** Runs the chosen operation for every item, with one transport (and so one pace) for the run. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = resources[resource]?.[operationName];
	if (!operation) {
		throw new NodeOperationError(this.getNode(), `The operation "${operationName}" of "${resource}" is not supported`);
	}
	const requestsPerMinute = this.getNodeParameter('options.requestsPerMinute', 0, 120) as number;
	const run = new RunContext(this, await MakeLeapsTransport.create(this, requestsPerMinute));

	const output: INodeExecutionData[] = [];
	const items = this.getInputData();
	for (let i = 0; i < items.length; i++) {
		try {
			const result = await operation.execute.call(this, i, run);
			output.push(
				...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(result), { itemData: { item: i } }),
			);
		} catch (caught) {
			const error =
				caught instanceof NodeApiError || caught instanceof NodeOperationError
					? caught
					: new NodeOperationError(this.getNode(), caught as Error, { itemIndex: i });
			if (this.continueOnFail()) {
				output.push({ json: { error: error.message }, error, pairedItem: { item: i } });
				continue;
			}
			throw error;
		}
	}
	return [output];
}
