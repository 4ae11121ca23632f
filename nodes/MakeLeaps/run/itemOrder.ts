/**
 * Input order where a run's items meet. Items may run a few at a time (run/loop/itemLoop.ts), but
 * rows with the same key must take their turns (creates.ts) in input order, as if one by one: the
 * later row finds what the earlier one made and its values come last. So an item queues for a
 * turn only once every earlier item has queued for its own first turn or ended: every earlier
 * row with the key is then ahead of it in the key's queue. An earlier item never waits for a
 * later one here, so no two items wait for each other.
 */
export class ItemOrder {
	/** Items that queued for their first turn or ended. */
	private readonly passed = new Set<number>();
	/** The first item that has not passed: every item before it has. */
	private front = 0;
	private readonly waiting: Array<{ item: number; go: () => void }> = [];

	/** Resolves once every item before `item` has queued for a turn or ended. */
	async earlierQueued(item: number): Promise<void> {
		if (item <= this.front) return;
		await new Promise<void>((go) => this.waiting.push({ item, go }));
	}

	/** The item queued for a turn, or ended: later items may queue. */
	passedBy(item: number): void {
		if (item < this.front) return; // passed already: an item queues, then ends
		this.passed.add(item);
		while (this.passed.has(this.front)) this.passed.delete(this.front++);
		for (const waiter of this.waiting.filter(({ item: waiting }) => waiting <= this.front)) {
			this.waiting.splice(this.waiting.indexOf(waiter), 1);
			waiter.go();
		}
	}
}
