import {
	CredentialRefused,
	isLastingRefusal,
	isLastingRefusalStatus,
} from '../../../nodes/MakeLeaps/transport/failures';

describe('A refused token exchange', () => {
	test('a 4xx but 408 and 429 is a refusal the run keeps; 5xx and no answer are not', () => {
		expect([400, 401, 403, 404].map(isLastingRefusalStatus)).toEqual([true, true, true, true]);
		expect([408, 429, 500, 503, 302, undefined].map(isLastingRefusalStatus)).toEqual([
			false,
			false,
			false,
			false,
			false,
			false,
		]);
		expect(isLastingRefusal(new CredentialRefused('rejected'))).toBe(true);
		expect(isLastingRefusal(new Error('rejected'))).toBe(false);
		expect(isLastingRefusal(undefined)).toBe(false);
	});
});
