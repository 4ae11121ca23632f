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

/**
 * The output of an item whose operation failed (unpaired), or the error that stops the run. A
 * refusal (403, 404) of an item whose chosen Partner is not one of the API key's says so.
 */
export async function failedItem(
	context: IExecuteFunctions,
	{ resourceName, operationName }: { resourceName: string; operationName: string },
	run: RunContext,
	itemIndex: number,
	caught: unknown,
): Promise<INodeExecutionData> {
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
		return { json: { preview: WOULD_FAIL, error: error.message, description: error.description } };
	}
	if (context.continueOnFail()) return { json: { error: error.message }, error };
	throw withWritesSoFar(
		error,
		run.writes,
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

/**
 * The error that stops a run, saying what the run had already changed: running the whole
 * workflow again as it is would create those clients a second time.
 */
function withWritesSoFar<T extends NodeApiError | NodeOperationError>(
	error: T,
	writes: RunWrites,
	noun: string,
	safeToRepeat: boolean,
): T {
	const parts = (['created', 'updated', 'deleted', 'sent'] as const)
		.filter((kind) => writes[kind].length > 0)
		.map((kind) => {
			const count = writes[kind].length;
			return `${kind} ${count} ${noun}${count === 1 ? '' : 's'} (${listed(writes[kind])})`;
		});
	if (parts.length === 0) return error;
	error.message = `${error.message}. Before it, this run had already ${parts.join('; ')}`;
	const advice =
		writes.created.length > 0 && !safeToRepeat
			? `Do not run the same rows again with Create: they would be created a second time. Run only the items from the failed one on, or use Create or Update with ${noun === 'client' ? 'a Client External ID' : 'an External ID'}, which finds the ${noun}s already created.`
			: 'Running the workflow again is safe: Create or Update finds what this run created, Contact → Create finds the contacts it added, Create Pickup Link the links it made, Send skips documents already sent, Mark as Sent and Mark as Paid keep a day already recorded, and deletes are not harmed by a second run.';
	error.description = [advice, error.description].filter(Boolean).join(' ');
	return error;
}
