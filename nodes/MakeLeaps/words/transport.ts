/**
 * What the transport's errors say: each error's message (what happened, shown first) and
 * description (what to do), and the small pieces they are made of. The transport decides which
 * error, with which status, and whether a write is uncertain; this file only words them.
 */
import { REPORT_URL } from './check';

/** One error in words: what happened, and what to do. */
export interface Worded {
	message: string;
	description: string;
}

/** "about 7 h", "about 12 min", "45 seconds", "1 second"; over two days is "more than 2 days". */
export function aboutDuration(seconds: number): string {
	if (seconds > 172800) return 'more than 2 days';
	if (seconds >= 3600) return `about ${Math.round(seconds / 3600)} h`;
	if (seconds >= 120) return `about ${Math.round(seconds / 60)} min`;
	return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** The row a person counts (from 1) of n8n's item (from 0): a sheet's rows without arithmetic. */
export const rowOf = (itemIndex: number) => itemIndex + 1;

/** The item a message is about, after it: " [item 3, row 4]". */
export const itemSuffix = (itemIndex: number | undefined) =>
	itemIndex === undefined ? '' : ` [item ${itemIndex}, row ${rowOf(itemIndex)}]`;

/** A sentence's first word with a capital: "Item 3 (row 4) failed". */
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An item named in a sentence: "item 3 (row 4)". */
export const itemNamed = (itemIndex: number) => `item ${itemIndex} (row ${rowOf(itemIndex)})`;

/** A message without the item it is about, to be quoted in another item's message. */
export const withoutItemSuffix = (message: string) =>
	message.replace(/ \[item \d+, row \d+\]$/, '');

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

/** A description followed by MakeLeaps' own text, when it gave one. */
export const quoting = (description: string, said: string | undefined) =>
	said ? `${description}. MakeLeaps said: ${said}` : description;

/** ", also after 2 retries", or nothing when the request was not retried. */
const afterRetries = (retries: number) => (retries > 0 ? `, also after ${retries} retries` : '');

const TEMPORARY = 'This is usually temporary; run again in a few minutes';

/**
 * What a list read is about, for "not found" messages, by what the transport read in its path:
 * "partner 123 (its client list)", "client 456 (its contact list)", "document 789 (its pickup
 * links)", "partner list of this API key", or the path itself.
 */
export const LIST_SUBJECTS = {
	partners: 'partner list of this API key',
	contacts: (client: string) => `client ${client} (its contact list)`,
	pickupLinks: (document: string) => `document ${document} (its pickup links)`,
	/** `what`: the path after the partner, its slashes as spaces ("client 456 contact"). */
	ofPartner: (partner: string, what: string) => `partner ${partner} (its ${what} list)`,
	other: (path: string) => `list ${path}`,
};

/** A 400: MakeLeaps' text is the message itself. */
export const refusedData = (text: string): Worded => ({
	message: `MakeLeaps refused the data: ${text || 'HTTP 400'}`,
	description: 'Correct the fields named above and run again',
});

/** A 400 to a file's upload: `subject` names the file ("file terms.pdf of sending order 123"). */
export const refusedFile = (subject: string | undefined, text: string): Worded => ({
	message: `MakeLeaps refused the ${subject ?? 'file'}: ${text || 'HTTP 400'}`,
	description: `MakeLeaps did not take the file as the node sent it (a form with the file in content_file, as its own example sends it). Check that it is a PDF MakeLeaps accepts; if it is, report this message at ${REPORT_URL}`,
});

export const NO_PARTNER_ACCESS: Worded = {
	message: 'The MakeLeaps API key has no access to this partner',
	description: 'Pick a partner from the list; an API key belongs to exactly one partner',
};

/** A 404; `subject` is what was asked for ("client 123"), when the request says. */
export const notFound = (subject: string | undefined): Worded => ({
	message: `MakeLeaps has no ${subject ?? 'such resource'}`,
	description:
		'Pick the record From List, or correct its ID in the row: it may have been deleted in MakeLeaps',
});

/** A 429 still refused after the node waited `waits` times. */
export const rateLimited = (waits: number, retryAfter: number | undefined): Worded => ({
	message: `MakeLeaps rate limit reached: still refused after ${waits} waits (it asks to wait ${retryAfter === undefined ? '? seconds' : aboutDuration(retryAfter)} more)`,
	description:
		'MakeLeaps allows about 120 requests per minute and 5,000 per day. Lower Options > Requests Per Minute, or run again later',
});

/** A 5xx. */
export const unavailable = (status: number, retries: number): Worded => ({
	message: `MakeLeaps is unavailable (HTTP ${status})${afterRetries(retries)}`,
	description: TEMPORARY,
});

/** Any other status that is not retried. */
export const otherStatus = (status: number, text: string): Worded => ({
	message: `MakeLeaps answered HTTP ${status}${text ? `: ${text}` : ''}`,
	description: 'Check the node parameters',
});

/** MakeLeaps' daily limit, which resets in `seconds`. */
export const dailyLimit = (seconds: number): Worded => ({
	message: `MakeLeaps daily request limit reached; requests resume in ${aboutDuration(seconds)}`,
	description:
		'MakeLeaps allows about 5,000 API requests per day per account. The node stops instead of waiting; run the remaining items after the limit resets',
});

/** A wait MakeLeaps asks for that is longer than the most the node waits. */
export const waitTooLong = (seconds: number, mostSeconds: number): Worded => ({
	message: `MakeLeaps asks to wait ${aboutDuration(seconds)} before the next request, longer than the node waits (${mostSeconds} seconds)`,
	description: 'Run the remaining items later, or lower Options > Requests Per Minute',
});

export const TOKEN_REFUSED: Worded = {
	message: 'MakeLeaps did not accept the access token, even one issued just now',
	description:
		'Open the MakeLeaps credential and test it; check the Client ID and Client Secret, and that the API key is still active in MakeLeaps',
};

/** A create or a send that may or may not have been made; `what` is what happened to it. */
export const uncertainWrite = (send: boolean, what: string): Worded => ({
	message: `MakeLeaps may or may not have carried out this ${send ? 'send' : 'create'}: ${what}`,
	description: send
		? 'The request was not sent again, because a second send could deliver the document twice. Look at the sending order in MakeLeaps before running this item again'
		: 'The request was not sent again, because a second create could make a duplicate. Look for the record in MakeLeaps (for a client: by its Client External ID or name) before running this item again',
});

/** The credential's own message (the token exchange failed), kept as it is. */
export const credentialFailed = (message: string): Worded => ({
	message,
	description: 'Open the MakeLeaps credential, correct it and test it',
});

/** What became of a request that got no answer, by what the transport saw. */
export function lostAnswer(
	seen: 'deadline' | 'timeout' | 'lost',
	code: string,
	seconds: number,
): string {
	if (seen === 'deadline') return `no complete answer within ${seconds} seconds`;
	if (seen === 'timeout') return `no answer within ${seconds} seconds (${code})`;
	return `the connection was lost (${code})`;
}

export const afterSent = (what: string) => `${what} after the request was sent`;

/** No answer, when nothing can have been made: `what` is from lostAnswer. */
export const unreachable = (what: string, retries: number): Worded => ({
	message: `Could not reach MakeLeaps: ${what}${afterRetries(retries)}`,
	description:
		'Check the network and the Base URL of the credential; run again when MakeLeaps answers',
});

/** A 3xx, to `host` (from hostOf). */
export const redirected = (status: number, host: string) =>
	`MakeLeaps answered with a redirect (HTTP ${status}) to ${host}`;

/** A redirect of a create, which may or may not have been made: `what` is from redirected. */
export const redirectNotFollowed = (what: string) => `${what}, which the node does not follow`;

/** A redirect of any other request: `what` is from redirected. */
export const redirectRefused = (what: string): Worded => ({
	message: `${what}; the node does not follow redirects`,
	description:
		'Following it would send the access token to another address. Check the Base URL of the MakeLeaps credential (normally https://api.makeleaps.com)',
});

/** A file larger than `maxBytes`, where reading stopped. */
export function tooLarge(subject: string | undefined, maxBytes: number): Worded {
	const megabytes = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
	return {
		message: `The ${subject ?? 'file'} is larger than ${megabytes} MB, the most the node reads`,
		description:
			'Reading stopped there, so the file does not fill the memory of n8n. Raise Options > Max PDF Size (MB) if the file is expected to be this large.',
	};
}

/** MakeLeaps' file storage gave no file: its status (0: no answer), never what it answered. */
export function storageFailed(
	status: number,
	retries: number,
	subject: string | undefined,
): Worded {
	const answered = status === 0 ? 'did not answer' : `answered HTTP ${status}`;
	return {
		message: `MakeLeaps' file storage ${answered} for the ${subject ?? 'file'}${afterRetries(retries)}`,
		description:
			status >= 500
				? TEMPORARY
				: 'The link MakeLeaps gave to the file did not work; run again to get a new one',
	};
}

export const storageNotPdf = (subject: string | undefined): Worded => ({
	message: `MakeLeaps' file storage did not answer with a PDF for the ${subject ?? 'file'}`,
	description: 'Nothing was saved. Run again; if it keeps happening, download the PDF in MakeLeaps',
});

/** A 2xx whose body is not what the request needs; `excerpt` is the body's beginning. */
export const unreadableAnswer = (status: number, problem: string, excerpt: string) =>
	`MakeLeaps answered HTTP ${status} with ${problem}: ${excerpt}`;

/** Such an answer to a GET (`read`) or to a change that is not a create. */
export const unusable = (
	read: boolean,
	status: number,
	problem: string,
	excerpt: string,
): Worded => ({
	message: `The answer of MakeLeaps could not be used: ${problem}`,
	description: read
		? `Nothing was changed on the strength of it. MakeLeaps (or something between, such as a proxy) answered HTTP ${status}: ${excerpt}`
		: `The change was probably made; check the record in MakeLeaps. The answer (HTTP ${status}) was: ${excerpt}`,
});

/** A status that leaves a create uncertain (a 5xx), as the uncertain error's `what`. */
export const answeredStatus = (status: number) => `MakeLeaps answered HTTP ${status}`;

/** A URL that would leave the Base URL. */
export const refusedUrl = (shown: string) =>
	`Refusing to call ${shown}: it is not a plain path under the Base URL`;

export const STOPPED_BEFORE_ANSWER = 'the execution was stopped before MakeLeaps answered';
export const STOPPED_WAITING = 'The execution was stopped while waiting for MakeLeaps';

/** A list whose pages cannot be followed to an end, and why. */
export const brokenList = (reason: string): Worded => ({
	message: `MakeLeaps' list could not be read to its end: ${reason}`,
	description:
		'The node stopped reading instead of going on without end; nothing was written on the strength of this list',
});

/** A request other than a GET in a run that only reads. */
export const refusedWrite = (method: string): Worded => ({
	message: `This run only reads: a ${method} request was about to be sent; it was not`,
	description:
		'A preview (Preview Only) and Account → Check only read. Nothing was changed in MakeLeaps.',
});

/** Options > Requests Per Minute refused before any request; `shown` is the value as given. */
export const REQUESTS_PER_MINUTE_PROBLEMS = {
	notPositive: (shown: string) => `Requests Per Minute must be a positive number, not ${shown}`,
	outOfRange: (min: number, max: number, shown: string) =>
		`Requests Per Minute must be between ${min} and ${max}, not ${shown}`,
};

/** The descriptions of a run's settings the transport refuses before any request. */
export const FIX_REQUESTS_PER_MINUTE =
	"Set Options > Requests Per Minute to 120 (MakeLeaps' limit) or lower";
export const FIX_BASE_URL = 'Fix the Base URL in the MakeLeaps credential';
