/**
 * The advice of a stopped Document → Create with Group Rows By counts documents: it names whole
 * groups by their value, never a row of a group already made, and following it word for word
 * (running again exactly the rows it names, in the state the stopped run left) makes every
 * group's document once, with all its lines. A property over group layouts (contiguous and
 * interleaved), numbers given (items in flight) or not, and failures at any create (refused,
 * refused with the answer in doubt, lost after it was made); and the cases the property found.
 * FC_RUNS sets the number of cases (40 by default), FC_SEED the seed.
 */
import fc from 'fast-check';
import type { IDataObject, INodeParameterResourceLocator, INodeParameters } from 'n8n-workflow';

import type { RunResult } from '../../../dev/harness/engine';
import type { TestBed } from '../support/bed';
import { useTestBed } from '../support/bed';
import { propertyRuns } from '../support/cases';
import { byId } from '../support/fixtures';
import { FASTEST, ownPartner } from '../support/upserts';

const GROUPS = ['A', 'B', 'C', 'D'];

/** A row of the sheet: its group ('' for a row that is its own document) and its line. */
interface SheetRow {
	group: string;
	number: string;
	description: string;
}

/** A row on the case's client. */
type Row = SheetRow & { client: string };

const create = (partner: INodeParameterResourceLocator): INodeParameters => ({
	resource: 'document',
	operation: 'create',
	partner,
	documentType: 'invoice',
	client: byId('={{ $json.client }}'),
	documentNumber: '={{ $json.number }}',
	date: '2026-11-30',
	lineItems: {
		line: [{ description: '={{ $json.description }}', quantity: 1, unitPrice: 1000, taxRate: 10 }],
	},
	options: { ...FASTEST, groupBy: '={{ $json.group }}' },
});

const DOCUMENT_POST = { method: 'POST', path: /\/document\/$/ };

/** How a create fails: refused for sure, refused with the answer in doubt, made but its answer lost. */
type Failure = 'refused' | 'unsure' | 'lost';

const FAULTS = {
	refused: {
		kind: 'status',
		status: 400,
		contentType: 'application/json',
		body: JSON.stringify({ title: ['This title is not accepted.'] }),
	},
	unsure: { kind: 'status', status: 503 },
	lost: { kind: 'resetAfter' },
} as const;

/** The document creates numbered `at` fail so (the others go through). */
function failCreates(bed: TestBed, failures: Array<{ at: number; how: Failure }>) {
	let next = 0;
	for (const { at, how } of [...failures].sort((a, b) => a.at - b.at)) {
		for (; next < at; next++) bed.sandbox.injectFault({ kind: 'delay', ms: 0 }, DOCUMENT_POST);
		bed.sandbox.injectFault(FAULTS[how], DOCUMENT_POST);
		next++;
	}
}

/** The documents a sheet means: each group's rows, and each row without a group alone. */
function documentsOf(rows: Row[]): Map<string, Row[]> {
	const documents = new Map<string, Row[]>();
	rows.forEach((row, i) => {
		const key = row.group ? `group ${row.group}` : `item ${i}`;
		documents.set(key, [...(documents.get(key) ?? []), row]);
	});
	return documents;
}

/** Item numbers in a text (`items 4, 7 and 9 to 11`), as words/stops.ts writes them. */
function itemsIn(text: string): number[] {
	const words = /\bitems? (\d[\d, to and]*)/i.exec(text)?.[1];
	if (words === undefined) return [];
	return words
		.split(/, | and /)
		.flatMap((part) => {
			const [from, to = from] = part.split(' to ').map(Number);
			return Array.from({ length: to - from + 1 }, (_, k) => from + k);
		})
		.filter((item) => !Number.isNaN(item));
}

/** What a sentence of the advice names: groups by their value, items by number. */
function named(sentence: string) {
	const groups = [...sentence.matchAll(/"(?:[^"\\]|\\.)*"/g)].map(
		(quoted) => JSON.parse(quoted[0]) as string,
	);
	const from = /every group whose first row is item (\d+) \(row \d+\) or later/.exec(sentence)?.[1];
	const rest = sentence
		.replace(/"(?:[^"\\]|\\.)*"/g, '')
		.replace(/every group whose first row is item \d+ \(row \d+\) or later/, '')
		.replace(/\([^)]*\)/g, '');
	return { groups, from: from === undefined ? undefined : Number(from), items: itemsIn(rest) };
}

