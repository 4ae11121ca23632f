import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { router } from './actions/router';
import { versionDescription } from './actions/versionDescription';
import { searchClients, searchPartners } from './methods/listSearch';

export class MakeLeaps implements INodeType {
	description: INodeTypeDescription = versionDescription;

	methods = { listSearch: { searchPartners, searchClients } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
