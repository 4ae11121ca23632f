/**
 * What every Create or Update run in this n8n process knows about the records (clients,
 * documents) it created. Two executions importing the same rows at once must not both create a
 * record: rows with the same account and external ID take turns, and a record created by one run
 * is found by the others, even when their list was read before it existed. Runs in other
 * processes (queue-mode workers) are not covered; see the README.
 */
import type { IDataObject } from 'n8n-workflow';

/** A create by some run: the client made, or `uncertain` when its answer was lost. */
export type CreatedEntry =
	| { record: IDataObject; uncertain?: false; at: number }
	| { uncertain: true; at: number };

/** How long an entry is kept (longer than any import runs), and how many at most. */
const KEEP_MS = 24 * 60 * 60 * 1000;
const MAX_KEPT = 50_000;

export class CreatedRecords {
	private readonly entries = new Map<string, CreatedEntry>();
	private readonly turns = new Map<string, Promise<void>>();

	/** Runs `task` when no other task with the same key is running (first come, first served). */
	async oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
		const before = this.turns.get(key) ?? Promise.resolve();
		let release = () => {};
		const mine = new Promise<void>((resolve) => (release = resolve));
		const queue = before.then(async () => await mine);
		this.turns.set(key, queue);
		await before;
		try {
			return await task();
		} finally {
			release();
			if (this.turns.get(key) === queue) this.turns.delete(key);
		}
	}

	record(key: string, entry: CreatedEntry): void {
		this.entries.delete(key); // re-inserted last: the Map keeps insertion order, oldest first
		this.entries.set(key, entry);
		for (const [kept, old] of this.entries) {
			if (this.entries.size <= MAX_KEPT && entry.at - old.at <= KEEP_MS) break;
			this.entries.delete(kept);
		}
	}

	/** A create recorded after `since` (when the asking run read its client list), if any. */
	since(key: string, since: number): CreatedEntry | undefined {
		const entry = this.entries.get(key);
		return entry && entry.at >= since ? entry : undefined;
	}
}

/** The one registry of this process. */
export const createdRecords = new CreatedRecords();

/** The documents runs of this process sent, or may have sent (a send whose answer was lost). */
export const sentDocuments = new CreatedRecords();
