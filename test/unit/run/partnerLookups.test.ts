import { sharedPartnerLookup } from '../../../nodes/MakeLeaps/run/partnerLookups';

describe('the partner lookup shared by the nodes of an execution', () => {
	test('one lookup per execution and account', () => {
		const first = sharedPartnerLookup('exec-1\nhttps://api id-1', 0);
		expect(sharedPartnerLookup('exec-1\nhttps://api id-1', 10)).toBe(first);
		expect(sharedPartnerLookup('exec-2\nhttps://api id-1', 10)).not.toBe(first);
		expect(sharedPartnerLookup('exec-1\nhttps://api id-2', 10)).not.toBe(first);
	});

	test('a lookup is forgotten an hour after it began', () => {
		const first = sharedPartnerLookup('exec-3\nhttps://api id-1', 0);
		expect(sharedPartnerLookup('exec-3\nhttps://api id-1', 60 * 60 * 1000 + 1)).not.toBe(first);
	});
});
