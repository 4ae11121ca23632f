import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../../run/context';
import { documentMidOf } from '../../../run/document/pickedDocument';
import { isRecord } from '../../../model/locators';
import { contactsOfClients, prepareSend, unsentDocuments, type SendJob } from './prepare';
import { SendOutcomes } from './order';
import { simpleSend } from '../../../model/simplify';
import { sendJobs } from './batches';
import {
	checkCount,
	checkEmail,
	checkText,
	InvalidInput,
	LONG_TEXT,
} from '../../../model/validation';
import { outcomeOf } from '../../../transport';
import { documentLocator } from '../fields/pickers.fields';

const show = { resource: ['document'], operation: ['send'] };
const CHANNELS = ['securesend', 'clientInbox', 'post'];
const LONGEST_WAIT_SECONDS = 600;
const MOST_PER_ORDER = 50;

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
 * Sends the document once: skipped when already sent, unless asked. The first item of the run
 * sends every item's document, so that those of one client can share an order; each item then
 * answers its own outcome.
 */
export async function execute(op: OperationContext): Promise<IDataObject> {
	let sends = op.run.plans.get('send') as Promise<SendOutcomes> | undefined;
	if (!sends) op.run.plans.set('send', (sends = sendAll(op)));
	const { byItem, documents } = await sends;
	const outcome = byItem.get(op.itemIndex);
	if (!outcome) {
		op.fail('Not sent: the run stopped at an earlier item', 'Nothing was sent for this item.');
	}
	if (!outcome.ok) throw outcome.error;
	op.documentKnown = documents.get(op.itemIndex);
	return outcome.value;
}

/**
 * Every item from this one on, read and checked in turn, then sent in batches, ending as if the
 * items went one by one (see batches.ts): unless the node continues on failure, nothing from
 * the first failing item on is sent, and every item before it that would have gone does.
 */
async function sendAll(op: OperationContext): Promise<SendOutcomes> {
	const outcomes = new SendOutcomes(!op.run.n8n.continueOnFail());
	const jobs: SendJob[] = [];
	const count = op.run.n8n.getInputData().length;
	const listed = await listedDocuments(op);
	for (let item = op.itemIndex; item < count && outcomes.reaches(item); item++) {
		const prepared = await outcomeOf(prepare(op.forItem(item), listed));
		if (prepared.ok) outcomes.documents.set(item, prepared.value.document);
		if (!prepared.ok) outcomes.settle(item, prepared);
		else if ('job' in prepared.value) jobs.push(prepared.value.job);
		else outcomes.settle(item, { ok: true, value: prepared.value.result });
	}
	await sendJobs(jobs, outcomes);
	return outcomes;
}

/**
 * The run's unsent documents, found together in one list read where that saves requests. An item
 * whose document cannot be named yet is left to fail on its own turn.
 */
async function listedDocuments(op: OperationContext) {
	const partner = await outcomeOf(op.partnerMid());
	if (!partner.ok) return new Map<string, IDataObject>();
	const named = await op.namedByItems(
		async (member) => ({
			mid: documentMidOf(member, partner.value),
			// Secure Send to the document's contact, whose e-mail address may need finding
			toContact: channelsOf(member).includes('securesend') && recipientsOf(member).length === 0,
		}),
		op.itemIndex,
	);
	const found = await unsentDocuments(
		op,
		partner.value,
		named.map(({ mid }) => mid),
	);
	const toContacts = named.filter((n) => n.toContact).map(({ mid }) => found.get(mid));
	await contactsOfClients(op, partner.value, toContacts.filter(isRecord));
	return new Map([...found].map(([mid, document]) => [`${partner.value} ${mid}`, document]));
}

/** The item's document, read and checked, with what the item asks. */
async function prepare(op: OperationContext, listed: Map<string, IDataObject>) {
	const partnerMid = await op.partnerMid();
	const mid = documentMidOf(op, partnerMid);
	const channels = channelsOf(op);
	const options = op.collection('options');
	const label = (name: string) => op.label(`options.${name}`);
	const waitSeconds = checkCount(options.waitSeconds ?? 60, label('waitSeconds'), 1);
	if (waitSeconds > LONGEST_WAIT_SECONDS) {
		throw new InvalidInput(`${label('waitSeconds')} must be at most ${LONGEST_WAIT_SECONDS}`);
	}
	const perOrder = checkCount(options.perOrder ?? 10, label('perOrder'), 1);
	if (perOrder > MOST_PER_ORDER) {
		throw new InvalidInput(`${label('perOrder')} must be at most ${MOST_PER_ORDER}`);
	}
	return await prepareSend(
		op,
		partnerMid,
		mid,
		{
			securesend: channels.includes('securesend'),
			clientInbox: channels.includes('clientInbox'),
			post: channels.includes('post'),
			toEmails: recipientsOf(op),
			subject: op.text('subject'),
			message: checkText(op.parameter('message', ''), op.label('message'), LONG_TEXT),
			cardPayments: op.flag('options.cardPayments'),
			waitSeconds,
			force: op.flag('options.force'),
			perOrder,
		},
		listed.get(`${partnerMid} ${mid}`),
	);
}

function channelsOf(op: OperationContext): string[] {
	const value = op.parameter('channels', ['securesend']);
	const channels = Array.isArray(value) ? value.map(String) : [];
	const unknown = channels.filter((channel) => !CHANNELS.includes(channel));
	if (!Array.isArray(value) || channels.length === 0 || unknown.length > 0) {
		throw new InvalidInput(
			`${op.label('channels')} must be one or more of ${CHANNELS.join(', ')}`,
			'Pick at least one way to send the document',
		);
	}
	return channels;
}

/** The recipients, checked one by one: "a@example.com, b@example.com". */
function recipientsOf(op: OperationContext): string[] {
	const text = checkText(op.parameter('toEmails', ''), op.label('toEmails'), LONG_TEXT);
	return text
		.split(/[,;\s]+/)
		.filter(Boolean)
		.map((address) => checkEmail(address, op.label('toEmails')));
}
