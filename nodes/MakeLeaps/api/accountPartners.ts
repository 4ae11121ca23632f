/**
 * MakeLeaps' partners (the companies an API key reaches): where their records are (`partnerPath`,
 * the start of every resource's path), the pattern of a record's URL, and the API key's partners.
 */
import type { IDataObject } from 'n8n-workflow';

import { pageAt, type PageWalk, type Requests } from './requests';

export type PartnerLookup =
	| { mid: string; problem?: undefined }
	| { mid?: undefined; problem: string };

/** The partners of the API key. */
export const partnersPath = '/api/partner/';

/** Where a partner's records are: each kind under its own segment (`client/`, `sending/order/`). */
export const partnerPath = (partnerMid: string) => `${partnersPath}${partnerMid}/`;

/**
 * The pattern (a regex source) of a URL of one record of any partner, its path made by `pathOf`
 * (such as `clientPath`): any host, then the record's path with or without its last slash.
 */
export const recordUrlPattern = (pathOf: (partnerMid: string, mid: string) => string) =>
	`^https?://.+${pathOf('[^/]+', '[^/]+').replace(/\/$/, '')}/?$`;

/** A partner's MID is only given as the last segment of its URL. */
export const partnerMidOf = (url: unknown) => /\/partner\/([^/]+)\/?$/.exec(String(url))?.[1] ?? '';

/** The partners of the API key, as MakeLeaps lists them. */
export async function listPartners(
	transport: PageWalk,
	itemIndex?: number,
): Promise<Array<{ name: string; mid: string }>> {
	const partners = await transport.getAll<IDataObject>(partnersPath, {}, Infinity, itemIndex);
	return partners.map((partner) => ({
		name: String(partner.name),
		mid: partnerMidOf(partner.url),
	}));
}

/** The first page of the API key's partners. */
export const partnersPage = async (requests: Requests, subject?: string) =>
	await pageAt(requests, partnersPath, undefined, subject);

/** A partner as MakeLeaps answers it at its own address (undefined when it gives nothing). */
export async function readPartner(
	requests: Requests,
	partnerMid: string,
): Promise<IDataObject | undefined> {
	const answer = await requests.request('GET', partnerPath(partnerMid), {
		subject: `partner ${partnerMid}`,
	});
	return answer.response;
}

/** The MID of the API key's partner, when it has exactly one (as most accounts do). */
export async function onlyPartner(transport: PageWalk, itemIndex?: number): Promise<PartnerLookup> {
	const mids = (await listPartners(transport, itemIndex))
		.map((partner) => partner.mid)
		.filter(Boolean);
	if (mids.length === 1) return { mid: mids[0] };
	return {
		problem:
			mids.length === 0
				? 'The API key has no MakeLeaps partner'
				: `The API key belongs to ${mids.length} partners; choose one in Partner`,
	};
}
