/**
 * Document → Send, the way MakeLeaps documents sending: a sending order for the documents'
 * client, the documents attached, MakeLeaps' validation waited for, then the order executed once.
 * Documents of one client going to the same recipients with the same settings share one order
 * (one e-mail), up to a limit. A document is never sent twice by accident: one already sent is
 * skipped unless asked, sends of one document take turns in this process, and a send whose
 * answer was lost is looked up, never repeated.
 * Here: the editor fields, and the run's sends made once, each item answering its own outcome.
 * What an item asks: itemRequest.ts, attachments.ts; what to send: prepare.ts, recipients.ts; the
 * run's orders: batches.ts; one order: order.ts, its files: orderFiles.ts, reads of orders:
 * orderReads.ts.
 */
import type { INodeProperties } from 'n8n-workflow';

import { outcomeOf } from '../../../transport';
import type { OperationContext } from '../../../run/context';
import { WithKnown } from '../../../run/loop/operation';
import { simpleSend } from '../../../model/simplify';
import { documentLocator } from '../fields/pickers.fields';
import { LONGEST_WAIT_SECONDS, MOST_PER_ORDER } from './itemRequest';
import { documentsOfRun, prepareItem, type SendJob } from './prepare';
import { SendOutcomes } from './outcomes';
import { sendInBatches } from './batches';

const show = { resource: ['document'], operation: ['send'] };

export const description: INodeProperties[] = [
	documentLocator('The document to send', show),
	{
		displayName: 'Send By',
		name: 'channels',
		type: 'multiOptions',
		options: [
			{
				name: 'Client Inbox',
				value: 'clientInbox',
				description: "The client's MakeLeaps inbox",
			},
			{
				name: 'E-Mail (Secure Send)',
				value: 'securesend',
				description: 'An e-mail with a link to the document',
			},
			{ name: 'Post', value: 'post', description: 'Printed and mailed by MakeLeaps' },
		],
		default: ['securesend'],
		required: true,
		displayOptions: { show },
	},
	{
		displayName: 'Recipients',
		name: 'toEmails',
		type: 'string',
		default: '',
		placeholder: 'e.g. sato@example.com, accounts@example.com',
		description:
			"E-mail addresses for Secure Send, separated by commas. Leave empty to send to the e-mail address of the document's contact.",
		displayOptions: { show },
	},
	{
		displayName: 'Subject',
		name: 'subject',
		type: 'string',
		default: '',
		placeholder: 'e.g. Your invoice for November',
		displayOptions: { show },
	},
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		placeholder: 'e.g. Please find our invoice attached. Thank you for your business.',
		displayOptions: { show },
	},
];

export const options: INodeProperties[] = [
	{
		displayName: 'Allow Card Payment',
		name: 'cardPayments',
		type: 'boolean',
		default: false,
		description: 'Whether the client may pay the document by credit card',
	},
	{
		displayName: 'Attachments',
		name: 'attachments',
		type: 'string',
		default: '',
		placeholder: 'e.g. data, terms',
		description:
			"Binary fields of the input item holding PDF files to send with the document (a price list, terms, a flyer), separated by commas. Each goes in the document's sending order once, after its documents. PDF only, at most 10 MB each and 5 per item.",
	},
	{
		displayName: 'Documents Per Sending Order',
		name: 'perOrder',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MOST_PER_ORDER },
		default: 10,
		description:
			'Documents of the same client sent in one run with the same recipients, subject and message go out together in one sending order (one e-mail), up to this many. 1 sends each document in an order of its own.',
	},
	{
		displayName: 'Send Even If Already Sent',
		name: 'force',
		type: 'boolean',
		default: false,
		description:
			'Whether to send a document that MakeLeaps already shows as sent. Off, such a document is skipped, so running a workflow again sends nothing twice.',
	},
	{
		displayName: 'Validation Wait (Seconds)',
		name: 'waitSeconds',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: LONGEST_WAIT_SECONDS },
		default: 60,
		description:
			'How long to wait for MakeLeaps to check the sending order before giving up (nothing is sent then)',
	},
];

export const simplifies = true;

/** With Simplify, one row of the same columns for a send and a skip. */
export const simple = simpleSend;

/**
 * Sends the document once: skipped when already sent, unless asked. Send is a whole-run
 * operation: the run sends every item's document (`forRun`), so that those of one client can
 * share an order; each item then answers its own outcome.
 */
export async function execute(op: OperationContext, sent: SendOutcomes): Promise<WithKnown> {
	const outcome = sent.byItem.get(op.itemIndex);
	if (!outcome) {
		op.fail('Not sent: the run stopped at an earlier item', 'Nothing was sent for this item.');
	}
	if (!outcome.ok) throw outcome.error;
	return new WithKnown(outcome.value, { document: sent.documents.get(op.itemIndex) });
}

/**
 * Every item from this one (the first to reach Send) on, read and checked in turn (its own
 * options too, as the loop reads them: `ask`), then sent in batches, ending as if the items went
 * one by one (see batches.ts): unless the node continues on failure, nothing from the first
 * failing item on is sent, and every item before it that would have gone does.
 */
export async function forRun(
	op: OperationContext,
	ask: (itemIndex: number) => OperationContext,
): Promise<SendOutcomes> {
	const outcomes = new SendOutcomes(!op.continuesOnFail);
	const jobs: SendJob[] = [];
	const count = op.itemCount;
	const listed = await documentsOfRun(op);
	for (let item = op.itemIndex; item < count && outcomes.reaches(item); item++) {
		// the item as its own turn has it: what the loop refuses of it fails it before any send
		const prepared = await outcomeOf(
			(async () => await prepareItem(item === op.itemIndex ? op : ask(item), listed))(),
		);
		if (prepared.ok) outcomes.documents.set(item, prepared.value.document);
		if (!prepared.ok) outcomes.settle(item, prepared);
		else if ('job' in prepared.value) jobs.push(prepared.value.job);
		else outcomes.settle(item, { ok: true, value: prepared.value.result });
	}
	await sendInBatches(jobs, outcomes);
	return outcomes;
}
