/**
 * One case of a Create or Update property (clients, documents): a partner of its own, runs of
 * random rows under a fault and list switches, and the checks after each run. The records and
 * what rows fill are the subclass's.
 */
import fc from 'fast-check';
import type { IDataObject, INodeParameterResourceLocator, INodeParameters } from 'n8n-workflow';

import type { TestBed } from './bed';
import {
	fault,
	FAULT_ERRORS,
	injectFault,
	lastRowPerKey,
	outcomesOf,
	outcomeTexts,
	ownPartner,
	text,
	withLists,
	writesSince,
	type Fault,
	type Lists,
	type Outcome,
} from './upserts';

/** What a record says in the fields rows set; a field it does not have is left out. */
export type Values = Record<string, string>;

/** A record as the checks see it. */
export interface Held {
	mid: string;
	/** What its key is unique in: `client`, or the document type. */
	kind: string;
	key: string;
	values: Values;
	/** Sent: no run changes it. */
	frozen?: boolean;
}

/** One run, or two at once, of rows of one kind, meeting a fault and list switches. */
export interface RunStep {
	kind: 'run' | 'together';
	of: string;
	batches: IDataObject[][];
	fault: Fault;
	lists: Lists;
}

/** Run steps (one run, two at once) of `rows`, under `lists`, for records of `of`. */
export const runSteps = (
	rows: fc.Arbitrary<IDataObject[]>,
	lists: fc.Arbitrary<Lists>,
	of: fc.Arbitrary<string>,
) => [
	{
		arbitrary: fc.record({
			kind: fc.constant('run' as const),
			of,
			batches: fc.tuple(rows),
			fault,
			lists,
		}),
		weight: 4,
	},
	{
		arbitrary: fc.record({
			kind: fc.constant('together' as const),
			of,
			batches: fc.tuple(rows, rows),
			fault,
			lists,
		}),
		weight: 2,
	},
];

export abstract class UpsertWorld {
	readonly partnerMid: string;
	protected readonly credentialId: string;
	protected readonly locator: INodeParameterResourceLocator;
	/** Each record's key as last set (by the test's edits): no run changes it. */
	private readonly keys = new Map<string, string>();

	/** The key in the node's output, such as `external_id`. */
	protected abstract readonly keyField: string;
	/** Where records are listed and created, and where one is changed. */
	protected abstract readonly listPath: RegExp;
	protected abstract readonly patchPath: RegExp;
	/** Errors a row may end with under any conditions: its own input, a record it cannot change. */
	protected abstract readonly rowErrors: RegExp[];
	/** Fields without which a list is refused (the key, the type). */
	protected abstract readonly needed: string[];

	constructor(
		protected readonly bed: TestBed,
		n: number,
		/** What each run's items did, printed with a counterexample. */
		private readonly log: fc.ContextValue,
	) {
		const partner = ownPartner(bed, n);
		this.partnerMid = partner.partnerMid;
		this.credentialId = partner.credentialId;
		this.locator = partner.locator;
	}

	/** Every record of the partner. */
	abstract records(): Held[];
	/** The node's parameters for records of `of`. */
	protected abstract parameters(of: string): INodeParameters;
	/** What a row that went through fills, its empty cells left out. */
	protected abstract given(row: IDataObject): Values;

	/** The rows as the node is given them. */
	protected input(rows: IDataObject[]): IDataObject[] {
		return rows;
	}

	/** The test changed a record's key in MakeLeaps. */
	protected rekeyed(mid: string, key: string) {
		this.keys.set(mid, key);
	}

