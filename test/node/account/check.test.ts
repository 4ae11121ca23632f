/**
 * Account → Check against the sandbox playing the service both ways: as the node guesses it
 * (every check held) and, switch by switch, as it may differ (exactly the matching check differs).
 * A check whose read fails cannot tell, and the others still run. Only GETs are ever sent.
 */
import type { SandboxOptions } from '../../../sandbox/server';
import { useTestBed } from '../support/bed';
import {
	allHeld,
	check,
	DOCUMENT_CHECKS,
	evidenceOf,
	expectOnlyGets,
	IDS,
	checkRows,
	idOf,
	resultsOf,
	seedAccount,
} from '../support/checkAccount';
import { seedClient } from '../support/fixtures';

describe('Account → Check against a service that is as the node guesses', () => {
	const bed = useTestBed();

	test('every check holds, each item flat with its details; only GETs, about 21 of them', async () => {
		seedAccount(bed);
		const result = await bed.run({ ...check, partner: { __rl: true, mode: 'list', value: '' } });
		expect(result.error).toBeUndefined();
		// first a summary: whether anything needs doing
		expect(result.output.map((item) => idOf(item.json))).toEqual(['summary', ...IDS]);
		expect(result.output[0].json).toEqual({
			check: 'Summary: does anything need doing?',
			result: 'held',
			what_it_means: `All ${IDS.length} checks held: the node works with your account as it expects.`,
			what_to_do: 'Nothing',
			details: `summary: ${IDS.length} held`,
		});
		expect(resultsOf(result.output)).toEqual(allHeld);
		const evidence = evidenceOf(result.output);
		for (const { json, pairedItem } of checkRows(result.output)) {
			expect(Object.keys(json)).toEqual([
				'check',
				'result',
				'what_it_means',
				'what_to_do',
				'details',
			]);
			for (const value of Object.values(json)) expect(typeof value).toBe('string');
			expect(evidence[idOf(json)].length).toBeGreaterThan(10);
			expect(pairedItem).toEqual({ item: 0 });
		}
		expect(evidence.pdf_form).toMatch(/came as the file itself \(a PDF of/);
		expect(evidence.client_filter_form).toMatch(/by MID applied .*by address applied/);
		expect(evidence.line_item_shape).toMatch(/unit_cost/);
		expect(evidence.templates).toMatch(
			/; with Template empty a new invoice is sent ja_JP_2 \(the first listed: none is marked default\)$/,
		);
		expect(evidence.tag_filter_form).toMatch(
			/^Tags "(Monthly", "Web|Web", "Monthly)" of document 000\d \(…\d{7}\) and document 000\d \(…\d{7}\): by name applied \(2 documents, all with the tag\)$/,
		);
		expect(evidence.accepted_fields).toBe(
			'All 3 documents of the first page give is_accepted and date_accepted (0 marked)',
		);
		expect(evidence.confirmed_fields).toBe(
			'All 3 documents of the first page give is_confirmed and date_confirmed (0 marked)',
		);
		expect(evidence.converted_fields).toBe(
			'All 3 documents of the first page give is_converted and date_converted (0 marked)',
		);
		expect(evidence.catalog_item_fields).toBe(
			'1 item of the catalog, each with code, description, unit_cost, tax_rate',
		);
		// the newest document has no pickup link: the one before it is read too
		expect(evidence.pickup_link_address).toMatch(
			/^1 pickup link of document 0001 \(…\d{7}\), each with its address in url$/,
		);
		expectOnlyGets(bed);
		expect(bed.sandbox.received('/api/').length).toBeLessThanOrEqual(23);
	});

	test('an account with no documents: the document checks cannot tell, and say why', async () => {
		seedClient(bed, 'CL-1');
		seedClient(bed, 'CL-2');
		const result = await bed.run(check);
		const results = resultsOf(result.output);
		// two clients, each with an external ID: no page limit and no empty key to see either
		const cannotTell = [
			...DOCUMENT_CHECKS,
			'page_size',
			'client_list_keys',
			'catalog_item_fields',
			'attachment_upload',
		];
		for (const id of IDS)
			expect([id, results[id]]).toEqual([id, cannotTell.includes(id) ? 'could not tell' : 'held']);
		expect(evidenceOf(result.output).pdf_form).toBe('The account has no documents to look at');
		expectOnlyGets(bed);
	});

	test('a read that fails (503, 400) cannot tell; every other check still runs and holds', async () => {
		seedAccount(bed);
		bed.sandbox.injectFault({ kind: 'status', status: 503 }, { path: /\/template\/invoice\/$/ });
		bed.sandbox.injectFault(
			{ kind: 'status', status: 400, contentType: 'application/json', body: '{"detail": "Bad"}' },
			{ path: /\/contact\/\d+\/$/ },
		);
		const result = await bed.run(check, [{}], { limits: { serverRetries: 0 } });
		expect(result.error).toBeUndefined();
		expect(resultsOf(result.output)).toEqual({
			...allHeld,
			templates: 'could not tell',
			contact_own_url: 'could not tell',
		});
		const evidence = evidenceOf(result.output);
		expect(evidence.templates).toMatch(/503/);
		expect(evidence.contact_own_url).toMatch(/400|refused/);
		expectOnlyGets(bed);
	});

	test('the first page of documents fails: every check that needs a document cannot tell, the rest hold', async () => {
		seedAccount(bed);
		bed.sandbox.injectFault({ kind: 'status', status: 503 }, { path: /\/document\/$/ });
		const result = await bed.run(check, [{}], { limits: { serverRetries: 0 } });
		const expected = Object.fromEntries(
			IDS.map((id) => [id, DOCUMENT_CHECKS.includes(id) ? 'could not tell' : 'held']),
		);
		expect(resultsOf(result.output)).toEqual(expected);
	});

	test('a partner list without the partner addresses differs', async () => {
		seedAccount(bed);
		bed.sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => ({ ...body, response: [{ name: 'Sandbox Trading Co., Ltd.' }] }),
			},
			{ path: /^\/api\/partner\/$/ },
		);
		const result = await bed.run(check);
		expect(resultsOf(result.output)).toEqual({ ...allHeld, token_and_partner: 'differs' });
	});

	test('a PDF redirected to plain http elsewhere differs: the node would refuse it', async () => {
		seedAccount(bed);
		bed.sandbox.injectFault(
			{ kind: 'redirect', location: 'http://storage.example.com/files/1.pdf?signature=abc' },
			{ path: /\/pdf\/$/ },
		);
		const result = await bed.run(check);
		expect(resultsOf(result.output)).toEqual({ ...allHeld, pdf_form: 'differs' });
		const pdf = evidenceOf(result.output).pdf_form;
		expect(pdf).toMatch(/redirect .*storage\.example\.com/);
		expect(pdf).not.toMatch(/signature/);
	});

	test('a wrong client secret: every check cannot tell, and the run still ends with one item per check', async () => {
		seedAccount(bed);
		const stored = bed.credentials.get('cred-1');
		bed.credentials.set('cred-1', { ...stored, clientSecret: 'not-the-secret' });
		const result = await bed.run(check);
		expect(result.error).toBeUndefined();
		expect(resultsOf(result.output)).toEqual(
			Object.fromEntries(IDS.map((id) => [id, 'could not tell'])),
		);
		expect(bed.sandbox.received('/api/')).toEqual([]);
		// the refused exchange is not repeated by the later checks
		expect(bed.sandbox.received('/user/oauth2/token/')).toHaveLength(1);
	});
});

