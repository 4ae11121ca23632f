/**
 * Sending orders of the sandbox: the documented flow (create an order, attach documents, wait
 * until MakeLeaps has validated it, execute it) with the checks a real sending service makes,
 * and a record of every delivery so tests can see what was sent to whom.
 */
import type { SandboxDocument } from './documents';
import {
	isEmail,
	newMid,
	ValidationError,
	type FieldErrors,
	type Partner,
	type Store,
} from './store';

/** How long the sandbox takes to validate an order after its last change. */
export const DEFAULT_VALIDATION_MS = 1500;

/** A domain whose addresses the sandbox's e-mail service refuses: an order to it never gets ready. */
export const UNDELIVERABLE_DOMAIN = 'undeliverable.example';

export interface SendingOrder {
	mid: string;
	recipientMid: string;
	securesend_selected: boolean;
	send_to_clientinbox_selected: boolean;
	sendbypost_selected: boolean;
	enable_cc_payments: boolean;
	to_emails: string[];
	subject: string;
	message: string;
	items: Array<{ mid: string; position: number; documentMid: string }>;
	/** When the validation of the current content ends. */
	validatedAt: number;
	status: 'draft' | 'sent' | 'cancelled';
	date_created: string;
	date_sent: string | null;
	date_cancelled: string | null;
}

/** What an executed order delivered, as tests inspect it. */
export interface Delivery {
	orderMid: string;
	recipientMid: string;
	channels: string[];
	to_emails: string[];
	documentMids: string[];
	at: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

const CHANNELS = [
	'securesend_selected',
	'send_to_clientinbox_selected',
	'sendbypost_selected',
] as const;

export class SendingStore {
	readonly orders = new Map<string, SendingOrder & { partnerMid: string }>();
	readonly deliveries: Delivery[] = [];
	/**
	 * Switches on adding a document (by MID) to an order: `refuse` answers 400 on `document`, as
	 * MakeLeaps refuses a document it will not send; `lose` adds it but answers without the item,
	 * so the caller cannot tell whether it went in (as when the answer is lost).
	 */
	readonly addingFaults = new Map<string, 'refuse' | 'lose'>();

	private readonly validationMs: number;
	/** How long after an execution its documents show `date_sent`. */
	private readonly sentLagMs: number;
	/** Documents marked sent once their lag has passed: [document, when sent, visible from]. */
	private readonly lagging: Array<[SandboxDocument, string, number]> = [];

	constructor(
		private readonly store: Store,
		options: { validationMs?: number; sentLagMs?: number } = {},
		private readonly now: () => number = Date.now,
	) {
		this.validationMs = options.validationMs ?? DEFAULT_VALIDATION_MS;
		this.sentLagMs = options.sentLagMs ?? 0;
	}

	/** Marks sent the documents whose lag has passed (called before every request is answered). */
	catchUp(): void {
		const now = this.now();
		for (let i = this.lagging.length - 1; i >= 0; i--) {
			const [document, at, visibleFrom] = this.lagging[i];
			if (now < visibleFrom) continue;
			if (document.date_sent === null) document.date_sent = at;
			this.lagging.splice(i, 1);
		}
	}

	url(p: Partner, mid: string) {
		return `${this.store.urls.baseUrl}/api/partner/${p.mid}/sending/order/${mid}/`;
	}

	ordersOf(p: Partner) {
		return [...this.orders.values()].filter((o) => o.partnerMid === p.mid);
	}

