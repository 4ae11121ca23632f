/**
 * Account → Check says `held` only where the account showed the case, `could not tell` where it
 * has nothing to judge, and its rows carry none of the credential's values, whatever MakeLeaps
 * echoes back.
 */
import type { Sandbox } from '../../../sandbox/server';
import { expectNoSecrets, useTestBed } from '../support/bed';
import {
	allHeld,
	check,
	evidenceOf,
	expectOnlyGets,
	resultsOf,
	seedAccount,
} from '../support/checkAccount';

describe('Account → Check on an account that cannot show every case', () => {
	const bed = useTestBed();

	test('all clients on one page: the page size cannot tell, and says why', async () => {
		seedAccount(bed, { clients: 3 });
		const result = await bed.run(check);
		expect(resultsOf(result.output)).toEqual({ ...allHeld, page_size: 'could not tell' });
		expect(evidenceOf(result.output).page_size).toBe(
			'Asked for 100 clients a page, got 4, all on one page: with 4 clients a limit between 4 and 100 would not show',
		);
	});

	test('every listed client has an external ID: whether an empty one is listed cannot tell', async () => {
		seedAccount(bed, { unkeyed: 0 });
		const result = await bed.run(check);
		expect(resultsOf(result.output)).toEqual({ ...allHeld, client_list_keys: 'could not tell' });
		expect(evidenceOf(result.output).client_list_keys).toMatch(
			/^All 100 clients of the first page carry client_external_id, each with a value: none without one was seen/,
		);
	});

	test('documents of one type only: the type filter cannot tell', async () => {
		seedAccount(bed, {
			documents: [
				['invoice', '2026-10-01'],
				['invoice', '2026-10-15'],
			],
		});
		const result = await bed.run(check);
		expect(resultsOf(result.output)).toEqual({
			...allHeld,
			document_type_filter: 'could not tell',
		});
		expect(evidenceOf(result.output).document_type_filter).toMatch(
			/^Asked for quote documents \(the list has invoice\): none came back/,
		);
	});

	test('documents of one day only: the date filter cannot tell', async () => {
		seedAccount(bed, {
			documents: [
				['invoice', '2026-10-01'],
				['quote', '2026-10-01'],
			],
		});
		const result = await bed.run(check);
		expect(resultsOf(result.output)).toEqual({ ...allHeld, date_filter: 'could not tell' });
		expect(evidenceOf(result.output).date_filter).toMatch(
			/every listed document is dated 2026-10-01/,
		);
	});
});

describe('Account → Check on an account without tags, catalog items or pickup links', () => {
	const bed = useTestBed();

	test('the tag filter, the catalog and the pickup links cannot tell, and say why', async () => {
		seedAccount(bed, { tagged: false, catalog: false, pickupLink: false });
		const result = await bed.run(check);
		expect(resultsOf(result.output)).toEqual({
			...allHeld,
			tag_filter_form: 'could not tell',
			catalog_item_fields: 'could not tell',
			pickup_link_address: 'could not tell',
		});
		const evidence = evidenceOf(result.output);
		expect(evidence.tag_filter_form).toBe('None of the first documents listed has a tag');
		expect(evidence.catalog_item_fields).toMatch(/^\/api\/partner\/…\d{7}\/item\/ lists no items$/);
		// the two newest documents are read, and no more
		expect(evidence.pickup_link_address).toMatch(
			/^document 0002 \(…\d{7}\) and document 0001 \(…\d{7}\): no pickup links$/,
		);
		expect(bed.sandbox.requests.filter((r) => r.path.endsWith('/pickup-link/'))).toHaveLength(2);
		expectOnlyGets(bed);
	});

	test('documents accepted, confirmed and converted are counted as marked, each by its own fields', async () => {
		seedAccount(bed);
		const [first, second] = bed.sandbox.documentsOf();
		bed.sandbox.mark(String(second.mid), 'accepted');
		bed.sandbox.mark(String(first.mid), 'confirmed');
		bed.sandbox.mark(String(first.mid), 'converted');
		bed.sandbox.mark(String(second.mid), 'converted');
		const result = await bed.run(check);
		expect(resultsOf(result.output)).toEqual(allHeld);
		const evidence = evidenceOf(result.output);
		expect(evidence.accepted_fields).toBe(
			'All 3 documents of the first page give is_accepted and date_accepted (1 marked)',
		);
		expect(evidence.confirmed_fields).toBe(
			'All 3 documents of the first page give is_confirmed and date_confirmed (1 marked)',
		);
		expect(evidence.converted_fields).toBe(
			'All 3 documents of the first page give is_converted and date_converted (2 marked)',
		);
		expectOnlyGets(bed);
	});

	test('a document whose is_accepted is neither yes, no nor a date differs, naming it', async () => {
		seedAccount(bed);
		bed.sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => ({
					...body,
					response: (body.response as Array<Record<string, unknown>>).map((document) => ({
						...document,
						is_accepted: 'pending',
					})),
				}),
			},
			{ path: /\/document\/$/ },
		);
		const result = await bed.run(check);
		expect(resultsOf(result.output)).toEqual({ ...allHeld, accepted_fields: 'differs' });
		expect(evidenceOf(result.output).accepted_fields).toMatch(
			/^document 0001 \(…\d{7}\): a document whose is_accepted is "pending", neither a date nor yes or no$/,
		);
	});
});

