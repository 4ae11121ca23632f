/**
 * A property of Document → Create or Update against the sandbox: whatever rows run (invoices or
 * quotes, External IDs from a small pool shared with quotes already in MakeLeaps, as text or as a
 * number, clients, titles and lines or empty cells in any field, the key included), run again,
 * two runs at once, answers lost or cut off after a create, a 503, lists that carry less
 * (without the key, the type or the title, lines empty or as links, the type filter ignored,
 * without `expand`), documents changed, sent, renumbered, deleted or added in MakeLeaps between
 * runs:
 * - MakeLeaps never holds two documents of a type with one External ID, a document's External ID
 *   is never changed or emptied, and a sent document, or one of another type, is never changed;
 * - every item has its own outcome (created, updated, unchanged for its key, or an error of its
 *   own that the run's conditions explain);
 * - after a run, each key whose rows went through holds what its rows said, in order (empty
 *   cells leave a field as it is), and the last row of each key run again writes nothing;
 * - a final run without faults leaves exactly one document per key it names, with its last row.
 * 150 cases by default (about 7 s); FC_RUNS sets the number, FC_SEED replays a seed.
 */
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { SandboxDocument } from '../../sandbox/documents';
import { useTestBed, type TestBed } from './bed';
import { documentUpsertRows } from './fixtures';
import {
	cell,
	FASTEST,
	FAULT_ERRORS,
	fault,
	injectFault,
	lastRowPerKey,
	outcomesOf,
	ownPartner,
	propertyRuns,
	rowsOf,
	expectEachOutcome,
	text,
	outcomeTexts,
	withLists,
	withoutMissing,
	writesSince,
	type Fault,
	type Lists,
	type Outcome,
} from './upserts';

const KEYS = ['D1', 'D2', ' D1 ', 5, '5'];
const TITLES = ['Order A', 'Order B', ' Order A'];
const LINES = [
	[{ description: 'Consulting', quantity: 2, unit_price: 10000, tax_rate: 10 }],
	// the same line in other words
	[
		{
			kind: 'normal',
			description: 'Consulting',
			quantity: '2.0',
			unit_price: '10000',
			tax_rate: '10',
		},
	],
	[
		{ description: 'Design', quantity: 1, unit_price: 5000, tax_rate: 10 },
		{ kind: 'text', description: 'Thank you' },
	],
];
type Type = 'invoice' | 'quote';

const row = fc
	.record({ id: cell(...KEYS), client: cell(0, 1), title: cell(...TITLES), lines: cell(...LINES) })
	.map(withoutMissing);
const rows = rowsOf(row);
const type = fc.constantFrom<Type>('invoice', 'invoice', 'quote');
const lists = fc.constantFrom<Lists>(
	{},
	{},
	{ ignoreExpand: true },
	{ ignoreFilters: ['document_type'] },
	{ listLineItems: 'empty' },
	{ listLineItems: 'links' },
	{ listOmits: ['title', 'client'] },
	{ listOmits: ['external_id'] },
	{ listOmits: ['document_type'] },
);

type Edit = 'retitle' | 'relines' | 'send' | 'delete' | 'rekey' | 'foreign';
type Step =
	| { kind: 'run'; type: Type; rows: IDataObject[]; fault: Fault; lists: Lists }
	| { kind: 'together'; type: Type; a: IDataObject[]; b: IDataObject[]; fault: Fault; lists: Lists }
	| { kind: 'edit'; edit: Edit; which: number; row: IDataObject };

const step: fc.Arbitrary<Step> = fc.oneof(
	{
		arbitrary: fc.record({ kind: fc.constant('run' as const), type, rows, fault, lists }),
		weight: 4,
	},
	{
		arbitrary: fc.record({
			kind: fc.constant('together' as const),
			type,
			a: rows,
			b: rows,
			fault,
			lists,
		}),
		weight: 2,
	},
	{
		arbitrary: fc.record({
			kind: fc.constant('edit' as const),
			edit: fc.constantFrom<Edit>(
				'retitle',
				'relines',
				'send',
				'send',
				'delete',
				'rekey',
				'foreign',
			),
			which: fc.nat(),
			row,
		}),
		weight: 2,
	},
);

