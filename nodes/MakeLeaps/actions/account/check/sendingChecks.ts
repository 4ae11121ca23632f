/**
 * Account → Check, Send's attachments: where MakeLeaps takes a sending order's file, as far as
 * reads tell. A file item of an order already in the account shows its `upload_url`; whether
 * MakeLeaps takes the file there shows only at the first Send with Attachments (Check never
 * writes), which fails that row with MakeLeaps' answer, nothing sent, if it does not.
 */
import type { IDataObject } from 'n8n-workflow';

import { apiUrl, MAX_PAGE_SIZE, outcomeOf } from '../../../transport';
import { differs, held, plural, undecided } from './verdicts';
import { notFoundAt } from './failedReads';
import type { Check, Probe } from './probe';
import { readSendingOrder, sendingOrderPage, sendingOrdersPath } from '../../../api/sendingOrders';
import { isRecord } from '../../../model/locators';

/** Orders listed without their items: the newest this many are read on their own. */
const MAX_ORDERS_OPENED = 3;

/** The `upload_url` of the first file item an order shows, if it shows one. */
function uploadUrlOf(order: IDataObject): string | undefined {
	const items = Array.isArray(order.items) ? order.items.filter(isRecord) : [];
	const file = items.find((item) => typeof item.upload_url === 'string' && item.upload_url !== '');
	return file?.upload_url as string | undefined;
}

/** The newest first, by the date an order was made (as listed, when it gives none). */
const newestFirst = (orders: IDataObject[]) =>
	orders
		.map((order, position) => ({ order, position, made: String(order.date_created ?? '') }))
		.sort((a, b) => b.made.localeCompare(a.made) || b.position - a.position)
		.map(({ order }) => order);

/** A file item's upload_url among the first orders listed, or in the newest few read on their own. */
async function firstUploadUrl(probe: Probe, orders: IDataObject[]) {
	for (const order of orders) {
		const url = uploadUrlOf(order);
		if (url) return { url, order };
	}
	const unlisted = newestFirst(orders.filter((order) => !Array.isArray(order.items)));
	const opened = unlisted.slice(0, MAX_ORDERS_OPENED);
	for (const listed of opened) {
		if (typeof listed.url !== 'string') continue;
		const subject = `sending order ${String(listed.mid)}`;
		const order = await readSendingOrder(probe.op, listed.url, subject);
		const url = uploadUrlOf(order);
		if (url) return { url, order };
	}
	const read = opened.length > 0 ? ` (${opened.length} of them read on their own)` : '';
	return undecided(
		`None of the ${plural(orders.length, 'sending order')} listed first carries a file${read}`,
	);
}

export const attachmentUpload: Check = {
	id: 'attachment_upload',
	async run(probe) {
		const path = sendingOrdersPath(probe.partnerMid());
		const qs = { per_page: MAX_PAGE_SIZE };
		const read = await outcomeOf(probe.page(sendingOrderPage, qs, 'the sending orders'));
		if (!read.ok) return notFoundAt(read.error, path);
		const orders = (read.value.response ?? []).filter(isRecord);
		if (orders.length === 0) undecided('The account has no sending orders to look at');
		const { url, order } = await firstUploadUrl(probe, orders);
		const which = `A file of sending order ${String(order.mid)} takes its content at ${probe.shown(url)}`;
		if (apiUrl(probe.baseUrl, url) !== undefined)
			return held(
				`${which}, under the Base URL: the node sends it there as a form with the file in content_file, with the token; whether MakeLeaps takes it shows at the first Send with Attachments`,
			);
		return differs(
			`${which}, outside the Base URL: the node sends the file's bytes alone there, without the token, or refuses an address it does not trust (not https, private, or with a user name)`,
		);
	},
};
