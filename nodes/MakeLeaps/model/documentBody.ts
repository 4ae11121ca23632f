/** A document as request bodies, from checked field values and lines. Pure. */
import type { IDataObject } from 'n8n-workflow';

import type { FieldValues } from './fields';
import { flagOn, LINE_FLAGS } from './lineItems';
import type { Changes } from './plans';
import { sameTagNames, splitTagNames } from './tags';

export interface DocumentReferences {
	type: string;
	clientUrl: string;
	contactUrl?: string;
	template?: string;
	lines: IDataObject[];
}

/** The create body: totals are left to MakeLeaps (`autocalculate`). */
export function documentBody(values: FieldValues, refs: DocumentReferences): IDataObject {
	const body: IDataObject = {
		document_type: refs.type,
		client: refs.clientUrl,
		autocalculate: true,
		lineitems: refs.lines,
	};
	if (refs.contactUrl) body.client_contact = refs.contactUrl;
	if (refs.template) body.document_template = refs.template;
	for (const [key, value] of Object.entries(values))
		body[key] = key === 'tags' ? splitTagNames(value) : value;
	return body;
}

/** What a row sets of a line, and what a change calls each: not what MakeLeaps computes. */
const LINE_FIELDS: Record<string, string> = {
	kind: 'type',
	description: 'description',
	quantity: 'quantity',
	unit_cost: 'unit price',
	tax_rate: 'tax rate',
	tax_type: 'tax type',
	quantity_unit: 'unit',
	has_jp_withholding_tax: 'withholding tax',
	is_tax_inclusive: 'tax inclusive',
};

/** The fields of a line that count, its amount only on a simple line (else MakeLeaps computes it). */
const lineFields = (line: IDataObject) =>
	String(line.kind ?? 'normal') === 'simple'
		? [...Object.keys(LINE_FIELDS), 'price']
		: Object.keys(LINE_FIELDS);

/**
 * A line's field as compared and shown: amounts without trailing zeros, a yes/no field yes or no
 * (a line sent without it is no, as MakeLeaps answers it).
 */
const lineValue = (line: IDataObject, key: string) =>
	LINE_FLAGS.includes(key)
		? flagOn(line, key)
			? 'yes'
			: 'no'
		: normalNumber(String(line[key] ?? ''));

/**
 * Fields a document's lines may be answered without: MakeLeaps' document list of 2019 (a public
 * recording) gives its lines no `tax_rate` or `tax_type`, the document one `tax_rate` of its own.
 * A field the answered line does not give at all cannot differ: it is taken as the row's, so an
 * unchanged document is not rewritten on every run.
 */
const UNTOLD_FIELDS = ['tax_rate', 'tax_type'];

/** The existing line with what it does not tell (UNTOLD_FIELDS) as the row's line gives it. */
function withUntold(line: IDataObject, wanted: IDataObject | undefined): IDataObject {
	if (!wanted || typeof line !== 'object' || line === null) return line;
	const untold = UNTOLD_FIELDS.filter((key) => line[key] === undefined && key in wanted);
	return untold.length === 0
		? line
		: { ...line, ...Object.fromEntries(untold.map((key) => [key, wanted[key]])) };
}

/** The comparable part of a line: what a row sets, not what MakeLeaps computes. */
function lineKey(line: IDataObject): string {
	return lineFields(line)
		.map((key) => lineValue(line, key))
		.join('|');
}

/** "1.50" and "1.5", "10.00" and "10" are the same amount. */
const normalNumber = (text: string) =>
	/^-?\d+\.\d+$/.test(text) ? text.replace(/\.?0+$/, '') : text;

/**
 * How an existing document differs from what a row asks for: the PATCH body that brings it in
 * line (new lines are totalled by MakeLeaps), and each changed field before and after.
 */
export function documentChanges(
	wanted: IDataObject,
	existing: IDataObject,
): { patch: IDataObject; changes: Changes } {
	const patch: IDataObject = {};
	const changes: Changes = {};
	const change = (key: string, from: unknown, to: IDataObject[keyof IDataObject]) => {
		patch[key] = to;
		changes[key] = { from, to };
	};
	for (const [key, value] of Object.entries(wanted)) {
		if (key === 'lineitems' || key === 'autocalculate' || key === 'document_type') continue;
		if (key === 'tags') {
			// the same tags, in any order and case: nothing to change
			const before = existing.tags ?? [];
			if (!sameTagNames(value, before)) change('tags', before, value);
			continue;
		}
		const before = existing[key] ?? '';
		if (typeof value === 'string' && value !== before) change(key, before, value);
	}
	const before = (existing.lineitems as IDataObject[] | undefined) ?? [];
	const lines = wanted.lineitems as IDataObject[];
	const told = before.map((line, i) => withUntold(line, lines[i]));
	if (JSON.stringify(lines.map(lineKey)) !== JSON.stringify(told.map(lineKey))) {
		change('lineitems', before, lines);
		patch.autocalculate = true;
	}
	return { patch, changes };
}

