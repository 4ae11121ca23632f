import { apiUrl, checkBaseUrl, isPlainPath } from '../../nodes/MakeLeaps/transport/baseUrl';

describe('checkBaseUrl', () => {
	test.each([
		['https://api.makeleaps.com', 'https://api.makeleaps.com'],
		['https://api.makeleaps.com/', 'https://api.makeleaps.com'],
		['  https://api.makeleaps.com//  ', 'https://api.makeleaps.com'],
		['https://proxy.example.com/makeleaps/', 'https://proxy.example.com/makeleaps'],
		['HTTPS://API.MAKELEAPS.COM', 'https://api.makeleaps.com'],
		['http://localhost:8080', 'http://localhost:8080'],
		['http://127.0.0.1:5799/', 'http://127.0.0.1:5799'],
		['http://[::1]:5799', 'http://[::1]:5799'],
	])('%s is accepted as %s', (raw, url) => {
		expect(checkBaseUrl(raw)).toEqual({ url });
	});

	test.each([
		['http://api.makeleaps.com', /must use https/],
		['http://127.0.0.1.evil.com', /must use https/],
		['http://localhost.evil.com', /must use https/],
		['ftp://api.makeleaps.com', /must start with https/],
		['javascript:alert(1)', /must start with https/],
		['https://user:pass@api.makeleaps.com', /user name, password, query or fragment/],
		['https://api.makeleaps.com?x=1', /user name, password, query or fragment/],
		['https://api.makeleaps.com#x', /user name, password, query or fragment/],
		['api.makeleaps.com', /is not a valid URL/],
		['', /is not a valid URL/],
	])('%s is refused', (raw, problem) => {
		expect(checkBaseUrl(raw).problem).toMatch(problem);
	});

	test('a value of another type is refused, not thrown', () => {
		expect(checkBaseUrl(undefined).problem).toBe('The Base URL "" is not a valid URL');
		expect(checkBaseUrl({ url: 'https://api.makeleaps.com' }).problem).toMatch(/not a valid URL/);
	});
});

describe('the URL guard on every request', () => {
	const base = 'https://api.makeleaps.com';

	test('paths and URLs under the Base URL pass, with their query', () => {
		expect(apiUrl(base, '/api/partner/')).toBe(`${base}/api/partner/`);
		expect(apiUrl(base, `${base}/api/partner/1/client/?page=2&per_page=100`)).toBe(
			`${base}/api/partner/1/client/?page=2&per_page=100`,
		);
	});

	test.each([
		['another host', 'https://evil.example.com/api/partner/'],
		['a host that starts like the Base URL', 'https://api.makeleaps.com.evil.com/api/'],
		['user info before another host', 'https://api.makeleaps.com@evil.example.com/api/'],
		['plain http to the same host', 'http://api.makeleaps.com/api/partner/'],
		['the Base URL without a path', 'https://api.makeleaps.com'],
		['a dot segment', '/api/partner/../../user/oauth2/token/'],
		['a single dot segment', '/api/./partner/'],
		['an encoded dot', '/api/partner/%2e%2e/'],
		['an encoded slash', '/api/partner/1%2F2/'],
		['an encoded backslash', '/api/partner/1%5c2/'],
		['a backslash', '/api/partner/1\\..\\2/'],
		['a space', '/api/partner/1 2/'],
		['a newline', '/api/partner/1\r\nHost: evil/'],
	])('%s is refused', (_name, pathOrUrl) => {
		expect(apiUrl(base, pathOrUrl)).toBeUndefined();
	});

	test('a Base URL with a path keeps requests inside it', () => {
		const proxied = 'https://proxy.example.com/makeleaps';
		expect(apiUrl(proxied, '/api/partner/')).toBe(`${proxied}/api/partner/`);
		expect(apiUrl(proxied, 'https://proxy.example.com/makeleaps-other/api/')).toBeUndefined();
		expect(apiUrl(proxied, 'https://proxy.example.com/other/api/')).toBeUndefined();
	});

	test('dots inside a segment are plain', () => {
		expect(isPlainPath('/api/partner/v1.2/')).toBe(true);
		expect(isPlainPath('/api/..hidden/')).toBe(true);
		expect(isPlainPath('/api/../')).toBe(false);
	});
});
