/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev code: watches this process's sockets */
/**
 * Property-based tests over the node's parameters: whatever a user or an upstream expression
 * puts in them, the node fails only with n8n errors (never an unhandled exception), and it never
 * opens a connection to anything but the sandbox behind the Base URL.
 */
import diagnostics from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

import fc from 'fast-check';
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { FAST, useTestBed } from '../support/bed';
import { startTrap, type Trap } from '../support/trap';
import { propertyRuns } from '../support/cases';

/** Every outgoing connection and DNS lookup of this process while a test runs. */
const connections: string[] = [];
const lookups: string[] = [];
const onSocket = (message: unknown) => {
	const { socket } = message as { socket: Socket };
	socket.once('connect', () => connections.push(`${socket.remoteAddress}:${socket.remotePort}`));
	socket.once('lookup', (_error: unknown, _address: unknown, _family: unknown, host: string) =>
		lookups.push(host),
	);
};

let trap: Trap;
beforeAll(async () => {
	trap = await startTrap();
	diagnostics.subscribe('net.client.socket', onSocket);
});
afterAll(async () => {
	diagnostics.unsubscribe('net.client.socket', onSocket);
	await trap.close();
});

const ALLOWED_ERRORS = new Set([
	'NodeApiError',
	'NodeOperationError',
	'UncertainWriteError',
	'WorkflowHasIssuesError',
	'ExpressionError',
]);
const NATIVE_ERRORS = new Set([
	'TypeError',
	'ReferenceError',
	'RangeError',
	'SyntaxError',
	'EvalError',
	'URIError',
]);

