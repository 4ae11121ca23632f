import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../helpers/context';
import { checkAccount } from '../../helpers/selfCheck';

export const description: INodeProperties[] = [
	{
		displayName:
			'Reads your account and changes nothing. Each output item is one assumption the node makes about MakeLeaps: held, differs or could not tell, with what was seen. Please report a "differs".',
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
