/**
 * The client a client parameter names: picked from the list, by URL, by ID, or By External ID.
 * By External ID, the client list decides, read once per run: the one live client carrying the
 * ID; none or two or more fail the item. What the process knows (clientHints.ts) only stands in
 * for that list where it can give the list's answer:
 * - when MakeLeaps narrows the client list to the External ID (`client_external_id`, each record
 *   checked again), that narrowed read is the list's answer, for any use;
 * - otherwise, for a read or a document made for the client, a hint (one carrier in a list read
 *   at most an hour ago), confirmed by reading that client; a client given the same ID elsewhere
 *   since that read is the one case it misses (docs/reliability.md);
 * - never for a write on the client itself (`use: 'write'`: Delete, Update, its contacts): without
 *   a narrowed read, the whole list decides.
 * A run naming as many clients as the list has pages reads the list, which is as cheap.
 */
import type { IDataObject, INodeParameterResourceLocator } from 'n8n-workflow';

import { clientList, readClient } from '../../api/clients';
import { clientMidOf, clientsUrl, pickedMid, pickedValue } from '../../model/locators';
import { checkMid, checkText } from '../../model/validation';
import { MAX_PAGE_SIZE, outcomeOf } from '../../transport';
import type { OperationContext } from '../context';
import { clientHints } from './clientHints';
import { AfterItsClient, clientMadeEarlier } from './clientMadeEarlier';

/** What the item does with the client: reads it (or makes a document for it), or writes on it. */
export type ClientUse = 'read' | 'write';

/** The client found in the list's stead: `exact` when a narrowed read gave the list's answer. */
export interface HintedClient {
	client: IDataObject;
	exact: boolean;
}

/** One MakeLeaps account: the service and the partner, whichever API key reads it. */
export const accountOf = (op: OperationContext, partnerMid: string) =>
	`${op.run.transport.baseUrl}\n${partnerMid}`;

/** The client MID the client parameter `name` names (see the top of this file). */
export async function namedClientMid(
	op: OperationContext,
	name: string,
	partnerMid: string,
	use: ClientUse = 'read',
): Promise<string> {
	const picked = op.parameter(name);
	return await pickedClientMid(op, picked, op.label(name), partnerMid, name, use);
}

/** The client MID of a picker's value (a locator, or a MID or URL from an expression). */
export async function pickedClientMid(
	op: OperationContext,
	picked: unknown,
	label: string,
	partnerMid: string,
	parameter = 'client',
	use: ClientUse = 'read',
): Promise<string> {
	const locator = picked as INodeParameterResourceLocator | undefined;
	if (locator?.mode !== 'externalId') {
		if (op.run.preview && pickedValue(picked) === undefined) {
			const earlier = clientMadeEarlier(op);
			if (earlier) throw new AfterItsClient(earlier);
			op.fail(
				`${label} is empty: in a preview, a client an earlier node would create does not exist yet`,
				`A preview creates nothing, so that client has no ID to give. To preview the chain, pick ${label} ${EXT_ID} (the client's Client External ID); the real run makes the client first.`,
			);
		}
		const { baseUrl } = op.run.transport;
		refuseMixedValue(op, label, 'By ID', pickedValue(picked));
		const mid =
			typeof picked === 'object' && picked !== null && locator?.mode !== undefined
				? clientMidOf(locator, label, baseUrl, partnerMid)
				: pickedMid(picked, label, clientsUrl(baseUrl, partnerMid), 'client');
		noteClientGiven(op, mid, locator);
		return mid;
	}
	const externalId = checkText(locator.value, label);
	if (!externalId) {
		op.fail(
			`Give the client's Client External ID: ${label} (${EXT_ID}) is empty`,
			"Ext. ID finds the client by your own ID of it (its Client External ID), such as a sheet's column.",
		);
	}
	const client = await clientWithExternalId(op, partnerMid, externalId, label, parameter, use);
	return checkMid(client.mid, label);
}

