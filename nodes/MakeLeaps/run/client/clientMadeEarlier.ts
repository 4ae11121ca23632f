/**
 * A preview of a chain: the client an earlier node of the same preview would create. A preview
 * creates nothing, so an invoice's client made by the Client → Create or Update node before it
 * is not in MakeLeaps yet. The node tells so only from what the item carries, never from a
 * guess: the item (or an item of an earlier MakeLeaps node it is paired with) is that node's
 * preview row of a client that has no MID yet (`would create`, or a later row of it), with the
 * Client External ID given. Such an item's row says what the real run does after its client
 * (model/plans.ts AFTER_ITS_CLIENT) instead of `would fail`.
 */
import type { IDataObject } from 'n8n-workflow';

import { PREVIEW_WORDS, WOULD_FAIL } from '../../model/plans';
import type { OperationContext } from '../context';

/** Earlier MakeLeaps nodes whose paired item is looked at, at most. */
const MAX_EARLIER_NODES = 10;

/** The client an earlier node of this preview would create: its key, and its name as that row gives it. */
export interface EarlierClient {
	clientExternalId: string;
	clientName?: string;
}

/** An item that waits for a client an earlier node would create (thrown in a preview only). */
export class AfterItsClient extends Error {
	constructor(readonly client: EarlierClient) {
		super(`The client with Client External ID "${client.clientExternalId}" does not exist yet`);
		this.name = 'AfterItsClient';
	}
}

/**
 * Whether a row is a client preview row of a client not in MakeLeaps yet: the preview of a
 * client write (a Client External ID and none of a document's or a contact's keys), without a MID.
 */
function earlierClientOf(row: IDataObject | undefined): EarlierClient | undefined {
	if (row === undefined || typeof row.client_external_id !== 'string') return undefined;
	const words = Object.values(PREVIEW_WORDS) as unknown[];
	if (row.preview === WOULD_FAIL || !words.includes(row.preview)) return undefined;
	if (['external_id', 'document_number', 'email'].some((key) => row[key] !== undefined))
		return undefined;
	if (row.mid !== undefined && row.mid !== null && row.mid !== '') return undefined;
	const clientExternalId = row.client_external_id.trim();
	if (!clientExternalId) return undefined;
	const clientName = typeof row.client_name === 'string' ? row.client_name : undefined;
	return { clientExternalId, clientName };
}

/**
 * The rows the item carries: its own JSON, then the items of earlier nodes of this node's type
 * it is paired with (a Filter or an Edit Fields node may stand between), each read by n8n's own
 * pairing; one that cannot be paired is passed over.
 */
function carriedRows(op: OperationContext): IDataObject[] {
	const context = op.run.n8n;
	const rows: IDataObject[] = [];
	const own = op.input?.json;
	if (own) rows.push(own);
	const node = context.getNode();
	let earlier: Array<{ name: string; type: string; disabled: boolean }> = [];
	try {
		earlier = context.getParentNodes(node.name);
	} catch {
		return rows;
	}
	let proxy: ReturnType<typeof context.getWorkflowDataProxy> | undefined;
	for (const parent of earlier
		.filter((candidate) => candidate.type === node.type && !candidate.disabled)
		.slice(0, MAX_EARLIER_NODES)) {
		try {
			proxy ??= context.getWorkflowDataProxy(op.itemIndex);
			const json = (proxy.$(parent.name) as { item?: { json?: IDataObject } }).item?.json;
			if (json) rows.push(json);
		} catch {
			// not paired with this node's items: it says nothing of this item
		}
	}
	return rows;
}

/**
 * The client an earlier node of this preview would create for this item, when the item carries
 * its preview row: with `externalId`, only a row of that Client External ID; without (the
 * client's ID is empty, an earlier node's MID not made), the first such row.
 */
export function clientMadeEarlier(
	op: OperationContext,
	externalId?: string,
): EarlierClient | undefined {
	if (!op.run.preview) return undefined;
	for (const row of carriedRows(op)) {
		const client = earlierClientOf(row);
		if (client && (externalId === undefined || client.clientExternalId === externalId.trim()))
			return client;
	}
	return undefined;
}
