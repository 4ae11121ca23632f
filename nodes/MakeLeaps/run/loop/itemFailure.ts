/**
 * What a failed item becomes: in a preview, a failure of its own is its "would fail" outcome;
 * with Continue On Fail, an error item; otherwise the error stops the run, saying what the run had
 * already changed. Every error names its item.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { WOULD_FAIL } from '../../model/plans';
import { InvalidInput } from '../../model/validation';
import type { NamedWrite, RunContext } from '../runContext';
import { SharedReadFailed } from '../sharedRead';
import { isUncertainWrite } from '../../transport';
import { failedRowKeys } from './previewKeys';
import { runsAsTool, toolFailure } from './toolFailure';

/**
 * A failure that stops the run (no Continue On Fail). Items already under way finish first, so
 * the error is made once they have ended (stopError): it names what became of each of them.
 */
export class RunStop {
	constructor(
		readonly item: number,
		readonly error: NodeApiError | NodeOperationError,
		readonly noun: string,
		readonly safeToRepeat: boolean,
		/** Its write may or may not have been made: its answer was lost. */
		readonly uncertain: boolean,
	) {}
}

/**
 * The output of an item whose operation failed (unpaired), or the stop of the run. A refusal
 * (403, 404) of an item whose chosen Partner is not one of the API key's says so.
 */
export async function failedItem(
	context: IExecuteFunctions,
	{ resourceName, operationName }: { resourceName: string; operationName: string },
	run: RunContext,
	itemIndex: number,
	caught: unknown,
): Promise<INodeExecutionData | RunStop> {
	const partnerProblem = isRefusal(caught) ? await run.partnerProblem(itemIndex) : undefined;
	const error = asNodeError(
		context,
		partnerProblem === undefined
			? caught
			: new InvalidInput(
					partnerProblem,
					'Pick the partner from the list in Partner, or leave it empty for the only partner of the API key.',
				),
		itemIndex,
	);
	// in place: what leaves the node (an error item, "would fail", the stop) quotes no secret
	run.transport.secrets.redactError(error);
	if (run.preview && isItemOutcome(caught)) {
		const keys = failedRowKeys(run, resourceName, itemIndex);
		return {
			json: { preview: WOULD_FAIL, ...keys, error: error.message, description: error.description },
		};
	}
	if (context.continueOnFail()) return { json: { error: error.message }, error };
	const stop = runsAsTool(context)
		? toolFailure(context, error, isItemOutcome(caught) ? 'Refused' : 'Failed')
		: error;
	return new RunStop(
		itemIndex,
		stop,
		NOUNS[`${resourceName} ${operationName}`] ?? NOUNS[resourceName] ?? resourceName,
		// Contact → Create finds a contact it added (the rule of sameness): safe to repeat
		operationName !== 'create' || resourceName === 'contact',
		isUncertainWrite(caught),
	);
}

/** MakeLeaps refused the request as forbidden or not found. */
const isRefusal = (caught: unknown) =>
	caught instanceof NodeApiError && (caught.httpCode === '403' || caught.httpCode === '404');

/**
 * Whether a failure belongs to the item (its input, the record it names), so a preview shows it
 * as that item's outcome; a failure of the service or the run stops a preview as it stops a run.
 */
function isItemOutcome(caught: unknown): boolean {
	return (
		caught instanceof InvalidInput || (caught instanceof NodeApiError && caught.httpCode === '404')
	);
}

/** An n8n error naming the item: refused input and failed shared reads become NodeOperationErrors. */
export function asNodeError(context: IExecuteFunctions, caught: unknown, itemIndex: number) {
	if (caught instanceof NodeApiError || caught instanceof NodeOperationError) return caught;
	if (caught instanceof InvalidInput || caught instanceof SharedReadFailed) {
		return new NodeOperationError(context.getNode(), `${caught.message} [item ${itemIndex}]`, {
			itemIndex,
			description: caught.description,
		});
	}
	return new NodeOperationError(context.getNode(), caught as Error, { itemIndex });
}

const MAX_LISTED = 20;

/** What the records of a resource (or of one operation, where they differ) are called in a sentence. */
const NOUNS: Record<string, string> = {
	sendingOrder: 'sending order',
	'document createPickupLink': 'pickup link',
};

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

/**
 * What the run changed, in words (`created 2 documents (N-1, N-2) and 1 tag (Urgent); deleted …`),
 * each record counted as what it is; empty when nothing.
 */