/** Each way the service may differ: the sandbox switch, the check that reports it, extra clients. */
const DIFFERING: Array<[string, SandboxOptions, string]> = [
	['lists give at most 50 a page', { maxPageSize: 50 }, 'page_size'],
	[
		'lists give at most 20 a page, without meta.count but with meta.next',
		{ maxPageSize: 20, omitCount: true },
		'page_size',
	],
	['lists answer without meta.next', { omitNext: true }, 'next_page_link'],
	['expand is ignored', { ignoreExpand: true }, 'expand_contacts'],
	['contacts do not answer at their own URL', { noContactUrl: true }, 'contact_own_url'],
	['the client filter takes only the URL', { clientFilter: 'url' }, 'client_filter_form'],
	['the client filter is ignored', { ignoreFilters: ['client'] }, 'client_filter_form'],
	[
		'the client filter is answered with an empty page',
		{ emptyFilters: ['client'] },
		'client_filter_form',
	],
	['document_type is ignored', { ignoreFilters: ['document_type'] }, 'document_type_filter'],
	['date__gte is ignored', { ignoreFilters: ['date__gte'] }, 'date_filter'],
	['templates live elsewhere', { templatePath: 'document_template' }, 'templates'],
	[
		'line items name unit_cost otherwise',
		{ lineItemNames: { unit_cost: 'unit_price' } },
		'line_item_shape',
	],
	[
		'the computed price is named otherwise',
		{ lineItemNames: { price: 'amount' } },
		'line_item_shape',
	],
	['the list gives no line items', { listLineItems: 'empty' }, 'list_line_items'],
	['the list gives line items as links', { listLineItems: 'links' }, 'list_line_items'],
	[
		'the client list leaves out client_external_id',
		{ listOmits: ['client_external_id'] },
		'client_list_keys',
	],
	[
		'the document list leaves out external_id',
		{ listOmits: ['external_id'] },
		'document_list_keys',
	],
	['the tags filter takes MIDs, not names', { tagFilter: 'mid' }, 'tag_filter_form'],
	['the tags filter is ignored', { ignoreFilters: ['tags'] }, 'tag_filter_form'],
	['the tags filter reads a comma as AND', { tagFilterJoin: 'and' }, 'tag_filter_form'],
	[
		'the document list gives neither is_accepted nor date_accepted',
		{ listOmits: ['is_accepted', 'date_accepted'] },
		'accepted_fields',
	],
	[
		'the document list gives neither is_confirmed nor date_confirmed',
		{ listOmits: ['is_confirmed', 'date_confirmed'] },
		'confirmed_fields',
	],
	[
		'the document list gives neither is_converted nor date_converted',
		{ listOmits: ['is_converted', 'date_converted'] },
		'converted_fields',
	],
	[
		'catalog items give their price under a name the node does not read',
		{ catalogItemNames: { unit_cost: 'cost' } },
		'catalog_item_fields',
	],
	['catalog items give no code', { catalogItemOmits: ['code'] }, 'catalog_item_fields'],
	[
		'pickup links give their address under a name the node does not read',
		{ pickupLinkField: 'address' },
		'pickup_link_address',
	],
	['pickup links give no address', { pickupLinkField: '' }, 'pickup_link_address'],
	[
		"a file item's upload_url is a storage address outside the Base URL",
		{ uploadToStorage: true },
		'attachment_upload',
	],
];

