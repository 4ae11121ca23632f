/**
 * What Send reads of sending orders, and what it makes of them: the client's orders (did another
 * one carry a document out meanwhile? a read only to decide, which never blocks), an order polled
 * until MakeLeaps has validated it, and whether an order went out.
 */
import type { IDataObject } from 'n8n-workflow';

import { excerpt, outcomeOf, type SecretSet } from '../../../transport';
import { listSendingOrdersTo, readSendingOrder } from '../../../api/sendingOrders';
import { isRecord, linkedMid, midOfUrl } from '../../../model/locators';
import type { SendJob } from './prepare';
import { aboutDuration } from '../../../words/transport';

/** The most sending orders of a client read to find one that already carried the document. */
const MAX_ORDERS_READ = 300;
/** Orders listed without their documents: the newest this many are opened one by one. */
const MAX_ORDERS_OPENED = 3;
/**
 * MakeLeaps validates an order after each change: the first look comes after the transport's
 * `validationWaitMs` (2 s), and each poll waits twice as long as the one before, up to 4 times the
 * first, so that a quick validation costs one read and a slow one a few.
 */
const LONGEST_WAITS = 4;
/** Statuses of an order that went out (or is going out): read after a send whose answer was lost. */
const SENT_STATUSES = /^(sent|ordered|sending|processing|processed|completed|delivered|done)$/i;

/** Whether an order went out (or is going out): a date sent, or a status saying so. */
export const wentOut = (order: IDataObject) =>
	Boolean(order.date_sent) || SENT_STATUSES.test(String(order.status ?? ''));

/**
 * The client's sending orders, read once the node's own order is filled: `undefined` when
 * MakeLeaps refuses or fails the read, which only helps decide and so blocks nothing.
 */
export async function ordersOfClient(
	op: SendJob['op'],
	partnerMid: string,
	clientUrl: string,
): Promise<IDataObject[] | undefined> {
	const listed = await outcomeOf(
		listSendingOrdersTo(op.run.transport, partnerMid, clientUrl, MAX_ORDERS_READ, op.itemIndex),
	);
	return listed.ok ? listed.value : undefined;
}

/**
 * The documents of `mids` that another order of the client carried out, with that order
 * (MakeLeaps' own record, which may show a send before the document's `date_sent` does). The
 * list's recipient filter is re-checked on every order; orders listed without their documents
 * are opened, the newest few.
 */
export async function sentElsewhere(
	op: SendJob['op'],
	orders: readonly IDataObject[],
	clientUrl: string,
	ownUrl: string,
	mids: readonly string[],
): Promise<Map<string, IDataObject>> {
	const clientMid = midOfUrl(clientUrl);
	const found = new Map<string, IDataObject>();
	const take = (order: IDataObject, carried: string[]) => {
		for (const mid of mids) if (carried.includes(mid) && !found.has(mid)) found.set(mid, order);
	};
	const unknown: IDataObject[] = [];
	for (const order of orders) {
		if (linkedMid(order.recipient_organization) !== clientMid || !wentOut(order)) continue;
		if (linkedMid(order) === midOfUrl(ownUrl)) continue;
		const carried = documentsOf(order);
		if (carried === undefined) unknown.push(order);
		else take(order, carried);
	}
	unknown.sort((a, b) => String(sentAt(b)).localeCompare(String(sentAt(a))));
	for (const order of unknown.slice(0, MAX_ORDERS_OPENED)) {
		if (typeof order.url !== 'string') continue;
		const described = `sending order ${String(order.mid)}`;
		const opened = await outcomeOf(
			op.run.sharedRead(
				order.url,
				async () => await readSendingOrder(op, order.url as string, described),
			),
		);
		if (!opened.ok) continue;
		const carried = documentsOf(opened.value);
		if (carried) take(opened.value, carried);
	}
	return found;
}

const sentAt = (order: IDataObject) => order.date_sent ?? order.date_created ?? '';

/** An item of an order that carries a file (Attachments) rather than a document. */
const isFile = (item: unknown) =>
	isRecord(item) && !item.document && typeof item.filename === 'string' && item.filename !== '';

/** The MIDs of the documents an order carries, or undefined when the answer does not show them. */
export function documentsOf(order: IDataObject): string[] | undefined {
	if (!Array.isArray(order.items)) return undefined;
	const items = (order.items as unknown[]).filter((item) => !isFile(item));
	return items.map((item) => linkedMid(isRecord(item) ? item.document : ''));
}

/** How many files an order carries, or undefined when the answer does not show its items. */
export function filesOf(order: IDataObject): number | undefined {
	return Array.isArray(order.items) ? (order.items as unknown[]).filter(isFile).length : undefined;
}

/**
 * Polls the order until MakeLeaps reports it ready to send, until `deadline`; answers the order
 * as read then. The order as the client's list gave it stands for the first read when it shows
 * its readiness and its documents.
 */
export async function pollUntilReady(
	op: SendJob['op'],
	orderUrl: string,
	described: string,
	waitSeconds: number,
	deadline: number,
	listed?: IDataObject,
): Promise<IDataObject> {
	let order =
		listed && 'ready_to_order' in listed && documentsOf(listed) !== undefined ? listed : undefined;
	const first = op.run.transport.validationWaitMs;
	for (let wait = first; ; wait = Math.min(wait * 2, first * LONGEST_WAITS)) {
		order ??= await readSendingOrder(op, orderUrl, described);
		if (order.ready_to_order === true) return order;
		const left = deadline - Date.now();
		if (left <= 0) {
			op.fail(
				`MakeLeaps did not report the ${described} ready to send within ${aboutDuration(waitSeconds)} (${whatItSays(order, op.run.transport.secrets)})`,
				'Nothing was sent. The order stays in MakeLeaps, unsent: correct what it reports and send it there, or delete it. A longer Options > Validation Wait gives MakeLeaps more time.',
			);
		}
		await op.run.transport.pause(Math.min(wait, left));
		order = undefined;
	}
}

/** What an order that is not ready says about itself, in a few words, without a secret. */
function whatItSays(order: IDataObject, secrets: SecretSet): string {
	const said = ['status', 'problems', 'errors', 'validation_errors', 'ready_to_order']
		.filter((name) => !isEmpty(order[name]))
		.map((name) => `${name}: ${excerpt(secrets.redactValue(order[name]), 200)}`);
	return said.length > 0 ? said.join('; ') : 'it gave no reason';
}

const isEmpty = (value: unknown) =>
	value === undefined ||
	value === null ||
	value === '' ||
	(Array.isArray(value) && value.length === 0);