/** The one live client with this Client External ID, by the list or what stands in for it. */
async function clientWithExternalId(
	op: OperationContext,
	partnerMid: string,
	externalId: string,
	label: string,
	parameter: string,
	use: ClientUse,
): Promise<IDataObject> {
	const hinted = await clientByHint(op, partnerMid, externalId, parameter, use);
	if (hinted) {
		op.run.noteClient(hinted.client);
		return hinted.client;
	}
	const found = await op.run.clientIndex(partnerMid).find(externalId, op.itemIndex);
	if (found.length === 0) {
		const earlier = clientMadeEarlier(op, externalId);
		if (earlier) throw new AfterItsClient(earlier);
		refuseMixedValue(op, label, EXT_ID, externalId);
		refuseUnknownClient(op, label, externalId);
	}
	if (found.length > 1) refuseCarriers(op, externalId, found);
	const mid = checkMid(found[0].mid, label);
	op.run.noteClient(found[0]);
	// the listed client stands for a read of it (a new document's default contact), when the
	// list gave what that read is for
	if (found[0].default_contact) await op.run.sharedRead(`client ${mid}`, async () => found[0]);
	return found[0];
}

/** How the editor names the mode of a client by its Client External ID. */
const EXT_ID = 'Ext. ID';

/** A MakeLeaps MID in a text: 15 to 20 digits standing alone. */
const MID_IN_TEXT = /(^|\s)\d{15,20}(\s|$)/;

/**
 * A value that holds a MID and more, separated by spaces: what a field holds after the editor
 * kept a dropped MID when its mode changed, and a column was dropped beside it. Refused in `By
 * ID` before any request; in Ext. ID only once no client carries it (it may be an ID after all).
 */
function refuseMixedValue(op: OperationContext, label: string, mode: string, value: unknown) {
	if (typeof value !== 'string' || value.startsWith('=')) return;
	const text = value.trim();
	if (!/\s/.test(text) || !MID_IN_TEXT.test(text)) return;
	const keep = mode === EXT_ID ? 'the External ID column' : 'the MID';
	op.fail(
		`${label} (${mode}) got "${shortened(text)}", which looks like a MID and a column together: clear the field and drop only ${keep}`,
		`Switching the mode of ${label} keeps what the field held. ${mode === EXT_ID ? 'Ext. ID takes the Client External ID alone' : 'By ID takes the MID alone'}.`,
	);
}

/** At most 60 characters of a value, for a message. */
const shortened = (text: string) => {
	const characters = [...text];
	return characters.length > 60 ? `${characters.slice(0, 59).join('')}…` : text;
};

/** No live client carries the Client External ID: what to do first, then what was looked for. */
function refuseUnknownClient(op: OperationContext, label: string, externalId: string): never {
	if (op.run.preview) {
		op.fail(
			`Make the client first, or correct ${label}: no client has Client External ID "${externalId}" yet`,
			'A preview creates nothing. When an earlier node of this workflow makes this client, give this node its output as input: its preview row then says it would create after its client. Otherwise MakeLeaps has no client with this ID: correct it in the row.',
		);
	}
	const mid = /^\d{15,20}$/.test(externalId);
	op.fail(
		mid
			? `Pick the client By ID, or give its Client External ID: ${label} (${EXT_ID}) got "${externalId}", which looks like a MakeLeaps MID, and no client has it as Client External ID`
			: `Make the client first, or correct ${label}: MakeLeaps has no client with Client External ID "${externalId}"`,
		"Client → Create or Update with this Client External ID, in an earlier node (or in MakeLeaps), makes the client; otherwise the row's ID has a typo.",
	);
}

/** Two or more live clients carry the ID: the item fails naming each, as the list decides. */
export function refuseCarriers(
	op: OperationContext,
	externalId: string,
	carriers: readonly IDataObject[],
): never {
	op.fail(
		`${carriers.length} clients have Client External ID "${externalId}"`,
		`Pick the client by ID instead: ${carriers.map((client) => String(client.mid)).join(', ')}`,
	);
}

/**
 * The client with this External ID found without the list, or undefined when the list should
 * decide: the run has read the list (or will, naming as many clients as it has pages), the
 * process knows nothing of the ID, or neither a narrowed read nor (for a read) a hint holds.
 * Two carriers in a narrowed read fail the item, as the list would.
 */
