/**
 * What a failed item becomes: in a preview, a failure of its own is its "would fail" outcome;
 * with Continue On Fail, an error item; otherwise the error stops the run, saying what the run had
 * already changed. Every error names its item.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { WOULD_FAIL } from '../../model/plans';
import { InvalidInput } from '../../model/validation';
import type { OperationContext } from '../context';
import type { RunContext } from '../runContext';
import { SharedReadFailed } from '../sharedRead';
import { isUncertainWrite } from '../../transport';
import { failedRowKeys } from './previewKeys';
import { runsAsTool, toolFailure } from './toolFailure';
import * as words from '../../words/stops';

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
		partnerProblem === undefined ? caught : new InvalidInput(partnerProblem, words.PICK_PARTNER),
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
		words.nounOf(resourceName, operationName),
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
		return new NodeOperationError(context.getNode(), words.withItem(caught.message, itemIndex), {
			itemIndex,
			description: caught.description,
		});
	}
	return new NodeOperationError(context.getNode(), caught as Error, { itemIndex });
}

/** Where a run stopped: items before `started` had started, of `count`. */
export interface StopPoint {
	started: number;
	count: number;
	/**
	 * The documents of Group Rows By: each group's items by its value, and the option's label.
	 * A group's first item does the group's work, so what became of it is what became of them all.
	 */
	groups?: RunGroups;
}

/** The groups of a run (Group Rows By): each one's items in input order, by its value. */
export interface RunGroups {
	label: string;
	byKey: Map<string, number[]>;
}

/** The run's groups by the option `path`, when the operation groups items. */
export function groupsOfRun(first: OperationContext, path?: string): RunGroups | undefined {
	return path ? { label: first.label(path), byKey: first.groups(path) } : undefined;
}

/**
 * The error that stops a run: the first failure in input order, then what became of every item:
 * what the run changed before it, what later items already under way made, which of them may or
 * may not have made their write (an answer lost), which failed too; and advice that is safe to
 * follow as written (never a row whose create may have been made, never a row already created,
 * never a row of a group without the others).
 */
export function stopError(
	run: RunContext,
	stops: RunStop[],
	point: StopPoint,
): NodeApiError | NodeOperationError {
	const [first, ...others] = [...stops].sort((a, b) => a.item - b.item);
	const { error, noun } = first;
	const before = words.changed(
		run.namedWrites((item) => item <= first.item),
		noun,
	);
	const after = words.changed(
		run.namedWrites((item) => item > first.item),
		noun,
	);
	const lost = others.filter((stop) => stop.uncertain).map((stop) => stop.item);
	const failedToo = others.filter((stop) => !stop.uncertain);
	const failedItems = failedToo.map((stop) => stop.item);
	error.message = words.stopMessage([
		error.message,
		...words.stopSentences({ before, after, lost, failedToo: failedItems, noun }),
	]);
	const created = run.writes().created.length > 0 || first.uncertain || lost.length > 0;
	const advice =
		created && !first.safeToRepeat
			? words.rerunAdvice(rerun(stops, noun, point))
			: before || after
				? words.SAFE_TO_REPEAT
				: undefined;
	const details = failedToo
		.slice(0, words.MAX_LISTED)
		.map((stop) => words.otherFailure(stop.item, stop.error.message));
	// what to do about the failure first, then what to run again, then the other failures
	error.description = words.stopDescription([error.description, advice, ...details]);
	return error;
}

/**
 * What to run again after a stop of Create, counted in documents: an item alone, or a group
 * (Group Rows By) whose first item did the group's work. Exactly those that made nothing are run
 * again (a certain failure, or not started), every row of a group with it; those whose create
 * may have been made are looked for first; one made is never named, nor a row of it.
 */
function rerun(stops: RunStop[], noun: string, { started, count, groups }: StopPoint): words.Rerun {
	const failed = new Map(stops.map((stop) => [stop.item, stop.uncertain]));
	const keyOf = new Map<number, string>();
	for (const [key, items] of groups?.byKey ?? []) keyOf.set(items[0], key);
	const inGroup = new Set([...(groups?.byKey.values() ?? [])].flat());
	const advice: words.Rerun = {
		noun,
		again: [],
		againGroups: [],
		notStarted: false,
		check: [],
		checkGroups: [],
		groupedBy: groups?.label,
	};
	const notStartedGroups: string[] = [];
	for (let item = 0; item < count; item++) {
		const key = keyOf.get(item);
		if (key === undefined && inGroup.has(item)) continue; // a later row: its group speaks for it
		const uncertain = failed.get(item);
		if (item >= started) {
			advice.notStarted = true;
			if (key === undefined) advice.again.push(item);
			else notStartedGroups.push(key);
		} else if (uncertain !== undefined) {
			const [items, keys] = uncertain
				? [advice.check, advice.checkGroups]
				: [advice.again, advice.againGroups];
			if (key === undefined) items.push(item);
			else keys.push(key);
		}
	}
	// groups not started, too many to name: named by where they begin
	if (notStartedGroups.length > words.MAX_LISTED) advice.groupsFrom = started;
	else advice.againGroups.push(...notStartedGroups);
	return advice;
}
