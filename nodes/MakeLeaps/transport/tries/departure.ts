/**
 * The moment a request leaves: n8n's request helper calls the credential's `authenticate` after
 * the token exchange (when one is needed) and right before it sends, with the options this
 * transport gave it. The options carry what to do then (the pace's last wait, the deadline
 * started), and the credential calls `departing`.
 */
const DEPARTURE = Symbol('makeleaps.departure');

type Departing = { [DEPARTURE]?: () => Promise<void> };

/**
 * Gives request options what to do when the request leaves. A symbol key: n8n's helper neither
 * sends nor logs it, and a copy of the options (`{ ...options }`) keeps it.
 */
export function onDeparture<T extends object>(options: T, leave: () => Promise<void>): T {
	(options as Departing)[DEPARTURE] = leave;
	return options;
}

/** Called by the credential as n8n is about to send: runs what the options say, once. */
export async function departing(options: object): Promise<void> {
	const leave = (options as Departing)[DEPARTURE];
	if (!leave) return;
	(options as Departing)[DEPARTURE] = undefined;
	await leave();
}
