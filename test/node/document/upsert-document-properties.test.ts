/**
 * A property of Document → Create or Update against the sandbox: whatever rows run (invoices or
 * quotes, External IDs from a small pool shared with quotes already in MakeLeaps, as text or as a
 * number, interleaved, up to 9 rows; clients, titles, lines (one from the catalog), tags named in
 * any capitals and Document Numbers, or empty cells in any field, the key included; rows that all
 * give their number run in flight, two keys giving one number one at a time), run again,
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
 * - each row's Document Number as one by one: taken when free at its turn, refused when another
 *   document of the type holds it; never two tags of one name apart from case;
 * - a final run without faults leaves exactly one document per key it names, with its last row.
 * 100 cases by default (about 15 s of CPU); FC_RUNS sets the number, FC_SEED replays a seed.
 */
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { STRICT, useTestBed, type TestBed } from '../support/bed';
import { documentUpsertRows } from '../support/fixtures';
import {
	cell,
	emptyCell,
	expectEachOutcome,
	FASTEST,
	propertyRuns,
	rowsOf,
	text,
	withoutMissing,
	type Lists,
	type Outcome,
} from '../support/upserts';
import { filled, runSteps, UpsertWorld, type Held, type RunStep } from '../support/upsertWorld';

const KEYS = ['D1', 'D2', ' D1 ', 5, '5'];
/** The refusal of rows that give one document differently (actions/document/groups.ts). */
const SHARED = /give each row its own External ID: \d+ rows give External ID/;

/** What a row gives as the node compares rows: texts trimmed, numbers as text, empty alike. */
const asGiven = (value: unknown): unknown => {
	if (value === undefined || value === null || (typeof value === 'string' && !value.trim()))
		return null;
	if (Array.isArray(value)) return value.map(asGiven);
	if (typeof value === 'object')
		return Object.fromEntries(
			Object.entries(value as IDataObject).map(([key, v]) => [key, asGiven(v)]),
		);
	return String(value).trim();
};
/** The fields a row fills, each as the node compares it (a missing cell as empty). */
const FILLED = ['id', 'client', 'title', 'lines', 'tags', 'number'];
/**
 * An External ID names a document within its client: each key's rows give one client (when they
 * give one), so that the model's one document per key is the node's one per client and key.
 */
const CLIENT_OF_KEY: Record<string, number> = { D1: 0, D2: 1, '5': 1 };
const clientOfKey = (id: unknown) => CLIENT_OF_KEY[text(id)] ?? 0;
/** Numbers two keys may give (the run then goes one at a time); a key's own is N-<key>. */
const SHARED_NUMBERS = ['N-1'];
/** Tag names in any capitals, as text or a list: one tag whatever the case (Web is in MakeLeaps). */
const TAGS = ['Web', 'web', 'WEB, Monthly', 'monthly, web', ['Monthly', 'WEB']];
/** The catalog item a line may name by its code: the same line as LINES[0]. */
const CATALOG = { code: 'CONSULT', description: 'Consulting', unit_cost: '10000', tax_rate: '10' };
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
	// the first line again, from the catalog: the first item naming it waits for the catalog's
	// read, so items after it reach their turn first
	[{ catalogItem: CATALOG.code, quantity: 2 }],
];

/**
 * A row's Document Number: its key's own (`own`: rows in flight), also one two keys may give
 * (`contested`: one at a time, the later row refused as one by one), or also none (`any`).
 */
const numbers = {
	own: fc.constant('own'),
	contested: fc.oneof(fc.constant('own'), fc.constantFrom(...SHARED_NUMBERS)),
	any: fc.oneof(
		{ arbitrary: fc.constant('own'), weight: 3 },
		{ arbitrary: fc.constantFrom(...SHARED_NUMBERS), weight: 1 },
		{ arbitrary: emptyCell, weight: 1 },
	),
};
const rowOf = (numbered: keyof typeof numbers) =>
	fc
		.record({
			id: cell(...KEYS),
			client: cell(0, 1),
			title: cell(...TITLES),
			lines: cell(...LINES),
			tags: cell(...TAGS),
			number: numbers[numbered],
		})
		.map((r) =>
			withoutMissing(r.number === 'own' ? { ...r, number: `N-${text(r.id) || 'X'}` } : r),
		);
const row = rowOf('any');
/** Rows that all give their own number run in flight (run/document/numbersGiven.ts); others not. */
const rows = fc.oneof(...(['own', 'contested', 'any'] as const).map((n) => rowsOf(rowOf(n), 9)));
const type = fc.constantFrom('invoice', 'invoice', 'quote');
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

type Edit = {
	kind: 'edit';
	edit: 'retitle' | 'relines' | 'send' | 'delete' | 'rekey' | 'foreign';
	which: number;
	row: IDataObject;
};
type Step = RunStep | Edit;

