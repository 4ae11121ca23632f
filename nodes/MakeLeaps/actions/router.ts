import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { OperationContext, RunContext, type RunWrites } from '../run/context';
import { WOULD_FAIL } from '../model/plans';
import { SIMPLE, simplePreview, type Known } from '../model/simplify';
import { SharedReadFailed } from '../run/sharedRead';
import { checkFlag, InvalidInput } from '../model/validation';
import { MakeLeapsTransport, type TransportLimits } from '../transport';
import { propertiesOf, WithBinary, type Operation } from './operation';
import { resources } from './resources';

/** Runs the chosen operation for every item, with one transport (and so one pace) for the run. */
export async function router(
	this: IExecuteFunctions,
	limits?: Partial<TransportLimits>,
): Promise<INodeExecutionData[][]> {
	const resourceName = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const resource = resources[resourceName];
	const operation = resource?.operations[operationName];
	if (!operation) {
		const message = `The operation "${operationName}" of "${resourceName}" is not supported`;
		throw new NodeOperationError(this.getNode(), message);
	}
	const requestsPerMinute = this.getNodeParameter('options.requestsPerMinute', 0, 120);
	const preview = operation.previewable === true && previewOfRun(this);
	const transport = await MakeLeapsTransport.create(this, {
		requestsPerMinute,
		limits,
		readOnly: preview || operation.readOnly === true,
	});
	const run = new RunContext(this, transport, preview);
	// the operation's own properties first: every operation has an Options collection
	const properties = [
		...propertiesOf(resourceName, operationName, operation),
		...resource.description,
	];

	const output: INodeExecutionData[] = [];
	const items = this.getInputData();
	for (let i = 0; i < items.length; i++) {
		const op = new OperationContext(run, i, properties);
		// The pairing rule, for a run and a preview alike, success or failure: one output item per
		// input item, and per group (Group Rows By) one, paired with the group's first item only:
		// n8n cannot resolve $('Sheet').item after an item paired with several different ones.
		// An item whose group value is refused is in no group and fails alone.
		const pairedItem = { item: i };
		try {
			const group = operation.groupsBy ? op.groupOf(operation.groupsBy) : undefined;
			if (group && group[0] !== i) continue;
			if (group) op.group = group;
			// read before anything is sent: a refused value fails the item, not after its write
			op.simplify = simplifies(this, operation, op);
			const result = await operation.execute(op);
			if (result instanceof WithBinary) {
				output.push({ json: result.json, binary: result.binary, pairedItem });
				continue;
			}
			const json = this.helpers.returnJsonArray(
				op.simplify ? simplified(operation, resourceName, op, result) : result,
			);
			// one push per item: a list of any length, without spreading it into arguments
			for (const item of json) output.push({ ...item, pairedItem });
		} catch (caught) {
			const partnerProblem = isRefusal(caught) ? await run.partnerProblem(i) : undefined;
			const error =
				partnerProblem === undefined
					? asNodeError(this, caught, i)
					: asNodeError(
							this,
							new InvalidInput(
								partnerProblem,
								'Pick the partner from the list in Partner, or leave it empty for the only partner of the API key.',
							),
							i,
						);
			if (run.preview && isItemOutcome(caught)) {
				const json = { preview: WOULD_FAIL, error: error.message, description: error.description };
				output.push({ json, pairedItem });
				continue;
			}
			if (this.continueOnFail()) {
				output.push({ json: { error: error.message }, error, pairedItem });
				continue;
			}
			throw withWritesSoFar(
				error,
				run.writes,
				NOUNS[resourceName] ?? resourceName,
				// Contact → Create finds a contact it added (the rule of sameness): safe to repeat
				operationName !== 'create' || resourceName === 'contact',
			);
		}
	}
	return [output];
}

/** Whether the item's output goes out as flat rows: Simplify, on the operations that offer it. */
function simplifies(context: IExecuteFunctions, operation: Operation, op: OperationContext) {
	if (!operation.simplifies || context.getNode().typeVersion < 2) return false;
	// a refused value is the item's error, like any other input
	return op.flag('simplify', true);
}

/**
 * The item's output as flat rows (Simplify, version 2 on): each record in its resource's simple
 * form, or the operation's own (Send's outcome); what a preview says, with its changes as text.
 */
function simplified(
	operation: Operation,
	resourceName: string,
	op: OperationContext,
	result: IDataObject | IDataObject[],
): IDataObject | IDataObject[] {
	const simple = operation.simple ?? SIMPLE[resourceName];
	const known: Known = {
		contacts: op.contactsKnown,
		document: op.documentKnown,
		nameOf: (kind, mid) => op.run.nameOf(kind, mid),
	};
	const row = (record: IDataObject) =>
		op.run.preview ? simplePreview(record, known) : simple(record, known);
	return Array.isArray(result) ? result.map(row) : row(result);
}

/**
 * Preview Only, for the whole run, read before any request: a run either previews every item or
 * writes. The option may come from an expression (a sheet column): each item's value is read with
 * the yes/no rule of every flag, and items that disagree refuse the run.
 */
function previewOfRun(context: IExecuteFunctions): boolean {
	const label = 'Preview Only';
	let first: { on: boolean; item: number } | undefined;
	const count = context.getInputData().length;
	for (let item = 0; item < count; item++) {
		let on: boolean;
		try {
			on = checkFlag(context.getNodeParameter('options.previewOnly', item, false), label, false);
		} catch (refused) {
			throw asNodeError(context, refused, item);
		}
		if (first === undefined) first = { on, item };
		else if (on !== first.on) {
			const says = (value: boolean) => (value ? 'on' : 'off');
			throw new NodeOperationError(
				context.getNode(),
				`${label} is ${says(first.on)} for item ${first.item} and ${says(on)} for item ${item}`,
				{
					itemIndex: item,
					description:
						'A run either previews every item or changes MakeLeaps for every item, so nothing was sent. Give Preview Only one value for the whole run.',
				},
			);
		}
	}
	return first?.on ?? false;
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
function asNodeError(context: IExecuteFunctions, caught: unknown, itemIndex: number) {
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

/** What the records of a resource are called in a sentence. */
const NOUNS: Record<string, string> = { sendingOrder: 'sending order' };

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
			: 'Running the workflow again is safe: Create or Update finds what this run created, Contact → Create finds the contacts it added, Send skips documents already sent, Mark as Sent and Mark as Paid keep a day already recorded, and deletes are not harmed by a second run.';
	error.description = [advice, error.description].filter(Boolean).join(' ');
	return error;
}
