/**
 * MakeLeaps' line item catalog (the partner's `line_item_catalog` link): where it is, and the
 * whole catalog read page by page. The only place its path is written.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE } from '../transport';
import { partnerPath } from './accountPartners';
import { pageAt, type PageWalk, type PartnerPage } from './requests';

export const catalogItemsPath = (partnerMid: string) => `${partnerPath(partnerMid)}item/`;

/**
 * The items of the partner's catalog (every one, or `limit` at most), along its pages (each
 * page's shape checked).
 */
export async function listCatalogItems(
	walk: PageWalk,
	partnerMid: string,
	itemIndex: number,
	limit = Infinity,
): Promise<IDataObject[]> {
	const qs = { per_page: Math.min(limit, MAX_PAGE_SIZE) };
	return await walk.getAll<IDataObject>(catalogItemsPath(partnerMid), qs, limit, itemIndex);
}

/** One page of the partner's catalog. */
export const catalogItemPage: PartnerPage = async (requests, partnerMid, qs, subject) =>
	await pageAt(requests, catalogItemsPath(partnerMid), qs, subject);