describe.each(DIFFERING)('Account → Check when %s', (_name, options, differing) => {
	const bed = useTestBed(options);

	test(`${differing} differs, with its details; every other check holds; only GETs`, async () => {
		seedAccount(bed);
		const result = await bed.run(check);
		expect(result.error).toBeUndefined();
		expect(resultsOf(result.output)).toEqual({ ...allHeld, [differing]: 'differs' });
		expect(evidenceOf(result.output)[differing]).not.toBe('');
		expectOnlyGets(bed);
	});
});

/** Services that differ from the sandbox's defaults in ways the node's guess allows. */
const HOLDING: Array<[string, SandboxOptions, string, RegExp]> = [
	[
		'the client filter takes only the MID',
		{ clientFilter: 'mid' },
		'client_filter_form',
		/by MID applied \(2 documents, all the client.s\); by address refused \(HTTP 400/,
	],
	[
		'PDFs come through a redirect to storage',
		{ pdfRedirect: true },
		'pdf_form',
		/came as a redirect to http:\/\/127\.0\.0\.1:\d+\/…, fetched without the token/,
	],
	[
		'partner addresses end without their final /',
		{ partnerUrlNoSlash: true },
		'token_and_partner',
		/partner …\d{7} answers at its own address/,
	],
	[
		'documents give date_accepted alone (the old guess)',
		{ guessedMarks: 'dates' },
		'accepted_fields',
		/^All 3 documents of the first page give date_accepted \(0 marked\)$/,
	],
	[
		'documents give the yes/no accepted alone (the old guess)',
		{ guessedMarks: 'yesNo' },
		'accepted_fields',
		/^All 3 documents of the first page give accepted \(0 marked\)$/,
	],
	[
		'catalog items give their price as price',
		{ catalogItemNames: { unit_cost: 'price' } },
		'catalog_item_fields',
		/^1 item of the catalog, each with code, description, price, tax_rate$/,
	],
	[
		'pickup links give their address as pickup_url',
		{ pickupLinkField: 'pickup_url' },
		'pickup_link_address',
		/^1 pickup link of document 0001 \(…\d{7}\), each with its address in pickup_url$/,
	],
	[
		'lists give 100 a page, without meta.count',
		{ omitCount: true },
		'page_size',
		/^Asked for 100 clients a page, got 100, and meta.next links a next page$/,
	],
];

describe.each(HOLDING)('Account → Check when %s', (_name, options, id, evidence) => {
	const bed = useTestBed(options);

	test(`every check holds; ${id} says how`, async () => {
		seedAccount(bed);
		const result = await bed.run(check);
		expect(resultsOf(result.output)).toEqual(allHeld);
		expect(evidenceOf(result.output)[id]).toMatch(evidence);
		expectOnlyGets(bed);
	});
});
