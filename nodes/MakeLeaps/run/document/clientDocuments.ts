/**
 * Where a document is found by its External ID: among its client's documents of its type (an
 * External ID names a document within its client). One event (a form, a webhook, a tool call)
 * reads one client's documents, however many the account holds; a run whose rows name many
 * clients reads the type's whole list instead when that costs fewer pages (run/memory.ts). The
 * document found there (Create or Update, Convert); documentCreate.ts makes it once when there is
 * none.
 */
import type { IDataObject } from 'n8n-workflow';

import type { OperationContext } from '../context';
import { distinctValues } from '../client/clientByExternalId';
import type { CreateOnce, KeyWords } from '../creates';
import type { RecordIndex } from '../recordIndex';

/** A client's documents of a type by External ID, read as cheaply as the run's rows allow. */
export function clientDocumentIndex(
	op: OperationContext,
	partnerMid: string,
	type: string,
	clientMid: string,
	since = '',
	clientOfItem: 'parameter' | 'own' = 'parameter',
): RecordIndex {
	const clients = clientsOfRun(op, clientOfItem);
	return op.run.documentIndex(partnerMid, type, since, clientMid, clients);
}

/** The once (run/creates.ts) of a client's documents of a type: one External ID, one turn. */
export const documentScope = (partnerMid: string, type: string, clientMid: string) =>
	`${partnerMid} ${type} of client ${clientMid}`;

/** How many clients the run's items name, at most: one each where an item's client is its own. */
function clientsOfRun(op: OperationContext, clientOfItem: 'parameter' | 'own'): number {
	if (clientOfItem === 'own') return op.itemCount;
	return distinctValues(op, 'client');
}

/** How the once of creates (creates.ts) names the documents of a type and their External ID. */
const documentWords = (type: string): KeyWords => ({
	records: `documents of type ${type}`,
	key: 'External ID',
	nameOf: (document) => String(document.document_number),
	create: (externalId) => `the ${type} with External ID "${externalId}"`,
	lookFor:
		'It is not made again, to avoid a duplicate. Look for it in MakeLeaps, then run this item again.',
});

/**
 * The document of a type with an External ID, as the run knows it: the one the list holds, or
 * one this n8n process made a moment ago; none when there is none. Two such documents, or an
 * earlier create that may or may not have happened, fail the item rather than guess.
 */
export async function documentWithExternalId(
	op: OperationContext,
	once: CreateOnce,
	type: string,
	externalId: string,
): Promise<IDataObject | undefined> {
	return await once.existing(op, externalId, documentWords(type));
}
