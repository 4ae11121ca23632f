/**
 * Sending orders of the sandbox: the documented flow (create an order, attach documents, wait
 * until MakeLeaps has validated it, execute it), and a record of every delivery so tests can
 * see what was sent to whom. What a valid order is lives in rules/sendingOrders.ts.
 */
import { createHmac, randomBytes } from 'node:crypto';

import { isObject, objectBody, ValidationError, type FieldErrors } from '../rules/fields';
import { CHANNELS, orderProblems, validateOrder } from '../rules/sendingOrders';
import {
	newMid,
	type Delivery,
	type Partner,
	type SandboxDocument,
	type SendingOrder,
} from './records';
import type { Urls } from './urls';

/** How long the sandbox takes to validate an order after its last change. */
export const DEFAULT_VALIDATION_MS = 1500;

/**
 * MakeLeaps' answer to an upload without the file in `content_file`, as recorded (quoted in
 * makeleaps-evidence.md's source R7; DRF's own text ends with a full stop).
 */
export const NO_FILE_SUBMITTED = 'No file was submitted';

export type Item = SendingOrder['items'][number];

/** A file item's content as an upload gave it: the bytes, and the name and type it came with. */
export interface UploadedContent {
	bytes: Buffer;
	filename?: string;
	contentType?: string;
}

export class SendingOrderStore {
	readonly orders = new Map<string, SendingOrder & { partnerMid: string }>();
	readonly deliveries: Delivery[] = [];
	/**
	 * Switches on adding a document (by MID) to an order: `refuse` answers 400 on `document`, as
	 * MakeLeaps refuses a document it will not send; `lose` adds it but answers without the item,
	 * so the caller cannot tell whether it went in (as when the answer is lost).
	 */
	readonly addingFaults = new Map<string, 'refuse' | 'lose'>();
	/**
	 * Switches on uploading a file (by its name): `refuse` answers 400 on `content_file`, as a
	 * service that does not take the file; `unread` answers MakeLeaps' recorded field error
	 * (`{"content_file": ["No file was submitted"]}`), as to a form it does not find the file in;
	 * `lose` stores the bytes and closes the connection unanswered, on every try.
	 */
	readonly uploadFaults = new Map<string, 'refuse' | 'unread' | 'lose'>();
	/** Signs the storage addresses of file items (the `uploadToStorage` switch). */
	private readonly storageKey = randomBytes(16);

	private readonly validationMs: number;
	/** How long after an execution its documents show `date_sent`. */
	private readonly sentLagMs: number;
	/** Documents marked sent once their lag has passed: [document, when sent, visible from]. */
	private readonly lagging: Array<[SandboxDocument, string, number]> = [];

	/** Where file items take their content outside the API (the `uploadToStorage` switch). */
	private readonly storageUrl?: string;

