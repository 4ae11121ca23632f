/**
 * `/sending/order/` (list, filtered by `recipient_organization`; create) and
 * `/sending/order/<mid>/` (get, delete unless sent) with its `item/` (and a file item's
 * `item/<mid>/upload/`), `send/` and `status/`.
 */
import { detail, envelope, HttpAnswer, unanswered } from '../http/answer';
import type { Partner, SendingOrder } from '../stores/records';
import type { ApiCall } from './call';

function orderList(call: ApiCall, partner: Partner): HttpAnswer {
	call.allow('GET', 'POST');
	const { sending } = call.service;
	if (call.method === 'POST')
		return envelope(201, sending.json(partner, sending.create(partner, call.input())));
	const recipient = call.filters().get('recipient_organization');
	const orders = sending
		.ordersOf(partner)
		.map((o) => sending.json(partner, o))
		.filter(
			(o) =>
				!recipient ||
				o.recipient_organization === recipient ||
				o.recipient_organization.endsWith(`/client/${recipient}/`),
		);
	return call.page(orders);
}

/** The order itself: get, or delete while it is not sent. */
function orderRoute(call: ApiCall, order: SendingOrder, json: () => HttpAnswer): HttpAnswer {
	call.allow('GET', 'DELETE');
	if (call.method !== 'DELETE') return json();
	if (order.status === 'sent')
		throw detail(400, 'A sending order that was sent cannot be deleted.');
	call.service.sending.orders.delete(order.mid);
	return new HttpAnswer(204);
}

/** PUT to a file item's `upload_url`: the PDF's bytes as the body. */
function uploadRoute(call: ApiCall, order: SendingOrder, itemMid: string): HttpAnswer {
	const item = order.items.find((candidate) => candidate.mid === itemMid && candidate.filename);
	if (!item) throw detail(404, 'Not found.');
	call.allow('PUT');
	const type = String(call.headers['content-type'] ?? '');
	if (!/^application\/(pdf|octet-stream)\b/.test(type))
		throw detail(415, `Unsupported media type "${type}" in request.`);
	if (!call.service.sending.upload(order, item, call.raw)) return unanswered();
	return envelope(200, { mid: item.mid, filename: item.filename, uploaded: true });
}

export function sendingOrderRoutes(call: ApiCall, partner: Partner, rest: string[]): HttpAnswer {
	if (rest.length === 0) return orderList(call, partner);
	const { sending } = call.service;
	const order = sending.orders.get(rest[0]);
	if (!order || order.partnerMid !== partner.mid) throw detail(404, 'Not found.');
	if (rest.length === 4 && rest[1] === 'item' && rest[3] === 'upload')
		return uploadRoute(call, order, rest[2]);
	if (rest.length > 2) throw detail(404, 'Not found.');
	const json = () => envelope(200, sending.json(partner, order));
	switch (rest[1]) {
		case undefined:
			return orderRoute(call, order, json);
		case 'item':
			call.allow('POST');
			return envelope(201, sending.addItem(partner, order, call.input()));
		case 'send':
			call.allow('POST');
			sending.execute(partner, order);
			return json();
		case 'status':
			call.allow('PATCH');
			sending.changeStatus(order, call.input());
			return json();
		default:
			throw detail(404, 'Not found.');
	}
}
