/**
 * The line item catalog of each partner (`/item/`): products and prices, with the fields a
 * document line has (a guess: MakeLeaps does not document them). Seeded by tests and the demo;
 * the API only lists and reads them.
 */
import { newMid } from './records';
import type { Urls } from './urls';

export interface CatalogItem {
	mid: string;
	partnerMid: string;
	code: string;
	description: string;
	unit_cost: string;
	quantity_unit: string;
	tax_rate: string;
	tax_type: string;
	currency: string;
}

/** What a seed gives: any of the fields, the others empty (currency JPY). */
export type NewCatalogItem = Partial<Omit<CatalogItem, 'mid' | 'partnerMid'>>;

/** A few products of a Japanese office, for the demo and `npm run sandbox`. */
export const DEMO_ITEMS: NewCatalogItem[] = [
	{
		code: 'WEB-MAINT',
		description: 'Website maintenance (monthly)',
		unit_cost: '120000',
		quantity_unit: 'month',
		tax_rate: '10',
	},
	{
		code: 'DESIGN-H',
		description: 'Design work',
		unit_cost: '8000',
		quantity_unit: 'hour',
		tax_rate: '10',
	},
	{
		code: 'COFFEE-1KG',
		description: 'Coffee beans 1 kg',
		unit_cost: '3240',
		quantity_unit: 'bag',
		tax_rate: '8',
		tax_type: 'reduced',
	},
];

export class CatalogStore {
	readonly items = new Map<string, CatalogItem>();

	constructor(private readonly urls: Urls) {}

	add(partnerMid: string, item: NewCatalogItem): CatalogItem {
		const stored: CatalogItem = {
			code: '',
			description: '',
			unit_cost: '',
			quantity_unit: '',
			tax_rate: '',
			tax_type: '',
			currency: 'JPY',
			...item,
			mid: newMid(),
			partnerMid,
		};
		this.items.set(stored.mid, stored);
		return stored;
	}

	itemsOf(partnerMid: string): CatalogItem[] {
		return [...this.items.values()].filter((item) => item.partnerMid === partnerMid);
	}

	/**
	 * An item as the API gives it: `omit` leaves fields out (a service whose items lack one) and
	 * `names` gives fields under other names (`{"unit_cost": "price"}`), as the switches say.
	 */
	json(item: CatalogItem, omit: string[] = [], names: Record<string, string> = {}) {
		const { mid, partnerMid, ...fields } = item;
		const json: Record<string, unknown> = { url: this.urls.catalogItem(partnerMid, mid), mid };
		for (const [field, value] of Object.entries(fields)) {
			if (!omit.includes(field)) json[names[field] ?? field] = value;
		}
		return json;
	}
}
