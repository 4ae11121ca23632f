/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev code: reads the Markdown files of this repository */
/**
 * docs/operations.md names a document's fields and columns as the document field table gives
 * them (model/documentFields.ts): Simplify's Document columns and Get Many's, the fields of
 * Create, the Update Fields and the fields Convert keeps. A field added to the table and not to
 * the page fails here, naming it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { documentFields, fieldsOn } from '../../../nodes/MakeLeaps/model/documentFields';
import { DOCUMENT_COLUMNS } from '../../../nodes/MakeLeaps/model/simplify';

const page = readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'operations.md'), 'utf8');
/** The page's prose on one line, however its paragraphs are wrapped. */
const prose = page.replace(/[ \n]+/g, ' ');

/** A Markdown text without its links' targets and without anything in parentheses. */
function bare(text: string): string {
	let plain = text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\s+/g, ' ');
	while (/\([^()]*\)/.test(plain)) plain = plain.replace(/\([^()]*\)/g, '');
	return plain;
}

/** The names in backticks of a text, those in parentheses (their explanations) aside. */
const coded = (text: string) => [...bare(text).matchAll(/`([a-z_]+)`/g)].map((match) => match[1]);

/** The names of a list written "A, B and C" or "A, B, C", those in parentheses aside. */
const listed = (text: string) =>
	bare(text)
		.split(/,| and /)
		.map((name) => name.trim())
		.filter(Boolean);

/** The text between `start` and `end` (after `start`, from `from`); fails naming `start`. */
function between(start: string, end: string, from = 0, text = page): string {
	const at = text.indexOf(start, from);
	if (at < 0) throw new Error(`docs/operations.md has no "${start}"`);
	const stop = text.indexOf(end, at + start.length);
	return text.slice(at + start.length, stop < 0 ? undefined : stop);
}

const sorted = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b));
const labels = (specs: Array<{ displayName: string }>) => specs.map((spec) => spec.displayName);

describe('docs/operations.md and the document field table', () => {
	test("Simplify's Document columns are the row's, in its order", () => {
		expect(coded(between('| Document | ', '\n'))).toEqual(DOCUMENT_COLUMNS);
	});

	test("Get Many's Simplify columns are the same", () => {
		const getMany = prose.indexOf('## Document → Get, Get Many');
		const text = between(
			'**Simplify** (default on) gives one item per document with',
			' the Document columns',
			getMany,
			prose,
		);
		expect(coded(text)).toEqual(DOCUMENT_COLUMNS);
	});

	test("Create's fields: every field of its table, the main ones in rows, the others in Additional Fields", () => {
		const create = between('## Document → Create\n', '\n## ');
		const rows = [...create.matchAll(/^\| ([^|]+) \|/gm)].flatMap((match) => listed(match[1]));
		const table = fieldsOn('create');
		const main = table.fields.filter((spec) => spec.section === 'main');
		for (const name of labels(main)) expect([name, rows.includes(name)]).toEqual([name, true]);
		const additional = listed(
			between('| Additional Fields | ', ' |\n', page.indexOf('## Document → Create\n')),
		);
		expect(sorted(additional)).toEqual(
			sorted(labels(table.fields.filter((s) => s.section === 'additional'))),
		);
	});

	test('the Update Fields are those Update shows', () => {
		const update = between('with only what you set: **Update Fields** (', ':', 0, prose);
		expect(sorted(listed(update))).toEqual(sorted(labels(fieldsOn('update').fields)));
	});

	test('Convert names the fields it keeps', () => {
		const kept = between('the fields it keeps (', ')', 0, prose);
		expect(sorted(listed(kept))).toEqual(
			sorted(labels(documentFields.fields.filter((s) => s.kept))),
		);
	});
});
