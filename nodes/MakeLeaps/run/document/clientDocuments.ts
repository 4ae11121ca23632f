/**
 * Where a document is found by its External ID: among its client's documents of its type (an
 * External ID names a document within its client). One event (a form, a webhook, a tool call)
 * reads one client's documents, however many the account holds; a run whose rows name many
 * clients reads the type's whole list instead when that costs fewer pages (run/memory.ts).
 */
import type { OperationContext } from '../context';
import { distinctValues } from '../client/clientHints';
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
	if (clientOfItem === 'own') return op.run.n8n.getInputData().length;
	return distinctValues(op, 'client');
}