/** The rows a part of the advice names, in input order. */
function rowsNamed(rows: Row[], part: ReturnType<typeof named>): number[] {
	const firstRow = new Map<string, number>();
	rows.forEach((row, i) => {
		if (row.group && !firstRow.has(row.group)) firstRow.set(row.group, i);
	});
	// an item named by its number is run again, in a group or not
	return rows
		.map((row, i) => i)
		.filter((i) => {
			const { group } = rows[i];
			if (part.items.includes(i)) return true;
			if (!group) return false;
			return (
				part.groups.includes(group) ||
				(part.from !== undefined && firstRow.get(group)! >= part.from)
			);
		});
}

/** Lines of the partner's documents, each document as its descriptions. */
const linesHeld = (bed: TestBed, partnerMid: string) =>
	bed.sandbox
		.documentsOf(partnerMid)
		.map((d) => d.lineitems.map((line) => String(line.description)));

/**
 * The rows a stop's advice says to run again, taken word for word: those it names, and of those
 * it says to look for first, the ones whose document is not there (looked for by its lines).
 */
function rowsToRunAgain(bed: TestBed, partnerMid: string, rows: Row[], description: string) {
	const sentences = description.split(/(?<=\.) /);
	const again = sentences.find((s) => s.startsWith('Run again only'));
	const look = sentences.find((s) => / may have made (its|their) document: look for/.test(s));
	const chosen = new Set(again ? rowsNamed(rows, named(again)) : []);
	if (look) {
		const held = linesHeld(bed, partnerMid).map((lines) => lines.join('\n'));
		const checked = rowsNamed(rows, named(look.split(' may have made')[0]));
		for (const [, document] of documentsOf(rows)) {
			const items = document.map((row) => rows.indexOf(row));
			const lines = document.map((row) => row.description).join('\n');
			if (items.some((i) => checked.includes(i)) && !held.includes(lines))
				for (const i of items) chosen.add(i);
		}
	}
	return [...chosen].sort((a, b) => a - b);
}

/** Every document of the sheet once, with all its lines in row order, and nothing else. */
function expectEachDocumentOnce(bed: TestBed, partnerMid: string, rows: Row[]) {
	const expected = [...documentsOf(rows).values()].map((document) =>
		document.map((row) => row.description),
	);
	const sorted = (lists: string[][]) => lists.map((l) => l.join(' + ')).sort();
	expect(sorted(linesHeld(bed, partnerMid))).toEqual(sorted(expected));
}

/** A sheet: rows of groups A to D or of none, interleaved or one group after the other. */
const sheet = fc
	.record({
		groups: fc.array(fc.constantFrom('', ...GROUPS), { minLength: 1, maxLength: 9 }),
		contiguous: fc.boolean(),
		numbered: fc.boolean(),
	})
	.map(({ groups, contiguous, numbered }) => {
		const order = contiguous
			? [...groups].sort((a, b) => (a || 'Z').localeCompare(b || 'Z'))
			: groups;
		return order.map(
			(group, i): SheetRow => ({
				group,
				number: numbered ? `N-${group || `row${i}`}` : '',
				description: `Line ${i}`,
			}),
		);
	});

const failures = fc.array(
	fc.record({
		at: fc.nat(8),
		how: fc.constantFrom<Failure>('refused', 'refused', 'unsure', 'lost'),
	}),
	{ minLength: 1, maxLength: 2 },
);

