/**
 * MakeLeaps' tags (the partner's `tags` link): where they are, their list and the create of one.
 * The only place their paths are written; what a run makes of them is in run/tags.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE } from '../transport';
import { partnerPath } from './accountPartners';
import {
	pageAt,
	recordAnswer,
	type ItemRequests,
	type PageWalk,
	type PartnerPage,
} from './requests';

export const tagsPath = (partnerMid: string) => `${partnerPath(partnerMid)}tag/`;

export const tagPath = (partnerMid: string, tagMid: string) => `${tagsPath(partnerMid)}${tagMid}/`;

/** The partner's tags, `limit` at most, as MakeLeaps gives them. */
export async function listTags(
	transport: PageWalk,
	partnerMid: string,
	limit: number,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const query = { per_page: Math.min(limit, MAX_PAGE_SIZE) };
	return await transport.getAll<IDataObject>(tagsPath(partnerMid), query, limit, itemIndex);
}

/** One page of the partner's tags. */
export const tagPage: PartnerPage = async (requests, partnerMid, qs, subject) =>
	await pageAt(requests, tagsPath(partnerMid), qs, subject);

/** Makes a tag of this name (POST); answers it as MakeLeaps gives it back. */
export async function postTag(
	requests: ItemRequests,
	partnerMid: string,
	name: string,
): Promise<IDataObject> {
	return await recordAnswer(requests, 'POST', tagsPath(partnerMid), `tag "${name}"`, {
		body: { name },
	});
}
