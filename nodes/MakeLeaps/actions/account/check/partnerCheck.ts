/**
 * Account → Check, the credential and the partner: a token is issued, the partner list names
 * each partner by an address ending in its MID, and the partner checked answers at its own.
 */
import { excerpt } from '../../../transport';
import { differs, held, plural, undecided } from './verdicts';
import type { Check } from './probe';
import { isRecord } from '../../../model/locators';
import { partnerMidOf, partnersPage, readPartner } from '../../../api/accountPartners';

export const tokenAndPartner: Check = {
	id: 'token_and_partner',
	async run(probe) {
		const page = await partnersPage(probe.op, 'the partner list');
		const partners = (page.response ?? []).filter(isRecord);
		if (partners.length === 0) return differs('A token was issued, but the partner list is empty');
		// read as the node reads them (partners.ts): the final `/` may be there or not
		const mids = partners.map((p) => partnerMidOf(p.url));
		if (mids.some((mid) => mid === '')) {
			return differs(`A listed partner has no address ending in its MID: ${excerpt(partners[0])}`);
		}
		const mid = probe.partnerMid();
		const listed = `the API key reaches ${plural(mids.length, 'partner')} (${mids.join(', ')})`;
		if (!mids.includes(mid)) undecided(`Partner ${mid} is not listed: ${listed}`);
		const own = await readPartner(probe.op, mid);
		if (partnerMidOf(own?.url) !== mid) {
			return differs(`${listed}, but partner ${mid} answers as ${excerpt(own)}`);
		}
		return held(`A token was issued; ${listed}; partner ${mid} answers at its own address`);
	},
};
