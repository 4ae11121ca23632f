/* eslint-disable @n8n/community-nodes/require-node-api-error -- dev code: a test rethrows what it does not expect */
import {
	listKeyVerdict,
	pageSizeVerdict,
	typeFilterVerdict,
	Undecided,
	type Verdict,
} from '../../../nodes/MakeLeaps/actions/account/check/verdicts';
import { SecretSet } from '../../../nodes/MakeLeaps/transport/redact';

/** The result of a judgement, `could not tell` when it throws Undecided. */
function resultOf(judge: () => Verdict): string {
	try {
		return judge().result;
	} catch (error) {
		if (error instanceof Undecided) return 'could not tell';
		throw error;
	}
}

describe('Account → Check: page size', () => {
	const page = (length: number, count?: number, next?: unknown) =>
		resultOf(() => pageSizeVerdict({ length, count, next }, 100, 'client'));
	const link = 'https://api.makeleaps.com/api/partner/1/client/?page=2';

	test('a page the list goes on after shows the size: 100 holds, less differs (more requests)', () => {
		expect(page(100, 250)).toBe('held');
		expect(page(100, undefined, link)).toBe('held');
		expect(page(20, 250)).toBe('differs');
		expect(page(20, undefined, link)).toBe('differs');
		expect(page(50, 60, null)).toBe('differs');
		// more than asked costs no more requests: the node takes what a page gives
		expect(page(101, 250)).toBe('held');
	});

	test('a list on one page, or one that says nothing of what follows, cannot tell', () => {
		expect(page(3, 3, null)).toBe('could not tell');
		expect(page(20, undefined, null)).toBe('could not tell');
		expect(page(20)).toBe('could not tell');
		expect(page(0, 0, null)).toBe('could not tell');
	});
});

describe('Account → Check: a key the list keeps even when empty', () => {
	const keys = (...values: unknown[]) =>
		resultOf(() =>
			listKeyVerdict(
				values.map((value, i) => (value === undefined ? { mid: i } : { mid: i, key: value })),
				'key',
				'client',
			),
		);

	test('held only once an empty one was seen', () => {
		expect(keys('A', '', 'B')).toBe('held');
		expect(keys(null)).toBe('held');
		expect(keys('A', 'B')).toBe('could not tell');
		expect(keys()).toBe('could not tell');
		expect(keys('A', undefined)).toBe('differs');
	});
});

describe('Account → Check: the document type filter', () => {
	const found = (...types: string[]) => types.map((document_type) => ({ document_type }));

	test('other types back differ; none back cannot tell unless the type was seen', () => {
		expect(resultOf(() => typeFilterVerdict('quote', ['invoice', 'quote'], found('quote')))).toBe(
			'held',
		);
		expect(
			resultOf(() => typeFilterVerdict('quote', ['invoice', 'quote'], found('quote', 'invoice'))),
		).toBe('differs');
		expect(resultOf(() => typeFilterVerdict('quote', ['invoice', 'quote'], []))).toBe('differs');
		expect(resultOf(() => typeFilterVerdict('quote', ['invoice'], []))).toBe('could not tell');
		expect(resultOf(() => typeFilterVerdict('quote', ['invoice'], found('invoice')))).toBe(
			'differs',
		);
	});
});

describe('Texts to share', () => {
	test("a credential's secrets and, when asked, its Client ID leave every text of a value", () => {
		const secrets = new SecretSet();
		secrets.addCredential({
			clientId: 'id-0123',
			clientSecret: 'the-secret',
			accessToken: 'tok-1',
		});
		const basic = Buffer.from('id-0123:the-secret').toString('base64');
		const value = { a: `id-0123 the-secret ${basic}`, b: ['tok-1', 'Bearer xyz123'], n: 1 };
		expect(secrets.redactValue(value, ['id-0123'])).toEqual({
			a: '[redacted] [redacted] [redacted]',
			b: ['[redacted]', 'Bearer [redacted]'],
			n: 1,
		});
		expect(secrets.redactValue(value).a).toBe('id-0123 [redacted] [redacted]');
	});
});
