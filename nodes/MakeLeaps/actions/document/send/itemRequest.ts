/**
 * What an item asks Send to do: its channels, recipients, subject, message and options, read
 * and checked (a bad value names the field before anything is read or sent).
 */
import type { OperationContext } from '../../../run/context';
import {
	checkCount,
	checkEmail,
	checkText,
	InvalidInput,
	LONG_TEXT,
} from '../../../model/validation';

const CHANNELS = ['securesend', 'clientInbox', 'post'];
export const LONGEST_WAIT_SECONDS = 600;
export const MOST_PER_ORDER = 50;

export interface SendRequest {
	securesend: boolean;
	clientInbox: boolean;
	post: boolean;
	/** Recipients of Secure Send; empty: the document's contact's e-mail address. */
	toEmails: string[];
	subject: string;
	message: string;
	cardPayments: boolean;
	/** How long to wait for MakeLeaps to validate the order. */
	waitSeconds: number;
	/** Send even when the document is already marked sent. */
	force: boolean;
	/** The most documents of one client in one sending order. */
	perOrder: number;
}

/** The item's request, its fields checked in the order the editor shows them. */
export function sendRequestOf(op: OperationContext): SendRequest {
	const channels = channelsOf(op);
	const options = op.collection('options');
	const label = (name: string) => op.label(`options.${name}`);
	const waitSeconds = checkCount(options.waitSeconds, label('waitSeconds'), 1, 60);
	if (waitSeconds > LONGEST_WAIT_SECONDS) {
		throw new InvalidInput(`${label('waitSeconds')} must be at most ${LONGEST_WAIT_SECONDS}`);
	}
	const perOrder = checkCount(options.perOrder, label('perOrder'), 1, 10);
	if (perOrder > MOST_PER_ORDER) {
		throw new InvalidInput(`${label('perOrder')} must be at most ${MOST_PER_ORDER}`);
	}
	return {
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
	};
}

/** Send By: one or more of the channels. */
export function channelsOf(op: OperationContext): string[] {
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
export function recipientsOf(op: OperationContext): string[] {
	const text = checkText(op.parameter('toEmails', ''), op.label('toEmails'), LONG_TEXT);
	return text
		.split(/[,;\s]+/)
		.filter(Boolean)
		.map((address) => checkEmail(address, op.label('toEmails')));
}
