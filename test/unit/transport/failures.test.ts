import { NodeApiError, UserError } from 'n8n-workflow';

import {
	blockedBy,
	credentialRefusal,
	isTokenRefusal,
} from '../../../nodes/MakeLeaps/transport/failures';
import { node } from '../fixtures';

describe('reading failures', () => {
	test('a 401 that n8n passed on after its refresh is a refused token, in either shape', () => {
		expect(isTokenRefusal(new NodeApiError(node, { httpCode: '401' }, { httpCode: '401' }))).toBe(
			true,
		);
		expect(isTokenRefusal({ cause: { response: { status: 401 } } })).toBe(true);
		expect(isTokenRefusal({ cause: { response: { status: 403 } } })).toBe(false);
		expect(isTokenRefusal(undefined)).toBe(false);
	});

	test("the credential's own refusal is found under n8n's wrapper", () => {
		const refusal = new UserError('MakeLeaps rejected the Client ID or Client Secret');
		expect(credentialRefusal(new Error('wrapped', { cause: refusal }))).toBe(refusal);
		expect(credentialRefusal(new Error('other', { cause: new Error('x') }))).toBeUndefined();
		expect(credentialRefusal(undefined)).toBeUndefined();
	});

	test('a long refusal is the daily limit when MakeLeaps says so or asks for an hour or more', () => {
		const answer = (detail: string) => ({
			status: 429,
			headers: {},
			body: { response: { detail } },
		});
		expect(blockedBy(answer('Daily request limit reached.'), 400)).toMatchObject({
			daily: true,
			text: 'Daily request limit reached.',
		});
		expect(blockedBy(answer('Request was throttled.'), 900)).toMatchObject({ daily: false });
		expect(blockedBy(answer('Request was throttled.'), 3600)).toMatchObject({ daily: true });
		expect(blockedBy(answer('x'), 60, 1_000_000).until).toBe(1_060_000);
	});
});
