/**
 * A property of Document Accepted, Confirmed and Cancelled in n8n-core's PollContext against the
 * sandbox, its documents telling the marks as recorded (`is_accepted` beside `date_accepted`…) or
 * as the node once guessed (the `guessedMarks` switch): whatever happens between polls (orders
 * made already marked or not, marked on any day, marked again on another day, unmarked, dated out
 * of the window and back, a list that leaves the fields out for a while, restarts with either way
 * of saving), each poll reports exactly the marks made since the trigger last saw the order
 * telling, each once (a mark cleared and set again across a restart included); an order only ever
 * seen without the fields is not reported until it has been seen telling.
 *
 * Runs: 150 by default; FC_RUNS and FC_SEED as in cases.ts.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { CredentialsHelper } from '../../../dev/harness/credentials';
import { type PollResult } from '../../../dev/harness/poll';
import { startSandbox, type Sandbox } from '../../../sandbox/server';
import type { DocumentMark } from '../../../sandbox/stores/documents';
import { ActiveTrigger, SAVINGS, seedCompany, seedDocuments } from '../support/activeTrigger';
import { propertyRuns } from '../support/cases';

const { numRuns: RUNS, seed: SEED } = propertyRuns(150);

type Mark = 'accepted' | 'confirmed' | 'cancelled';
const MARKS: Mark[] = ['accepted', 'confirmed', 'cancelled'];
const EVENT: Record<Mark, string> = {
	accepted: 'documentAccepted',
	confirmed: 'documentConfirmed',
	cancelled: 'documentCancelled',
};
/** Every field that tells a mark, recorded or guessed: the list leaves them all out while `hidden`. */
const FIELDS = [
	'is_accepted',
	'accepted',
	'date_accepted',
	'is_confirmed',
	'date_confirmed',
	'viewed',
	'date_viewed',
	'date_cancelled',
];

const DATES = ['2020-01-01T00:00:00Z', '2026-01-05T09:00:00+09:00', '2031-05-05T00:00:00Z'];
const OLD = '2020-01-01';

type Step =
	| { kind: 'newOrder'; old: boolean; marks: Partial<Record<Mark, number>> }
	| { kind: 'mark'; mark: Mark; pick: number; date: number | null }
	| { kind: 'move'; pick: number }
	| { kind: 'hide' | 'show' | 'poll' | 'restart' };

const date = fc.nat(DATES.length - 1);
const mark = fc.constantFrom(...MARKS);
const step: fc.Arbitrary<Step> = fc.oneof(
	fc.record({
		kind: fc.constant('newOrder' as const),
		old: fc.boolean(),
		marks: fc.record({ accepted: date, confirmed: date, cancelled: date }, { requiredKeys: [] }),
	}),
	{
		arbitrary: fc.record({
			kind: fc.constant('mark' as const),
			mark,
			pick: fc.nat(10),
			date: fc.option(date),
		}),
		weight: 3,
	},
	fc.record({ kind: fc.constant('move' as const), pick: fc.nat(10) }),
	fc.record({ kind: fc.constantFrom('hide' as const, 'show' as const, 'restart' as const) }),
	{ arbitrary: fc.record({ kind: fc.constant('poll' as const) }), weight: 3 },
);

/**
 * A mark set and seen, cleared and seen by a quiet poll, n8n restarting, the mark set again as
 * before: steps that seldom come together by chance, so they also come as one piece.
 */
const setAgain: fc.Arbitrary<Step[]> = fc
	.record({ mark, pick: fc.nat(10), date })
	.map(({ mark, pick, date }) => [
		{ kind: 'mark', mark, pick, date },
		{ kind: 'poll' },
		{ kind: 'mark', mark, pick, date: null },
		{ kind: 'poll' },
		{ kind: 'restart' },
		{ kind: 'mark', mark, pick, date },
	]);