const step: fc.Arbitrary<Step> = fc.oneof(...runSteps(rows, lists, type), {
	arbitrary: fc.record({
		kind: fc.constant('edit' as const),
		edit: fc.constantFrom<Edit['edit']>(
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
});

describe('Property: Document → Create or Update', () => {
	const bed = useTestBed(STRICT);

	test('one document per type and External ID, keys kept, sent ones untouched, every item its outcome, re-runs write nothing', async () => {
		let n = 0;
		const options = propertyRuns(100);
		await fc.assert(
			fc.asyncProperty(
				fc.array(step, { minLength: 1, maxLength: 5 }),
				type,
				rows,
				fc.context(),
				async (steps, last, final, log) => {
					const world = new Documents(bed, ++n, log);
					for (const s of steps) await (s.kind === 'edit' ? world.edit(s) : world.play(s));
					// the final run, without faults: each key it names that went through has one document
					// with what its rows said (checkFold)
					await world.play({ kind: 'run', of: last, batches: [final], fault: 'none', lists: {} });
				},
			),
			options,
		);
		expectEachOutcome(options.numRuns);
	}, 300000);
});

class Documents extends UpsertWorld {
	protected readonly keyField = 'external_id';
	protected readonly listPath = new RegExp(`^/api/partner/${this.partnerMid}/document/$`);
	protected readonly patchPath = /\/document\/\d+\/$/;
	protected readonly rowErrors = [
		/^External ID is empty/,
		/^Client is empty/,
		/^Line Items/,
		/was already sent; it is not changed/,
		// rows of one key that differ (checkShared)
		SHARED,
		// checked against the rows' turns as one by one (checkTurns)
		/document_number: A document with this number already exists/,
	];
	protected readonly needed = ['external_id', 'document_type', 'client'];
	private readonly clientMids: string[];

	constructor(bed: TestBed, n: number, log: fc.ContextValue) {
		super(bed, n, log);
		this.clientMids = ['Kaede', 'Hinoki'].map(
			(name) =>
				bed.sandbox.seedClient(
					{ contacts: [{ contact_type: 'organization', name, addresses: [], email: null }] },
					this.partnerMid,
				).mid,
		);
		// quotes that hold keys of the pool: an invoice row never takes them
		for (const id of ['D1', '5']) this.seed('quote', id, { title: 'Quote', lines: LINES[2] });
		const partner = bed.sandbox.partner(this.partnerMid);
		bed.sandbox.store.tags.create(partner, { name: 'Web' });
		bed.sandbox.seedItem(CATALOG, this.partnerMid);
	}

	/**
	 * Each row's number as one by one: a row that went through gave a number no other document
	 * of the type held at its turn; a row refused for its number gave one another held.
	 */
	protected checkTurns(s: RunStep, held: Held[], outcomes: Outcome[]): void {
		this.checkShared(s.batches[0], outcomes);
		if (s.fault !== 'none') return;
		const holder = new Map<string, string>();
		for (const r of held.filter((r) => r.kind === s.of && r.values.number))
			holder.set(r.values.number, r.key ? `key ${r.key}` : `mid ${r.mid}`);
		s.batches[0].forEach((row, i) => {
			const [n, key, outcome] = [text(row.number), text(row.id), outcomes[i]];
			if (!n || !key) return;
			const taken = (holder.get(n) ?? `key ${key}`) !== `key ${key}`;
			if (typeof outcome === 'string') {
				expect({ i, number: n, taken }).toEqual({ i, number: n, taken: false });
				for (const [other, by] of holder) if (by === `key ${key}`) holder.delete(other);
				holder.set(n, `key ${key}`);
			} else if (/already exists/.test(outcome.error))
				expect({ i, number: n, taken }).toEqual({ i, number: n, taken: true });
		});
	}

	/**
	 * Rows of one key (and client) that differ in anything they give fail, each of them, and only
	 * they: without Group Rows By each would replace the others' document.
	 */
	private checkShared(rows: IDataObject[], outcomes: Outcome[]) {
		const asks = new Map<string, Set<string>>();
		const keyOf = (row: IDataObject) =>
			JSON.stringify([this.input([row])[0].client ?? null, text(row.id)]);
		for (const row of rows) {
			if (!text(row.id)) continue;
			const given = asks.get(keyOf(row)) ?? new Set<string>();
			const input = this.input([row])[0];
			asks.set(keyOf(row), given.add(JSON.stringify(FILLED.map((field) => asGiven(input[field])))));
		}
		rows.forEach((row, i) => {
			const shared = text(row.id) !== '' && (asks.get(keyOf(row))?.size ?? 0) > 1;
			const outcome = outcomes[i];
			const refused = typeof outcome !== 'string' && SHARED.test(outcome.error);
			expect({ i, shared: refused }).toEqual({ i, shared });
		});
	}

	/** Never two tags of one name apart from case: a name in other capitals is the same tag. */
	protected checkWorld(): void {
		const names = this.tags().map((tag) => tag.name.trim().toLowerCase());
		expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
	}

	private tags() {
		const { sandbox } = this.bed;
		return [...sandbox.store.tags.of(sandbox.partner(this.partnerMid)).values()];
	}

	private documents() {
		return [...this.bed.sandbox.partner(this.partnerMid).documents.values()];
	}

	/**
	 * The partner's documents, with their client, title, lines, tags and a number a row gave
	 * (MakeLeaps' own, 0001…, left out); a sent one frozen.
	 */
	records(): Held[] {
		const tags = new Map(this.tags().map((tag) => [tag.mid, tag.name]));
		return this.documents().map((d) => ({
			mid: d.mid,
			kind: d.document_type,
			key: d.external_id,
			values: filled({
				client: d.clientMid,
				title: d.title,
				lines: linesOf(d.lineitems),
				tags: tagsOf(d.tags.map((mid) => tags.get(mid) ?? mid)),
				number: d.document_number.startsWith('N-') ? d.document_number : undefined,
			}),
			frozen: Boolean(d.date_sent),
		}));
	}

	protected parameters(of: string): INodeParameters {
		return {
			...documentUpsertRows,
			documentNumber: '={{ $json.number }}',
			additionalFields: { title: '={{ $json.title }}', tags: '={{ $json.tags }}' },
			documentType: of,
			partner: this.locator,
			// Monthly is not in MakeLeaps: the first row naming it makes it
			options: { ...FASTEST, createMissingTags: true },
		};
	}

	/** The rows as the node reads them: the client as its MID. */
	protected input(rows: IDataObject[]): IDataObject[] {
		return rows.map((r) =>
			typeof r.client === 'number' ? { ...r, client: this.clientMids[clientOfKey(r.id)] } : r,
		);
	}

	protected given(r: IDataObject) {
		return filled({
			client: typeof r.client === 'number' ? this.clientMids[clientOfKey(r.id)] : undefined,
			title: text(r.title),
			lines: Array.isArray(r.lines) ? linesOf(storedLines(r.lines, [])) : undefined,
			tags: tagsOf(r.tags),
			number: text(r.number),
		});
	}

	private seed(type: string, id: string, r: IDataObject) {
		const client = this.clientMids[clientOfKey(id)];
		this.bed.sandbox.seedDocument(
			{
				document_type: type,
				external_id: id,
				title: text(r.title),
				client: `${this.bed.sandbox.baseUrl}/api/partner/${this.partnerMid}/client/${client}/`,
				lineitems: storedLines(r.lines, LINES[0]),
				autocalculate: true,
			},
			this.partnerMid,
		);
	}

	/** A change a user makes in MakeLeaps, never one that makes two documents of a type share a key. */
	edit(s: Edit) {
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
			// a key of the document's own client: the rows of that key find it there
			const own = this.clientMids.indexOf(target.clientMid);
			const keys = [...free(target.document_type).filter((key) => clientOfKey(key) === own), ''];
			target.external_id = keys[s.which % keys.length];
			return this.rekeyed(target.mid, target.external_id);
		}
		const title = text(s.row.title) || 'Renamed';
		const lines = storedLines(s.row.lines, LINES[2]);
		const change = s.edit === 'retitle' ? { title } : { lineitems: lines, autocalculate: true };
		sandbox.documents.update(partner, target, change);
	}
}

/** A row's lines (or `otherwise`, when it has none) as a document stores them. */
const storedLines = (lines: unknown, otherwise: IDataObject[]) =>
	(Array.isArray(lines) ? (lines as IDataObject[]) : otherwise).map(({ unit_price, ...line }) => {
		if (line.catalogItem === CATALOG.code) {
			// the line the item makes: the item's code is not a field of a line
			const item = Object.entries(CATALOG).filter(([field]) => field !== 'code');
			return { kind: 'normal', ...Object.fromEntries(item), ...lineOf(line) };
		}
		return line.kind === 'text' ? line : { kind: 'normal', ...line, unit_cost: unit_price };
	});

/** A catalog line's own quantity. */
const lineOf = ({ quantity }: IDataObject) => ({ quantity });

/** Tag names as comparable text: each name once apart from case, sorted ('' for none). */
const tagsOf = (names: unknown) =>
	[
		...new Set(
			(Array.isArray(names) ? names.map(String) : text(names).split(','))
				.map((name) => name.trim().toLowerCase())
				.filter(Boolean),
		),
	]
		.sort()
		.join(', ');

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