describe('The advice of a stopped Create with Group Rows By', () => {
	const bed = useTestBed();

	/** A partner and a client of its own for one case, and the rows on that client. */
	function setUp(n: number, sheetRows: Array<SheetRow>) {
		const partner = ownPartner(bed, n);
		const client = bed.sandbox.seedClient(
			{ client_external_id: `C-${n}`, contacts: [{ contact_type: 'organization', name: 'Co' }] },
			partner.partnerMid,
		).mid;
		const rows = sheetRows.map((row) => ({ ...row, client }));
		const run = async (items: Row[]) =>
			await bed.run(create(partner.locator), items as unknown as IDataObject[], {
				credentialId: partner.credentialId,
			});
		return { partnerMid: partner.partnerMid, rows, run };
	}

	/** Runs the sheet under the failures, follows the advice, and checks every document. */
	async function followAdvice(
		n: number,
		sheetRows: Array<SheetRow>,
		fails: Array<{ at: number; how: Failure }>,
		log?: fc.ContextValue,
	): Promise<RunResult> {
		const { partnerMid, rows, run } = setUp(n, sheetRows);
		failCreates(bed, fails);
		const first = await run(rows);
		bed.sandbox.clearFaults();
		const description = first.error?.description ?? '';
		log?.log(`${first.error?.message}\n${description}`);
		if (first.error) {
			const advised = /Run again only|may have made/.test(description);
			// no advice: the run made nothing, and running it all again is safe
			if (!advised) expect(linesHeld(bed, partnerMid)).toEqual([]);
			const again = advised
				? rowsToRunAgain(bed, partnerMid, rows, description)
				: rows.map((_, i) => i);
			log?.log(`again: ${JSON.stringify(again)}`);
			if (again.length > 0) {
				const second = await run(again.map((i) => rows[i]));
				expect(second.error?.message).toBeUndefined();
			}
		}
		expectEachDocumentOnce(bed, partnerMid, rows);
		return first;
	}

	test('property: following the advice word for word makes each document once, with all its lines', async () => {
		let n = 0;
		await fc.assert(
			fc.asyncProperty(sheet, failures, fc.context(), async (sheetRows, fails, log) => {
				await followAdvice(++n, sheetRows, fails, log);
			}),
			propertyRuns(40),
		);
	}, 240000);

	const row = (group: string, i: number, numbered = false): SheetRow => ({
		group,
		number: numbered ? `N-${group || `row${i}`}` : '',
		description: `Line ${i}`,
	});

	test('no numbers, stopped at the second group: the advice names groups, never the second row of one made', async () => {
		// A, B, A, C, C: A is made, B's create is refused; the third row belongs to A
		const rows = ['A', 'B', 'A', 'C', 'C'].map((group, i) => row(group, i));
		const first = await followAdvice(1, rows, [{ at: 1, how: 'refused' }]);
		expect(first.error?.description).toContain(
			'Run again only these rows (the failed ones and those not started): every row of groups "B" and "C" (Group Rows By).',
		);
	});

	test('numbers given, items in flight: a failed group is named whole, its second row with it', async () => {
		// A, B, C, D, B, C, D: the second create (whichever of B, C and D comes first) is refused
		// while the others and the groups' second rows are under way
		const rows = ['A', 'B', 'C', 'D', 'B', 'C', 'D'].map((group, i) => row(group, i, true));
		const first = await followAdvice(1, rows, [{ at: 1, how: 'refused' }]);
		expect(first.error?.description).toMatch(
			/Run again only these rows \(the failed ones(?: and those not started)?\): every row of groups? "[BCD]"/,
		);
	});

	test('a lost answer: the group is to be looked for, and its rows run again only if not there', async () => {
		// A's create is made but its answer lost: the run stops there
		const rows = ['A', 'B', 'A', 'B'].map((group, i) => row(group, i));
		const first = await followAdvice(1, rows, [{ at: 0, how: 'lost' }]);
		expect(first.error?.description).toContain(
			'every row of group "B" (Group Rows By). Group "A" may have made its document: look for it in MakeLeaps by its External ID or number, and run its rows again only if not there.',
		);
	});

	test('more groups not started than are named: they are named by where they begin', async () => {
		// 30 groups of one row, then A again; the third group's create is refused
		const rows = [...Array.from({ length: 30 }, (_, i) => row(`G${i}`, i)), row('G0', 30)];
		const first = await followAdvice(1, rows, [{ at: 2, how: 'refused' }]);
		expect(first.error?.description).toContain(
			'every row of group "G2" and of every group whose first row is item 3 (row 4) or later (Group Rows By)',
		);
	});
});
