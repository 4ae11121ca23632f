import { TransportErrors } from '../../../nodes/MakeLeaps/transport/errors';
import { apiErrorText, isUncertainWrite } from '../../../nodes/MakeLeaps/transport/failures';
import { aboutDuration, hostOf } from '../../../nodes/MakeLeaps/words/transport';
import { DEFAULT_LIMITS } from '../../../nodes/MakeLeaps/transport/tries/retryPolicy';
import { node } from '../fixtures';

const errors = new TransportErrors(node, DEFAULT_LIMITS);
const answer = (status: number, body: unknown = '') => ({ status, body, headers: {} });

describe('apiErrorText', () => {
	test.each<[string, unknown, string]>([
		[
			'a DRF detail in the envelope',
			{ meta: { status: 404 }, response: { detail: 'Not found.' } },
			'Not found.',
		],
		['an OAuth error', { error: 'invalid_client' }, 'invalid_client'],
		[
			'field errors',
			{ response: { client_external_id: ['Too long.'] } },
			'client_external_id: Too long.',
		],
		[
			'nested field errors',
			{ response: { contacts: [{ email: { address: ['Enter a valid email address.'] } }, {}] } },
			'contacts[0].email.address: Enter a valid email address.',
		],
		[
			'non-field errors',
			{ response: { non_field_errors: ['Bad combination.'] } },
			'Bad combination.',
		],
		['an HTML page', '<html><body><h1>502   Bad Gateway</h1></body></html>', '502 Bad Gateway'],
		['a scalar response', { response: 42 }, '42'],
		['nothing', undefined, ''],
	])('%s', (_name, body, text) => {
		expect(apiErrorText(body)).toBe(text);
	});

	test('a huge page is cut to 300 characters', () => {
		expect(apiErrorText('x'.repeat(10000))).toHaveLength(300);
	});
});

test('aboutDuration speaks in units a user reads, and does not count absurd waits', () => {
	expect(
		[1, 45, 119, 120, 900, 3599, 3600, 57600, 172800, 172801, 31_622_400].map(aboutDuration),
	).toEqual([
		'1 second',
		'45 seconds',
		'119 seconds',
		'about 2 min',
		'about 15 min',
		'about 60 min',
		'about 1 h',
		'about 16 h',
		'about 48 h',
		'more than 2 days',
		'more than 2 days',
	]);
});

test('hostOf names where a redirect points', () => {
	expect(hostOf('https://evil.example.com:8443/x')).toBe('evil.example.com:8443');
	expect(hostOf('/api/partner/')).toBe('the same host');
	expect(hostOf(undefined)).toBe('an unnamed address');
	expect(hostOf('http://[bad')).toBe('an unreadable address');
});

