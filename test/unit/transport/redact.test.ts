import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import {
	redactText,
	redactValue,
	scrubbed,
	SecretSet,
} from '../../../nodes/MakeLeaps/transport/redact';
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

	test.each([
		[
			'a token by any name ending in token',
			'https://files.example.com/a.pdf?token=t0k3n&X-Amz-Security-Token=abc%2Fdef&page=2',
			'https://files.example.com/a.pdf?token=[redacted]&X-Amz-Security-Token=[redacted]&page=2',
		],
		[
			'the client ID and secret',
			'(https://x.example/next?client_id=abcd1234&client_secret=s3cr3t)',
			'(https://x.example/next?client_id=[redacted]&client_secret=[redacted])',
		],
		[
			'a signature, an API key',
			'https://s.example/f?X-Amz-Signature=0a1b2c&api_key=k-99, then',
			'https://s.example/f?X-Amz-Signature=[redacted]&api_key=[redacted], then',
		],
	])("a URL's query: %s", (_name, text, expected) => {
		expect(redactText(text)).toBe(expected);
	});

	test('ordinary words about tokens and query parameters are left alone', () => {
		const text =
			'MakeLeaps did not accept the access token; page=2&per_page=100 token: none [item 1, row 2]';
		expect(redactText(text)).toBe(text);
	});

	test("a known value as a URL's query carries it (percent-encoded)", () => {
		expect(redactText('https://x.example/?s=a%2Bb%2Fc%3D&t=2', ['a+b/c='])).toBe(
			'https://x.example/?s=[redacted]&t=2',
		);
	});

	test("the Client ID only where a URL's query carries it", () => {
		const clientId = 'sandbox-0a1b2c3d4e5f';
		expect(
			redactText(
				`client ${clientId}: https://x.example/${clientId}/next?app=${clientId}&page=2 "u?a=${clientId}"`,
				[],
				[clientId],
			),
		).toBe(
			`client ${clientId}: https://x.example/${clientId}/next?app=[redacted]&page=2 "u?a=[redacted]"`,
		);
		// a short value, in a query or not, is not treated as one
		expect(redactText('https://x.example/?app=abc', [], ['abc'])).toBe(
			'https://x.example/?app=abc',
		);
	});

	test('a known value an excerpt cut short (`…`): what is left of it goes too', () => {
		const token = 'tok_abcdefghijklmnopqrstuvwxyz';
		expect(redactText(`answered: x=${token.slice(0, 12)}…`, [token])).toBe(
			'answered: x=[redacted]…',
		);
		// an ordinary word before the cut stays
		expect(redactText('a thousand…', [token, 'sandbox-secret'])).toBe('a thousand…');
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
		const text = 'MakeLeaps has no client 1734479364999999999 [item 2, row 3]';
		expect(redactText(text, ['S3cr3t-Value'])).toBe(text);
	});
});