	/**
	 * Runs the step and checks: every item its outcome, nothing written after a list refused,
	 * the state (checkState), a single run's result (checkFold), and, without a fault, that the
	 * last row of each key run again under the same lists writes nothing.
	 */
	async play(s: RunStep): Promise<void> {
		const { bed } = this;
		const keyless = this.keyless(s.lists);
		const allowed = [...this.rowErrors, ...FAULT_ERRORS[s.fault]];
		// (also a run that reads the list after the other run created a record)
		if (keyless) allowed.push(keyless);
		const refused = this.refused(s);
		const before = this.valuesByKey(s.of);
		const held = this.records();
		const kept = new Map(
			this.records()
				.filter((r) => r.frozen || r.kind !== s.of)
				.map((r) => [r.mid, content(r)]),
		);
		const since = bed.sandbox.requests.length;
		const watched = s.kind === 'run' && s.fault === 'none';
		const states: Array<Map<string, Values>> = [];
		const results = await withLists(bed, s.lists, async () => {
			injectFault(bed, s.fault, this.listPath, this.patchPath);
			if (watched) this.watchWrites(s.of, states);
			return await Promise.all(s.batches.map(async (rows) => await this.run(s.of, rows)));
		});
		this.log.log(`${s.kind}: ${JSON.stringify(results.map(outcomeTexts))}`);
		const outcomes = results.map((result, b) =>
			outcomesOf(result, s.batches[b], this.keyField, allowed),
		);
		if (refused) expect(writesSince(bed, since)).toEqual([]);
		this.checkState(kept);
		if (s.kind !== 'run') return;
		const [rows] = s.batches;
		if (watched) this.checkWriteOrder(before, rows, outcomes[0], states);
		this.checkFold(s.of, before, rows, outcomes[0]);
		this.checkTurns?.(s, held, outcomes[0]);
		if (s.fault !== 'none') return;
		const again = lastRowPerKey(rows, outcomes[0]);
		if (again.length === 0) return;
		const rerun = bed.sandbox.requests.length;
		const refusedNow = this.refused(s);
		const result = await withLists(bed, s.lists, async () => await this.run(s.of, again));
		expect(outcomesOf(result, again, this.keyField, keyless ? [keyless] : [])).toEqual(
			again.map(() => (refusedNow ? { error: expect.stringMatching(keyless!) } : 'unchanged')),
		);
		expect(writesSince(bed, rerun)).toEqual([]);
	}

	private async run(of: string, rows: IDataObject[]) {
		return await this.bed.run(this.parameters(of), this.input(rows), {
			credentialId: this.credentialId,
			onError: 'continueRegularOutput',
			limits: { backoffMs: 1 },
		});
	}

	/**
	 * What the subclass checks of a single run beyond the fold: each row's outcome as one by one
	 * (`held`: the records before the run), if it checks anything.
	 */
	protected checkTurns?(s: RunStep, held: Held[], outcomes: Outcome[]): void;

	/** The error of a list without a field it needs, when the lists leave one out. */
	private keyless(lists: Lists): RegExp | undefined {
		const left = this.needed.filter((field) => lists.listOmits?.includes(field));
		return left.length > 0 ? new RegExp(`without their (${left.join('|')}), so`) : undefined;
	}

	/**
	 * Whether the lists are refused: a list without a needed field is told only by a record in it
	 * (an empty list is the truth); one that ignores its filters shows every record.
	 */
	private refused(s: RunStep): boolean {
		const listed = this.records().filter((r) => s.lists.ignoreFilters?.length || r.kind === s.of);
		return this.keyless(s.lists) !== undefined && listed.length > 0;
	}

	/** What each key's record of `of` says now, for the keys that have one record. */
	private valuesByKey(of: string): Map<string, Values> {
		const records = this.records().filter((r) => r.kind === of && r.key);
		const byKey = new Map<string, Values>();
		for (const r of records)
			if (records.filter((o) => o.key === r.key).length === 1) byKey.set(r.key, r.values);
		return byKey;
	}

	/**
	 * Never two records of a kind for one key; a record's key never changed by a run; a record
	 * sent before the run, or of another kind, unchanged.
	 */
	private checkState(kept: Map<string, string>) {
		const records = this.records();
		for (const r of records) {
			const { mid, kind, key } = r;
			const same = records.filter((o) => o.kind === kind && o.key === key).length;
			if (key) expect({ kind, key, records: same }).toEqual({ kind, key, records: 1 });
			const was = this.keys.get(mid);
			if (was !== undefined) expect({ mid, key }).toEqual({ mid, key: was });
			this.keys.set(mid, key);
			if (kept.has(mid)) expect({ mid, kept: content(r) }).toEqual({ mid, kept: kept.get(mid) });
		}
		this.checkWorld();
	}