describe('TransportErrors', () => {
	test('a 400 names the fields MakeLeaps refused, with the item', () => {
		const error = errors.answer(
			answer(400, { response: { name: ['This field may not be blank.'] } }),
			{ itemIndex: 3 },
		);
		expect(error.message).toBe(
			'MakeLeaps refused the data: name: This field may not be blank. [item 3, row 4]',
		);
		expect(error.description).toBe('Correct the fields named above and run again');
		expect(error.httpCode).toBe('400');
	});

	test("a 400 to a file's upload names the file and MakeLeaps' field error, and where to report it", () => {
		const error = errors.answer(
			answer(400, { response: { content_file: ['No file was submitted'] } }),
			{
				itemIndex: 2,
				subject: 'file terms.pdf of sending order 42',
				payload: { bytes: Buffer.from('form'), headers: {} },
			},
		);
		expect(error.message).toBe(
			'MakeLeaps refused the file terms.pdf of sending order 42: content_file: No file was submitted [item 2, row 3]',
		);
		expect(error.description).toMatch(
			/^MakeLeaps did not take the file as the node sent it \(a form with the file in content_file, as its own example sends it\)\. Check that it is a PDF MakeLeaps accepts; if it is, report this message at https:\/\/github\.com\/.+\/issues\/new$/,
		);
		expect(error.httpCode).toBe('400');
	});

	test('a 404 names what was looked for and quotes MakeLeaps', () => {
		const error = errors.answer(answer(404, { response: { detail: 'Not found.' } }), {
			itemIndex: 0,
			subject: 'client 17',
		});
		expect(error.message).toBe('MakeLeaps has no client 17 [item 0, row 1]');
		expect(error.description).toBe(
			'Pick the record From List, or correct its ID in the row: it may have been deleted in MakeLeaps. MakeLeaps said: Not found.',
		);
	});

	test('5xx says how often it was retried', () => {
		expect(errors.answer(answer(503), {}, undefined, 3).message).toBe(
			'MakeLeaps is unavailable (HTTP 503), also after 3 retries',
		);
		expect(errors.answer(answer(500), {}).message).toBe('MakeLeaps is unavailable (HTTP 500)');
	});

	test('an uncertain create is marked so, and says not to run the item again blindly', () => {
		const error = errors.uncertain('MakeLeaps answered HTTP 503', { itemIndex: 1 }, answer(503));
		expect(isUncertainWrite(error)).toBe(true);
		expect(error.message).toBe(
			'MakeLeaps may or may not have carried out this create: MakeLeaps answered HTTP 503 [item 1, row 2]',
		);
		expect(error.description).toMatch(/not sent again.*duplicate.*Look for the record/);
		expect(isUncertainWrite(errors.answer(answer(503), {}))).toBe(false);
	});

	test('no answer: a timeout names the limit, a lost connection the code, a create is uncertain', () => {
		expect(errors.noAnswer('ECONNABORTED', 0, false, {}).message).toBe(
			'Could not reach MakeLeaps: no answer within 60 seconds (ECONNABORTED)',
		);
		expect(errors.noAnswer('ECONNRESET', 3, false, { itemIndex: 2 }).message).toBe(
			'Could not reach MakeLeaps: the connection was lost (ECONNRESET), also after 3 retries [item 2, row 3]',
		);
		const create = errors.noAnswer('ECONNRESET', 0, true, {});
		expect(isUncertainWrite(create)).toBe(true);
		expect(create.message).toMatch(
			/may or may not have carried out this create: the connection was lost \(ECONNRESET\) after the request was sent$/,
		);
	});

	test('a redirect is refused naming its status and target; on a create it is uncertain', () => {
		const redirect = {
			status: 302,
			body: '',
			headers: { location: 'https://evil.example.com/steal' },
		};
		const refused = errors.redirect(redirect, { itemIndex: 0 }, false);
		expect(refused.message).toBe(
			'MakeLeaps answered with a redirect (HTTP 302) to evil.example.com; the node does not follow redirects [item 0, row 1]',
		);
		expect(refused.description).toMatch(/access token to another address.*Base URL/);
		const create = errors.redirect({ ...redirect, status: 303 }, { itemIndex: 1 }, true);
		expect(isUncertainWrite(create)).toBe(true);
		expect(create.message).toMatch(
			/may or may not have carried out this create: MakeLeaps answered with a redirect \(HTTP 303\) to evil\.example\.com/,
		);
	});

	test('an unreadable 2xx: a read changed nothing, a change probably happened, a create is uncertain', () => {
		const html = { status: 200, body: '<html>Welcome to the proxy</html>', headers: {} };
		const read = errors.unreadable(html, 'not JSON', { itemIndex: 0 }, 'GET');
		expect(read.message).toBe(
			'The answer of MakeLeaps could not be used: not JSON [item 0, row 1]',
		);
		expect(read.description).toMatch(
			/^Nothing was changed.*HTTP 200: <html>Welcome to the proxy<\/html>$/,
		);
		expect(errors.unreadable(html, 'not JSON', {}, 'PATCH').description).toMatch(
			/^The change was probably made/,
		);
		const create = errors.unreadable({ ...html, status: 201 }, 'empty', {}, 'POST');
		expect(isUncertainWrite(create)).toBe(true);
		expect(create.message).toMatch(/create: MakeLeaps answered HTTP 201 with empty: /);
	});

	test('the daily limit says when requests resume', () => {
		const blocked = {
			until: Date.now() + 16 * 3600 * 1000,
			text: 'Daily request limit reached.',
			daily: true,
		};
		const error = errors.blocked(blocked, { itemIndex: 4 });
		expect(error.message).toBe(
			'MakeLeaps daily request limit reached; requests resume in about 16 h [item 4, row 5]',
		);
		expect(error.description).toMatch(
			/about 5,000 API requests per day.*MakeLeaps said: Daily request limit reached\.$/,
		);
	});
});