/** What a document says in the fields a row sets (its lines as comparable text). */
interface Values {
	client?: string;
	title?: string;
	lines?: string;
}

/** Errors a row may end with whatever the run met: its own input, a sent document. */
const ROW_ERRORS = [
	/^External ID is empty/,
	/^Client is empty/,
	/^Line Items/,
	/was already sent; it is not changed/,
];
const keyless = (lists: Lists) =>
	Boolean(lists.listOmits?.some((field) => field === 'external_id' || field === 'document_type'));
const KEYLESS = /list gives (invoice|quote)s without their (external_id|document_type)/;

describe('Property: Document → Create or Update', () => {
	const bed = useTestBed();

	test('one document per type and External ID, keys kept, sent ones untouched, every item its outcome, re-runs write nothing', async () => {
		let n = 0;
		const options = propertyRuns(150);
		await fc.assert(
			fc.asyncProperty(
				fc.array(step, { minLength: 1, maxLength: 5 }),
				type,
				rows,
				fc.context(),
				async (steps, last, final, log) => {
					const world = new World(bed, ++n, log);
					for (const s of steps) await world.play(s);
					// the final run, without faults: each key it names that went through has one document
					// with what its rows said (the check after every run, checkFold)
					await world.play({ kind: 'run', type: last, rows: final, fault: 'none', lists: {} });
				},
			),
			options,
		);
		expectEachOutcome(options.numRuns);
	}, 300000);
});

class World {
	private readonly partnerMid: string;
	private readonly credentialId: string;
	private readonly parameters: INodeParameters;
	private readonly clientMids: string[];
	/** Each document's External ID as last set (by the test's edits): the node never changes it. */
	private readonly keys = new Map<string, string>();

	constructor(
		private readonly bed: TestBed,
		n: number,
		/** What each run's items did, printed with a counterexample. */
		private readonly log: fc.ContextValue,
	) {
		const partner = ownPartner(bed, n);
		this.partnerMid = partner.partnerMid;
		this.credentialId = partner.credentialId;
		this.parameters = { ...documentUpsertRows, partner: partner.locator, options: FASTEST };
		this.clientMids = ['Kaede', 'Hinoki'].map(
			(name) =>
				bed.sandbox.seedClient(
					{ contacts: [{ contact_type: 'organization', name, addresses: [], email: null }] },
					this.partnerMid,
				).mid,
		);
		// quotes that hold keys of the pool: an invoice row never takes them
		for (const id of ['D1', '5'])
			this.seed('quote', id, { title: 'Quote', lines: LINES[2], client: 0 });
	}

	private documents(): SandboxDocument[] {
		return [...this.bed.sandbox.partner(this.partnerMid).documents.values()];
	}

	private seed(type: Type, id: string, r: IDataObject) {
		this.bed.sandbox.seedDocument(
			{
				document_type: type,
				external_id: id,
				title: text(r.title),
				client: this.clientUrl(Number(r.client ?? 0)),
				lineitems: storedLines(r.lines, LINES[0]),
				autocalculate: true,
			},
			this.partnerMid,
		);
	}

	private clientUrl(k: number) {
		return `${this.bed.sandbox.baseUrl}/api/partner/${this.partnerMid}/client/${this.clientMids[k]}/`;
	}

	/** The rows as the node reads them: the client as its MID. */
	private input(rows: IDataObject[]): IDataObject[] {
		return rows.map((r) =>
			typeof r.client === 'number' ? { ...r, client: this.clientMids[r.client] } : r,
		);
	}

