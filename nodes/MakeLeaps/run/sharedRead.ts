/**
 * Reads shared by the items of a run. A read many items depend on (the partner of the API key,
 * the client list) is made once: every later item gets its result, or, when it failed, an error
 * of its own saying what failed, without reading again. (Records many items need by MID, found
 * together in their list: fromList.ts.)
 */
import { outcomeOf } from '../transport';
import { withoutItemSuffix } from '../words/transport';

/** A shared read failed earlier; the item was not attempted. */
export class SharedReadFailed extends Error {
	constructor(
		message: string,
		readonly description: string,
	) {
		super(message);
		this.name = 'SharedReadFailed';
	}
}

export class SharedRead<T> {
	private result?: Promise<T>;

	/** `what` names the read in messages, such as "The client list". */
	constructor(private readonly what: string) {}

	/** The value, read by `read` on the first call only. The first caller sees the read's own error. */
	async get(read: () => Promise<T>): Promise<T> {
		if (!this.result) {
			this.result = read();
			return await this.result;
		}
		const earlier = await outcomeOf(this.result);
		if (earlier.ok) return earlier.value;
		const { error } = earlier;
		const reason = withoutItemSuffix(error instanceof Error ? error.message : String(error));
		throw new SharedReadFailed(
			`${this.what} could not be read: ${reason}`,
			'It was read once for this run and is not read again; nothing was sent for this item. Run the workflow again when MakeLeaps answers.',
		);
	}

	/** The read once it has begun, else undefined. */
	current(): Promise<T> | undefined {
		return this.result;
	}

	/** Forgets the value, so that the next call reads again. */
	reset(): void {
		this.result = undefined;
	}
}
