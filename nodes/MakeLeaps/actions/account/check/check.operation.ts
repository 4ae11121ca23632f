import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../../run/context';
import { REPORT_URL } from '../../../words/check';
import { checkAccount } from './checks';

export const description: INodeProperties[] = [
	{
		displayName: `Checks that your MakeLeaps account works the way this node expects. It only reads (a page or two per check) and writes nothing. The first row says whether anything needs doing; each row after it is one check: held, differs or could not tell, what it means for your workflows and what to do. If a row says "differs", please report it, with that row, at <a href="${REPORT_URL}" target="_blank">${REPORT_URL}</a>.`,
		name: 'checkNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { resource: ['account'], operation: ['check'] } },
	},
];

/** Its run's transport sends nothing but GETs (the credential's token exchange aside). */
export const readOnly = true;

export async function execute(op: OperationContext): Promise<IDataObject[]> {
	return await checkAccount(op);
}
