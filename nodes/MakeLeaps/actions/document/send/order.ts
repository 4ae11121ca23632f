/**
 * One sending order of a run, from its creation to its execution: made, filled with documents,
 * checked (did another order carry one out meanwhile? has MakeLeaps validated it?), then either
 * executed once or, when it holds a document that must not go, deleted unsent. Each item's
 * outcome is settled in the run's `SendOutcomes` (outcomes.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import { excerpt, isUncertainWrite, outcomeOf } from '../../../transport';
import type { Outcome } from '../../../transport';
import {
	addToSendingOrder,
	createSendingOrder,
	deleteSendingOrder,
	executeSendingOrder,
	readSendingOrder,
} from '../../../api/sendingOrders';
import { sentDocuments } from '../../../run/turns';
import { documentUrl, isRecord, linkedMid, midOfUrl } from '../../../model/locators';
import { InvalidInput } from '../../../model/validation';
import type { SendJob } from './prepare';
import { sentOutcome, type SendOutcomes } from './outcomes';
import { documentsOf, ordersOfClient, pollUntilReady, sentElsewhere, wentOut } from './orderReads';
import { OrderFiles } from './orderFiles';

/** Fields of an order read before it was executed that no longer hold once it went out. */
const STATE_BEFORE_SENDING = ['ready_to_order', 'status', 'problems', 'date_sent'];

interface OrderLinks {
	url: string;
	items: string;
	send: string;
}

/**
 * A sending order for `jobs` (one client, the same recipients and settings). Requests the order
 * itself needs are made on behalf of its first item; each add on behalf of its own.
 */
export class OrderDraft {
	/** The jobs whose document MakeLeaps took into the order, in input order. */
	readonly attached: SendJob[] = [];
	/** The order as MakeLeaps reported it validated, carrying exactly the attached documents. */
	ready?: IDataObject;
	/** Why the order holds a document that must not go, which keeps it from being executed. */
	private unwanted?: string;
	private failed?: Outcome<IDataObject>;
	private readonly files = new OrderFiles();
	private made?: IDataObject;
	private links?: OrderLinks;
	/** When the validation wait ends. */
	deadline = 0;

	constructor(readonly jobs: SendJob[]) {}

	get first(): SendJob {
		return this.jobs[0];
	}

	/** Whether the order holds documents and nothing that keeps it from being checked. */
	get checkable(): boolean {
		return this.attached.length > 0 && !this.failed && !this.unwanted;
	}

	/** Whether the order exists and has not failed. */
	get live(): boolean {
		return this.links !== undefined && this.failed === undefined;
	}

	/** Whether the order must be deleted rather than executed (see `remake`). */
	get holdsUnwanted(): boolean {
		return this.unwanted !== undefined;
	}

	private get described(): string {
		return `sending order ${String(this.made?.mid ?? this.links?.url)}`;
	}

	/** Adds the job's document, making the order first; a refusal fails that item alone. */
	async add(job: SendJob, outcomes: SendOutcomes): Promise<void> {
		if (!this.failed && !this.links) {
			const made = await outcomeOf(this.make());
			if (!made.ok) this.failed = made;
		}
		// an order MakeLeaps did not make fails each of its items
		if (this.failed || !this.links) return outcomes.settle(job.op.itemIndex, this.failed!);
		const { op, partnerMid } = job;
		const { baseUrl } = op.run.transport;
		const document = documentUrl(baseUrl, partnerMid, String(job.document.mid));
		const { items } = this.links;
		const position = this.attached.length;
		const added = await outcomeOf(
			beforeSending(addToSendingOrder(op, items, position, document, this.described)),
		);
		if (added.ok) return void this.attached.push(job);
		// an add whose answer was lost may have been applied: the order is not sent as it is
		if (isUncertainWrite(added.error))
			this.unwanted ??= 'a document MakeLeaps may or may not have added';
		outcomes.settle(job.op.itemIndex, added);
	}

	/** Adds the files of its items still to go, after its documents (orderFiles.ts). */
	async addFiles(outcomes: SendOutcomes): Promise<void> {
		if (!this.live) return;
		const going = this.attached.filter((job) => outcomes.open(job));
		const { items } = this.links!;
		const at = this.attached.length;
		const missing = await this.files.add(going, items, at, this.described, outcomes);
		if (missing) this.unwanted ??= missing;
	}

