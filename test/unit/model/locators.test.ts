import {
	clientMidOf,
	clientUrl,
	contactMidOf,
	contactUrl,
	midFromClientUrl,
	pickedMid,
	pickedValue,
} from '../../../nodes/MakeLeaps/model/locators';

const base = 'https://api.makeleaps.com';
const partner = '1725857643916378083';
const clients = `${base}/api/partner/${partner}/client/`;

describe('client locators', () => {
	test('URLs are built from the Base URL, the partner and the MID', () => {
		expect(clientUrl(base, partner, '17')).toBe(`${clients}17/`);
		expect(contactUrl(base, partner, '18')).toBe(`${base}/api/partner/${partner}/contact/18/`);
	});

	test('list and ID modes give the MID; URL mode reads it from a URL of this partner', () => {
		expect(clientMidOf({ __rl: true, mode: 'list', value: '17' }, 'Client', base, partner)).toBe(
			'17',
		);
		expect(clientMidOf({ __rl: true, mode: 'id', value: ' 17 ' }, 'Client', base, partner)).toBe(
			'17',
		);
		expect(
			clientMidOf({ __rl: true, mode: 'url', value: `${clients}17/` }, 'Client', base, partner),
		).toBe('17');
		expect(
			clientMidOf({ __rl: true, mode: 'url', value: `${clients}17` }, 'Client', base, partner),
		).toBe('17');
	});

	test.each([
		['another host', `https://evil.example.com/api/partner/${partner}/client/17/`],
		['another partner', `${base}/api/partner/999/client/17/`],
		['a sub-resource', `${clients}17/contact/`],
		['a query string', `${clients}17/?delete=all`],
		['a dot segment', `${clients}../../999/client/2/`],
		['an encoded dot segment', `${clients}%2e%2e/`],
		['user info', `${base}@evil.example.com/api/partner/${partner}/client/17/`],
		['no MID', clients],
		['another scheme', `file:///etc/passwd#${clients}17/`],
	])('a URL with %s is refused', (_name, url) => {
		expect(() => midFromClientUrl(url, 'Client', base, partner)).toThrow(
			`Client "${url}" is not a client URL of partner ${partner}`,
		);
	});

	test('an empty locator is refused as empty', () => {
		expect(() => clientMidOf(undefined, 'Client', base, partner)).toThrow('Client is empty');
	});
});

describe('contact references', () => {
	test('a MID or a contact URL of this partner', () => {
		expect(contactMidOf('18', 'Default Contact', base, partner)).toBe('18');
		expect(
			contactMidOf(`${base}/api/partner/${partner}/contact/18/`, 'Default Contact', base, partner),
		).toBe('18');
	});

	test.each([
		`https://evil.example.com/api/partner/${partner}/contact/18/`,
		'../client/1',
		`${base}/api/partner/999/contact/18/`,
	])('%s is refused', (value) => {
		expect(() => contactMidOf(value, 'Default Contact', base, partner)).toThrow(
			/is not a valid MakeLeaps ID/,
		);
	});
});

describe('pickedValue', () => {
	test('the value of a picked locator, or plain text from an expression', () => {
		expect(pickedValue({ __rl: true, mode: 'list', value: '17344' })).toBe('17344');
		expect(pickedValue({ __rl: true, mode: 'id', value: 17344 })).toBe(17344);
		expect(pickedValue('https://api.makeleaps.com/api/partner/1/contact/2/')).toBe(
			'https://api.makeleaps.com/api/partner/1/contact/2/',
		);
	});

	test('nothing picked is undefined', () => {
		for (const empty of [undefined, null, '', { __rl: true, mode: 'list', value: '' }])
			expect(pickedValue(empty)).toBeUndefined();
	});
});

describe('pickedMid: a picker in any mode, or plain text from an expression', () => {
	const mid = '1734479364211706503';
	test.each([
		['a MID as text', mid],
		['a URL as text', `${clients}${mid}/`],
		['a picker from the list', { __rl: true, mode: 'list', value: mid }],
		['a picker by URL', { __rl: true, mode: 'url', value: `${clients}${mid}` }],
		['a picker by ID', { __rl: true, mode: 'id', value: ` ${mid} ` }],
	])('%s gives the MID', (_name, picked) => {
		expect(pickedMid(picked, 'Client', clients, 'client')).toBe(mid);
	});

	test.each([
		`https://evil.example.com/api/partner/${partner}/client/${mid}/`,
		`${base}/api/partner/999/client/${mid}/`,
		'../client/1',
		'12 34',
	])('%s is refused', (value) => {
		expect(() => pickedMid(value, 'Client', clients, 'client')).toThrow(/^Client "/);
	});
});
