import type { IDataObject } from 'n8n-workflow';

import type { MakeLeapsTransport } from '../transport';

export type PartnerLookup =
	| { mid: string; problem?: undefined }
	| { mid?: undefined; problem: string };

/** A partner's MID is only given as the last segment of its URL. */
const partnerMidOf = (url: unknown) => /\/partner\/([^/]+)\/?$/.exec(String(url))?.[1] ?? '';

/** The partners of the API key, as MakeLeaps lists them. */
export async function listPartners(
	transport: MakeLeapsTransport,
): Promise<Array<{ name: string; mid: string }>> {
	const partners = await transport.getAll<IDataObject>('/api/partner/');
	return partners.map((partner) => ({
		name: String(partner.name),
		mid: partnerMidOf(partner.url),
	}));
}

/** The MID of the API key's partner, when it has exactly one (as most accounts do). */
export async function onlyPartner(transport: MakeLeapsTransport): Promise<PartnerLookup> {
	const mids = (await listPartners(transport)).map((partner) => partner.mid).filter(Boolean);
	if (mids.length === 1) return { mid: mids[0] };
	return {
		problem:
			mids.length === 0
				? 'The API key has no MakeLeaps partner'
				: `The API key belongs to ${mids.length} partners; choose one in Partner`,
	};
}
