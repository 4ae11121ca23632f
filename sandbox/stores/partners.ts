/** The partners (MakeLeaps accounts): each holds its clients, contacts and documents. */
import { newMid, type Partner } from './records';
import type { Urls } from './urls';

export class PartnerStore {
	private readonly byMid = new Map<string, Partner>();

	constructor(private readonly urls: Urls) {}

	get(mid: string): Partner | undefined {
		return this.byMid.get(mid);
	}

	/** Every partner, in the order they were made. */
	all(): Partner[] {
		return [...this.byMid.values()];
	}

	add(name: string, mid = newMid()): Partner {
		const partner: Partner = {
			mid,
			name,
			clients: new Map(),
			contacts: new Map(),
			documents: new Map(),
		};
		this.byMid.set(mid, partner);
		return partner;
	}

	json(p: Partner) {
		const base = this.urls.partner(p.mid);
		return {
			url: base,
			name: p.name,
			clients: `${base}client/`,
			contacts: `${base}contact/`,
			documents: `${base}document/`,
			line_item_catalog: `${base}item/`,
			tags: `${base}tag/`,
			sending_orders: `${base}sending/order/`,
			history: `${base}history/`,
			integrations: {},
		};
	}
}
