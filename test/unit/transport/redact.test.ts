import { NodeApiError } from 'n8n-workflow';

import { redactText, redactValue, SecretSet } from '../../../nodes/MakeLeaps/transport/redact';
import { node } from '../fixtures';

describe('redactText', () => {
	test('removes known secrets and anything shaped like credentials', () => {
		expect(redactText('Authorization: Bearer abc123def456 and Basic dXNlcjpwYXNz', [])).toBe(
			'Authorization: Bearer [redacted] and Basic [redacted]',
		);
		expect(redactText('{"access_token": "xyz987", "client_secret":"p@ss"}', [])).toBe(
			'{"access_token": "[redacted]", "client_secret":"[redacted]"}',
		);
		expect(
			redactText('secret is S3cr3t-Value-That-Must-Not-Leak.', ['S3cr3t-Value-That-Must-Not-Leak']),
		).toBe('secret is [redacted].');
	});

	test.each([
		[
			'an Authorization header',
			'Authorization: Bearer abc123def456',
			'Authorization: Bearer [redacted]',
		],
		['a Basic header', 'Authorization: Basic dXNlcjpwYXNz', 'Authorization: Basic [redacted]'],
		['lower case', 'authorization: bearer abc123def456', 'authorization: bearer [redacted]'],
		['a JSON token', '{"access_token": "xyz987"}', '{"access_token": "[redacted]"}'],
		['a JSON secret', '{"client_secret":"p@ss"}', '{"client_secret":"[redacted]"}'],
		['a refresh token', 'refresh_token=r-1234 rest', 'refresh_token=[redacted] rest'],
		[
			'a form body',
			'grant_type=x&client_secret=s3cr3t&scope=a',
			'grant_type=x&client_secret=[redacted]&scope=a',
		],
		[
			'camelCase keys',
			'{ clientSecret: "abcd", accessToken: "efgh" }',
			'{ clientSecret: "[redacted]", accessToken: "[redacted]" }',
		],
	])('%s', (_name, text, expected) => {
		expect(redactText(text)).toBe(expected);
	});

	test('known secrets are removed wherever they appear, every time', () => {
		expect(redactText('S3cr3t and again S3cr3t.', ['S3cr3t'])).toBe(
			'[redacted] and again [redacted].',
		);
	});

	test('very short values are not treated as secrets (they would shred ordinary text)', () => {
		expect(redactText('a b c', ['a', ''])).toBe('a b c');
	});

	test('ordinary text is left alone', () => {
		const text = 'MakeLeaps has no client 1734479364999999999 [item 2]';
		expect(redactText(text, ['S3cr3t-Value'])).toBe(text);
	});
});

describe('redactValue', () => {
	test('copies deeply, redacting every string and keeping other values', () => {
		const value = { a: ['Bearer abcdefgh', { b: 'S3cr3t!' }], n: 1, nothing: null, flag: true };
		const copy = redactValue(value, ['S3cr3t!']);
		expect(copy).toEqual({
			a: ['Bearer [redacted]', { b: '[redacted]' }],
			n: 1,
			nothing: null,
			flag: true,
		});
		expect(value.a[0]).toBe('Bearer abcdefgh');
	});
});

describe('SecretSet', () => {
	test('knows the secret, its Basic value and the token of a credential', () => {
		const secrets = new SecretSet();
		secrets.addCredential({
			clientId: 'id-1',
			clientSecret: 'the-secret',
			accessToken: 'the-token',
		});
		const basic = Buffer.from('id-1:the-secret').toString('base64');
		const error = new Error(`the-secret ${basic} the-token`);
		expect(secrets.redactError(error).message).toBe('[redacted] [redacted] [redacted]');
	});

	test('cleans every place of an n8n error: message, description, response, context, stack', () => {
		const secrets = new SecretSet();
		secrets.addCredential({ clientId: 'id-1', clientSecret: 'the-secret' });
		const error = new NodeApiError(
			node,
			{ message: 'the-secret', body: { echo: 'the-secret' } },
			{
				message: 'failed: the-secret',
				description: 'see the-secret',
			},
		);
		error.context.extra = 'the-secret';
		secrets.redactError(error);
		expect(
			JSON.stringify([
				error.message,
				error.description,
				error.errorResponse,
				error.context,
				error.stack,
			]),
		).not.toContain('the-secret');
	});

	test('leaves values that are not errors as they are', () => {
		expect(new SecretSet().redactError('text')).toBe('text');
	});
});
