/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev code: reads docs/known-guesses.md */
/**
 * Account → Check in the user's words: every check's every answer is plain, says what to do,
 * and is named in docs/known-guesses.md; the details keep the evidence with long IDs shortened.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { CheckResult } from '../../../nodes/MakeLeaps/actions/account/check/verdicts';
import {
	CHECK_WORDS,
	REPORT_URL,
	rowDetails,
	rowWords,
	type CheckId,
} from '../../../nodes/MakeLeaps/words/check';
import { CHECKS } from '../../../nodes/MakeLeaps/actions/account/check/checks';

/** What the API says and a user does not: its parameters, fields, paths, status codes, MIDs. */
const API_WORDS = /per_page|meta\.|expand=|\/api\/|\b[a-z]+_[a-z_]+\b|\bHTTP\b|\d{6,}/;
const IDS = Object.keys(CHECK_WORDS) as CheckId[];
const ANSWERS: Array<[CheckResult, boolean]> = [
	['held', false],
	['differs', false],
	['could not tell', false],
	['could not tell', true],
];

describe('Account → Check in the user words', () => {
	test('every check run has its words, in the same order', () => {
		expect(CHECKS.map((check) => check.id)).toEqual(IDS);
	});

	test('every answer is plain: a name, one sentence of meaning, what to do; a difference is reported', () => {
		const offending: string[] = [];
		for (const id of IDS)
			for (const [result, readFailed] of ANSWERS) {
				const row = rowWords(id, result, readFailed);
				const said = `${id} ${result}${readFailed ? ' (read failed)' : ''}`;
				for (const text of [row.check, row.what_it_means, row.what_to_do])
					if (API_WORDS.test(text)) offending.push(`${said}: ${text}`);
				if (!/^[^.]*[^.\s]\.$/.test(row.what_it_means.replace(/e\.g\./g, '')))
					offending.push(`${said} is not one sentence: ${row.what_it_means}`);
				if ((result === 'held') !== (row.what_to_do === 'Nothing'))
					offending.push(`${said}: ${row.what_to_do}`);
				if (result === 'differs' && !row.what_to_do.includes(`${REPORT_URL}, with this row.`))
					offending.push(`${said} gives no link: ${row.what_to_do}`);
			}
		expect(offending).toEqual([]);
	});

	test('docs/known-guesses.md names every check as the rows do', () => {
		const page = readFileSync(
			path.join(__dirname, '..', '..', '..', 'docs', 'known-guesses.md'),
			'utf8',
		);
		expect(IDS.filter((id) => !page.includes(CHECK_WORDS[id].name))).toEqual([]);
	});
});

describe("A row's details", () => {
	test('start with the check id, on one line, each MID shortened to its last 7 digits', () => {
		expect(
			rowDetails(
				'contact_own_url',
				'/api/partner/1734479364211706503/contact/1734479364211706999/\n answered   HTTP 404 on 2026-10-01',
			),
		).toBe(
			'contact_own_url: /api/partner/…1706503/contact/…1706999/ answered HTTP 404 on 2026-10-01',
		);
	});

	test('are cut to 400 characters', () => {
		const details = rowDetails('templates', 'x'.repeat(1000));
		expect(details).toHaveLength(400);
		expect(details.endsWith('…')).toBe(true);
	});
});
