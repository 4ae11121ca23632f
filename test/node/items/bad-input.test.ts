/**
 * Bad input is refused before anything is sent: each case names the field and the item, and
 * neither the sandbox nor a trap server standing in for a foreign host sees a single request.
 */
import type { INodeParameters } from 'n8n-workflow';

import { useTestBed, type TestBed } from '../support/bed';
import { startTrap, type Trap } from '../support/trap';

// Values come through expressions, as they do from upstream data: literal values typed in the
// editor are already refused by n8n's own field validation before the run starts.
const expr = (value: string) =>
	value.startsWith('={{') ? value : `={{ ${JSON.stringify(value)} }}`;
const id = (value: string) => ({ __rl: true, mode: 'id', value: expr(value) });
const url = (value: string) => ({ __rl: true, mode: 'url', value: expr(value) });

let trap: Trap;
beforeAll(async () => {
	trap = await startTrap();
});
afterAll(async () => {
	await trap.close();
});

/** An invoice of one line for a client given by ID; `line` replaces parts of the line. */
const invoiceOf = (line: Record<string, string>): INodeParameters => ({
	resource: 'document',
	operation: 'create',
	documentType: 'invoice',
	client: { __rl: true, mode: 'id', value: '1734479364211706503' },
	lineItems: {
		line: [{ description: 'Work', quantity: '1', unitPrice: '1000', taxRate: '10', ...line }],
	},
});