	private async make(): Promise<void> {
		const { op, partnerMid, clientUrl, toEmails, request } = this.first;
		this.made = await beforeSending(
			createSendingOrder(op, partnerMid, {
				recipient_organization: clientUrl,
				securesend_selected: request.securesend,
				send_to_clientinbox_selected: request.clientInbox,
				sendbypost_selected: request.post,
				enable_cc_payments: request.cardPayments,
				to_emails: toEmails,
				subject: request.subject,
				message: request.message,
			}),
		);
		this.links = {
			url: linkOf(op, this.made, 'url'),
			items: linkOf(op, this.made, 'items_url'),
			send: linkOf(op, this.made, 'send_url'),
		};
	}

	/**
	 * Checks the filled order: one read of the client's orders (unless sending anyway) shows
	 * whether another order carried a document out meanwhile (its item is skipped, and this order
	 * must be made again without it) and usually that this one is ready; else it is polled until
	 * ready, or fails. It must then carry what was added, and nothing else.
	 */
	async check(outcomes: SendOutcomes): Promise<void> {
		const { op, partnerMid, clientUrl, request } = this.first;
		const links = this.links!;
		let listed: IDataObject | undefined;
		if (!request.force) {
			const orders = (await ordersOfClient(op, partnerMid, clientUrl)) ?? [];
			const mids = this.attached.map((job) => String(job.document.mid));
			const elsewhere = await sentElsewhere(op, orders, clientUrl, links.url, mids);
			for (const job of this.attached) {
				const order = elsewhere.get(String(job.document.mid));
				if (!order) continue;
				sentDocuments.record(job.key, { record: order, at: Date.now() });
				const skipped = { sent: false, skipped: 'already sent', sending_order: order };
				outcomes.settle(job.op.itemIndex, { ok: true, value: { ...job.facts, ...skipped } });
				this.unwanted ??= 'a document another sending order sent meanwhile';
			}
			if (this.unwanted) return;
			listed = orders.find((candidate) => linkedMid(candidate) === midOfUrl(links.url));
		}
		const ready = await outcomeOf(this.readyAsFilled(listed));
		if (!ready.ok) return this.fail(ready, outcomes);
		this.ready = ready.value;
	}

	/** The order once MakeLeaps reports it ready, checked to carry exactly what was added. */
	private async readyAsFilled(listed?: IDataObject): Promise<IDataObject> {
		const { op, request } = this.first;
		const ready = await pollUntilReady(
			op,
			this.links!.url,
			this.described,
			request.waitSeconds,
			this.deadline,
			listed,
		);
		const carried = documentsOf(ready);
		const added = this.attached.map((job) => String(job.document.mid));
		if (carried && [...carried].sort().join() !== [...added].sort().join()) {
			op.fail(
				`MakeLeaps' ${this.described} carries other documents than the node added (${carried.join(', ') || 'none'})`,
				'Nothing was sent. Look at the order in MakeLeaps: send it there, or delete it.',
			);
		}
		this.files.check(op, ready, this.described);
		return ready;
	}

	private fail(outcome: Outcome<IDataObject>, outcomes: SendOutcomes): void {
		this.failed = outcome;
		for (const job of this.attached) outcomes.settle(job.op.itemIndex, outcome);
	}

	/**
	 * Deletes the order unsent: it holds a document that must not go (sent elsewhere meanwhile,
	 * added or not, or of an item after the one that stopped the run). The documents still to go
	 * get a new order; when MakeLeaps does not delete this one, they are not sent either.
	 */
	async remake(going: SendJob[], outcomes: SendOutcomes): Promise<OrderDraft | undefined> {
		const { op } = this.first;
		const deleted = await outcomeOf(deleteSendingOrder(op, this.links!.url, this.described));
		if (deleted.ok) return going.length > 0 ? new OrderDraft(going) : undefined;
		const unwanted = this.unwanted ?? 'a document of an item after the one that stopped the run';
		const error = new InvalidInput(
			`Not sent: its ${this.described} also holds ${unwanted}, and MakeLeaps did not delete it`,
			'Nothing was sent for this item. Delete the unsent order in MakeLeaps, then run the item again.',
		);
		for (const job of going) outcomes.settle(job.op.itemIndex, { ok: false, error });
		return undefined;
	}

