/**
 * What a valid sending order is, as a real sending service checks it: a recipient of the
 * partner, at least one channel, valid addresses for Secure Send, a subject and a message of
 * bounded length; and what keeps a valid order from being sent.
 */
import type { Partner, SendingOrder } from '../stores/records';
import type { Urls } from '../stores/urls';
import { isEmail, objectBody, ValidationError, type FieldErrors } from './fields';

/** A domain whose addresses the sandbox's e-mail service refuses: an order to it never gets ready. */
export const UNDELIVERABLE_DOMAIN = 'undeliverable.example';

export const CHANNELS = [
	'securesend_selected',
	'send_to_clientinbox_selected',
	'sendbypost_selected',
] as const;

type Body = Record<string, unknown>;

/** The fields of a new order that its body gives. */
export type OrderFields = Pick<
	SendingOrder,
	| 'recipientMid'
	| (typeof CHANNELS)[number]
	| 'enable_cc_payments'
	| 'to_emails'
	| 'subject'
	| 'message'
>;

/** The channels and `enable_cc_payments`, each a boolean; at least one channel. */
function checkFlags(body: Body, errors: FieldErrors): Record<string, boolean> {
	const flags: Record<string, boolean> = {};
	for (const key of [...CHANNELS, 'enable_cc_payments']) {
		const value = body[key] ?? false;
		if (typeof value !== 'boolean') errors[key] = ['Must be a valid boolean.'];
		else flags[key] = value;
	}
	if (!CHANNELS.some((key) => flags[key]))
		errors.non_field_errors = ['Select at least one sending method.'];
	return flags;
}

/** Valid addresses, at least one when Secure Send is selected. */
function checkEmails(emails: unknown, secureSend: boolean, errors: FieldErrors) {
	if (!Array.isArray(emails) || emails.some((e) => typeof e !== 'string')) {
		errors.to_emails = ['Expected a list of items.'];
		return;
	}
	const wrong = (emails as string[]).map((e) =>
		isEmail(e) ? {} : ['Enter a valid email address.'],
	);
	if (wrong.some((w) => Array.isArray(w))) errors.to_emails = wrong;
	else if (secureSend && emails.length === 0)
		errors.to_emails = ['Secure Send needs at least one e-mail address.'];
}

/** The fields of a new order, or the 400 its body earns. */
export function validateOrder(p: Partner, urls: Urls, body: unknown): OrderFields {
	const fields = objectBody(body, false);
	const errors: FieldErrors = {};
	const recipientMid = urls.parse(fields.recipient_organization, p.mid, 'client');
	if (fields.recipient_organization === undefined)
		errors.recipient_organization = ['This field is required.'];
	else if (!recipientMid || !p.clients.has(recipientMid))
		errors.recipient_organization = ['Invalid hyperlink - Object does not exist.'];
	const flags = checkFlags(fields, errors);
	const emails = fields.to_emails ?? [];
	checkEmails(emails, flags.securesend_selected, errors);
	for (const [key, max] of [
		['subject', 255],
		['message', 5000],
	] as const) {
		const value = fields[key] ?? '';
		if (typeof value !== 'string') errors[key] = ['Not a valid string.'];
		else if ([...value].length > max)
			errors[key] = [`Ensure this field has no more than ${max} characters.`];
	}
	if (Object.keys(errors).length) throw new ValidationError(errors);
	return {
		recipientMid: recipientMid!,
		securesend_selected: flags.securesend_selected,
		send_to_clientinbox_selected: flags.send_to_clientinbox_selected,
		sendbypost_selected: flags.sendbypost_selected,
		enable_cc_payments: flags.enable_cc_payments,
		to_emails: emails as string[],
		subject: String(fields.subject ?? ''),
		message: String(fields.message ?? ''),
	};
}

/** What keeps an order from being sent; empty when it can be. */
export function orderProblems(p: Partner, order: SendingOrder): string[] {
	const problems: string[] = [];
	if (!order.items.some((item) => item.documentMid))
		problems.push('The sending order has no documents.');
	for (const item of order.items) {
		if (item.filename && !item.bytes) problems.push(`The file ${item.filename} was not uploaded.`);
	}
	for (const address of order.to_emails) {
		if (address.toLowerCase().endsWith(`@${UNDELIVERABLE_DOMAIN}`))
			problems.push(`Secure Send cannot deliver to ${address}.`);
	}
	if (order.sendbypost_selected) {
		const client = p.clients.get(order.recipientMid);
		const hasAddress = client?.contactMids.some(
			(mid) => (p.contacts.get(mid)?.addresses.length ?? 0) > 0,
		);
		if (!hasAddress) problems.push('Send by post needs a postal address of the recipient.');
	}
	return problems;
}