	constructor(
		private readonly urls: Urls,
		options: { validationMs?: number; sentLagMs?: number; storageUrl?: string } = {},
		private readonly now: () => number = Date.now,
	) {
		this.validationMs = options.validationMs ?? DEFAULT_VALIDATION_MS;
		this.sentLagMs = options.sentLagMs ?? 0;
		this.storageUrl = options.storageUrl;
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

	ordersOf(p: Partner) {
		return [...this.orders.values()].filter((o) => o.partnerMid === p.mid);
	}

	create(p: Partner, body: unknown): SendingOrder {
		const fields = validateOrder(p, this.urls, body);
		const order = {
			partnerMid: p.mid,
			mid: newMid(),
			...fields,
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

	/**
	 * POST to the order's items_url: a document of the recipient, or a file by its `filename`, at a
	 * position.
	 */
	addItem(p: Partner, order: SendingOrder, body: unknown) {
		const fields = objectBody(body, false);
		checkDraft(order);
		if (fields.document === undefined && fields.filename !== undefined)
			return this.addFile(p, order, fields);
		const errors: FieldErrors = {};
		const documentMid = this.urls.parse(fields.document, p.mid, 'document');
		const document = documentMid ? p.documents.get(documentMid) : undefined;
		if (fields.document === undefined) errors.document = ['This field is required.'];
		else if (!document) errors.document = ['Invalid hyperlink - Object does not exist.'];
		else if (document.clientMid !== order.recipientMid)
			errors.document = ['The document is not addressed to the recipient of this order.'];
		else if (order.items.some((item) => item.documentMid === documentMid))
			errors.document = ['The document is already in this order.'];
		const position = positionOf(fields, order, errors);
		if (!errors.document && this.addingFaults.get(documentMid!) === 'refuse')
			errors.document = ['This document cannot be sent.'];
		if (Object.keys(errors).length) throw new ValidationError(errors);
		const item = {
			mid: newMid(),
			position,
			documentMid: documentMid!,
			filename: null,
			bytes: null,
			uploadedName: null,
			uploadedType: null,
		};
		order.items.push(item);
		order.validatedAt = this.now() + this.validationMs;
		return this.addingFaults.get(documentMid!) === 'lose' ? {} : this.itemJson(p, order, item);
	}

	/** A file item: its name now, its bytes PUT to its `upload_url` (`upload`) before it is ready. */
	private addFile(p: Partner, order: SendingOrder, fields: Record<string, unknown>) {
		const errors: FieldErrors = {};
		const { filename } = fields;
		if (typeof filename !== 'string' || filename.trim() === '')
			errors.filename = ['This field may not be blank.'];
		else if ([...filename].length > 255)
			errors.filename = ['Ensure this field has no more than 255 characters.'];
		const position = positionOf(fields, order, errors);
		if (Object.keys(errors).length) throw new ValidationError(errors);
		const item = {
			mid: newMid(),
			position,
			documentMid: null,
			filename: String(filename),
			bytes: null,
			uploadedName: null,
			uploadedType: null,
		};
		order.items.push(item);
		order.validatedAt = this.now() + this.validationMs;
		return this.itemJson(p, order, item);
	}

	/**
	 * A file item's content, PUT to its `upload_url` (as the form field `content_file`, or to
	 * storage as the bytes alone), while the order is a draft; the order is validated again.
	 * Answers false when the `lose` switch leaves the answer lost.
	 */
	upload(order: SendingOrder, item: Item, file: UploadedContent): boolean {
		checkDraft(order);
		const fault = this.uploadFaults.get(item.filename ?? '');
		if (fault === 'unread') throw new ValidationError({ content_file: [NO_FILE_SUBMITTED] });
		if (fault === 'refuse')
			throw new ValidationError({ content_file: ['This file type is not accepted.'] });
		if (file.bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
			throw new ValidationError({ content_file: ['Upload a valid PDF file.'] });
		item.bytes = file.bytes;
		item.uploadedName = file.filename ?? null;
		item.uploadedType = file.contentType ?? null;
		order.validatedAt = this.now() + this.validationMs;
		return fault !== 'lose';
	}

	/**
	 * Where a file item takes its content: under the API (`…/item/<mid>/upload/`, as MakeLeaps'
	 * is), or, with the `uploadToStorage` switch, at the storage address, signed.
	 */
	private uploadUrl(order: SendingOrder, item: Item, itemUrl: string): string {
		if (!this.storageUrl) return `${itemUrl}upload/`;
		const signature = this.signatureOf(order.mid, item.mid);
		return `${this.storageUrl}/_storage/upload/${order.mid}/${item.mid}?signature=${signature}`;
	}

	/** The signature of a storage address for a file item: only the address given carries it. */
	signatureOf(orderMid: string, itemMid: string): string {
		return createHmac('sha256', this.storageKey).update(`${orderMid}/${itemMid}`).digest('hex');
	}

	readyToOrder(p: Partner, order: SendingOrder) {
		return (
			order.status === 'draft' &&
			this.now() >= order.validatedAt &&
			orderProblems(p, order).length === 0
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
		const documentMids = order.items.flatMap((item) => item.documentMid ?? []);
		for (const mid of documentMids) {
			const document = p.documents.get(mid);
			if (document) this.lagging.push([document, at, this.now() + this.sentLagMs]);
		}
		this.catchUp();
		this.deliveries.push({
			orderMid: order.mid,
			recipientMid: order.recipientMid,
			channels: CHANNELS.filter((key) => order[key]).map((key) => key.replace(/_selected$/, '')),
			to_emails: [...order.to_emails],
			documentMids,
			files: order.items.flatMap((item) => item.filename ?? []),
			at,
		});
	}

	/**
	 * An order to the document's client with that document, executed at once, as MakeLeaps' web
	 * app or another n8n sends it.
	 */
	sendAtOnce(p: Partner, documentMid: string): SendingOrder {
		const order = this.filledWith(p, documentMid);
		order.validatedAt = 0;
		this.execute(p, order);
		return order;
	}

	/**
	 * An unsent order to the document's client with that document and `files`, their content in,
	 * as one a user left in MakeLeaps' web app.
	 */
	filledWith(p: Partner, documentMid: string, files: UploadedContent[] = []): SendingOrder {
		const document = p.documents.get(documentMid);
		if (!document) throw new Error(`no document ${documentMid}`);
		const order = this.create(p, {
			recipient_organization: this.urls.client(p.mid, document.clientMid),
			send_to_clientinbox_selected: true,
		});
		this.addItem(p, order, { position: 0, document: this.urls.document(p.mid, documentMid) });
		for (const file of files) {
			const item = this.addFile(p, order, { filename: file.filename });
			this.upload(order, order.items.find((candidate) => candidate.mid === item.mid)!, file);
		}
		return order;
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
		const url = this.urls.sendingOrder(p.mid, order.mid);
		const problems =
			order.status === 'draft' && this.now() >= order.validatedAt ? orderProblems(p, order) : [];
		return {
			url,
			mid: order.mid,
			recipient_organization: this.urls.client(p.mid, order.recipientMid),
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

	private itemJson(p: Partner, order: SendingOrder, item: Item) {
		const url = `${this.urls.sendingOrder(p.mid, order.mid)}item/${item.mid}/`;
		return {
			url,
			mid: item.mid,
			position: item.position,
			document: item.documentMid && this.urls.document(p.mid, item.documentMid),
			filename: item.filename,
			...(item.filename
				? { upload_url: this.uploadUrl(order, item, url), uploaded: item.bytes !== null }
				: {}),
		};
	}
}

function checkDraft(order: SendingOrder): void {
	if (order.status !== 'draft')
		throw new ValidationError({
			non_field_errors: ['This sending order can no longer be changed.'],
		});
}

/** The item's position: as given, else after the order's items. */
function positionOf(fields: Record<string, unknown>, order: SendingOrder, errors: FieldErrors) {
	const position = fields.position ?? order.items.length;
	if (!Number.isInteger(position) || (position as number) < 0)
		errors.position = ['A valid integer is required.'];
	return position as number;
}