function changed(writes: NamedWrite[], noun: string): string {
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

/** Item numbers in words, runs of three or more as ranges: `items 4, 7 and 9 to 11`. */
export function itemsInWords(items: number[]): string {
	const sorted = [...new Set(items)].sort((a, b) => a - b);
	const parts: string[] = [];
	for (let i = 0; i < sorted.length; ) {
		let j = i;
		while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
		if (j - i >= 2) parts.push(`${sorted[i]} to ${sorted[j]}`);
		else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
		i = j + 1;
	}
	const last = parts.pop() ?? '';
	const words = parts.length > 0 ? `${parts.join(', ')} and ${last}` : last;
	return `${sorted.length === 1 ? 'item' : 'items'} ${words}`;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The error that stops a run: the first failure in input order, then what became of every item:
 * what the run changed before it, what later items already under way made, which of them may or
 * may not have made their write (an answer lost), which failed too; and advice that is safe to
 * follow as written (never a row whose create may have been made, never a row already created).
 */
export function stopError(
	run: RunContext,
	stops: RunStop[],
	started: number,
	count: number,
): NodeApiError | NodeOperationError {
	const [first, ...others] = [...stops].sort((a, b) => a.item - b.item);
	const { error, noun } = first;
	const before = changed(
		run.namedWrites((item) => item <= first.item),
		noun,
	);
	const after = changed(
		run.namedWrites((item) => item > first.item),
		noun,
	);
	const lost = others.filter((stop) => stop.uncertain).map((stop) => stop.item);
	const failedToo = others.filter((stop) => !stop.uncertain);
	const sentences = [error.message];
	if (before) sentences.push(`Before it, this run had already ${before}`);
	if (after) sentences.push(`Later items already under way when it failed also ${after}`);
	if (lost.length > 0) {
		sentences.push(
			`${capitalized(itemsInWords(lost))} may or may not have made ${lost.length === 1 ? 'its' : 'their'} ${noun}: the answer was lost`,
		);
	}
	if (failedToo.length > 0) {
		sentences.push(`${capitalized(itemsInWords(failedToo.map((stop) => stop.item)))} failed too`);
	}
	error.message = sentences.join('. ');
	const created = run.writes().created.length > 0 || first.uncertain || lost.length > 0;
	const advice =
		created && !first.safeToRepeat
			? rerunAdvice(first, failedToo, lost, started, count)
			: before || after
				? SAFE_TO_REPEAT
				: undefined;
	const details = failedToo
		.slice(0, MAX_LISTED)
		.map((stop) => `Item ${stop.item}: ${stop.error.message}`);
	error.description = [advice, error.description, ...details].filter(Boolean).join(' ');
	return error;
}

const SAFE_TO_REPEAT =
	'Running the workflow again is safe: Create or Update finds what this run created, Contact → Create finds the contacts it added, Create Pickup Link the links it made, Send skips documents already sent, Mark as Sent and Mark as Paid keep a day already recorded, and deletes are not harmed by a second run.';

/**
 * What to run again after a stop of Create: exactly the items that made nothing (the failed ones
 * whose failure is certain, and those not started); those whose create may have been made are
 * looked for first, by what the user knows them by.
 */
function rerunAdvice(
	first: RunStop,
	failedToo: RunStop[],
	lost: number[],
	started: number,
	count: number,
): string {
	const { noun } = first;
	const notStarted = Array.from({ length: Math.max(0, count - started) }, (_, k) => started + k);
	const again = [
		...(first.uncertain ? [] : [first.item]),
		...failedToo.map((s) => s.item),
		...notStarted,
	];
	const check = [...(first.uncertain ? [first.item] : []), ...lost];
	const sentences = [
		`Do not run the same rows again with Create: the ${noun}s already created would be created a second time.`,
	];
	if (again.length > 0) {
		const which =
			notStarted.length > 0 ? 'the failed items and those not started' : 'the failed items';
		sentences.push(`Run again only ${itemsInWords(again)} (${which}).`);
	}
	if (check.length > 0) {
		const one = check.length === 1;
		sentences.push(
			`${capitalized(itemsInWords(check))} may have made ${one ? 'its' : 'their'} ${noun}: look for ${one ? 'it' : 'them'} in MakeLeaps by ${LOOK_BY[noun] ?? 'its External ID, name or number'}, and run ${one ? 'it' : 'them'} again only if not there.`,
		);
	}
	sentences.push(
		`Or use Create or Update with ${noun === 'client' ? 'a Client External ID' : 'an External ID'}, which finds the ${noun}s already created.`,
	);
	return sentences.join(' ');
}