/** Lines a side, at most, aligned by their descriptions; a longer document pairs lines by place. */
const MAX_ALIGNED = 200;

/** What tells a line before from a line after, in turn: its description, then its amount. */
const LINE_MARKS: Array<(line: IDataObject) => string> = [
	(line) => String(line.description || line.kind || '').trim(),
	(line) => lineValue(line, String(line.kind ?? 'normal') === 'simple' ? 'price' : 'unit_cost'),
];

/**
 * The longest run of equal marks the two lists share, in order (a longest common subsequence):
 * the pairs of indexes that stay the same line.
 */
function commonRun(from: string[], to: string[]): Array<[number, number]> {
	const rows = Array.from({ length: from.length + 1 }, () => new Uint16Array(to.length + 1));
	for (let i = from.length - 1; i >= 0; i--)
		for (let j = to.length - 1; j >= 0; j--)
			rows[i][j] =
				from[i] === to[j] ? rows[i + 1][j + 1] + 1 : Math.max(rows[i + 1][j], rows[i][j + 1]);
	const pairs: Array<[number, number]> = [];
	for (let [i, j] = [0, 0]; i < from.length && j < to.length; ) {
		if (from[i] === to[j]) pairs.push([i++, j++]);
		else if (rows[i + 1][j] >= rows[i][j + 1]) i++;
		else j++;
	}
	return pairs;
}

/**
 * Which line before each line after is (an index in `from`, or undefined: added), written into
 * `pairedWith` from `at`: lines with the same description pair up in order (commonRun); between
 * two such pairs, those with the same amount; the rest by place. So a line inserted reads as
 * added and the lines around it as themselves. A document of more lines pairs them by place.
 */
function alignLines(
	from: IDataObject[],
	to: IDataObject[],
	pairedWith: Array<number | undefined>,
	at = { from: 0, to: 0 },
	marks = LINE_MARKS,
): void {
	const [mark, ...finer] = marks;
	const marked = marks.length > 0;
	const small = from.length <= MAX_ALIGNED && to.length <= MAX_ALIGNED;
	const anchors = marked && small ? commonRun(from.map(mark), to.map(mark)) : [];
	let [i, j] = [0, 0];
	for (const [a, b] of [...anchors, [from.length, to.length] as [number, number]]) {
		const gap = { from: from.slice(i, a), to: to.slice(j, b) };
		const place = { from: at.from + i, to: at.to + j };
		if (marked) alignLines(gap.from, gap.to, pairedWith, place, finer);
		else for (let k = 0; k < Math.min(a - i, b - j); k++) pairedWith[place.to + k] = place.from + k;
		if (a < from.length) pairedWith[at.to + b] = at.from + a;
		[i, j] = [a + 1, b + 1];
	}
}

/** Which line before each line after is (alignLines). */
function alignedLines(from: IDataObject[], to: IDataObject[]): Array<number | undefined> {
	const pairedWith: Array<number | undefined> = to.map(() => undefined);
	alignLines(from, to, pairedWith);
	return pairedWith;
}

/**
 * How the lines changed, one text a line, numbered as the document has them after the change
 * (`line 2 Travel: unit price 15000 → 18000`, `line 3 added: Taxi`; a removed line by its number
 * before). Lines the same in both are left out, even when moved; the others are aligned
 * (alignedLines), so an inserted line reads `line 2 added: Taxi`. `show` turns a value into its
 * text.
 */
export function lineChanges(before: unknown, after: unknown, show: (value: unknown) => string) {
	const from = Array.isArray(before) ? (before as IDataObject[]) : [];
	const to = Array.isArray(after) ? (after as IDataObject[]) : [];
	const fromKeys = from.map(lineKey);
	const kept = new Set<number>();
	const changed = to
		.map((line, index) => ({ line, index }))
		.filter(({ line }) => {
			const same = fromKeys.findIndex((key, i) => key === lineKey(line) && !kept.has(i));
			if (same >= 0) kept.add(same);
			return same < 0;
		});
	const left = from.map((line, index) => ({ line, index })).filter(({ index }) => !kept.has(index));
	const pairs = alignedLines(
		left.map(({ line }) => line),
		changed.map(({ line }) => line),
	);
	const name = (line: IDataObject) => show(line.description || line.kind);
	const texts = changed.map(({ line, index }, n) => {
		const old = pairs[n] === undefined ? undefined : left[pairs[n]].line;
		if (old === undefined) return `line ${index + 1} added: ${name(line)}`;
		const fields = lineFields({ ...old, ...line })
			.filter((key) => lineValue(old, key) !== lineValue(line, key))
			.map(
				(key) =>
					`${LINE_FIELDS[key] ?? 'amount'} ${show(lineValue(old, key))} → ${show(lineValue(line, key))}`,
			);
		return `line ${index + 1} ${name(old)}: ${fields.join(', ')}`;
	});
	const paired = new Set(pairs);
	const removed = left.filter((_, k) => !paired.has(k));
	return [
		...texts,
		...removed.map(({ line, index }) => `line ${index + 1} removed: ${name(line)}`),
	];
}
