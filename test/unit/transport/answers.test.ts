import { answerProblem, excerpt } from '../../../nodes/MakeLeaps/transport/answers';

const record = { meta: { status: 200 }, response: { mid: '17', url: 'https://api/client/17/' } };
const page = { meta: { next: null, count: 1, status: 200 }, response: [{ mid: '17' }] };

describe('answerProblem: a 2xx is believed only in the shape the request needs', () => {
	test('a record has a mid or a url under response; a page a list and meta', () => {
		expect(answerProblem(record, 'record')).toBeUndefined();
		expect(answerProblem({ response: { url: 'https://api/x/' } }, 'record')).toBeUndefined();
		expect(answerProblem(page, 'list')).toBeUndefined();
		expect(
			answerProblem({ meta: { next: 'https://api/?page=2' }, response: [] }, 'list'),
		).toBeUndefined();
	});

	test.each<[string, unknown, 'record' | 'list', string]>([
		['an empty body', '', 'record', 'empty'],
		['no body', undefined, 'record', 'empty'],
		['an HTML page', '<html>proxy</html>', 'record', 'not JSON'],
		['a bare object', { mid: '17' }, 'record', 'no record under "response"'],
		['a list where a record belongs', page, 'record', 'no record under "response"'],
		[
			'a record without mid or url',
			{ response: { name: 'x' } },
			'record',
			'a record without "mid" or "url"',
		],
		[
			'a mid that is a number',
			{ response: { mid: 17 } },
			'record',
			'a record without "mid" or "url"',
		],
		['a record where a list belongs', record, 'list', 'no list under "response"'],
		['a list without meta', { response: [] }, 'list', 'no "meta"'],
		[
			'a next that is not a link',
			{ meta: { next: 2 }, response: [] },
			'list',
			'"meta.next" is not a link',
		],
		['a JSON array', [1, 2], 'list', 'empty'],
	])('%s is refused', (_name, body, expected, problem) => {
		expect(answerProblem(body, expected)).toBe(problem);
	});

	test("an upload's answer is the envelope with an object under response, whatever its fields", () => {
		expect(answerProblem({ meta: { status: 200 }, response: {} }, 'envelope')).toBeUndefined();
		expect(answerProblem({ response: { uploaded: true } }, 'envelope')).toBeUndefined();
		expect(answerProblem('', 'envelope')).toBe('empty');
		expect(answerProblem('<html>Saved</html>', 'envelope')).toBe('not JSON');
		expect(answerProblem({ ok: true }, 'envelope')).toBe('no record under "response"');
		expect(answerProblem({ response: [] }, 'envelope')).toBe('no record under "response"');
		expect(answerProblem({ response: null }, 'envelope')).toBe('no record under "response"');
	});

	test('a DELETE needs nothing', () => {
		expect(answerProblem('', 'nothing')).toBeUndefined();
		expect(answerProblem('<html>', 'nothing')).toBeUndefined();
	});
});

describe('excerpt', () => {
	test('one line, cut at 120 characters', () => {
		expect(excerpt('<html>\n  <body>Bad   Gateway</body>\n</html>')).toBe(
			'<html> <body>Bad Gateway</body> </html>',
		);
		expect(excerpt('x'.repeat(500))).toBe(`${'x'.repeat(120)}…`);
		expect(excerpt({ a: 1 })).toBe('{"a":1}');
		expect(excerpt('')).toBe('(an empty body)');
		expect(excerpt(undefined)).toBe('(an empty body)');
	});
});