describe('redactText: a known value in every encoding', () => {
	const secret = 'ab~c d+e/f"g&h<é秘-0123';
	const percent = (value: string, lower: boolean) =>
		[...Buffer.from(value, 'utf8')]
			.map(
				(byte) => `%${byte.toString(16).padStart(2, '0')[lower ? 'toLowerCase' : 'toUpperCase']()}`,
			)
			.join('');
	test.each([
		['encodeURIComponent', encodeURIComponent(secret)],
		['encodeURI', encodeURI(secret)],
		['a form (+ for a space, %7E)', new URLSearchParams({ v: secret }).toString().slice(2)],
		['every character percent-encoded', percent(secret, false)],
		['lower-case hex', percent(secret, true)],
		['base64', Buffer.from(secret).toString('base64')],
		['base64url', Buffer.from(secret).toString('base64url')],
		['JSON-escaped', JSON.stringify(secret).slice(1, -1)],
		[
			'JSON with every non-ASCII character escaped',
			JSON.stringify(secret)
				.slice(1, -1)
				.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
		],
		['HTML', secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')],
		['HTML entities', [...secret].map((c) => `&#${c.codePointAt(0)};`).join('')],
	])('%s', (_name, written) => {
		expect(redactText(`before ${written} after`, [secret])).toBe('before [redacted] after');
	});

	test('inside a longer base64 text, at each alignment: what its bytes alone decide goes', () => {
		const issued = ['tok', 'abcdefghijklmnopqrstuvwxyz0123'].join('_');
		for (const before of ['{"t":"', '{"tk":"', '{"tok":"']) {
			const encoded = Buffer.from(`${before}${issued}"}`).toString('base64');
			const shown = redactText(encoded, [issued]);
			expect(shown).toContain('[redacted]');
			expect(Buffer.from(shown.replace('[redacted]', ''), 'base64').toString()).not.toContain(
				issued.slice(2, -2),
			);
		}
	});

	test('a text without it, escapes and all, is the same text', () => {
		const text = 'a%20b &amp; \\u0041 + c';
		expect(redactText(text, [secret])).toBe(text);
	});
});

describe('scrubbed', () => {
	const token = 'tok_abcdefghijklmnop';

	test('every text and key of a value, as deep as it goes; the parts without one kept as they are', () => {
		const clean = { title: 'Invoice', lines: [{ description: 'Work' }] };
		const value = {
			clean,
			note: `see ${encodeURIComponent(token)}`,
			deep: [[{ [token]: 'key', when: new Date(0) }]],
			count: 3,
		};
		const result = scrubbed(value, [token]);
		expect(result).toEqual({
			clean,
			note: 'see [redacted]',
			deep: [[{ '[redacted]': 'key', when: new Date(0) }]],
			count: 3,
		});
		expect(result.clean).toBe(clean);
		expect(value.note).toBe(`see ${encodeURIComponent(token)}`);
		const untouched = { a: [{ b: 'c' }] };
		expect(scrubbed(untouched, [token])).toBe(untouched);
	});

	test('only known values go: a link with its own token parameter stays', () => {
		const link = { url: 'https://x.example/pickup/?token=abcdef123456&Authorization=Bearer%20xyz' };
		expect(scrubbed(link, [token])).toBe(link);
	});

	test('deeper than any record: shown whole when it holds none, else not at all', () => {
		let deep: Record<string, unknown> = { leaf: 'plain' };
		for (let k = 0; k < 150; k++) deep = { deep };
		expect(scrubbed(deep, [token])).toBe(deep);
		let leaky: Record<string, unknown> = { leaf: token };
		for (let k = 0; k < 150; k++) leaky = { leaky };
		expect(JSON.stringify(scrubbed(leaky, [token]))).not.toContain(token);
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

	test("an error's causes, one inside the other, its context and extra, and the stack", () => {
		const secrets = new SecretSet();
		secrets.addCredential({ clientId: 'id-0123456', clientSecret: 'the-secret' });
		const link = 'https://x.example/p?app=id-0123456&s=the-secret';
		const inner = new Error(`inner ${link}`);
		const outer = new NodeOperationError(node, new Error(`wrapped ${link}`, { cause: inner }), {
			description: `see ${link}`,
		});
		outer.context.link = link;
		const error = secrets.redactError(outer);
		const texts = JSON.stringify([
			error.message,
			error.description,
			error.stack,
			error.context,
			(error.cause as Error).message,
			(error.cause as Error).stack,
			inner.message,
			inner.stack,
		]);
		expect(texts).not.toContain('the-secret');
		expect(texts).not.toContain('id-0123456');
		expect(error.message).toBe('wrapped https://x.example/p?app=[redacted]&s=[redacted]');
	});

	test("the run's credential as it is at each use: a token refreshed mid-run is known", () => {
		const credential = {
			data: { clientId: 'id-1', clientSecret: 'the-secret', accessToken: 'tok-1' },
		};
		const secrets = new SecretSet(credential);
		secrets.noteCurrent();
		credential.data.accessToken = 'tok-2';
		const error = secrets.redactError(new Error('tok-1 then tok-2'));
		expect(error.message).toBe('[redacted] then [redacted]');
		expect(secrets.redactValue({ said: 'tok-1 tok-2' })).toEqual({ said: '[redacted] [redacted]' });
	});

	test('leaves values that are not errors as they are', () => {
		expect(new SecretSet().redactError('text')).toBe('text');
	});
});