const scenario = fc.record({
	guessedMarks: fc.constantFrom(undefined, 'yesNo' as const, 'dates' as const),
	saving: fc.constantFrom(...SAVINGS),
	steps: fc
		.array(fc.oneof({ arbitrary: step.map((one) => [one]), weight: 10 }, setAgain), {
			minLength: 1,
			maxLength: 14,
		})
		.map((pieces) => pieces.flat()),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** An order as the model knows it: its marks (ISO times), whether it is old or dated away. */
interface Order {
	mid: string;
	old: boolean;
	away: boolean;
	date: string;
	marks: Partial<Record<Mark, string>>;
}

/** What the model remembers of an order: whether it ever told, and its mark when it last did. */
interface Told {
	told: boolean;
	stamp: number | true | null;
}

/** What one trigger should report, in its own words (not the node's functions). */
class Model {
	private seen = new Map<string, Told>();
	private saved = new Map<string, Told>();
	private polls = 0;

	constructor(
		readonly mark: Mark,
		private readonly scenario: Scenario,
	) {}

	/** The MIDs a complete poll now reports, sorted. */
	poll(orders: Order[], hidden: boolean): string[] {
		const events: string[] = [];
		let cleared = false;
		for (const order of orders.filter((q) => !q.old && !q.away)) {
			const before = this.seen.get(order.mid);
			if (hidden) {
				if (!before) this.seen.set(order.mid, { told: false, stamp: null });
				continue;
			}
			const stamp = this.stampOf(order);
			const happened =
				stamp !== null &&
				(!before ||
					(before.told &&
						(before.stamp === null ||
							(typeof before.stamp === 'number' &&
								typeof stamp === 'number' &&
								before.stamp !== stamp))));
			if (happened && this.polls > 0) events.push(order.mid);
			cleared ||=
				this.polls > 0 && stamp === null && before?.told === true && before.stamp !== null;
			this.seen.set(order.mid, { told: true, stamp });
		}
		// what a poll saw survives a restart when it reported something or saw a mark cleared (a
		// quiet poll may be lost: it changed nothing a later poll needs)
		const kept = this.polls === 0 || events.length > 0 || cleared;
		if (kept || this.scenario.saving === 'every poll') this.saved = new Map(this.seen);
		this.polls++;
		return events.sort();
	}

	restart() {
		this.seen = new Map(this.saved);
	}

	/** The mark as the list tells it: a time, a yes (the old guess `accepted` without a date), or null. */
	private stampOf(order: Order): number | true | null {
		const at = order.marks[this.mark];
		if (at === undefined) return null;
		return this.mark === 'accepted' && this.scenario.guessedMarks === 'yesNo'
			? true
			: Date.parse(at);
	}
}

let runs = 0;
const reports: string[] = [];

async function run(scenario: Scenario) {
	runs++;
	const sandbox = await startSandbox({ guessedMarks: scenario.guessedMarks });
	try {
		const credentials = new CredentialsHelper();
		const { clientId, clientSecret, partnerMid } = sandbox.credentials;
		credentials.set('cred-1', { baseUrl: sandbox.baseUrl, clientId, clientSecret });
		const bed = {
			sandbox,
			credentials,
			partner: { __rl: true as const, mode: 'id', value: partnerMid },
		};
		const world = new World(sandbox);
		const watching = MARKS.map((mark) => ({
			model: new Model(mark, scenario),
			trigger: new ActiveTrigger(
				bed,
				{ event: EVENT[mark], documentType: 'order', lookBackDays: 30 },
				{ saving: scenario.saving, requestsPerMinute: 60_000 },
			),
		}));
		const pollAll = async () => {
			for (const { trigger, model } of watching) {
				const result: PollResult = await trigger.poll();
				expect(result.error).toBeUndefined();
				const got = (result.items ?? []).map(({ json }) => String(json.mid)).sort();
				expect(got).toEqual(model.poll(world.orders, world.hidden));
				reports.push(...got.map((mid) => `${runs} ${model.mark} ${mid}`));
			}
		};
		await pollAll();
		for (const next of scenario.steps) {
			if (next.kind === 'poll') await pollAll();
			else if (next.kind === 'restart')
				watching.forEach(({ trigger, model }) => {
					trigger.restart();
					model.restart();
				});
			else world.apply(next);
		}
		world.apply({ kind: 'show' });
		await pollAll();
		await pollAll();
	} finally {
		await sandbox.close();
	}
}

/** Changes made in MakeLeaps, in the sandbox and in the model alike. */
class World {
	readonly orders: Order[] = [];
	hidden = false;
	private readonly owner: string;
	private numbers = 0;

	constructor(private readonly sandbox: Sandbox) {
		this.owner = seedCompany(sandbox, 'OWNER');
	}

	apply(step: Step) {
		const { sandbox, orders } = this;
		const chosen = (at: number) => (orders.length > 0 ? orders[at % orders.length] : undefined);
		if (step.kind === 'newOrder') {
			const extra: IDataObject = { document_type: 'order', ...(step.old ? { date: OLD } : {}) };
			const [made] = seedDocuments({ sandbox }, this.owner, [`O-${++this.numbers}`], extra);
			const order: Order = {
				mid: String(made.mid),
				old: step.old,
				away: false,
				date: String(made.date),
				marks: {},
			};
			for (const [mark, at] of Object.entries(step.marks) as Array<[Mark, number]>) {
				order.marks[mark] = DATES[at];
				sandbox.mark(order.mid, mark as DocumentMark, DATES[at]);
			}
			orders.push(order);
		} else if (step.kind === 'mark') {
			const order = chosen(step.pick);
			if (!order) return;
			const at = step.date === null ? null : DATES[step.date];
			if (at === null) delete order.marks[step.mark];
			else order.marks[step.mark] = at;
			sandbox.mark(order.mid, step.mark, at);
		} else if (step.kind === 'move') {
			const order = chosen(step.pick);
			if (!order || order.old) return;
			order.away = !order.away;
			sandbox.partner().documents.get(order.mid)!.date = order.away ? OLD : order.date;
		} else if (step.kind === 'hide' || step.kind === 'show') {
			this.hidden = step.kind === 'hide';
			sandbox.options.listOmits = this.hidden ? FIELDS : undefined;
		}
	}
}

describe('Properties of Document Accepted, Confirmed and Cancelled', () => {
	test(`each mark reported exactly once, whatever happens between polls (${RUNS} runs)`, async () => {
		await fc.assert(fc.asyncProperty(scenario, run), { numRuns: RUNS, seed: SEED });
		expect(runs).toBe(RUNS);
		expect(reports.length).toBeGreaterThan(RUNS / 2);
	}, 300_000);
});