describe('Bad input: refused with a message naming the field and the item, zero requests', () => {
	const bed = useTestBed();
	const partnerMid = (b: TestBed) => b.sandbox.credentials.partnerMid;
	const clientsUrl = (b: TestBed) => `${b.sandbox.baseUrl}/api/partner/${partnerMid(b)}/client/`;
	const create = { operation: 'create', organizationName: 'Valid Co' };
	const update = { operation: 'update', client: id('1734479364211706503') };

	// [name, parameters, the message (without the item suffix)]
	const cases: Array<[string, (b: TestBed) => INodeParameters, RegExp]> = [
		// the first checks: names, e-mail, lengths, types, IDs and URLs typed or computed
		[
			'empty names',
			() => ({ operation: 'create', organizationName: ' ', personFamilyName: '' }),
			/^Organization Name and Person Family Name are both empty/,
		],
		[
			'malformed e-mail',
			() => ({ ...create, personFamilyName: 'Sato', personEmail: 'sato@' }),
			/^Person Email "sato@" is not a valid e-mail address/,
		],
		[
			'e-mail without a person',
			() => ({ ...create, personEmail: 'a@b.co' }),
			/^Person Email is set but Person Family Name is empty/,
		],
		[
			'name longer than 255',
			() => ({ operation: 'create', organizationName: 'x'.repeat(256) }),
			/^Organization Name is 256 characters long/,
		],
		[
			'object from an expression',
			() => ({ operation: 'create', organizationName: '={{ { a: 1 } }}' }),
			/^Organization Name must be text, not object/,
		],
		[
			'bad country code',
			() => ({ ...create, additionalFields: { addressCountry: 'Japan', addressStreet: 'x' } }),
			/^Address Country "Japan" is not a two-letter/,
		],
		[
			'partner MID with a slash',
			() => ({ ...create, partner: id('123/client') }),
			/^Partner "123\/client" is not a valid MakeLeaps ID/,
		],
		[
			'client MID with ..',
			() => ({ operation: 'delete', client: id('..') }),
			/^Client "\.\." is not a valid MakeLeaps ID/,
		],
		[
			'client MID with ?',
			() => ({ operation: 'delete', client: id('1?x=1') }),
			/not a valid MakeLeaps ID/,
		],
		[
			'client MID with #',
			() => ({ operation: 'delete', client: id('1#x') }),
			/not a valid MakeLeaps ID/,
		],
		[
			'client MID with a space',
			() => ({ operation: 'delete', client: id('12 34') }),
			/not a valid MakeLeaps ID/,
		],
		[
			'empty client from an expression',
			() => ({ operation: 'delete', client: id('={{ $json.missing }}') }),
			/^Client is empty/,
		],
		[
			'default client on a foreign host',
			() => ({
				...update,
				defaultClient: {
					__rl: true,
					mode: 'url',
					value: 'https://evil.example.com/api/partner/1/client/2/',
				},
			}),
			/^Default Client "https:\/\/evil\.example\.com.*" is not a client URL of partner/,
		],
		[
			'default client of another partner',
			(b) => ({
				...update,
				defaultClient: {
					__rl: true,
					mode: 'url',
					value: `${b.sandbox.baseUrl}/api/partner/999/client/2/`,
				},
			}),
			/is not a client URL of partner/,
		],
		[
			'default client URL with a path trick',
			(b) => ({ ...update, defaultClient: url(`${clientsUrl(b)}../../999/client/2/`) }),
			/is not a client URL of partner/,
		],
		['nothing to update', () => ({ ...update }), /^Nothing to update/],
		// identifiers that would change the path of the request
		[
			'partner MID climbing to the token endpoint',
			() => ({ ...create, partner: id('../../user/oauth2/token') }),
			/^Partner "\.\.\/\.\.\/user\/oauth2\/token" is not a valid MakeLeaps ID/,
		],
		[
			'partner MID, URL-encoded dots',
			() => ({ ...create, partner: id('%2e%2e') }),
			/^Partner "%2e%2e" is not a valid MakeLeaps ID/,
		],
		[
			'client MID with an encoded slash',
			() => ({ operation: 'delete', client: id('1%2F2') }),
			/^Client "1%2F2" is not a valid MakeLeaps ID/,
		],
		[
			'client MID with a backslash',
			() => ({ operation: 'delete', client: id('1\\..\\2') }),
			/^Client "1\\\.\.\\2" is not a valid MakeLeaps ID/,
		],
		[
			'client MID in full-width digits',
			() => ({ operation: 'delete', client: id('１７３４４７９') }),
			/^Client "１７３４４７９" is not a valid MakeLeaps ID/,
		],
		[
			'client MID of 65 characters',
			() => ({ operation: 'delete', client: id('1'.repeat(65)) }),
			/^Client "1{65}" is not a valid MakeLeaps ID/,
		],
		[
			'client MID with a newline (header/path splitting)',
			() => ({ operation: 'delete', client: id('={{ "1\\r\\nHost: evil" }}') }),
			/^Client "1\r\nHost: evil" is not a valid MakeLeaps ID/,
		],
		[
			'default client MID with a dot segment',
			() => ({ ...update, defaultClient: id('1/../2') }),
			/^Default Client "1\/\.\.\/2" is not a valid MakeLeaps ID/,
		],
		// URLs that leave the Base URL or the partner
		[
			'client URL on a foreign host',
			(b) => ({
				operation: 'delete',
				client: url(`${trap.url}/api/partner/${partnerMid(b)}/client/1/`),
			}),
			/^Client "http:\/\/127\.0\.0\.1:\d+\/api\/partner\/\d+\/client\/1\/" is not a client URL of partner/,
		],
		[
			'client URL with a user-info trick',
			(b) => ({
				operation: 'delete',
				client: url(
					`${b.sandbox.baseUrl}@${trap.url.slice(7)}/api/partner/${partnerMid(b)}/client/1/`,
				),
			}),
			/^Client ".*@127\.0\.0\.1:\d+.*" is not a client URL of partner/,
		],
		[
			'client URL with a query string',
			(b) => ({ operation: 'delete', client: url(`${clientsUrl(b)}1/?delete=all`) }),
			/^Client ".*\?delete=all" is not a client URL of partner/,
		],
		[
			'client URL of a sub-resource',
			(b) => ({ operation: 'delete', client: url(`${clientsUrl(b)}1/contact/`) }),
			/^Client ".*\/1\/contact\/" is not a client URL of partner/,
		],
		[
			'default client on a foreign host from an expression',
			(b) => ({
				...update,
				defaultClient: url(`={{ "${trap.url}/api/partner/${partnerMid(b)}/client/2/" }}`),
			}),
			/^Default Client "http:\/\/127\.0\.0\.1:\d+.*" is not a client URL of partner/,
		],
		[
			'default client with another scheme',
			(b) => ({ ...update, defaultClient: url(`={{ "file:///etc/passwd#${clientsUrl(b)}" }}`) }),
			/^Default Client "file:\/\/\/etc\/passwd#.*" is not a client URL of partner/,
		],
		[
			'default client with an encoded dot segment',
			(b) => ({ ...update, defaultClient: url(`${clientsUrl(b)}%2e%2e/`) }),
			/^Default Client ".*%2e%2e\/" is not a client URL of partner/,
		],
		[
			'default contact on a foreign host',
			(b) => ({
				...update,
				updateFields: { defaultContact: `${trap.url}/api/partner/${partnerMid(b)}/contact/1/` },
			}),
			/^Default Contact "http:\/\/127\.0\.0\.1:\d+.*" is not a valid MakeLeaps ID/,
		],
		[
			'default contact with a dot segment',
			() => ({ ...update, updateFields: { defaultContact: '../client/1' } }),
			/^Default Contact "\.\.\/client\/1" is not a valid MakeLeaps ID/,
		],
		// huge and unicode texts
		[
			'a 100,000-character organization name',
			() => ({ operation: 'create', organizationName: 'x'.repeat(100000) }),
			/^Organization Name is 100000 characters long; MakeLeaps allows at most 255/,
		],
		[
			'a 256-character Japanese organization name',
			() => ({ operation: 'create', organizationName: '株'.repeat(256) }),
			/^Organization Name is 256 characters long/,
		],
		[
			'a 300-character given name in Additional Fields',
			() => ({
				operation: 'create',
				personFamilyName: '佐藤',
				additionalFields: { personGivenName: 'あ'.repeat(300) },
			}),
			/^Person Given Name is 300 characters long/,
		],
		[
			'a 256-character external id on update',
			() => ({ ...update, updateFields: { clientExternalId: 'E'.repeat(256) } }),
			/^Client External ID is 256 characters long/,
		],
		[
			'an e-mail with a header injection',
			() => ({
				...create,
				personFamilyName: 'Sato',
				personEmail: '={{ "a@b.co\\r\\nBcc: x@y.z" }}',
			}),
			/^Person Email "a@b\.co\r\nBcc: x@y\.z" is not a valid e-mail address/,
		],
		[
			'a country in kanji',
			() => ({
				...create,
				additionalFields: { addressCountry: '日本', addressStreet: '芝公園1-2-3' },
			}),
			/^Address Country "日本" is not a two-letter country code/,
		],
		// wrong types from expressions
		[
			'a list as Organization Name',
			() => ({ operation: 'create', organizationName: '={{ ["A", "B"] }}' }),
			/^Organization Name must be text, not a list/,
		],
		[
			'a boolean as Person Family Name',
			() => ({ operation: 'create', personFamilyName: '={{ true }}' }),
			/^Person Family Name must be text, not boolean/,
		],
		[
			'an object as Address Street',
			() => ({ ...create, additionalFields: { addressStreet: '={{ { line: 1 } }}' } }),
			/^Address Street must be text, not object/,
		],
		[
			'a number as Person Email',
			() => ({ ...create, personFamilyName: 'Sato', personEmail: '={{ 12345 }}' }),
			/^Person Email "12345" is not a valid e-mail address/,
		],
		[
			'an object as Client',
			() => ({ operation: 'delete', client: id('={{ { mid: 1 } }}') }),
			/^Client must be text, not object/,
		],
		[
			'a list as Partner',
			() => ({ ...create, partner: id('={{ [1, 2] }}') }),
			/^Partner must be text, not a list/,
		],
		[
			'a fraction as Client',
			() => ({ operation: 'delete', client: id('={{ 1.5 }}') }),
			/^Client "1\.5" is not a valid MakeLeaps ID/,
		],
		[
			'a huge number as Client (exponent notation)',
			() => ({ operation: 'delete', client: id('={{ 1e21 }}') }),
			/^Client 1e\+21 came as a number too large to be exact/,
		],
		[
			'an object as Client External ID on update',
			() => ({ ...update, updateFields: { clientExternalId: '={{ { id: 1 } }}' } }),
			/^Client External ID must be text, not object/,
		],
		[
			'null names from expressions',
			() => ({
				operation: 'create',
				organizationName: '={{ null }}',
				personFamilyName: '={{ undefined }}',
			}),
			/^Organization Name and Person Family Name are both empty/,
		],
		// numbers from expressions that cannot be exact
		[
			'a 19-digit MID as a number',
			() => ({ operation: 'delete', client: id('={{ 1734479364211706503 }}') }),
			/^Client 1734479364211706600 came as a number too large to be exact/,
		],
		[
			'a 19-digit external ID as a number',
			() => ({
				operation: 'create',
				organizationName: 'Co',
				clientExternalId: '={{ 1734479364211706503 }}',
			}),
			/^Client External ID 1734479364211706600 came as a number too large to be exact/,
		],
		[
			'Return All as a word from an expression',
			() => ({ operation: 'getAll', returnAll: '={{ "maybe" }}' }),
			/^Return All must be true or false \(yes or no, 1 or 0\), not "maybe"/,
		],
		[
			'Limit as a word from an expression',
			() => ({ operation: 'getAll', returnAll: false, limit: '={{ "ten" }}' }),
			/^Limit must be a whole number of 1 or more, not "ten"/,
		],
		[
			'an e-mail with an ideographic space',
			() => ({ ...create, personFamilyName: '上田', personEmail: '上田\u3000@例え.jp' }),
			/^Person Email "上田\u3000@例え\.jp" is not a valid e-mail address/,
		],
		// fields that make no sense together
		[
			'an organization phone without an organization',
			() => ({
				operation: 'create',
				personFamilyName: 'Sato',
				additionalFields: { organizationPhoneNumber: '03-1234-5678' },
			}),
			/^Organization Phone Number is set but Organization Name is empty/,
		],
		[
			'a tax rate written as a fraction (0.1 for 10 %)',
			() => invoiceOf({ taxRate: '0.1' }),
			/^Line Items 1: Tax Rate 0\.1 is below 1 %: did you mean 10\?/,
		],
		[
			'a currency that is no ISO 4217 code',
			() => ({ ...invoiceOf({}), currency: 'XYZ' }),
			/^Currency "XYZ" is not an ISO 4217 currency code/,
		],
		[
			'a unit price past 2^53 given as a number',
			() => invoiceOf({ unitPrice: '={{ 9007199254740993 }}' }),
			/^Line Items 1: Rate \(Unit Price\) 9007199254740992 came as a number too large to be exact/,
		],
		[
			'a person title without a family name',
			() => ({ ...create, additionalFields: { personTitle: 'CFO' } }),
			/^Person Title is set but Person Family Name is empty/,
		],
	];

	test.each(cases)('%s', async (_name, parameters, message) => {
		const result = await bed.run(parameters(bed), [{ row: 1 }, { row: 2 }], {
			onError: 'continueRegularOutput',
		});
		expect(result.error).toBeUndefined();
		expect(result.output).toHaveLength(2);
		result.output.forEach((item, i) => {
			expect(item.json.error).toMatch(message);
			expect(item.json.error).toMatch(new RegExp(` \\[item ${i}, row ${i + 1}\\]$`));
			expect(item.pairedItem).toEqual({ item: i });
			expect(item.error?.name).toBe('NodeOperationError');
		});
		expect(bed.sandbox.requests).toHaveLength(0);
		expect(trap.hits).toEqual([]);
	});

	test('an empty Client in the editor: n8n refuses to start the run', async () => {
		const result = await bed.run({
			operation: 'delete',
			client: { __rl: true, mode: 'list', value: '' },
		});
		expect(result.error?.message).toMatch(/Parameter "Client" is required/);
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('a bad item among good ones fails alone with Continue On Fail; the others are sent', async () => {
		const result = await bed.run(
			{
				operation: 'create',
				organizationName: '={{ $json.name }}',
				personFamilyName: 'Sato',
				personEmail: '={{ $json.email }}',
			},
			[
				{ name: 'A', email: 'a@example.com' },
				{ name: 'B', email: 'not-an-email' },
				{ name: 'C', email: 'c@example.com' },
			],
			{ onError: 'continueRegularOutput' },
		);
		expect(result.output.map((o) => o.json.error ?? o.json.display_name)).toEqual([
			'A',
			'Person Email "not-an-email" is not a valid e-mail address [item 1, row 2]',
			'C',
		]);
		expect(result.output.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(bed.sandbox.received('/api/')).toHaveLength(2);
	});

	test('the table has at least 25 cases', () => {
		expect(cases.length).toBeGreaterThanOrEqual(25);
	});

	test.each<[string, unknown, RegExp]>([
		['negative', -10, /^Requests Per Minute must be a positive number, not -10$/],
		[
			'NaN from an expression',
			'={{ NaN }}',
			/^Requests Per Minute must be a positive number, not NaN$/,
		],
		[
			'text from an expression',
			'={{ "fast" }}',
			/^Requests Per Minute must be a positive number, not "fast"$/,
		],
		['zero', 0, /^Requests Per Minute must be between 1 and 60000, not 0$/],
		[
			'above the ceiling',
			1_000_000,
			/^Requests Per Minute must be between 1 and 60000, not 1000000$/,
		],
	])(
		'Requests Per Minute %s is refused for the whole run before any request',
		async (_name, requestsPerMinute, message) => {
			const result = await bed.run(
				{ ...create, options: { requestsPerMinute } } as INodeParameters,
				[{}, {}],
			);
			expect(result.error?.message).toMatch(message);
			expect(result.error?.description).toMatch(/Requests Per Minute to 120/);
			expect(bed.sandbox.requests).toHaveLength(0);
		},
	);

	test('unicode names within the limit are sent as they are', async () => {
		const name = '株式会社サンプル 🍣 Ünïcödé';
		const result = await bed.run({
			operation: 'create',
			organizationName: name,
			personFamilyName: '佐藤',
			personEmail: 'sato@example.jp',
		});
		expect(result.error).toBeUndefined();
		expect(JSON.parse(bed.sandbox.received('/api/')[0].body).contacts[0].name).toBe(name);
		expect(bed.sandbox.clients()[0].display_name).toBe(name);
	});
});
