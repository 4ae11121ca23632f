/**
 * The document list's `client` filter, as this n8n process learns it per MakeLeaps account:
 * the form MakeLeaps accepts (the client's MID, or its URL when the MID is refused as a bad
 * request), and whether an answer narrowed by it finds a client's documents at all. Both decide
 * reads only: a form learnt saves a refused request in every later run (an AI agent's tool call
 * is a run of its own); a filter that does not find what it should (a service that answers it
 * with an empty page) is never trusted to say "none", so that no document is made twice; the
 * type's whole list decides instead.
 */
import type { IDataObject } from 'n8n-workflow';

import { clientUrl } from '../../model/locators';
import { outcomeOf } from '../../transport';

type Form = 'mid' | 'url';

/** What the process learnt of one account's client filter. */
interface Learnt {
	form?: Form;
	/** Whether a narrowed read was seen to find a client's document (false: seen to miss one). */
	finds?: boolean;
}

/** The most accounts remembered (the one used longest ago forgotten first). */
const MAX_ACCOUNTS = 50;

const accounts = new Map<string, Learnt>();

/** What the process learnt of the account's client filter; made when first needed. */
export function clientFilterOf(account: string): Learnt {
	const learnt = accounts.get(account) ?? {};
	accounts.delete(account);
	accounts.set(account, learnt);
	if (accounts.size > MAX_ACCOUNTS) accounts.delete(accounts.keys().next().value!);
	return learnt;
}

/**
 * A read with the `client` filter in the form MakeLeaps accepts: the form learnt first, the
 * other when it is refused as a bad request (400), the form that worked kept; both refused, the
 * refusal. Any other failure is the read's error.
 */
export async function byClient<T>(
	account: string,
	baseUrl: string,
	partnerMid: string,
	clientMid: string,
	read: (client: string) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; refusal: unknown }> {
	const learnt = clientFilterOf(account);
	const forms = { mid: clientMid, url: clientUrl(baseUrl, partnerMid, clientMid) };
	const order: Form[] = learnt.form === 'url' ? ['url', 'mid'] : ['mid', 'url'];
	let refusal: unknown;
	for (const form of order) {
		const result = await outcomeOf(read(forms[form]));
		if (result.ok) {
			learnt.form = form;
			return { ok: true, value: result.value };
		}
		if ((result.error as { httpCode?: string }).httpCode !== '400') throw result.error;
		refusal = result.error;
	}
	return { ok: false, refusal };
}

/** Reads a list of documents: a page or more, with `client` when given. */
export type DocumentRead = (query: { client?: string }, limit: number) => Promise<IDataObject[]>;

/** How far a check of the filter walks one client's documents looking for the one it knows. */
const CHECK_RECORDS = 300;

/**
 * Whether the filtered answer `found` (client `clientMid`'s documents) can be trusted to leave
 * none of them out: once the process saw the filter find a client's document, yes. Else it is
 * checked now, once per process and account: an answer holding the client's documents finds;
 * an empty one is compared with `typePage`, the first page of the type's list — a document of
 * this client there means the filter misses; a document of another client is looked for with
 * the filter. Undefined: it could not tell (that read failed, or that client has many
 * documents); the caller reads the whole list.
 */
export async function filterFinds(
	account: string,
	clientMid: string,
	found: readonly IDataObject[],
	typePage: readonly IDataObject[],
	read: DocumentRead,
	clientOf: (document: IDataObject) => string | undefined,
): Promise<boolean | undefined> {
	const learnt = clientFilterOf(account);
	if (learnt.finds !== undefined) return learnt.finds;
	if (found.some((document) => clientOf(document) === clientMid)) return (learnt.finds = true);
	const listed = typePage.filter((document) => clientOf(document) !== undefined);
	if (listed.length === 0) return true; // the type has no documents: none is left out
	if (listed.some((document) => clientOf(document) === clientMid)) return (learnt.finds = false);
	const known = listed[0];
	const other = clientOf(known)!;
	const filtered = await outcomeOf(read({ client: other }, CHECK_RECORDS));
	if (!filtered.ok) return undefined;
	if (filtered.value.some((document) => document.mid === known.mid)) return (learnt.finds = true);
	return filtered.value.length < CHECK_RECORDS ? (learnt.finds = false) : undefined;
}