	async play(s: Step): Promise<void> {
		if (s.kind === 'edit') return this.edit(s);
		const { bed } = this;
		const list = new RegExp(`^/api/partner/${this.partnerMid}/document/$`);
		const allowed = [
			...ROW_ERRORS,
			...FAULT_ERRORS[s.fault],
			...(keyless(s.lists) ? [KEYLESS] : []),
		];
		const refused = this.refused(s.type, s.lists);
		const before = this.valuesByKey(s.type);
		const kept = this.untouchable(s.type);
		const since = bed.sandbox.requests.length;
		const batches = s.kind === 'run' ? [s.rows] : [s.a, s.b];
		const results = await withLists(bed, s.lists, async () => {
			injectFault(bed, s.fault, list, /\/document\/\d+\/$/);
			return await Promise.all(batches.map(async (rows) => await this.run(s.type, rows)));
		});
		this.log.log(`${s.kind}: ${JSON.stringify(results.map(outcomeTexts))}`);
		const outcomes = results.map((result, b) =>
			outcomesOf(result, batches[b], 'external_id', allowed),
		);
		if (refused) expect(writesSince(bed, since)).toEqual([]);
		this.checkState(kept);
		if (s.kind !== 'run') return;
		this.checkFold(s.type, before, s.rows, outcomes[0]);
		if (s.fault !== 'none') return;
		// the last row of each key, run again under the same lists, writes nothing
		const again = lastRowPerKey(s.rows, outcomes[0]);
		if (again.length === 0) return;
		const rerun = bed.sandbox.requests.length;
		const refusedNow = this.refused(s.type, s.lists);
		const result = await withLists(bed, s.lists, async () => await this.run(s.type, again));
		expect(outcomesOf(result, again, 'external_id', [KEYLESS])).toEqual(
			again.map(() => (refusedNow ? { error: expect.stringMatching(KEYLESS) } : 'unchanged')),
		);
		expect(writesSince(bed, rerun)).toEqual([]);
	}

	/** A list without the key (or the type) is told only by a document in it. */
	private refused(type: Type, lists: Lists) {
		const listed = lists.ignoreFilters?.includes('document_type')
			? this.documents()
			: this.documents().filter((d) => d.document_type === type);
		return keyless(lists) && listed.length > 0;
	}

	private async run(type: Type, rows: IDataObject[]) {
		return await this.bed.run({ ...this.parameters, documentType: type }, this.input(rows), {
			credentialId: this.credentialId,
			onError: 'continueRegularOutput',
			limits: { backoffMs: 1 },
		});
	}

	/** What each key's document of the type says now, for the keys that have one. */
	private valuesByKey(type: Type): Map<string, Values> {
		const documents = this.documents().filter((d) => d.document_type === type);
		const byKey = new Map<string, Values>();
		for (const d of documents) {
			if (!d.external_id || documents.filter((o) => o.external_id === d.external_id).length > 1)
				continue;
			byKey.set(d.external_id, {
				client: d.clientMid,
				title: d.title,
				lines: linesOf(d.lineitems),
			});
		}
		return byKey;
	}

	/** What a run of `type` must leave as it is: the sent documents, those of another type. */
	private untouchable(type: Type): Map<string, string> {
		return new Map(
			this.documents()
				.filter((d) => d.date_sent || d.document_type !== type)
				.map((d) => [d.mid, contentOf(d)]),
		);
	}

	/**
	 * Never two documents of a type for one External ID; a document's External ID never changed
	 * by a run; a document sent before the run, or of another type, unchanged.
	 */
	private checkState(kept: Map<string, string>) {
		const documents = this.documents();
		for (const d of documents) {
			const key = d.external_id;
			const same = documents.filter(
				(o) => o.document_type === d.document_type && o.external_id === key,
			);
			if (key)
				expect({ key, type: d.document_type, documents: same.length }).toEqual({
					key,
					type: d.document_type,
					documents: 1,
				});
			const was = this.keys.get(d.mid);
			if (was !== undefined) expect({ mid: d.mid, key }).toEqual({ mid: d.mid, key: was });
			this.keys.set(d.mid, key);
			if (kept.has(d.mid))
				expect({ mid: d.mid, kept: contentOf(d) }).toEqual({ mid: d.mid, kept: kept.get(d.mid) });
		}
	}

