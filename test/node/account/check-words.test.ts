/**
 * Account → Check speaks to the user: each row is a plain name, the result, what it means for
 * the workflows and what to do; the technical evidence is in `details` alone, its long MIDs
 * shortened. A row that differs says which setting to choose or where to report it.
 */
import type { IDataObject } from 'n8n-workflow';

import { description } from '../../../nodes/MakeLeaps/actions/account/check/check.operation';
import { useTestBed } from '../support/bed';
import {
	check,
	checkRows,
	IDS,
	idOf,
	resultsOf,
	rowOf,
	seedAccount,
} from '../support/checkAccount';
import { seedClient } from '../support/fixtures';

const REPORT = 'https://github.com/n8n-nodes-makeleaps/n8n-nodes-makeleaps/issues/new';
const COLUMNS = ['check', 'result', 'what_it_means', 'what_to_do', 'details'];
const PLAIN = ['check', 'what_it_means', 'what_to_do'];
/** What the API says and a user does not: its parameters, fields, paths, status codes, MIDs. */
const API_WORDS = /per_page|meta\.|expand=|\/api\/|\b[a-z]+_[a-z_]+\b|\bHTTP\b|\d{6,}/;

/** Every row flat, in the user's words, with its id and evidence in `details` only. */
function expectPlainRows(output: Array<{ json: IDataObject }>) {
	// a summary first, then one row per check
	expect(output.map(({ json }) => idOf(json))).toEqual(['summary', ...IDS]);
	const offending: string[] = [];
	for (const { json } of output) {
		expect(Object.keys(json)).toEqual(COLUMNS);
		for (const [column, value] of Object.entries(json)) {
			if (!['string', 'boolean', 'number'].includes(typeof value))
				offending.push(`${idOf(json)}.${column} is not flat`);
			// a MID in full is as long as 19 digits: every cell shows it shortened
			if (/\d{12,}/.test(String(value))) offending.push(`${idOf(json)}.${column} has a long ID`);
		}
		for (const column of PLAIN)
			if (API_WORDS.test(String(json[column])))
				offending.push(`${idOf(json)}.${column}: ${String(json[column])}`);
		const todo = String(json.what_to_do);
		if (json.result === 'held' && todo !== 'Nothing') offending.push(`${idOf(json)} held: ${todo}`);
		if (
			json.result === 'differs' &&
			!todo.startsWith('Choose another setting: ') &&
			!todo.includes(REPORT)
		)
			offending.push(`${idOf(json)} differs: ${todo}`);
		if (json.result !== 'held' && todo === 'Nothing')
			offending.push(`${idOf(json)} ${String(json.result)}: says Nothing`);
	}
	expect(offending).toEqual([]);
}

describe('Account → Check in the user words, on an account as the node guesses', () => {
	const bed = useTestBed();

	test('every row held: a plain name, what it means, "Nothing" to do, MIDs shortened in details', async () => {
		seedAccount(bed);
		const result = await bed.run(check);
		expectPlainRows(result.output);
		const rows = checkRows(result.output).map(({ json }) => json);
		expect(rows[1]).toMatchObject({
			check: 'Lists are read 100 records at a time',
			result: 'held',
		});
		const { partnerMid } = bed.sandbox.credentials;
		const partner = String(rows[0].details);
		expect(partner).toContain(`…${partnerMid.slice(-7)}`);
		expect(JSON.stringify(rows)).not.toContain(partnerMid);
	});

	test('an account without documents, then a wrong secret: could not tell, with what to do', async () => {
		seedClient(bed, 'CL-1');
		const empty = await bed.run(check);
		expectPlainRows(empty.output);
		expect(resultsOf(empty.output).pdf_form).toBe('could not tell');
		expect(empty.output[0].json).toMatchObject({
			result: 'could not tell',
			what_to_do:
				'Nothing needs doing now: the rows that could not tell say when to run Check again.',
		});
		expect(String(empty.output[0].json.what_it_means)).toMatch(
			/^21 checks: \d+ held, \d+ could not tell\. Not known yet: /,
		);

		const stored = bed.credentials.get('cred-1');
		bed.credentials.set('cred-1', { ...stored, clientSecret: 'not-the-secret' });
		const refused = await bed.run(check);
		expectPlainRows(refused.output);
		for (const { json } of refused.output) expect(json.what_to_do).toMatch(/^Run Check again/);
	});
});

describe('Account → Check in the user words, on a service that differs in many ways', () => {
	const bed = useTestBed({
		maxPageSize: 50,
		ignoreExpand: true,
		noContactUrl: true,
		clientFilter: 'url',
		ignoreFilters: ['document_type', 'date__gte'],
		templatePath: 'document_template',
		listLineItems: 'links',
		listOmits: [
			'client_external_id',
			'external_id',
			'is_accepted',
			'date_accepted',
			'is_confirmed',
			'date_confirmed',
			'is_converted',
			'date_converted',
		],
		tagFilter: 'mid',
		catalogItemNames: { unit_cost: 'cost' },
		pickupLinkField: '',
		uploadToStorage: true,
	});

	test('every row that differs says what goes wrong or costs more, and a setting or the link', async () => {
		seedAccount(bed);
		const result = await bed.run(check);
		expectPlainRows(result.output);
		expect(result.output[0].json).toMatchObject({ result: 'differs' });
		expect(String(result.output[0].json.what_it_means)).toMatch(
			/^21 checks: \d+ held, 17 differ(, \d+ could not tell)?\. Differs: Lists are read 100 records at a time; .*; and 14 more\.$/,
		);
		expect(String(result.output[0].json.what_to_do)).toMatch(/^Read the rows that say differs/);
		const differing = checkRows(result.output).filter(({ json }) => json.result === 'differs');
		expect(differing.map(({ json }) => idOf(json))).toEqual([
			'page_size',
			'expand_contacts',
			'contact_own_url',
			'client_filter_form',
			'document_type_filter',
			'date_filter',
			'tag_filter_form',
			'templates',
			'list_line_items',
			'catalog_item_fields',
			'client_list_keys',
			'document_list_keys',
			'accepted_fields',
			'confirmed_fields',
			'converted_fields',
			'attachment_upload',
			'pickup_link_address',
		]);
		for (const { json } of differing) expect(json.what_to_do).toContain(REPORT);
		expect(rowOf(result.output, 'client_list_keys').what_to_do).toMatch(
			/^Choose another setting: .*By ID/,
		);
		expect(rowOf(result.output, 'catalog_item_fields').what_to_do).toMatch(
			/^Choose another setting: give each line's Description, Rate \(Unit Price\) and Tax Rate in the row/,
		);
	});
});

describe('The notice of Account → Check', () => {
	test('says in plain words that it only reads, and where to report a "differs", with the link', () => {
		const notice = description.find((property) => property.name === 'checkNotice')!.displayName;
		expect(notice).toMatch(/only reads/);
		expect(notice).toMatch(/writes nothing/);
		expect(notice).toContain(`href="${REPORT}"`);
		expect(notice).not.toMatch(API_WORDS);
	});
});
