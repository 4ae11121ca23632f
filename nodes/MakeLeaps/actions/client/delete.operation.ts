/** Client → Delete: a client no document refers to, deleted (or shown, with Preview Only). */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { deleteClient } from '../../api/clients';
import { getClient } from '../../run/client/clientReads';
import type { OperationContext } from '../../run/context';
import { documentsMatching } from '../../run/document/documentList';
import { clientLocator } from '../common.fields';
import { namedClientMid } from '../../run/client/clientByExternalId';

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
	const clientMid = await namedClientMid(op, 'client', partnerMid, 'write');
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
			await deleteClient(op, partnerMid, clientMid);
			op.run.recordWrite('deleted', clientMid, op.itemIndex);
			return { deleted: true, mid: clientMid };
		},
	});
}

/** How many of a client's documents are read to tell why it cannot be deleted. */
const DOCUMENTS_NAMED = 5;

/**
 * Some documents that refer to the client (none when it has none), or undefined when MakeLeaps
 * cannot tell: it refuses the client filter in both forms, or lists documents without their
 * client. Only documents whose client is this one count, in case the service ignores the filter.
 */
async function clientDocuments(
	op: OperationContext,
	partnerMid: string,
	clientMid: string,
): Promise<IDataObject[] | undefined> {
	const filters = { client: clientMid };
	const documents = await documentsMatching(op, partnerMid, filters, {}, DOCUMENTS_NAMED, 'tell');
	if (documents?.some((document) => document.client === undefined)) return undefined;
	return documents;
}
