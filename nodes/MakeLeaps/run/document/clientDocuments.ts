/**
 * Where a document is found by its External ID: among its client's documents of its type (an
 * External ID names a document within its client). One event (a form, a webhook, a tool call)
 * reads one client's documents, however many the account holds; a run whose rows name many
 * clients reads the type's whole list instead when that costs fewer pages (run/memory.ts).
 */
import type { OperationContext } from '../context';
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

/**
 * How many clients the run's items name, at most: each item's Client as given (one client given
 * two ways counts twice, which only favours the whole list), or one each where an item's client
 * is its own (Convert: the source document's).
 */
function clientsOfRun(op: OperationContext, clientOfItem: 'parameter' | 'own'): number {
	const count = op.run.n8n.getInputData().length;
	if (clientOfItem === 'own') return count;
	op.run.clientsNamed ??= (() => {
		const named = new Set<string>();
		for (let item = 0; item < count; item++) {
			try {
				named.add(JSON.stringify(op.run.parameters.readAhead('client', item, '') ?? ''));
			} catch {
				named.add(`refused ${item}`); // the item fails on its own turn
			}
		}
		return named.size;
	})();
	return op.run.clientsNamed;
}
