/**
 * Turn-taking across the runs of this n8n process, and what each run did with a key in its turn.
 * Two executions importing the same rows at once must not both create a record, nor two sends
 * send one document: work on the same key (account, kind and external ID; a document to send)
 * takes turns, and what one run did (the record it created, the document it sent, or an attempt
 * whose answer was lost) is found by the others, even when their list was read before it. Runs
 * in other processes (queue-mode workers) are not covered; see the README.
 */
import type { IDataObject } from 'n8n-workflow';

/** What a run did with a key: the record it made or sent, or `uncertain` when the answer was lost. */
export type Done =
	| { record: IDataObject; uncertain?: false; at: number }
	| { uncertain: true; at: number };

/** How long an entry is kept (longer than any import runs), and how many at most. */
const KEEP_MS = 24 * 60 * 60 * 1000;
const MAX_KEPT = 50_000;

export class Turns {
	private readonly entries = new Map<string, Done>();
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

	record(key: string, entry: Done): void {
		this.entries.delete(key); // re-inserted last: the Map keeps insertion order, oldest first
		this.entries.set(key, entry);
		for (const [kept, old] of this.entries) {
			if (this.entries.size <= MAX_KEPT && entry.at - old.at <= KEEP_MS) break;
			this.entries.delete(kept);
		}
	}

	/** What was recorded after `since` (when the asking run read its list), if anything. */
	since(key: string, since: number): Done | undefined {
		const entry = this.entries.get(key);
		return entry && entry.at >= since ? entry : undefined;
	}
}

/** The records runs of this process created (clients, documents, contacts; see creates.ts). */
export const createdRecords = new Turns();

/** The documents runs of this process sent, or may have sent (a send whose answer was lost). */
export const sentDocuments = new Turns();
