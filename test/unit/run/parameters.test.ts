import { mappedKey, mappedValue } from '../../../nodes/MakeLeaps/run/parameters';

describe('mappedKey', () => {
	test.each([
		['={{ $json.name }}', 'name'],
		['={{$json.name}}', 'name'],
		['={{ $json.client_id2 }}', 'client_id2'],
		['={{ $json["Column name"] }}', 'Column name'],
		["={{ $json['会社名'] }}", '会社名'],
	])('%s reads %s', (raw, key) => {
		expect(mappedKey(raw)).toBe(key);
	});

	test.each([
		'{{ $json.name }}', // no leading =: a fixed text
		'={{ $json.name }} Ltd',
		'=Mr {{ $json.name }}',
		'={{ $json.name.trim() }}',
		'={{ $json.a.b }}',
		'={{ $json.name || "x" }}',
		'={{ $json["a"]["b"] }}',
		'={{ $json["a\\"b"] }}',
		'={{ $json[key] }}',
		'={{ $("Sheet").item.json.name }}',
		'={{ $json }}',
		'={{ $json.constructor }}',
		'={{ $json["__proto__"] }}',
		'name',
		'',
	])('%s is left to n8n', (raw) => {
		expect(mappedKey(raw)).toBeUndefined();
	});

	test('only text is an expression', () => {
		expect(mappedKey(undefined)).toBeUndefined();
		expect(mappedKey(42)).toBeUndefined();
		expect(mappedKey({ __rl: true, value: '={{ $json.a }}' })).toBeUndefined();
	});
});

describe('mappedValue', () => {
	test.each([['text'], [''], [0], [42.5], [true], [false], [null]])(
		'%p is read as it is',
		(value) => {
			expect(mappedValue({ key: value }, 'key')).toEqual({ found: true, value });
		},
	);

	test.each([
		['a missing key', {}, 'key'],
		['an object', { key: { a: 1 } }, 'key'],
		['an array', { key: [1] }, 'key'],
		['a date', { key: new Date(0) }, 'key'],
		['NaN', { key: NaN }, 'key'],
		['a key of the prototype', {}, 'toString'],
	])('%s is left to n8n', (_name, item, key) => {
		expect(mappedValue(item as never, key)).toEqual({ found: false });
	});

	test('no item', () => {
		expect(mappedValue(undefined, 'key')).toEqual({ found: false });
	});
});
