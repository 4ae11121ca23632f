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

/**
 * What a list read is about, for "not found" messages: "partner 123 (its client list)",
 * "client 456 (its contact list)", "document 789 (its pickup links)", or the path itself.
 */
export function listSubject(pathOrUrl: string): string {
	const path = pathOrUrl.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '');
	if (path === '/api/partner/') return 'partner list of this API key';
	const contacts = /\/client\/([^/]+)\/contact\/$/.exec(path);
	if (contacts) return `client ${contacts[1]} (its contact list)`;
	const links = /\/document\/([^/]+)\/pickup-link\/$/.exec(path);
	if (links) return `document ${links[1]} (its pickup links)`;
	const scoped = /^\/api\/partner\/([^/]+)\/(.+?)\/?$/.exec(path);
	if (!scoped) return `list ${path}`;
	const what = scoped[2].replace(/\//g, ' ');
	return `partner ${scoped[1]} (its ${what} list)`;
}
