import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../helpers/context';
import { documentMidOf } from '../../helpers/documents';
import { sendDocument } from '../../helpers/sending';
import {
	checkCount,
	checkEmail,
	checkText,
	InvalidInput,
	LONG_TEXT,
} from '../../helpers/validation';
import { documentLocator } from './pickers.fields';

const show = { resource: ['document'], operation: ['send'] };
const CHANNELS = ['securesend', 'clientInbox', 'post'];
const LONGEST_WAIT_SECONDS = 600;

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

/** Sends the document once: skipped when already sent, unless asked. */
export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	const mid = documentMidOf(op, partnerMid);
	const channels = channelsOf(op);
	const options = op.collection('options');
	const label = (name: string) => op.label(`options.${name}`);
	const waitSeconds = checkCount(options.waitSeconds ?? 60, label('waitSeconds'), 1);
	if (waitSeconds > LONGEST_WAIT_SECONDS) {
		throw new InvalidInput(`${label('waitSeconds')} must be at most ${LONGEST_WAIT_SECONDS}`);
	}
	return await sendDocument(op, partnerMid, mid, {
		securesend: channels.includes('securesend'),
		clientInbox: channels.includes('clientInbox'),
		post: channels.includes('post'),
		toEmails: recipientsOf(op),
		subject: op.text('subject'),
		message: checkText(op.parameter('message', ''), op.label('message'), LONG_TEXT),
		cardPayments: op.flag('options.cardPayments'),
		waitSeconds,
		force: op.flag('options.force'),
	});
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