	/**
	 * What each key's record says after every write MakeLeaps applies, in the order it applies
	 * them: a hook on each write's answer (the sandbox has applied it then), cleared with the
	 * faults after the run.
	 */
	private watchWrites(of: string, states: Array<Map<string, Values>>) {
		const change = (body: Record<string, unknown>) => {
			states.push(this.valuesByKey(of));
			return body;
		};
		for (const method of ['POST', 'PATCH', 'PUT'])
			for (let k = 0; k < 100; k++)
				this.bed.sandbox.injectFault(
					{ kind: 'rewriteAfter', change },
					{ method, path: /^\/api\// },
				);
	}

	/**
	 * The writes of each key come in input order, as one by one: every state its record passes
	 * through is on the way from what one row left to what the next one leaves, never back (a
	 * later row of the key that wrote before an earlier one shows as its values, then the earlier
	 * row's after them), and a row is unchanged only where the rows before it left what it says
	 * (one that took its turn before an earlier row finds what that row had not yet written).
	 * Keys with a row that failed are left out.
	 */
	private checkWriteOrder(
		before: Map<string, Values>,
		rows: IDataObject[],
		outcomes: Outcome[],
		states: Array<Map<string, Values>>,
	) {
		const keys = new Set(rows.map((row) => text(row.id)).filter(Boolean));
		for (const key of keys) {
			const own = rows
				.map((row, i) => ({ row, i, outcome: outcomes[i] }))
				.filter(({ row }) => text(row.id) === key);
			if (own.some(({ outcome }) => typeof outcome !== 'string')) continue;
			// what the record holds after each row, in input order
			const folds: Array<Values | undefined> = [before.get(key)];
			for (const { row, i, outcome } of own) {
				const given = this.given(row);
				const fold = outcome === 'created' ? given : { ...folds.at(-1), ...given };
				if (outcome === 'unchanged')
					expect({ key, i, unchanged: sameValues(fold, folds.at(-1)) }).toEqual({
						key,
						i,
						unchanged: true,
					});
				folds.push(fold);
			}
			const seen = states.map((byKey) => byKey.get(key));
			expect({ key, writes: inInputOrder(folds, seen) }).toEqual({
				key,
				writes: 'in input order',
			});
		}
	}

	/** What the subclass checks of the account after every step beyond its records. Nothing by default. */
	protected checkWorld(): void {}

	/**
	 * Each key of a run holds what its rows that went through said, in order: a created record
	 * what its row gave, an update each field a row fills. Keys whose create may or may not have
	 * happened are left out.
	 */
	private checkFold(
		of: string,
		before: Map<string, Values>,
		rows: IDataObject[],
		outcomes: Outcome[],
	) {
		const expected = new Map(before);
		const unsure = new Set<string>();
		rows.forEach((row, i) => {
			const key = text(row.id);
			const outcome = outcomes[i];
			if (typeof outcome !== 'string') {
				if (/may or may not|unavailable/.test(outcome.error)) unsure.add(key);
				return;
			}
			const given = this.given(row);
			expected.set(key, outcome === 'created' ? given : { ...expected.get(key), ...given });
		});
		const now = this.valuesByKey(of);
		for (const key of new Set(rows.map((row) => text(row.id)))) {
			if (key && !unsure.has(key))
				expect({ key, values: now.get(key) }).toEqual({ key, values: expected.get(key) });
		}
	}
}

/** What a record left alone keeps. */
const content = (r: Held) => JSON.stringify([r.key, r.values]);

/** Values without the fields that are empty. */
export const filled = (values: Record<string, string | undefined>): Values =>
	Object.fromEntries(
		Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])),
	);

const sameValues = (a: Values | undefined, b: Values | undefined) =>
	JSON.stringify(Object.entries(a ?? {}).sort()) === JSON.stringify(Object.entries(b ?? {}).sort());

/**
 * Whether a state is on the way from `from` to `to`: each field as one or the other, and none
 * of those already at `to` (`reached`) back at `from`.
 */
function onTheWay(from: Values | undefined, to: Values, state: Values, reached: Set<string>) {
	const fields = new Set([...Object.keys(from ?? {}), ...Object.keys(to), ...Object.keys(state)]);
	return [...fields].every(
		(f) => state[f] === to[f] || (state[f] === from?.[f] && !reached.has(f)),
	);
}

/**
 * 'in input order' when the states a record passed through (`seen`, after each write, repeats
 * included) follow `folds` (what it holds after each writing row in input order) without going
 * back; else which state no row at or after the current one explains.
 */
function inInputOrder(folds: Array<Values | undefined>, seen: Array<Values | undefined>): string {
	let row = 0;
	let reached = new Set<string>();
	for (const [n, state] of seen.entries()) {
		if (state === undefined || sameValues(state, n > 0 ? seen[n - 1] : folds[0])) continue;
		if (row > 0 && onTheWay(folds[row - 1], folds[row]!, state, reached)) {
			for (const f of Object.keys(state)) if (state[f] === folds[row]![f]) reached.add(f);
			continue;
		}
		let next = row + 1;
		while (next < folds.length && !onTheWay(folds[next - 1], folds[next]!, state, new Set()))
			next++;
		if (next >= folds.length)
			return `after write ${n} it held ${JSON.stringify(state)}, which no row from row ${row} of the key on leaves`;
		row = next;
		reached = new Set(
			Object.keys(state).filter(
				(f) => state[f] === folds[row]![f] && folds[row - 1]?.[f] !== state[f],
			),
		);
	}
	return 'in input order';
}