	/**
	 * Executes the order, once. The send is recorded as soon as MakeLeaps accepts it, so a later
	 * run cannot send the documents again; a lost answer is read, never repeated. Each item shows
	 * the order as MakeLeaps reports it after the send.
	 */
	async execute(outcomes: SendOutcomes): Promise<void> {
		const { op } = this.first;
		const links = this.links!;
		const sent = await outcomeOf(executeSendingOrder(op, links.send, this.described));
		const keys = this.attached.map((job) => job.key);
		let order: Outcome<IDataObject>;
		if (sent.ok) {
			// as it was when ready, without the fields that told its state before it went out
			const known: IDataObject = {
				...this.ready,
				mid: this.ready?.mid ?? this.made?.mid,
				url: links.url,
			};
			for (const field of STATE_BEFORE_SENDING) delete known[field];
			for (const key of keys) sentDocuments.record(key, { record: known, at: Date.now() });
			order = { ok: true, value: await this.afterSend(sent.value, known) };
		} else {
			order = await outcomeOf(afterLostSend(op, sent.error, links.url, this.described, keys));
		}
		if (!order.ok) return this.fail(order, outcomes);
		for (const key of keys) sentDocuments.record(key, { record: order.value, at: Date.now() });
		for (const job of this.attached) {
			op.run.recordWrite('sent', job.document.mid, op.itemIndex);
			outcomes.settle(job.op.itemIndex, { ok: true, value: sentOutcome(job, order.value) });
		}
	}

	/**
	 * The order after the send: MakeLeaps' answer to it when that is the order, else the order
	 * read once; a read that fails only leaves the order as it was known (the send went out).
	 */
	private async afterSend(answer: unknown, known: IDataObject): Promise<IDataObject> {
		const isThis = (value: unknown): value is IDataObject =>
			isRecord(value) && linkedMid(value) === midOfUrl(this.links!.url);
		if (isThis(answer)) return answer;
		const read = await outcomeOf(readSendingOrder(this.first.op, this.links!.url, this.described));
		return read.ok && isThis(read.value) ? read.value : known;
	}
}

/** A request before anything was sent: whatever goes wrong, running the item again is safe. */
async function beforeSending<T>(request: Promise<T>): Promise<T> {
	const result = await outcomeOf(request);
	if (result.ok) return result.value;
	const error = result.error as { description?: string | null };
	if (isUncertainWrite(error)) {
		error.description =
			'Nothing was sent: the document goes out only when the sending order is executed, which the node had not done yet. Running this item again is safe; it may leave an unsent sending order in MakeLeaps.';
	}
	throw result.error;
}

/** A link of the order (its url, items_url, send_url); without it nothing can be sent. */
function linkOf(op: SendJob['op'], order: IDataObject, name: string): string {
	const link = order[name];
	if (typeof link !== 'string' || link === '') {
		op.fail(
			`MakeLeaps' sending order has no ${name}`,
			`Nothing was sent. MakeLeaps answered: ${excerpt(op.run.transport.secrets.redactValue(order), 300)}`,
		);
	}
	return link;
}

/**
 * The execute request was sent and its answer lost. It is not sent again; the order is read
 * once: if it shows it went out, the send happened; otherwise the item fails as uncertain, and
 * later sends of the document in this process stop too.
 */
async function afterLostSend(
	op: SendJob['op'],
	error: unknown,
	orderUrl: string,
	described: string,
	keys: string[],
): Promise<IDataObject> {
	if (!isUncertainWrite(error)) throw error;
	const read = await outcomeOf(readSendingOrder(op, orderUrl, described));
	if (read.ok && wentOut(read.value)) return read.value;
	for (const key of keys) sentDocuments.record(key, { uncertain: true, at: Date.now() });
	error.description = `${error.description ?? ''}. The ${described} did not show that it went out when it was read right after.`;
	throw error;
}
