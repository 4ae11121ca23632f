/**
 * The lookups of the API key's only partner, one per execution and account, shared by every
 * MakeLeaps node of that execution and forgotten an hour after they began.
 */
import type { PartnerLookup } from '../api/accountPartners';
import { SharedRead } from './sharedRead';

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
