/** `/item/` (the line item catalog, paged) and `/item/<mid>/`: read only. */
import { detail, envelope, type HttpAnswer } from '../http/answer';
import type { CatalogItem } from '../stores/items';
import type { Partner } from '../stores/records';
import type { ApiCall } from './call';

export function itemRoutes(call: ApiCall, partner: Partner, rest: string[]): HttpAnswer {
	call.allow('GET');
	const { options } = call.service;
	const { catalog } = call.service.store;
	const json = (item: CatalogItem) =>
		catalog.json(item, options.catalogItemOmits, options.catalogItemNames);
	if (rest.length === 0) return call.page(catalog.itemsOf(partner.mid).map(json));
	const item = catalog.items.get(rest[0]);
	if (rest.length > 1 || !item || item.partnerMid !== partner.mid) throw detail(404, 'Not found.');
	return envelope(200, json(item));
}