export async function clientByHint(
	op: OperationContext,
	partnerMid: string,
	externalId: string,
	parameter: string,
	use: ClientUse,
): Promise<HintedClient | undefined> {
	const account = accountOf(op, partnerMid);
	const pages = clientHints.pages(account);
	if (pages === undefined || op.run.clientIndex(partnerMid).wasRead()) return undefined;
	if (distinctValues(op, parameter) >= pages) return undefined;
	const known = clientHints.known(account, externalId);
	if (known.length === 0) return undefined;
	if (clientHints.narrowFilter(account) !== 'ignored') {
		const narrowed = await narrowedRead(op, partnerMid, externalId, known[0]);
		if (narrowed && narrowed.length > 1) refuseCarriers(op, externalId, narrowed);
		if (narrowed) return narrowed.length === 1 ? { client: narrowed[0], exact: true } : undefined;
	}
	const mid = clientHints.hint(account, externalId, Date.now());
	if (use === 'write' || mid === undefined) return undefined;
	const client = await confirmed(op, partnerMid, mid, externalId);
	return client ? { client, exact: false } : undefined;
}

/**
 * The live clients carrying the External ID, when MakeLeaps narrows its client list to it: every
 * record it gives carries the ID. A record without it means the filter is ignored, and the
 * process stops asking (undefined). An empty answer while the client the process knew still
 * carries the ID means the same. A failed read decides nothing (undefined).
 */
async function narrowedRead(
	op: OperationContext,
	partnerMid: string,
	externalId: string,
	knownMid: string,
): Promise<IDataObject[] | undefined> {
	const account = accountOf(op, partnerMid);
	const query = { client_external_id: externalId, per_page: MAX_PAGE_SIZE, expand: 'contacts' };
	const listed = await outcomeOf(
		op.run.sharedRead(`clients with ${externalId}`, async () => ({
			records: await clientList(op.run.transport, partnerMid, query, MAX_PAGE_SIZE, op.itemIndex),
		})),
	);
	if (!listed.ok) return undefined;
	const records = listed.value.records as IDataObject[];
	if (records.some((record) => record.client_external_id !== externalId)) {
		clientHints.setNarrowFilter(account, 'ignored');
		return undefined;
	}
	if (records.length > 0) {
		clientHints.setNarrowFilter(account, 'exact');
		return records;
	}
	// none: true when the client the process knew has lost the ID, else the filter is not to be trusted
	if (await confirmed(op, partnerMid, knownMid, externalId))
		clientHints.setNarrowFilter(account, 'ignored');
	return clientHints.narrowFilter(account) === 'exact' ? [] : undefined;
}

/** The client read, when it still carries the External ID and is not archived; else undefined. */
async function confirmed(
	op: OperationContext,
	partnerMid: string,
	mid: string,
	externalId: string,
): Promise<IDataObject | undefined> {
	const read = await outcomeOf(
		op.run.sharedRead(`client ${mid}`, async () => await readClient(op, partnerMid, mid)),
	);
	const client = read.ok ? read.value : undefined;
	if (client?.client_external_id === externalId && !client.date_archived && client.mid == mid)
		return client;
	return undefined; // a hint that no longer holds (or a failed read): the list decides
}

/**
 * How many different values the run's items give a parameter, at most (one value given two ways
 * counts twice, which only favours reading the whole list); worked out once per run.
 */
export function distinctValues(op: OperationContext, parameter: string): number {
	const { run } = op;
	const known = run.distinctCounts.get(parameter);
	if (known !== undefined) return known;
	const count = run.n8n.getInputData().length;
	const values = new Set<string>();
	for (let item = 0; item < count; item++) {
		try {
			values.add(JSON.stringify(run.parameters.readAhead(parameter, item, '') ?? ''));
		} catch {
			values.add(`refused ${item}`); // the item fails on its own turn
		}
	}
	run.distinctCounts.set(parameter, values.size);
	return values.size;
}

/**
 * The name of a client picked by ID, where the item already has it (no read): the editor's
 * list kept it with the pick, or the item is that client (an earlier node's output, such as
 * Client → Create or Update's). It only names rows; nothing is decided by it.
 */
function noteClientGiven(
	op: OperationContext,
	mid: string,
	locator?: INodeParameterResourceLocator,
) {
	if (op.run.nameOf('client', mid) !== undefined) return;
	const item = op.input?.json;
	const itemIsClient = item !== undefined && String(item.mid) === mid;
	const name = locator?.cachedResultName ?? (itemIsClient ? item.display_name : undefined);
	op.run.noteName('client', mid, name);
}
