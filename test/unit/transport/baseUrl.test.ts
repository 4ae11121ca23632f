import {
	apiUrl,
	checkBaseUrl,
	ipv6Groups,
	isInternalHost,
	isPlainPath,
	storageAllowed,
} from '../../../nodes/MakeLeaps/transport/baseUrl';

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

describe('where a download may follow MakeLeaps to its storage', () => {
	const at = (href: string) => new URL(href);

	test.each([
		'localhost',
		'a.localhost',
		'127.0.0.1',
		'0.0.0.0',
		'10.1.2.3',
		'172.16.0.1',
		'172.31.255.255',
		'192.168.1.1',
		'169.254.169.254',
		'100.64.0.1',
		'[::1]',
		'[::]',
		'[fd00::1]',
		'[fe80::1]',
	])('%s is internal', (host) => {
		expect(isInternalHost(host)).toBe(true);
	});

	test('odd spellings of internal addresses are caught once parsed as a URL', () => {
		for (const href of [
			'https://127.1/x',
			'https://0x7f.0.0.1/x',
			'https://2130706433/x',
			'https://[::ffff:127.0.0.1]/x',
			'https://[::ffff:10.0.0.1]/x',
		])
			expect(isInternalHost(at(href).hostname)).toBe(true);
	});

	test.each([
		// IPv4-mapped, dotted and in hex, short and written out
		['https://[::ffff:169.254.169.254]/x', true],
		['https://[::ffff:a9fe:a9fe]/x', true],
		['https://[0:0:0:0:0:ffff:a9fe:a9fe]/x', true],
		['https://[::ffff:c0a8:101]/x', true],
		['https://[::ffff:8.8.8.8]/x', false],
		// IPv4-compatible: the metadata address, loopback, a private network; a public one is public
		['https://[::169.254.169.254]/x', true],
		['https://[::a9fe:a9fe]/x', true],
		['https://[::127.0.0.1]/x', true],
		['https://[::10.0.0.1]/x', true],
		['https://[::8.8.8.8]/x', false],
		// IPv4-translated
		['https://[::ffff:0:169.254.169.254]/x', true],
		['https://[::ffff:0:808:808]/x', false],
		// NAT64's well-known prefix reaches the IPv4 host; its local-use prefix is local
		['https://[64:ff9b::169.254.169.254]/x', true],
		['https://[64:ff9b::a9fe:a9fe]/x', true],
		['https://[64:ff9b::10.1.2.3]/x', true],
		['https://[64:ff9b::8.8.8.8]/x', false],
		['https://[64:ff9b:1::8.8.8.8]/x', true],
		// unique local, link-local, site-local, loopback, unspecified, written any way
		['https://[FC00::1]/x', true],
		['https://[fdff:ffff::1]/x', true],
		['https://[fe80::a9fe:a9fe]/x', true],
		['https://[febf::1]/x', true],
		['https://[fec0::1]/x', true],
		['https://[0:0:0:0:0:0:0:1]/x', true],
		['https://[0::]/x', true],
		['https://[2001:db8::a9fe:a9fe]/x', false],
		['https://[2606:4700::1111]/x', false],
	])('%s: internal %s', (href, internal) => {
		expect(isInternalHost(at(href).hostname)).toBe(internal);
	});

	test('the same IPv6 forms given as text, as a parsed URL does not always leave them', () => {
		expect(isInternalHost('[::169.254.169.254]')).toBe(true);
		expect(isInternalHost('[::FFFF:169.254.169.254]')).toBe(true);
		expect(isInternalHost('[0:0:0:0:0:ffff:10.0.0.1]')).toBe(true);
		expect(isInternalHost('[64:ff9b:0:0:0:0:a9fe:a9fe]')).toBe(true);
		// not an address at all: never somewhere to send a file
		expect(isInternalHost('[::ffff:300.1.1.1]')).toBe(true);
		expect(isInternalHost('[1::2::3]')).toBe(true);
	});

	test.each(['storage.example.com', '8.8.8.8', '172.32.0.1', '[2001:db8::1]'])(
		'%s is not internal',
		(host) => {
			expect(isInternalHost(host)).toBe(false);
		},
	);

	test('from an https Base URL: https on a public host only', () => {
		const base = 'https://api.makeleaps.com';
		expect(storageAllowed(at('https://files.example.com/a.pdf'), base)).toBe(true);
		expect(storageAllowed(at('http://files.example.com/a.pdf'), base)).toBe(false);
		expect(storageAllowed(at('http://127.0.0.1/a.pdf'), base)).toBe(false);
		expect(storageAllowed(at('https://10.0.0.8/a.pdf'), base)).toBe(false);
		expect(storageAllowed(at('https://[::1]/a.pdf'), base)).toBe(false);
	});

	test('from the sandbox (http on this machine): this machine too', () => {
		const base = 'http://127.0.0.1:3000';
		expect(storageAllowed(at('http://127.0.0.1:3000/_storage/a.pdf'), base)).toBe(true);
		expect(storageAllowed(at('http://storage.example.com/a.pdf'), base)).toBe(false);
		expect(storageAllowed(at('https://10.0.0.8/a.pdf'), base)).toBe(false);
	});

	test('never an address with a user name or password (one that only looks like the Base URL)', () => {
		expect(
			storageAllowed(
				at('https://api.makeleaps.com@files.example.com/a'),
				'https://api.makeleaps.com',
			),
		).toBe(false);
		expect(
			storageAllowed(at('https://user:pass@files.example.com/a'), 'https://api.makeleaps.com'),
		).toBe(false);
		const sandbox = 'http://127.0.0.1:3000';
		expect(storageAllowed(at('http://127.0.0.1:3000@127.0.0.1:4000/up'), sandbox)).toBe(false);
	});
});

describe('ipv6Groups', () => {
	test.each([
		['::', [0, 0, 0, 0, 0, 0, 0, 0]],
		['::1', [0, 0, 0, 0, 0, 0, 0, 1]],
		['::169.254.169.254', [0, 0, 0, 0, 0, 0, 0xa9fe, 0xa9fe]],
		['::ffff:1.2.3.4', [0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]],
		['64:ff9b::a9fe:a9fe', [0x64, 0xff9b, 0, 0, 0, 0, 0xa9fe, 0xa9fe]],
		['fe80::', [0xfe80, 0, 0, 0, 0, 0, 0, 0]],
		['1:2:3:4:5:6:7:8', [1, 2, 3, 4, 5, 6, 7, 8]],
		['1:2:3:4:5:6:1.2.3.4', [1, 2, 3, 4, 5, 6, 0x102, 0x304]],
	])('%s', (address, groups) => {
		expect(ipv6Groups(address)).toEqual(groups);
	});

	test.each([
		'1:2:3:4:5:6:7',
		'1:2:3:4:5:6:7:8:9',
		'1::2::3',
		':1::',
		'12345::',
		'::1.2.3.256',
		'g::1',
	])('%s is not an IPv6 address', (address) => {
		expect(ipv6Groups(address)).toBeUndefined();
	});
});
