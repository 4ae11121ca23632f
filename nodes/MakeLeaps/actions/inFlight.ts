/**
 * How many items of a run are under way at once. Far from MakeLeaps (150–250 ms a round trip, and
 * a new connection with its handshakes for every request) one request takes longer than the
 * pace's interval (about 0.5 s at 120 a minute), so items one by one leave part of the minute
 * unused. A few items in flight fill it; every request still waits for its slot on the account's
 * one schedule (transport/tries/pacer.ts), and a 429 holds them all.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { Operation } from './operation';

/**
 * Items under way at once, at most, for an operation marked `overlaps`: enough to keep the pace
 * with requests of up to about 2 s each (4 × the 0.5 s interval); few, so that a failure finds
 * few later items already writing (they finish, and the stop error names what they made).
 */
export const IN_FLIGHT = 4;

/**
 * Items the run takes at once: `IN_FLIGHT` for an operation whose items are independent or meet
 * only in shared reads and turns (`overlaps` in its module), one at a time otherwise, and when
 * Group Rows By is set (a group's items are read together).
 */
export function inFlightOf(context: IExecuteFunctions, operation: Operation): number {
	if (operation.overlaps !== true) return 1;
	// the option as written (an expression unevaluated): set at all, the run groups
	const grouping = operation.groupsBy
		? context.getNodeParameter(operation.groupsBy, 0, '', { rawExpressions: true })
		: '';
	return grouping === '' || grouping === undefined || grouping === null ? IN_FLIGHT : 1;
}

/**
 * Runs `one` for items 0 to count-1 in input order, `width` at a time: an item starts when one
 * ends, and none starts once `stopped()` says so (the items under way finish). The first item
 * runs alone: what every item needs first (the token, the partner, a refusal of the credential)
 * is learnt once, as one by one.
 */
export async function eachItem(
	count: number,
	width: number,
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
	await Promise.all(Array.from({ length: Math.max(0, Math.min(width, count - next)) }, lane));
}