describe('Account → Check of where attachments go, as far as reads tell', () => {
	const bed = useTestBed();
	const pdf = Buffer.from('%PDF-1.4\n% terms\n%%EOF\n', 'latin1');
	const orderReads = () =>
		bed.sandbox.requests.filter((r) => /\/sending\/order\/\d+\/$/.test(r.path));
	/** The order list without the orders' items, as a list may give them. */
	const listWithoutItems = () =>
		bed.sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => ({
					...body,
					response: (body.response as Array<Record<string, unknown>>).map((order) => {
						const { items, ...rest } = order;
						return items === undefined ? order : rest;
					}),
				}),
			},
			{ path: /\/sending\/order\/$/ },
		);

	test('held: a file item under the Base URL, and it says the first Send with Attachments shows the rest', async () => {
		seedAccount(bed);
		const result = await bed.run(check);
		expect(resultsOf(result.output).attachment_upload).toBe('held');
		expect(evidenceOf(result.output).attachment_upload).toMatch(
			/^A file of sending order …\d{7} takes its content at \/api\/partner\/…\d{7}\/sending\/order\/…\d{7}\/item\/…\d{7}\/upload\/, under the Base URL: the node sends it there as a form with the file in content_file, with the token; whether MakeLeaps takes it shows at the first Send with Attachments$/,
		);
		expect(orderReads()).toEqual([]);
		expectOnlyGets(bed);
	});

	test('no sending order, or none with a file: cannot tell, and says why', async () => {
		seedAccount(bed, { orderWithFile: false });
		const none = await bed.run(check);
		expect(resultsOf(none.output)).toEqual({ ...allHeld, attachment_upload: 'could not tell' });
		expect(evidenceOf(none.output).attachment_upload).toBe(
			'The account has no sending orders to look at',
		);
		bed.sandbox.seedSendingOrder(String(bed.sandbox.documentsOf()[0].mid));
		const without = await bed.run(check);
		expect(evidenceOf(without.output).attachment_upload).toBe(
			'None of the 1 sending order listed first carries a file',
		);
		expectOnlyGets(bed);
	});

	test('orders listed without their items: the newest three are read on their own, and no more', async () => {
		seedAccount(bed, { orderWithFile: false });
		const [first] = bed.sandbox.documentsOf();
		bed.sandbox.seedSendingOrder(String(first.mid), [{ filename: 'terms.pdf', bytes: pdf }]);
		listWithoutItems();
		const found = await bed.run(check);
		expect(resultsOf(found.output).attachment_upload).toBe('held');
		expect(orderReads()).toHaveLength(1);

		for (let k = 0; k < 4; k++) bed.sandbox.seedSendingOrder(String(first.mid));
		bed.sandbox.resetRequests();
		listWithoutItems();
		const older = await bed.run(check);
		expect(evidenceOf(older.output).attachment_upload).toBe(
			'None of the 5 sending orders listed first carries a file (3 of them read on their own)',
		);
		expect(orderReads()).toHaveLength(3);
		expectOnlyGets(bed);
	});
});

describe('Account → Check against a service whose links carry the credential', () => {
	const bed = useTestBed({ credentialsInLinks: true });

	test("a file item's upload_url is shown without its query: no token, Client ID or secret", async () => {
		seedAccount(bed, { clients: 3 });
		const result = await bed.run(check);
		expect(resultsOf(result.output).attachment_upload).toBe('held');
		const listed = JSON.stringify(
			bed.sandbox.received('/api/').find((r) => r.path.endsWith('/sending/order/'))?.response,
		);
		// the sandbox did put them in the link
		expect(listed).toContain(bed.sandbox.credentials.clientSecret);
		expectNoSecrets(bed, result.output);
		expect(JSON.stringify(result.output)).not.toContain(bed.sandbox.credentials.clientId);
	});
});

describe('Account → Check against a service that echoes the credential', () => {
	const bed = useTestBed({ echoCredentials: true });

	/** The partner list without addresses: the check quotes the partner it was given. */
	const partnersWithoutUrl = (sandbox: Sandbox) =>
		sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => ({
					...body,
					response: (body.response as Array<Record<string, unknown>>).map((partner) => {
						const { url, ...rest } = partner;
						return url === undefined ? partner : rest;
					}),
				}),
			},
			{ path: /^\/api\/partner\/$/ },
		);

	test('a quoted answer shows neither the token nor the Client ID, in any field', async () => {
		seedAccount(bed, { clients: 3 });
		partnersWithoutUrl(bed.sandbox);
		const result = await bed.run(check);
		expect(resultsOf(result.output).token_and_partner).toBe('differs');
		const quoted = evidenceOf(result.output).token_and_partner;
		expect(quoted).toMatch(/requested_by/);
		expect(quoted).toMatch(/\[redacted\]/);
		const token = bed.sandbox.issuedTokens[0];
		// the sandbox did echo them
		expect(JSON.stringify(bed.sandbox.requests.map((r) => r.response))).toContain(token);
		const shown = JSON.stringify(result.output.map(({ json }) => json));
		expect(shown).not.toContain(token);
		expect(shown).not.toContain(bed.sandbox.credentials.clientId);
		expectNoSecrets(bed, result.output);
		expectOnlyGets(bed);
	});
});

describe('Partner addresses without their final /', () => {
	const bed = useTestBed({ partnerUrlNoSlash: true });

	test('the node finds the only partner in them and works', async () => {
		const result = await bed.run({
			operation: 'create',
			organizationName: 'Slash Co',
			partner: { __rl: true, mode: 'list', value: '' },
		});
		expect(result.error).toBeUndefined();
		expect(bed.sandbox.clients()).toHaveLength(1);
		expect(bed.sandbox.received('/api/partner/')[0].response).toMatchObject({
			response: [
				{ url: `${bed.sandbox.baseUrl}/api/partner/${bed.sandbox.credentials.partnerMid}` },
			],
		});
	});
});