/** Why an error is not a handled n8n error, or undefined when it is one. */
function unhandled(error: unknown): string | undefined {
	if (error === undefined) return undefined;
	const named = error as { name?: string; message?: string; constructor?: { name?: string } };
	const name = named.name ?? named.constructor?.name ?? typeof error;
	if (!ALLOWED_ERRORS.has(name)) return `${name}: ${named.message}`;
	if (
		/Cannot read propert|is not a function|is not defined|Maximum call stack|undefined \(reading/.test(
			named.message ?? '',
		)
	) {
		return `${name} wrapping a crash: ${named.message}`;
	}
	for (let cause = (error as { cause?: unknown }).cause, depth = 0; cause && depth < 5; depth++) {
		const causeName = (cause as { name?: string }).name ?? '';
		if (NATIVE_ERRORS.has(causeName))
			return `${name} caused by ${causeName}: ${(cause as Error).message}`;
		cause = (cause as { cause?: unknown }).cause;
	}
	return undefined;
}

describe('Properties over the node parameters', () => {
	const bed = useTestBed();

	test('no unhandled exception and no request to a host other than the Base URL', async () => {
		const base = bed.sandbox.baseUrl;
		const partner = bed.sandbox.credentials.partnerMid;
		const seeded = bed.sandbox.seedClient({
			contacts: [{ contact_type: 'organization', name: 'Seed Co', addresses: [], email: null }],
		}).mid;
		const trapHost = trap.url.slice('http://'.length);
		const sandboxHost = base.slice('http://'.length);
		connections.length = 0;
		lookups.length = 0;

		const expressions = fc.constantFrom(
			'={{ 1 }}',
			'={{ -1 }}',
			'={{ 1.5 }}',
			'={{ 1e21 }}',
			'={{ NaN }}',
			'={{ true }}',
			'={{ null }}',
			'={{ undefined }}',
			'={{ [1, 2] }}',
			'={{ { a: 1 } }}',
			'={{ $json.v }}',
			'={{ $json.v.deep }}',
			'={{ "" }}',
			'={{ "x".repeat(300) }}',
		);
		const tricks = fc.constantFrom(
			'..',
			'../..',
			'%2e%2e',
			'%2F',
			'1/2',
			'1?x=1',
			'1#x',
			'1\\2',
			' ',
			'\r\n',
			'１２３',
			'1'.repeat(65),
			'',
			'ok',
			'-',
		);
		const text = fc.oneof(
			fc.string({ maxLength: 40 }),
			fc.string({ unit: 'grapheme', maxLength: 40 }),
			fc.constant('x'.repeat(100000)),
			tricks,
			expressions,
		);
		const mid = fc.oneof(
			fc.constant(seeded),
			fc.constant(partner),
			fc.stringMatching(/^[0-9]{1,20}$/),
			text,
		);
		const clientUrls = fc.constantFrom(
			`${base}/api/partner/${partner}/client/${seeded}/`,
			`${trap.url}/api/partner/${partner}/client/${seeded}/`,
			`${base}@${trapHost}/api/partner/${partner}/client/${seeded}/`,
			`http://${sandboxHost}.${trapHost}/api/partner/${partner}/client/1/`,
			`//${trapHost}/api/partner/${partner}/client/1/`,
			`${base}/api/partner/${partner}/client/../../../user/oauth2/token/`,
			`${base}/api/partner/${partner}/client/%2e%2e/`,
			`${base}/api/partner/${partner}/client/1/?page=${trap.url}`,
			`${base}/api/partner/999/client/1/`,
			`file:///etc/passwd`,
			`javascript:alert(1)`,
			`={{ "${trap.url}/api/partner/${partner}/client/1/" }}`,
		);
		const locator = fc
			.record({ mode: fc.constantFrom('id', 'url', 'list'), value: fc.oneof(mid, clientUrls) })
			.map((l) => ({ __rl: true, ...l }));
		const additionalKeys = [
			'addressCountry',
			'addressExtended',
			'addressFormat',
			'addressLocality',
			'addressPostalCode',
			'addressRegion',
			'addressStreet',
			'organizationPhoneNumber',
			'personDepartment',
			'personGivenName',
			'personPhoneNumber',
			'personTitle',
		];
		const additionalFields = fc.dictionary(fc.constantFrom(...additionalKeys), text, {
			maxKeys: 4,
		});
		const count = fc.oneof(
			fc.integer({ min: -2, max: 250 }),
			fc.constantFrom<unknown>(0, 1e9, 0.5, '={{ "ten" }}', '={{ null }}'),
		);
		const flag = fc.oneof(
			fc.boolean(),
			fc.constantFrom<unknown>('={{ "yes" }}', '={{ 1 }}', '={{ null }}'),
		);
		const operation = fc.oneof(
			fc.record({
				resource: fc.constant('client'),
				operation: fc.constantFrom('create', 'createOrUpdate', 'get', 'getAll', 'update', 'delete'),
			}),
			fc.record({ resource: fc.constant('contact'), operation: fc.constant('getAll') }),
			fc.record({ resource: fc.constant('account'), operation: fc.constant('check') }),
			fc.record({
				resource: fc.constant('document'),
				operation: fc.constantFrom(
					'create',
					'createOrUpdate',
					'get',
					'getAll',
					'update',
					'delete',
					'downloadPdf',
					'send',
					'getPickupLinks',
					'createPickupLink',
				),
			}),
			fc.record({
				resource: fc.constant('sendingOrder'),
				operation: fc.constantFrom('get', 'getAll', 'cancel'),
			}),
		);
		const amount = fc.oneof(
			fc.constantFrom<unknown>(
				'1000',
				'12.5',
				'-3',
				'1,000',
				'1e3',
				'',
				'={{ 1e21 }}',
				'={{ 0.1 }}',
			),
			text,
		);
		const line = fc.record(
			{
				kind: fc.oneof(fc.constantFrom('normal', 'simple', 'text', 'subtotal'), text),
				description: text,
				quantity: amount,
				unitPrice: amount,
				price: amount,
				taxRate: fc.oneof(fc.constantFrom('10', '8', '101', '-1'), text),
				taxType: fc.oneof(fc.constantFrom('', 'standard', 'reduced'), text),
			},
			{ requiredKeys: [] },
		);
		const parameters = fc.record(
			{
				returnAll: flag,
				limit: count,
				simplify: flag,
				filters: fc.record({ search: text, archived: flag }, { requiredKeys: [] }),
				partner: fc.oneof(
					fc.constant({ __rl: true, mode: 'id', value: partner }),
					fc.constant({ __rl: true, mode: 'list', value: '' }),
					locator,
				),
				client: locator,
				defaultClient: locator,
				document: locator,
				documentType: fc.oneof(fc.constantFrom('invoice', 'quote', 'receipt'), text),
				documentNumber: text,
				date: fc.oneof(fc.constantFrom('2026-11-30', '2026-02-30', '={{ $now }}'), text),
				dueDate: text,
				currency: fc.oneof(fc.constantFrom('JPY', 'USD', 'jpy'), text),
				lineItemsFrom: fc.constantFrom('fields', 'json'),
				lineItems: fc.record({ line: fc.array(line, { maxLength: 3 }) }),
				lineItemsJson: fc.oneof(
					fc.constant('={{ $json.v }}'),
					expressions,
					fc.constant('[{"description":"x","unit_price":1,"tax_rate":10}]'),
				),
				binaryPropertyName: fc.oneof(fc.constant('data'), text),
				markAsSent: flag,
				markAsPaid: flag,
				paidOn: text,
				replaceLineItems: flag,
				sendingOrder: locator,
				channels: fc.oneof(
					fc.constant(['securesend']),
					fc.subarray(['securesend', 'clientInbox', 'post']),
					fc.constantFrom<unknown>(['fax'], '={{ "post" }}', '={{ null }}'),
				),
				toEmails: fc.oneof(
					fc.constant('sato@example.com, ito@example.jp'),
					fc.emailAddress(),
					text,
				),
				subject: text,
				message: text,
				clientExternalId: text,
				organizationName: fc.oneof(fc.constant('Valid Co'), text),
				personFamilyName: fc.oneof(fc.constant('Sato'), text),
				personEmail: fc.oneof(fc.constant('sato@example.com'), fc.emailAddress(), text),
				email: fc.oneof(fc.constant('sato@example.com'), fc.emailAddress(), text),
				additionalFields,
				updateFields: fc.record(
					{ clientExternalId: text, defaultContact: fc.oneof(mid, clientUrls) },
					{ requiredKeys: [] },
				),
				options: fc.record({
					includeContacts: flag,
					force: flag,
					cardPayments: flag,
					waitSeconds: fc.constantFrom<unknown>(1, 0, 601, '={{ "x" }}'),
					scanFrom: text,
					requestsPerMinute: fc.constantFrom<unknown>(
						FAST,
						FAST,
						FAST,
						0,
						-1,
						1e9,
						'={{ "x" }}',
						'={{ null }}',
					),
				}),
			},
			{ requiredKeys: [] },
		);
		const items = fc.array(
			fc.record({ v: fc.oneof(fc.jsonValue(), fc.string({ unit: 'grapheme' })) }),
			{ minLength: 1, maxLength: 3 },
		);
		const onError = fc.constantFrom<INode['onError']>(
			undefined,
			'continueRegularOutput',
			'continueErrorOutput',
		);

		let runs = 0;
		let requests = 0;
		await fc.assert(
			fc.asyncProperty(
				operation,
				parameters,
				items,
				onError,
				async (chosen, params, rows, mode) => {
					runs++;
					bed.sandbox.resetRequests();
					const result = await bed.run(
						{
							partner: { __rl: true, mode: 'id', value: partner },
							...params,
							...chosen,
						} as INodeParameters,
						rows as IDataObject[],
						{ onError: mode },
					);
					requests += bed.sandbox.requests.length;

					expect(unhandled(result.error)).toBeUndefined();
					for (const item of [...result.output, ...result.errorOutput])
						expect(unhandled(item.error)).toBeUndefined();
					for (const request of bed.sandbox.requests) {
						// only the API's own shapes, with plain MIDs: no dot segments, no encoded separators
						expect(request.path).toMatch(
							/^\/(api\/partner\/([\w-]+\/(client\/([\w-]+\/(contact\/)?)?|contact\/[\w-]+\/|document\/([\w-]+\/(pdf\/|pickup-link\/)?)?|sending\/order\/([\w-]+\/(item\/|send\/|status\/)?)?|template\/[\w-]+\/|item\/|tag\/)?)?|user\/oauth2\/token\/)$/,
						);
						expect(request.path.split('/')).not.toContain('..');
					}
					expect(trap.hits).toEqual([]);
					expect(connections.filter((c) => c !== sandboxHost)).toEqual([]);
					expect(lookups.filter((h) => h !== '127.0.0.1')).toEqual([]);
				},
			),
			{ ...propertyRuns(150), numRuns: 150 },
		);
		// the monitors work: the runs did reach the sandbox, over sockets the monitor saw
		expect(runs).toBe(150);
		expect(requests).toBeGreaterThan(0);
		expect(connections.length).toBeGreaterThan(0);
	}, 120000);
});
