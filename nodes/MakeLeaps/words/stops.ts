/**
 * What a user reads when items fail: an item's failure, and the message that stops a run (what
 * the run had already created, which items may or may not have made their record, which to run
 * again). run/loop/itemFailure.ts decides which items are which; this file words them.
 */
import { capitalized, itemNamed, itemSuffix, rowOf } from './transport';

/** A message naming its item: "… [item 3, row 4]". */
export const withItem = (message: string, itemIndex: number) =>
	`${message}${itemSuffix(itemIndex)}`;

/** The description of a refusal whose item names a Partner the API key does not reach. */
export const PICK_PARTNER =
	'Pick the partner from the list in Partner, or leave it empty for the only partner of the API key.';

/** At most this many records or items are listed by name; the rest are counted. */
export const MAX_LISTED = 20;

/** What the records of a resource (or of one operation, where they differ) are called in a sentence. */
const NOUNS: Record<string, string> = {
	sendingOrder: 'sending order',
	'document createPickupLink': 'pickup link',
};

/** What a record of an operation is called: "client", "pickup link", "sending order". */
export const nounOf = (resourceName: string, operationName: string) =>
	NOUNS[`${resourceName} ${operationName}`] ?? NOUNS[resourceName] ?? resourceName;

/** How a user finds a record of each kind in MakeLeaps, to check whether a lost create made it. */
const LOOK_BY: Record<string, string> = {
	client: 'its Client External ID or name',
	document: 'its External ID or number',
	contact: 'its name or e-mail',
};

