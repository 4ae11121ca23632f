/**
 * MakeLeaps' line item catalog (the partner's `line_item_catalog` link): where it is, and the
 * whole catalog read page by page. The only place its path is written.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE } from '../transport';
import { partnerPath } from './accountPartners';
import type { PageWalk } from './requests';

export const catalogItemsPath = (partnerMid: string) => `${partnerPath(partnerMid)}item/`;

/** Every item of the partner's catalog, along its pages (each page's shape checked). */
export async function listCatalogItems(
	walk: PageWalk,
	partnerMid: string,
	itemIndex: number,
): Promise<IDataObject[]> {
	const qs = { per_page: MAX_PAGE_SIZE };
	return await walk.getAll<IDataObject>(catalogItemsPath(partnerMid), qs, Infinity, itemIndex);
}
