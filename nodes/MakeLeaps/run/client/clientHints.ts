/**
 * What this n8n process knows of each MakeLeaps account's clients by Client External ID, as
 * hints. Finding a client by its External ID means reading the whole client list (20 pages at
 * 2,000 clients) unless something narrows it, for every event (a form, a webhook, a tool call).
 * The process keeps, per account, the carriers of every External ID as its last complete list
 * read saw them (with the clients this process wrote since) and when that read began; and whether
 * MakeLeaps narrows the client list by `client_external_id` (clientByExternalId.ts finds out).
 * A hint is an External ID with exactly one carrier in a list read at most MAX_HINT_AGE_MS ago:
 * two carriers are never a hint, so a run refused for them is refused again until a list read
 * shows one. How a hint may be used (never for a write on the client itself) is decided in
 * clientByExternalId.ts. In queue mode each worker keeps its own.
 */
import type { IDataObject } from 'n8n-workflow';

/** How long a list read stands for the list: a client made elsewhere since may be missed. */
export const MAX_HINT_AGE_MS = 60 * 60 * 1000;

/** The most accounts remembered (the one used longest ago forgotten first). */
const MAX_ACCOUNTS = 50;

/** Whether the client list narrows to a `client_external_id` exactly, as far as the process saw. */
export type NarrowFilter = 'exact' | 'ignored';

interface Snapshot {
	/** When the list read began: what was made elsewhere since may be missing. */
	readAt: number;
	/** How many clients the list held. */
	count: number;
	/** The MIDs carrying each External ID. */
	carriers: Map<string, Set<string>>;
}

interface Account {
	snapshot?: Snapshot;
	filter?: NarrowFilter;
}

class ClientHints {
	private readonly accounts = new Map<string, Account>();

	/** A complete read of the account's client list, begun at `readAt`: it replaces what was known. */
	learnList(account: string, records: readonly IDataObject[], readAt: number): void {
		const carriers = new Map<string, Set<string>>();
		for (const record of records) {
			const key = externalIdOf(record);
			if (key === undefined || record.mid == null) continue;
			const mids = carriers.get(key) ?? new Set<string>();
			carriers.set(key, mids.add(String(record.mid)));
		}
		this.of(account).snapshot = { readAt, count: records.length, carriers };
	}

	/** A client this process created or changed: it carries its External ID (and no other). */
	learn(account: string, record: IDataObject): void {
		const snapshot = this.accounts.get(account)?.snapshot;
		if (!snapshot || record.mid == null) return;
		const mid = String(record.mid);
		const key = externalIdOf(record);
		for (const [other, mids] of snapshot.carriers) if (other !== key) mids.delete(mid);
		if (key === undefined) return;
		snapshot.carriers.set(key, (snapshot.carriers.get(key) ?? new Set<string>()).add(mid));
	}

	/**
	 * The one client carrying the External ID, as a list read at most MAX_HINT_AGE_MS ago saw it
	 * (`now` the time asked); none when that read saw none or two or more, or is older.
	 */
	hint(account: string, externalId: string, now: number): string | undefined {
		const snapshot = this.accounts.get(account)?.snapshot;
		if (!snapshot || now - snapshot.readAt > MAX_HINT_AGE_MS) return undefined;
		const mids = snapshot.carriers.get(externalId);
		return mids?.size === 1 ? [...mids][0] : undefined;
	}

	/** The clients carrying the External ID in the account's last list read, whatever its age. */
	known(account: string, externalId: string): string[] {
		return [...(this.accounts.get(account)?.snapshot?.carriers.get(externalId) ?? [])];
	}

	/** The pages of the account's client list when last read (100 a page); unknown before. */
	pages(account: string): number | undefined {
		const count = this.accounts.get(account)?.snapshot?.count;
		return count === undefined ? undefined : Math.max(1, Math.ceil(count / 100));
	}

	/** Whether the account's client list narrows by `client_external_id`, once the process saw it. */
	narrowFilter(account: string): NarrowFilter | undefined {
		return this.accounts.get(account)?.filter;
	}

	setNarrowFilter(account: string, filter: NarrowFilter): void {
		this.of(account).filter = filter;
	}

	/** The account's entry, made when first needed and kept last (the oldest forgotten first). */
	private of(account: string): Account {
		const entry = this.accounts.get(account) ?? {};
		this.accounts.delete(account);
		this.accounts.set(account, entry);
		if (this.accounts.size > MAX_ACCOUNTS) this.accounts.delete(this.accounts.keys().next().value!);
		return entry;
	}
}

/** A record's Client External ID; undefined when it has none. */
const externalIdOf = (record: IDataObject) =>
	typeof record.client_external_id === 'string' && record.client_external_id !== ''
		? record.client_external_id
		: undefined;

export const clientHints = new ClientHints();
