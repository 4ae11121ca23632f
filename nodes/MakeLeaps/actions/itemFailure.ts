/**
 * What a failed item becomes: in a preview, a failure of its own is its "would fail" outcome;
 * with Continue On Fail, an error item; otherwise the error stops the run, saying what the run had
 * already changed. Every error names its item.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { WOULD_FAIL } from '../model/plans';
import { InvalidInput } from '../model/validation';
import type { RunContext, RunWrites } from '../run/runContext';
import { SharedReadFailed } from '../run/sharedRead';
import { failedRowKeys } from './previewKeys';

/**
 * A failure that stops the run (no Continue On Fail). Items already under way finish first, so
 * the error is made once they have ended: it names what the run changed before the failed item
 * and for the later items that were under way.
 */
export class RunStop {
	constructor(
		readonly item: number,
		private readonly error: NodeApiError | NodeOperationError,
		private readonly noun: string,
		private readonly safeToRepeat: boolean,
	) {}

	/** The error that stops the run, with what the run changed. */
	errorOf(run: RunContext): NodeApiError | NodeOperationError {
		const before = run.namedWrites((item) => item <= this.item);
		const later = run.namedWrites((item) => item > this.item);
		return withWritesSoFar(this.error, before, later, this.noun, this.safeToRepeat);
	}
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
	if (run.preview && isItemOutcome(caught)) {
		const keys = failedRowKeys(run, resourceName, itemIndex);
		return {
			json: { preview: WOULD_FAIL, ...keys, error: error.message, description: error.description },
		};
	}
	if (context.continueOnFail()) return { json: { error: error.message }, error };
	return new RunStop(
		itemIndex,
		error,
		NOUNS[`${resourceName} ${operationName}`] ?? NOUNS[resourceName] ?? resourceName,
		// Contact → Create finds a contact it added (the rule of sameness): safe to repeat
		operationName !== 'create' || resourceName === 'contact',
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

function listed(mids: string[]): string {
	const shown = mids.slice(0, MAX_LISTED).join(', ');
	return mids.length > MAX_LISTED ? `${shown} and ${mids.length - MAX_LISTED} more` : shown;
}

/** What the run changed, in words (`created 2 clients (1, 2); deleted …`); empty when nothing. */
function changed(writes: RunWrites, noun: string): string {
	return (['created', 'updated', 'deleted', 'sent'] as const)
		.filter((kind) => writes[kind].length > 0)
		.map((kind) => {
			const count = writes[kind].length;
			return `${kind} ${count} ${noun}${count === 1 ? '' : 's'} (${listed(writes[kind])})`;
		})
		.join('; ');
}

/**
 * The error that stops a run, saying what the run had already changed, and what later items
 * already under way changed (they finished): running the whole workflow again as it is would
 * create those clients a second time.
 */
function withWritesSoFar<T extends NodeApiError | NodeOperationError>(
	error: T,
	writes: RunWrites,
	later: RunWrites,
	noun: string,
	safeToRepeat: boolean,
): T {
	const before = changed(writes, noun);
	const after = changed(later, noun);
	if (!before && !after) return error;
	if (before) error.message = `${error.message}. Before it, this run had already ${before}`;
	if (after)
		error.message = `${error.message}. Later items already under way when it failed also ${after}`;
	const leaveOut =
		later.created.length > 0 ? ' (leaving out the later items listed as created)' : '';
	const advice =
		writes.created.length + later.created.length > 0 && !safeToRepeat
			? `Do not run the same rows again with Create: they would be created a second time. Run only the items from the failed one on${leaveOut}, or use Create or Update with ${noun === 'client' ? 'a Client External ID' : 'an External ID'}, which finds the ${noun}s already created.`
			: 'Running the workflow again is safe: Create or Update finds what this run created, Contact → Create finds the contacts it added, Create Pickup Link the links it made, Send skips documents already sent, Mark as Sent and Mark as Paid keep a day already recorded, and deletes are not harmed by a second run.';
	error.description = [advice, error.description].filter(Boolean).join(' ');
	return error;
}
