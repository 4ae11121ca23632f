/** How a promise settled, as a value: a failure can be looked at, and turned into another error. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export async function outcomeOf<T>(promise: Promise<T>): Promise<Outcome<T>> {
	return await promise.then(
		(value) => ({ ok: true as const, value }),
		(error: unknown) => ({ ok: false as const, error }),
	);
}
