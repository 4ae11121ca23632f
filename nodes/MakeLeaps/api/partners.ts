import type { IDataObject } from 'n8n-workflow';

import type { MakeLeapsTransport } from '../transport';
import { SharedRead } from '../run/sharedRead';

export type PartnerLookup =
	| { mid: string; problem?: undefined }
	| { mid?: undefined; problem: string };

/** The partners of the API key (a list), and one partner, where its records are. */
export const PARTNERS_PATH = '/api/partner/';
export const partnerPath = (partnerMid: string) => `${PARTNERS_PATH}${partnerMid}/`;

/** A partner's MID is only given as the last segment of its URL. */
export const partnerMidOf = (url: unknown) => /\/partner\/([^/]+)\/?$/.exec(String(url))?.[1] ?? '';

/** The partners of the API key, as MakeLeaps lists them. */
export async function listPartners(
	transport: MakeLeapsTransport,
	itemIndex?: number,
): Promise<Array<{ name: string; mid: string }>> {
	const partners = await transport.getAll<IDataObject>('/api/partner/', {}, Infinity, itemIndex);
	return partners.map((partner) => ({
		name: String(partner.name),
		mid: partnerMidOf(partner.url),
	}));
}

/** The MID of the API key's partner, when it has exactly one (as most accounts do). */
export async function onlyPartner(
	transport: MakeLeapsTransport,
	itemIndex?: number,
): Promise<PartnerLookup> {
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

/** How long a finished execution's lookup is kept, and how many are kept at most. */
const KEEP_MS = 60 * 60 * 1000;
const MAX_KEPT = 500;
const lookups = new Map<string, { read: SharedRead<PartnerLookup>; at: number }>();

/**
 * The lookup of the only partner shared by every MakeLeaps node of one execution that uses the
 * same credential (`key`: execution and account), so a workflow of four nodes looks it up once.
 */
export function sharedPartnerLookup(key: string, now = Date.now()): SharedRead<PartnerLookup> {
	for (const [kept, entry] of lookups) if (now - entry.at > KEEP_MS) lookups.delete(kept);
	let entry = lookups.get(key);
	if (!entry) {
		entry = { read: new SharedRead('The partner of the API key'), at: now };
		lookups.set(key, entry);
		if (lookups.size > MAX_KEPT) lookups.delete(lookups.keys().next().value!);
	}
	return entry.read;
}
