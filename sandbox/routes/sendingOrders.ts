/**
 * `/sending/order/` (list, filtered by `recipient_organization`; create) and
 * `/sending/order/<mid>/` (get, delete unless sent) with its `item/` (and a file item's
 * `item/<mid>/upload/`), `send/` and `status/`; and the storage address a file item gives
 * instead under the `uploadToStorage` switch.
 */
import { detail, envelope, HttpAnswer, unanswered } from '../http/answer';
import { formParts, headerParams } from '../http/formData';
import { ValidationError } from '../rules/fields';
import type { Partner, SendingOrder } from '../stores/records';
import { NO_FILE_SUBMITTED } from '../stores/sendingOrders';
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

/**
 * PUT to a file item's `upload_url` under the API, as MakeLeaps takes it (R7): a multipart form
 * with the file in `content_file`. Anything else (the file's bytes as the body, a form without
 * that file) is answered `400 {"content_file": ["No file was submitted"]}`; a POST, 405.
 */
function uploadRoute(call: ApiCall, order: SendingOrder, itemMid: string): HttpAnswer {
	const item = order.items.find((candidate) => candidate.mid === itemMid && candidate.filename);
	if (!item) throw detail(404, 'Not found.');
	call.allow('PUT');
	const parts = formParts(String(call.headers['content-type'] ?? ''), call.raw);
	const file = parts?.find((part) => part.name === 'content_file' && part.filename !== undefined);
	if (!file) throw new ValidationError({ content_file: [NO_FILE_SUBMITTED] });
	if (file.bytes.length === 0)
		throw new ValidationError({ content_file: ['The submitted file is empty.'] });
	if (!call.service.sending.upload(order, item, file)) return unanswered();
	return envelope(200, { mid: item.mid, filename: item.filename, uploaded: true });
}

/**
 * `/_storage/upload/<order>/<item>?signature=…`, on the storage address alone (the
 * `uploadToStorage` switch): a signed storage address, outside the API, as a cloud service may
 * give. It takes the file's bytes as the body of a PUT, and no Authorization header (signed
 * storage refuses a second way to authorize); it answers 200 with no body, as storage does.
 */
export function storageUploadRoute(call: ApiCall): HttpAnswer {
	const [orderMid, itemMid] = call.url.pathname.slice('/_storage/upload/'.length).split('/');
	const { sending } = call.service;
	const order = sending.orders.get(orderMid ?? '');
	const item = order?.items.find((candidate) => candidate.mid === itemMid && candidate.filename);
	const signed = call.url.searchParams.get('signature') === sending.signatureOf(orderMid, itemMid);
	if (call.method !== 'PUT' || !order || !item || !signed)
		return new HttpAnswer(403, '<Error><Code>AccessDenied</Code></Error>');
	if (call.headers.authorization !== undefined)
		return new HttpAnswer(400, '<Error><Code>InvalidArgument</Code></Error>');
	const type = String(call.headers['content-type'] ?? '');
	if (!/^application\/(pdf|octet-stream)\b/.test(type))
		return new HttpAnswer(415, '<Error><Code>UnsupportedMediaType</Code></Error>');
	const disposition = String(call.headers['content-disposition'] ?? '');
	const filename = headerParams(disposition).filename;
	// a file it does not take (not a PDF) is answered as the API does, a 400 naming content_file
	if (!sending.upload(order, item, { bytes: call.raw, filename, contentType: type }))
		return unanswered();
	return new HttpAnswer(200, undefined, { ETag: `"${item.mid}"` });
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
