/**
 * The item loop: an operation run for every item with one transport (and so one pace) and one
 * RunContext for the run; each item's output paired with it. What an operation gives and gets
 * is its contract (operation.ts).
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { sameColumns } from '../../model/plans';
import { SIMPLE, simplePreview, type Known } from '../../model/simplify';
import { checkFlag, isEmpty } from '../../model/validation';
import { MakeLeapsTransport, type TransportLimits } from '../../transport';
import { AfterItsClient } from '../client/clientMadeEarlier';
import { OperationContext } from '../context';
import { readTagNames } from '../document/documentTags';
import { RunContext } from '../runContext';
import { itemNamed } from '../../words/transport';
import { eachItem, inFlightOf } from './inFlight';
import { asNodeError, failedItem, groupsOfRun, RunStop, stopError } from './itemFailure';
import { afterItsClientRow } from './previewKeys';
import { WithBinary, WithKnown, type ItemKnown, type Operation } from './operation';

/** The operation the node is set to. */
export interface Chosen {
	resourceName: string;
	operationName: string;
	operation: Operation;
	/** The operation's editor fields, then its resource's: parameters are named as the editor shows them. */
	properties: INodeProperties[];
}

/**
 * Runs the chosen operation for every item, with one transport (and so one pace) for the run: a
 * few items at a time where the operation allows it (inFlight.ts). Outputs go out in input
 * order whatever order items end in. Without Continue On Fail, a failed item stops the run: no
 * item starts after it, those under way finish, and the error names what they changed.
 */
export async function runItems(
	context: IExecuteFunctions,
	chosen: Chosen,
	limits?: Partial<TransportLimits>,
): Promise<INodeExecutionData[][]> {
	const run = await startRun(context, chosen.operation, limits);
	const count = context.getInputData().length;
	const outputs: INodeExecutionData[][] = [];
	const stops: RunStop[] = [];
	let started = 0; // items start in input order
	const one = async (i: number) => {
		started = Math.max(started, i + 1);
		const op = new OperationContext(run, i, chosen.properties);
		try {
			outputs[i] = await itemOutputs(context, chosen, op);
		} catch (caught) {
			const failed =
				caught instanceof AfterItsClient && run.preview
					? { json: afterItsClient(chosen, run, i, caught) }
					: await failedItem(context, chosen, run, i, caught);
			// the first failed item in input order stops the run, as one by one; every one is told
			if (failed instanceof RunStop) stops.push(failed);
			else outputs[i] = [failed];
		} finally {
			run.itemOrder.passedBy(i);
		}
	};
	const width = async () =>
		await inFlightOf(chosen.operation, new OperationContext(run, 0, chosen.properties), count);
	await eachItem(count, width, one, () => stops.length > 0);
	if (stops.length > 0) {
		const first = new OperationContext(run, 0, chosen.properties);
		const groups = groupsOfRun(first, chosen.operation.groupsBy);
		throw run.transport.secrets.redactError(stopError(run, stops, { started, count, groups }));
	}
	const output: INodeExecutionData[] = [];
	// one push per output: a list of any length, without spreading it into arguments; what
	// MakeLeaps answered may quote a secret (a token echoed in a link or a note): never shown
	const { secrets } = run.transport;
	outputs.forEach((item, i) =>
		item.forEach((data) =>
			output.push(pairedWith(i, { ...data, json: secrets.scrubbed(data.json) })),
		),
	);
	if (run.preview) {
		const rows = sameColumns(output.map((data) => data.json));
		output.forEach((data, k) => (data.json = rows[k]));
	}
	return [output];
}

/** A preview's row of an item whose client an earlier node would create (previewKeys.ts). */
const afterItsClient = (chosen: Chosen, run: RunContext, item: number, caught: AfterItsClient) =>
	afterItsClientRow(
		run,
		chosen.resourceName,
		item,
		caught.client,
		chosen.operation.createsForNewClient === true,
	);

/**
 * The pairing rule, for a run and a preview alike, success or failure: each output of an item is
 * paired with it, and a group's (Group Rows By) with the group's first item only: n8n cannot
 * resolve $('Sheet').item after an item paired with several different ones. An item whose group
 * value is refused is in no group and fails alone.
 */
function pairedWith(item: number, data: INodeExecutionData): INodeExecutionData {
	return { ...data, pairedItem: { item } };
}

/** The run: one transport (read-only for a preview or a read-only operation) and its context. */
async function startRun(
	context: IExecuteFunctions,
	operation: Operation,
	limits?: Partial<TransportLimits>,
): Promise<RunContext> {
	// empty (an expression giving nothing or spaces): the option's default, as every field's
	const given = context.getNodeParameter('options.requestsPerMinute', 0, 120);
	const requestsPerMinute = isEmpty(given) ? 120 : given;
	const preview = operation.previewable === true && previewOfRun(context);
	const transport = await MakeLeapsTransport.create(context, {
		requestsPerMinute,
		limits,
		readOnly: preview || operation.readOnly === true,
	});
	return new RunContext(context, transport, preview);
}

/**
 * What one item (or the group it leads) puts out; nothing for a later item of a group. A
 * whole-run operation's work starts with the first item to get this far (see Operation.forRun).
 */
async function itemOutputs(
	context: IExecuteFunctions,
	chosen: Chosen,
	item: OperationContext,
): Promise<INodeExecutionData[]> {
	const { operation } = chosen;
	const op = askedOf(context, chosen, item);
	if (op === undefined) return [];
	const { forRun } = operation;
	const ask = (index: number) =>
		askedOf(context, chosen, item.forItem(index)) ?? item.forItem(index);
	const ofRun = forRun
		? await op.run.forAllItems("the run's work", async () => await forRun(op, ask))
		: undefined;
	const result = await operation.execute(op, ofRun);
	if (result instanceof WithBinary) return [{ json: result.json, binary: result.binary }];
	const { output, known } = result instanceof WithKnown ? result : { output: result, known: {} };
	if (op.simplify) await readTagNames(op, output);
	return context.helpers.returnJsonArray(
		op.simplify ? simplified(chosen, op, output, known) : output,
	);
}

/**
 * The item's handle as its turn has it, with what the loop decides for it (its group, Simplify),
 * read before anything is sent: a refused value throws, failing the item, not after its write.
 * Undefined for a later item of a group, which puts out nothing.
 */
function askedOf(
	context: IExecuteFunctions,
	{ operation }: Chosen,
	item: OperationContext,
): OperationContext | undefined {
	const group = operation.groupsBy ? item.groupOf(operation.groupsBy) : undefined;
	if (group && group[0] !== item.itemIndex) return undefined;
	return item.asked({ group, simplify: simplifies(context, operation, item) });
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
	{ operation, resourceName }: Chosen,
	op: OperationContext,
	result: IDataObject | IDataObject[],
	{ contacts, document }: ItemKnown,
): IDataObject | IDataObject[] {
	const simple = operation.simple ?? SIMPLE[resourceName];
	const known: Known = {
		contacts,
		document,
		nameOf: (kind, mid) => op.run.nameOf(kind, mid),
		timeZone: op.run.n8n.getTimezone(),
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
				`${label} is ${says(first.on)} for ${itemNamed(first.item)} and ${says(on)} for ${itemNamed(item)}`,
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