function listed(shown: string[]): string {
	const names = shown.slice(0, MAX_LISTED).join(', ');
	return shown.length > MAX_LISTED ? `${names} and ${shown.length - MAX_LISTED} more` : names;
}

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** A record a run wrote, as a sentence names it (run/runContext.ts's NamedWrite). */
export interface WriteShown {
	kind: string;
	/** What the record is, when it is not the operation's own kind (a tag a document made). */
	noun?: string;
	shown: string;
}

/**
 * What the run changed, in words (`created 2 documents (N-1, N-2) and 1 tag (Urgent); deleted …`),
 * each record counted as what it is; empty when nothing.
 */
export function changed(writes: WriteShown[], noun: string): string {
	return (['created', 'updated', 'deleted', 'sent'] as const)
		.map((kind) => {
			// the operation's own records first, then others it made (tags)
			const byNoun = new Map<string, string[]>([[noun, []]]);
			for (const write of writes.filter((w) => w.kind === kind)) {
				const what = write.noun ?? noun;
				byNoun.set(what, [...(byNoun.get(what) ?? []), write.shown]);
			}
			const parts = [...byNoun]
				.filter(([, shown]) => shown.length > 0)
				.map(([what, shown]) => `${counted(shown.length, what)} (${listed(shown)})`);
			return parts.length === 0 ? '' : `${kind} ${parts.join(' and ')}`;
		})
		.filter(Boolean)
		.join('; ');
}

/**
 * Item numbers in words, runs of three or more as ranges, with their rows (counted from 1):
 * `items 4, 7 and 9 to 11 (rows 5, 8 and 10 to 12)`.
 */
export function itemsInWords(items: number[]): string {
	const sorted = [...new Set(items)].sort((a, b) => a - b);
	const rows = numbersInWords(sorted.map(rowOf));
	return sorted.length === 1
		? itemNamed(sorted[0])
		: `items ${numbersInWords(sorted)} (rows ${rows})`;
}

/** Sorted numbers in words, runs of three or more as ranges: `4, 7 and 9 to 11`. */
function numbersInWords(sorted: number[]): string {
	const parts: string[] = [];
	for (let i = 0; i < sorted.length; ) {
		let j = i;
		while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
		if (j - i >= 2) parts.push(`${sorted[i]} to ${sorted[j]}`);
		else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
		i = j + 1;
	}
	const last = parts.pop() ?? '';
	return parts.length > 0 ? `${parts.join(', ')} and ${last}` : last;
}

/** What became of the other items when a run stops, each list empty when there are none. */
export interface StopShown {
	/** What the run changed before the failed item, and after it (from `changed`). */
	before: string;
	after: string;
	/** Items whose write may or may not have been made: their answer was lost. */
	lost: number[];
	/** Other items that failed too. */
	failedToo: number[];
	noun: string;
}

/** The sentences after the first failure's own message, in the stop message. */
export function stopSentences({ before, after, lost, failedToo, noun }: StopShown): string[] {
	const sentences: string[] = [];
	if (before) sentences.push(`Before it, this run had already ${before}`);
	if (after) sentences.push(`Later items already under way when it failed also ${after}`);
	if (lost.length > 0) {
		sentences.push(
			`${capitalized(itemsInWords(lost))} may or may not have made ${lost.length === 1 ? 'its' : 'their'} ${noun}: the answer was lost`,
		);
	}
	if (failedToo.length > 0) sentences.push(`${capitalized(itemsInWords(failedToo))} failed too`);
	return sentences;
}

/** The stop message: its sentences joined. */
export const stopMessage = (sentences: string[]) => sentences.join('. ');

/** The stop's description: the first failure's own (its fix), the advice, then the others'. */
export const stopDescription = (parts: Array<string | null | undefined>) =>
	parts.filter(Boolean).join(' ');

/** Another item's failure, listed in the stop's description. */
export const otherFailure = (item: number, message: string) => `Item ${item}: ${message}`;

export const SAFE_TO_REPEAT =
	'Running the workflow again is safe: Create or Update finds what this run created, Contact → Create finds the contacts it added, Create Pickup Link the links it made, Send skips documents already sent, Mark as Sent and Mark as Paid keep a day already recorded, and deletes are not harmed by a second run.';

/**
 * Which items to run again after a stop of Create, and which to look for first, counted in
 * documents: an item alone, or a group of Group Rows By, named by its value.
 */
export interface Rerun {
	noun: string;
	/** Items (each its own record) that made nothing: run them again. */
	again: number[];
	/** Groups that made nothing, by their value: run every row of each again. */
	againGroups: string[];
	/** Groups not started, too many to name: every group whose first row is this item or later. */
	groupsFrom?: number;
	/** Whether some of the items or groups to run again were never started. */
	notStarted: boolean;
	/** Items whose create may have been made: look for their records first. */
	check: number[];
	/** Groups whose create may have been made. */
	checkGroups: string[];
	/** The option that makes groups, as the editor names it (Group Rows By). */
	groupedBy?: string;
}

/** Groups by their value: `group "A"`, `groups "A", "B" and "C"`. */
function groupsNamed(keys: string[]): string {
	const quoted = keys.map((key) => JSON.stringify(key));
	const last = quoted.pop() ?? '';
	return keys.length === 1 ? `group ${last}` : `groups ${quoted.join(', ')} and ${last}`;
}

/** The rows of groups to run again: every row of each named one, and of those from an item on. */
function groupRows({ againGroups, groupsFrom, groupedBy }: Rerun): string {
	const from =
		groupsFrom === undefined
			? []
			: [`every group whose first row is ${itemNamed(groupsFrom)} or later`];
	const named = againGroups.length > 0 ? [groupsNamed(againGroups)] : [];
	return `every row of ${[...named, ...from].join(' and of ')} (${groupedBy ?? 'its group'})`;
}

/** The sentence naming what to run again, when anything is. */
function runAgain(rerun: Rerun): string | undefined {
	const { again, againGroups, groupsFrom, notStarted } = rerun;
	if (againGroups.length === 0 && groupsFrom === undefined) {
		if (again.length === 0) return undefined;
		const which = notStarted ? 'the failed items and those not started' : 'the failed items';
		return `Run again only ${itemsInWords(again)} (${which}).`;
	}
	const which = notStarted ? 'the failed ones and those not started' : 'the failed ones';
	const items = again.length > 0 ? [itemsInWords(again)] : [];
	return `Run again only these rows (${which}): ${[groupRows(rerun), ...items].join(', and ')}.`;
}

/** The sentence naming the items and groups whose create may have been made. */
function lookFirst({ noun, check, checkGroups }: Rerun): string | undefined {
	if (check.length === 0 && checkGroups.length === 0) return undefined;
	const named = [
		...(checkGroups.length > 0 ? [groupsNamed(checkGroups)] : []),
		...(check.length > 0 ? [itemsInWords(check)] : []),
	];
	const one = check.length + checkGroups.length === 1;
	const rows = checkGroups.length === 0 ? (one ? 'it' : 'them') : one ? 'its rows' : 'their rows';
	return `${capitalized(named.join(' and '))} may have made ${one ? 'its' : 'their'} ${noun}: look for ${one ? 'it' : 'them'} in MakeLeaps by ${LOOK_BY[noun] ?? 'its External ID, name or number'}, and run ${rows} again only if not there.`;
}

/**
 * What to run again after a stop of Create: exactly the items (and groups) that made nothing;
 * those whose create may have been made are looked for first, by what the user knows them by.
 */
export function rerunAdvice(rerun: Rerun): string {
	const { noun } = rerun;
	return [
		`Do not run the same rows again with Create: the ${noun}s already created would be created a second time.`,
		runAgain(rerun),
		lookFirst(rerun),
		`Or use Create or Update with ${noun === 'client' ? 'a Client External ID' : 'an External ID'}, which finds the ${noun}s already created.`,
	]
		.filter(Boolean)
		.join(' ');
}