	/**
	 * Each key of a run holds what its rows that went through said, in order: a created document
	 * what its row gave, an update each field a row fills. Keys whose create may or may not have
	 * happened are left out.
	 */
	private checkFold(
		type: Type,
		before: Map<string, Values>,
		rows: IDataObject[],
		outcomes: Outcome[],
	) {
		const expected = new Map(before);
		const unsure = new Set<string>();
		rows.forEach((r, i) => {
			const key = text(r.id);
			const outcome = outcomes[i];
			if (typeof outcome !== 'string') {
				if (/may or may not|unavailable/.test(outcome.error)) unsure.add(key);
				return;
			}
			const given: Values = {};
			if (typeof r.client === 'number') given.client = this.clientMids[r.client];
			if (text(r.title)) given.title = text(r.title);
			if (Array.isArray(r.lines)) given.lines = linesOf(r.lines as IDataObject[]);
			expected.set(key, outcome === 'created' ? given : { ...expected.get(key), ...given });
		});
		const now = this.valuesByKey(type);
		for (const key of new Set(rows.map((r) => text(r.id)))) {
			if (!key || unsure.has(key)) continue;
			expect({ key, values: clean(now.get(key)) }).toEqual({
				key,
				values: clean(expected.get(key)),
			});
		}
	}

	/** A change a user makes in MakeLeaps, never one that makes two documents of a type share a key. */
	private edit(s: Extract<Step, { kind: 'edit' }>) {
		const { sandbox } = this.bed;
		const partner = sandbox.partner(this.partnerMid);
		const documents = this.documents();
		const free = (type: string) => {
			const used = new Set(
				documents.filter((d) => d.document_type === type).map((d) => d.external_id),
			);
			return KEYS.map(text).filter((key) => !used.has(key));
		};
		if (s.edit === 'foreign') {
			const keys = free('invoice');
			if (keys.length > 0) this.seed('invoice', keys[s.which % keys.length], s.row);
			return;
		}
		if (documents.length === 0) return;
		const target = documents[s.which % documents.length];
		if (s.edit === 'delete') return sandbox.documents.delete(partner, target);
		if (s.edit === 'send') return void (target.date_sent = new Date().toISOString());
		if (s.edit === 'rekey') {
			const keys = [...free(target.document_type), ''];
			target.external_id = keys[s.which % keys.length];
			this.keys.set(target.mid, target.external_id);
			return;
		}
		const title = text(s.row.title) || 'Renamed';
		const lines = storedLines(s.row.lines, LINES[2]);
		sandbox.documents.update(
			partner,
			target,
			s.edit === 'retitle' ? { title } : { lineitems: lines, autocalculate: true },
		);
	}
}

/** A row's lines (or `otherwise`, when it has none) as a document stores them. */
const storedLines = (lines: unknown, otherwise: IDataObject[]) =>
	(Array.isArray(lines) ? (lines as IDataObject[]) : otherwise).map(({ unit_price, ...line }) =>
		line.kind === 'text' ? line : { kind: 'normal', ...line, unit_cost: unit_price },
	);

/** Lines as comparable text: kind, description and amounts as numbers. */
const linesOf = (lines: object[]) =>
	JSON.stringify(
		(lines as IDataObject[]).map((line) => {
			const kind = String(line.kind ?? 'normal');
			if (kind === 'text') return [kind, line.description];
			const amounts = [line.quantity, line.unit_cost ?? line.unit_price, line.tax_rate];
			return [kind, line.description, ...amounts.map(Number)];
		}),
	);

/** What a document left alone keeps. */
const contentOf = (d: SandboxDocument) =>
	JSON.stringify({
		key: d.external_id,
		title: d.title,
		client: d.clientMid,
		lines: linesOf(d.lineitems),
	});

/** Values without the fields that are not there, to compare. */
const clean = (values: Values | undefined) =>
	values &&
	Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== ''));
