/**
 * How many items of a run are under way at once. Far from MakeLeaps (150–250 ms a round trip, and
 * a new connection with its handshakes for every request) one request takes longer than the
 * pace's interval (about 0.5 s at 120 a minute), so items one by one leave part of the minute
 * unused. A few items in flight fill it; every request still waits for its slot on the account's
 * one schedule (transport/tries/pacer.ts), and a 429 holds them all.
 */
import type { OperationContext } from '../context';
import type { Operation } from './operation';

/**
 * Items under way at once, at most, for an operation marked `overlaps`: enough to keep the pace
 * with requests of up to about 2 s each (4 × the 0.5 s interval); few, so that a failure finds
 * few later items already writing (they finish, and the stop error names what they made).
 */
export const IN_FLIGHT = 4;

/**
 * Items the run takes at once after the first: `IN_FLIGHT` for an operation whose items are
 * independent or meet only in shared reads and turns (`overlaps` in its module; a function
 * decides for the run, once, when the first item has ended, so it may use what that item read),
 * one at a time otherwise. With Group Rows By, a group's first item does the group's work (it
 * reads its rows), so groups are in flight as items are. A decision that fails to read what it
 * needs never blocks the run: it goes one at a time.
 */
export async function inFlightOf(
	operation: Operation,
	first: OperationContext,
	count: number,
): Promise<number> {
	const { overlaps } = operation;
	if (typeof overlaps !== 'function') return overlaps === true ? IN_FLIGHT : 1;
	try {
		return (await overlaps(first, count)) ? IN_FLIGHT : 1;
	} catch {
		return 1; // the item whose value could not be read fails on its own turn
	}
}

/**
 * Runs `one` for items 0 to count-1 in input order, `width()` at a time: an item starts when one
 * ends, and none starts once `stopped()` says so (the items under way finish). The first item
 * runs alone: what every item needs first (the token, the partner, a refusal of the credential)
 * is learnt once, as one by one; the width is decided after it, from what it learnt.
 */
export async function eachItem(
	count: number,
	widthAfterFirst: () => Promise<number>,
	one: (item: number) => Promise<void>,
	stopped: () => boolean,
): Promise<void> {
	let next = 0;
	let ended = false;
	const lane = async () => {
		try {
			while (next < count && !stopped() && !ended) await one(next++);
		} finally {
			ended = true; // once a lane ends (all started, stopped, or an error), none starts another
		}
	};
	if (count > 0) await one(next++);
	if (next >= count || stopped()) return;
	const width = await widthAfterFirst();
	await Promise.all(Array.from({ length: Math.max(0, Math.min(width, count - next)) }, lane));
}