	create(p: Partner, body: unknown): SendingOrder {
		if (!isObject(body))
			throw new ValidationError({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
		const errors: FieldErrors = {};
		const recipientMid = this.store.urls.parse(body.recipient_organization, p.mid, 'client');
		if (body.recipient_organization === undefined)
			errors.recipient_organization = ['This field is required.'];
		else if (!recipientMid || !p.clients.has(recipientMid))
			errors.recipient_organization = ['Invalid hyperlink - Object does not exist.'];
		const flags: Record<string, boolean> = {};
		for (const key of [...CHANNELS, 'enable_cc_payments']) {
			const value = body[key] ?? false;
			if (typeof value !== 'boolean') errors[key] = ['Must be a valid boolean.'];
			else flags[key] = value;
		}
		if (!CHANNELS.some((key) => flags[key]))
			errors.non_field_errors = ['Select at least one sending method.'];
		const emails = body.to_emails ?? [];
		if (!Array.isArray(emails) || emails.some((e) => typeof e !== 'string'))
			errors.to_emails = ['Expected a list of items.'];
		else {
			const wrong = (emails as string[]).map((e) =>
				isEmail(e) ? {} : ['Enter a valid email address.'],
			);
			if (wrong.some((w) => Array.isArray(w))) errors.to_emails = wrong;
			else if (flags.securesend_selected && emails.length === 0)
				errors.to_emails = ['Secure Send needs at least one e-mail address.'];
		}
		for (const [key, max] of [
			['subject', 255],
			['message', 5000],
		] as const) {
			const value = body[key] ?? '';
			if (typeof value !== 'string') errors[key] = ['Not a valid string.'];
			else if ([...value].length > max)
				errors[key] = [`Ensure this field has no more than ${max} characters.`];
		}
		if (Object.keys(errors).length) throw new ValidationError(errors);
		const order = {
			partnerMid: p.mid,
			mid: newMid(),
			recipientMid: recipientMid!,
			securesend_selected: flags.securesend_selected,
			send_to_clientinbox_selected: flags.send_to_clientinbox_selected,
			sendbypost_selected: flags.sendbypost_selected,
			enable_cc_payments: flags.enable_cc_payments,
			to_emails: emails as string[],
			subject: String(body.subject ?? ''),
			message: String(body.message ?? ''),
			items: [],
			validatedAt: this.now() + this.validationMs,
			status: 'draft' as const,
			date_created: new Date(this.now()).toISOString(),
			date_sent: null,
			date_cancelled: null,
		};
		this.orders.set(order.mid, order);
		return order;
	}

	/** POST to the order's items_url: a document of the recipient, at a position. */
	addItem(p: Partner, order: SendingOrder, body: unknown) {
		if (!isObject(body))
			throw new ValidationError({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
		if (order.status !== 'draft')
			throw new ValidationError({
				non_field_errors: ['This sending order can no longer be changed.'],
			});
		const errors: FieldErrors = {};
		const documentMid = this.documentMid(p, body.document);
		const document = documentMid ? p.documents.get(documentMid) : undefined;
		if (body.document === undefined) errors.document = ['This field is required.'];
		else if (!document) errors.document = ['Invalid hyperlink - Object does not exist.'];
		else if (document.clientMid !== order.recipientMid)
			errors.document = ['The document is not addressed to the recipient of this order.'];
		else if (order.items.some((item) => item.documentMid === documentMid))
			errors.document = ['The document is already in this order.'];
		const position = body.position ?? order.items.length;
		if (!Number.isInteger(position) || (position as number) < 0)
			errors.position = ['A valid integer is required.'];
		if (!errors.document && this.addingFaults.get(documentMid!) === 'refuse')
			errors.document = ['This document cannot be sent.'];
		if (Object.keys(errors).length) throw new ValidationError(errors);
		const item = { mid: newMid(), position: position as number, documentMid: documentMid! };
		order.items.push(item);
		order.validatedAt = this.now() + this.validationMs;
		return this.addingFaults.get(documentMid!) === 'lose' ? {} : this.itemJson(p, order, item);
	}

	/** What keeps an order from being sent; empty when it can be. */
	problems(p: Partner, order: SendingOrder): string[] {
		const problems: string[] = [];
		if (order.items.length === 0) problems.push('The sending order has no documents.');
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

	readyToOrder(p: Partner, order: SendingOrder) {
		return (
			order.status === 'draft' &&
			this.now() >= order.validatedAt &&
			this.problems(p, order).length === 0
		);
	}

	/** POST {} to send_url: once, and only when ready; the documents are marked sent. */
	execute(p: Partner, order: SendingOrder): void {
		if (order.status === 'sent')
			throw new ValidationError({
				non_field_errors: ['This sending order has already been sent.'],
			});
		if (!this.readyToOrder(p, order))
			throw new ValidationError({
				non_field_errors: ['The sending order is not ready to be sent.'],
			});
		const at = new Date(this.now()).toISOString();
		order.status = 'sent';
		order.date_sent = at;
		for (const item of order.items) {
			const document = p.documents.get(item.documentMid) as SandboxDocument | undefined;
			if (document) this.lagging.push([document, at, this.now() + this.sentLagMs]);
		}
		this.catchUp();
		this.deliveries.push({
			orderMid: order.mid,
			recipientMid: order.recipientMid,
			channels: CHANNELS.filter((key) => order[key]).map((key) => key.replace(/_selected$/, '')),
			to_emails: [...order.to_emails],
			documentMids: order.items.map((item) => item.documentMid),
			at,
		});
	}

	/**
	 * PATCH {"status": "cancelled"} to status_url. A draft can always be cancelled; a sent order
	 * only when it goes by post alone (an e-mail or an inbox delivery cannot be called back).
	 */
	changeStatus(order: SendingOrder, body: unknown): void {
		if (!isObject(body) || body.status !== 'cancelled')
			throw new ValidationError({
				status: [`"${String(isObject(body) ? body.status : '')}" is not a valid choice.`],
			});
		if (order.status === 'cancelled') return;
		const postOnly =
			order.sendbypost_selected &&
			!order.securesend_selected &&
			!order.send_to_clientinbox_selected;
		if (order.status === 'sent' && !postOnly)
			throw new ValidationError({
				non_field_errors: ['This sending order can no longer be cancelled.'],
			});
		order.status = 'cancelled';
		order.date_cancelled = new Date(this.now()).toISOString();
	}

	json(p: Partner, order: SendingOrder) {
		const url = this.url(p, order.mid);
		const problems =
			order.status === 'draft' && this.now() >= order.validatedAt ? this.problems(p, order) : [];
		return {
			url,
			mid: order.mid,
			recipient_organization: this.store.urls.client(p.mid, order.recipientMid),
			securesend_selected: order.securesend_selected,
			send_to_clientinbox_selected: order.send_to_clientinbox_selected,
			sendbypost_selected: order.sendbypost_selected,
			enable_cc_payments: order.enable_cc_payments,
			to_emails: order.to_emails,
			subject: order.subject,
			message: order.message,
			items: order.items.map((item) => this.itemJson(p, order, item)),
			items_url: `${url}item/`,
			send_url: `${url}send/`,
			status_url: `${url}status/`,
			ready_to_order: this.readyToOrder(p, order),
			status:
				order.status === 'draft' && this.now() < order.validatedAt ? 'validating' : order.status,
			problems,
			date_created: order.date_created,
			date_sent: order.date_sent,
			date_cancelled: order.date_cancelled,
		};
	}

	private itemJson(p: Partner, order: SendingOrder, item: SendingOrder['items'][number]) {
		return {
			url: `${this.url(p, order.mid)}item/${item.mid}/`,
			mid: item.mid,
			position: item.position,
			document: `${this.store.urls.baseUrl}/api/partner/${p.mid}/document/${item.documentMid}/`,
			filename: null,
		};
	}

	private documentMid(p: Partner, url: unknown): string | undefined {
		if (typeof url !== 'string') return undefined;
		const prefix = `${this.store.urls.baseUrl}/api/partner/${p.mid}/document/`;
		const match = url.startsWith(prefix) ? /^(\d+)\/$/.exec(url.slice(prefix.length)) : null;
		return match?.[1];
	}
}
