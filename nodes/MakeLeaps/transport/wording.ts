/** Small pieces of the messages users read. */

/** "about 7 h", "about 12 min", "45 seconds"; anything over two days is "more than 2 days". */
export function aboutDuration(seconds: number): string {
	if (seconds > 172800) return 'more than 2 days';
	if (seconds >= 3600) return `about ${Math.round(seconds / 3600)} h`;
	if (seconds >= 120) return `about ${Math.round(seconds / 60)} min`;
	return `${seconds} seconds`;
}

export const itemSuffix = (itemIndex: number | undefined) =>
	itemIndex === undefined ? '' : ` [item ${itemIndex}]`;

/** The host of a redirect target, for the message ("an unnamed address" when there is none). */
export function hostOf(location: string | undefined): string {
	if (!location) return 'an unnamed address';
	try {
		return new URL(location, 'https://relative.invalid').host.replace(
			'relative.invalid',
			'the same host',
		);
	} catch {
		return 'an unreadable address';
	}
}
