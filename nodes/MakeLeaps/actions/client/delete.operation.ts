import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { clientDocuments, getClient } from '../../run/clients';
import type { OperationContext } from '../../run/context';
import { clientLocator } from '../common.fields';

export const description: INodeProperties[] = [
	{
		...clientLocator('client', 'Client', 'The client to delete'),
		required: true,
		displayOptions: { show: { resource: ['client'], operation: ['delete'] } },
	},
];

export const previewable = true;

/**
 * Looks for documents of the client, then deletes it: 2 requests. A preview also reads the client,
 * to show what would be deleted; a real run lets MakeLeaps' answer say whether it exists.
 */
export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	const clientMid = await op.clientMid('client', partnerMid);
	const client = op.run.preview ? await getClient(op, partnerMid, clientMid) : { mid: clientMid };
	const documents = await clientDocuments(op, partnerMid, clientMid);
	if (documents !== undefined && documents.length > 0) {
		op.fail(
			`Client ${clientMid} is not deleted: documents refer to it (${documents.map((d) => String(d.document_number)).join(', ')})`,
			'MakeLeaps deletes a client only when no document refers to it. Delete its documents first, or archive the client in MakeLeaps.',
		);
	}
	return await op.settle({
		action: 'delete',
		record: client,
		// the check only helps decide: MakeLeaps itself refuses to delete a client with documents
		...(documents === undefined
			? { doubt: 'MakeLeaps did not say which documents refer to the client' }
			: {}),
		apply: async () => {
			await op.request('DELETE', `/api/partner/${partnerMid}/client/${clientMid}/`, {
				subject: `client ${clientMid}`,
			});
			op.run.recordWrite('deleted', clientMid);
			return { deleted: true, mid: clientMid };
		},
	});
}
