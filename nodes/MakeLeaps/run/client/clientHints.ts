/**
 * Clients by Client External ID, as hints. MakeLeaps is not known to filter clients by it, so
 * finding one means reading the whole client list: 20 pages at 2,000 clients, for every event
 * (a form, a webhook, a tool call). This n8n process remembers, per MakeLeaps account, the MID of
 * each External ID it saw in a client list or a write, and how long the list was. A run that
 * names fewer clients than the list has pages reads each hinted client instead: the hint holds
 * only when that client still carries the External ID and is not archived. A hint decides a
 * read, never a write: one that no longer holds costs one request, and the list is read as
 * ever. In queue mode each worker keeps its own.
 */
import type { IDataObject } from 'n8n-workflow';

import { readClient } from '../../api/clients';
import { outcomeOf } from '../../transport';
import type { OperationContext } from '../context';

/** The most External IDs kept per process (the oldest forgotten first). */
const MAX_HINTS = 100_000;

class ClientHints {
	private readonly mids = new Map<string, string>();
	/** How many clients each account's list held when last read. */
	private readonly listed = new Map<string, number>();

	learn(account: string, externalId: unknown, mid: unknown): void {
		if (typeof externalId !== 'string' || externalId === '' || mid == null) return;
		const key = `${account}\n${externalId}`;
		this.mids.delete(key); // kept last: the Map keeps insertion order, oldest first
		this.mids.set(key, String(mid));
		if (this.mids.size > MAX_HINTS) this.mids.delete(this.mids.keys().next().value!);
	}

	learnList(account: string, records: readonly IDataObject[]): void {
		this.listed.set(account, records.length);
		for (const record of records) this.learn(account, record.client_external_id, record.mid);
	}

	hint(account: string, externalId: string): string | undefined {
		return this.mids.get(`${account}\n${externalId}`);
	}

	/** The pages of the account's client list when last read (100 a page); unknown before. */
	pages(account: string): number | undefined {
		const count = this.listed.get(account);
		return count === undefined ? undefined : Math.max(1, Math.ceil(count / 100));
	}
}

export const clientHints = new ClientHints();

/** One MakeLeaps account: the service and the partner, whichever API key reads it. */
export const accountOf = (op: OperationContext, partnerMid: string) =>
	`${op.run.transport.baseUrl}\n${partnerMid}`;

/**
 * The client with this External ID through its hint, read and confirmed; undefined when the run
 * should read the list: no hint, a run naming as many clients as the list has pages (the list
 * is then cheaper), the list already read by this run, or a hint that no longer holds.
 */
export async function clientByHint(
	op: OperationContext,
	partnerMid: string,
	externalId: string,
	parameter: string,
): Promise<IDataObject | undefined> {
	const account = accountOf(op, partnerMid);
	const mid = clientHints.hint(account, externalId);
	const pages = clientHints.pages(account);
	if (mid === undefined || pages === undefined || op.run.clientIndex(partnerMid).wasRead()) return;
	if (distinctValues(op, parameter) >= pages) return;
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
