/**
 * A property of the MakeLeaps Trigger in n8n-core's PollContext against the sandbox: whatever
 * happens in MakeLeaps and in n8n between polls (new documents and clients, sends, payments of
 * any date, records that leave the list and come back, restarts with either way of saving the
 * static data, polls that overlap, a new API key, a service that ignores a filter, lists of many
 * pages), each poll reports exactly the events that happened since the one before: every event
 * once, nothing twice, nothing else.
 *
 * Runs: 300 by default (about 15 s); FC_RUNS=1000 for more, FC_SEED=<n> to replay a seed.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { CredentialsHelper } from '../../../dev/harness/credentials';
import { type PollResult } from '../../../dev/harness/poll';
import { startSandbox, type Sandbox } from '../../../sandbox/server';
import {
	ActiveTrigger,
	rotateKey,
	SAVINGS,
	seedCompany,
	seedDocuments,
} from '../support/activeTrigger';
import { propertyRuns } from '../support/cases';

const { numRuns: RUNS, seed: SEED } = propertyRuns(300);
/** The triggers' pace: as fast as a test may set it, the sandbox does not throttle. */
const PACE = 60_000;

type Event = 'newClient' | 'newDocument' | 'documentSent' | 'documentPaid';

/** When a document is sent or paid: long ago, yesterday, today, now, one shared day, later. */
const DAYS = ['past', 'yesterday', 'today', 'now', 'shared', 'future'] as const;
type Day = (typeof DAYS)[number];

function dateOf(day: Day): string {
	const now = new Date();
	if (day === 'past') return '2020-01-01T00:00:00Z';
	if (day === 'yesterday') return new Date(now.getTime() - 24 * 3600_000).toISOString();
	if (day === 'today') return `${now.toISOString().slice(0, 10)}T00:00:00Z`;
	if (day === 'shared') return '2026-01-05T09:00:00+09:00';
	if (day === 'future') return '2031-05-05T00:00:00Z';
	return now.toISOString();
}

/** A document date before every look-back window. */
const OLD = '2020-01-01';

type Step =
	| { kind: 'newDocument'; quote: boolean; old: boolean; sent?: Day; paid?: Day }
	| { kind: 'send' | 'pay'; pick: number; day: Day }
	| { kind: 'moveOut' | 'moveBack' | 'archive' | 'restore'; pick: number }
	| { kind: 'newClient' | 'poll' | 'overlap' | 'restart' }
	| { kind: 'rotate'; revokeOld: boolean; keepToken: boolean };

const day = fc.constantFrom(...DAYS);
const pick = fc.nat(20);
const step: fc.Arbitrary<Step> = fc.oneof(
	{
		arbitrary: fc.record(
			{
				kind: fc.constant('newDocument' as const),
				quote: fc.boolean(),
				old: fc.boolean(),
				sent: day,
				paid: day,
			},
			{ requiredKeys: ['kind', 'quote', 'old'] },
		),
		weight: 4,
	},
	{ arbitrary: fc.record({ kind: fc.constantFrom('send', 'pay'), pick, day }), weight: 4 },
	{
		arbitrary: fc.record({
			kind: fc.constantFrom('moveOut', 'moveBack', 'archive', 'restore'),
			pick,
		}),
		weight: 4,
	},
	{ arbitrary: fc.record({ kind: fc.constantFrom('newClient', 'restart', 'overlap') }), weight: 2 },
	{ arbitrary: fc.record({ kind: fc.constant('poll' as const) }), weight: 5 },
	{
		arbitrary: fc.record({
			kind: fc.constant('rotate' as const),
			revokeOld: fc.boolean(),
			keepToken: fc.boolean(),
		}),
		weight: 1,
	},
);

const EVENTS: Event[] = ['newClient', 'newDocument', 'documentSent', 'documentPaid'];

const scenario = fc.record({
	invoicesOnly: fc.boolean(),
	partnerEmpty: fc.boolean(),
	saving: fc.constantFrom(...SAVINGS),
	ignoreFilters: fc.subarray(['document_type', 'date__gte', 'archived']),
	smallPages: fc.boolean(),
	before: fc.array(step, { maxLength: 4 }),
	steps: fc.array(step, { minLength: 1, maxLength: 16 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** A record of the sandbox as the model knows it. */
interface Known {
	mid: string;
	/** A quote (documents). */
	quote?: boolean;
	/** Made with a date before the look-back window (documents): never watched. */
	old?: boolean;
	/** Left the list for now: dated out of the window (documents), archived (clients). */
	away: boolean;
	/** The document's own date, to date it back into the window. */
	date?: string;
	sent?: string;
	paid?: string;
}

/**
 * What the trigger should report, worked out from what each poll could see: a record never seen
 * (New Client, New Document), or whose date sent or paid differs from the one last seen.
 */
class Model {
	private readonly seen = new Map<string, number | null>();
	private started = false;

	constructor(
		private readonly world: World,
		readonly event: Event,
		private readonly scenario: Scenario,
	) {}

	/** The events a complete poll now reports, as `mid` or `mid@time`, sorted. */
	poll(): string[] {
		const { event } = this;
		const { invoicesOnly, ignoreFilters } = this.scenario;
		const watched =
			event === 'newClient'
				? this.world.clients.filter((c) => !c.away || ignoreFilters.includes('archived'))
				: this.world.documents.filter((d) => !d.old && !d.away && !(invoicesOnly && d.quote));
		const events: string[] = [];
		const stamped = event === 'documentSent' || event === 'documentPaid';
		for (const record of watched) {
			const date = !stamped ? undefined : event === 'documentSent' ? record.sent : record.paid;
			const stamp = date === undefined ? null : Date.parse(date);
			const happened = stamped
				? stamp !== null && this.seen.get(record.mid) !== stamp
				: !this.seen.has(record.mid);
			if (happened && this.started)
				events.push(stamp === null ? record.mid : `${record.mid}@${stamp}`);
			this.seen.set(record.mid, stamp);
		}
		this.started = true;
		return events.sort();
	}
}

/** What a poll reported, in the model's terms. */
function reported(event: Event, items: Array<{ json: IDataObject }> | null): string[] {
	const field = event === 'documentSent' ? 'date_sent' : 'date_paid';
	const stamped = event === 'documentSent' || event === 'documentPaid';
	return (items ?? [])
		.map(({ json }) =>
			stamped ? `${String(json.mid)}@${Date.parse(String(json[field]))}` : String(json.mid),
		)
		.sort();
}

/** Every event reported in this test (one run after another), as `<run> <event>`. */
const reports: string[] = [];
let runs = 0;

/** A trigger of each event, all on one sandbox, and what each should report. */
async function run(scenario: Scenario) {
	runs++;
	const { smallPages, ignoreFilters } = scenario;
	// a client list of several pages is read in full only when its first page or count changed
	// (or hourly), a documented limit; the model reads it in full, so it stays on one page
	const sandbox = await startSandbox({ ignoreFilters, maxPageSize: smallPages ? 3 : undefined });
	try {
		const credentials = new CredentialsHelper();
		const { clientId, clientSecret, partnerMid } = sandbox.credentials;
		credentials.set('cred-1', { baseUrl: sandbox.baseUrl, clientId, clientSecret });
		const value = scenario.partnerEmpty ? '' : partnerMid;
		const bed = { sandbox, credentials, partner: { __rl: true as const, mode: 'id', value } };
		const world = new World(sandbox);
		const watching = EVENTS.filter((event) => !(smallPages && event === 'newClient')).map(
			(event) => ({
				model: new Model(world, event, scenario),
				trigger: new ActiveTrigger(
					bed,
					{ event, documentType: scenario.invoicesOnly ? 'invoice' : '', lookBackDays: 30 },
					{ saving: scenario.saving, requestsPerMinute: PACE },
				),
			}),
		);
		const pollAll = async () => {
			for (const { trigger, model } of watching) expectReport(await trigger.poll(), model);
		};

		for (const before of scenario.before) world.apply(before);
		await pollAll();
		for (const next of scenario.steps) {
			if (next.kind === 'poll') await pollAll();
			else if (next.kind === 'overlap') {
				for (const { trigger, model } of watching) {
					const [first, second] = await Promise.all([trigger.poll(), trigger.poll()]);
					expect(second).toEqual({ items: null });
					expectReport(first, model);
				}
			} else if (next.kind === 'restart') watching.forEach(({ trigger }) => trigger.restart());
			else if (next.kind === 'rotate') rotateKey(bed, next);
			else world.apply(next);
		}
		await pollAll();
		await pollAll();
	} finally {
		await sandbox.close();
	}
}

function expectReport(result: PollResult, model: Model) {
	expect(result.error).toBeUndefined();
	const events = reported(model.event, result.items);
	expect(events).toEqual(model.poll());
	reports.push(...events.map((event) => `${runs} ${model.event} ${event}`));
}

/** Changes made in MakeLeaps, in the sandbox and in the model alike. */
class World {
	readonly documents: Known[] = [];
	readonly clients: Known[] = [];
	private readonly owner: string;
	private numbers = 0;

	constructor(private readonly sandbox: Sandbox) {
		this.owner = seedCompany(sandbox, 'OWNER');
		this.clients.push({ mid: this.owner, away: false });
	}

	apply(step: Step) {
		const { documents, clients } = this;
		const stored = (known: Known) => this.sandbox.partner().documents.get(known.mid)!;
		const chosen = <T>(list: T[], at: number) =>
			list.length > 0 ? list[at % list.length] : undefined;
		if (step.kind === 'newDocument') {
			const extra: IDataObject = { document_type: step.quote ? 'quote' : 'invoice' };
			if (step.old) extra.date = OLD;
			if (step.sent) extra.date_sent = dateOf(step.sent);
			if (step.paid) extra.date_paid = dateOf(step.paid);
			const [made] = seedDocuments(
				{ sandbox: this.sandbox },
				this.owner,
				[`D-${++this.numbers}`],
				extra,
			);
			documents.push({
				mid: String(made.mid),
				quote: step.quote,
				old: step.old,
				away: false,
				date: String(made.date),
				sent: extra.date_sent as string | undefined,
				paid: extra.date_paid as string | undefined,
			});
		} else if (step.kind === 'send' || step.kind === 'pay') {
			const field = step.kind === 'send' ? 'sent' : 'paid';
			const known = chosen(
				documents.filter((d) => d[field] === undefined),
				step.pick,
			);
			if (!known) return;
			known[field] = dateOf(step.day);
			stored(known)[step.kind === 'send' ? 'date_sent' : 'date_paid'] = known[field];
		} else if (step.kind === 'moveOut' || step.kind === 'moveBack') {
			const away = step.kind === 'moveOut';
			const known = chosen(
				documents.filter((d) => !d.old && d.away !== away),
				step.pick,
			);
			if (!known) return;
			known.away = away;
			stored(known).date = away ? OLD : String(known.date);
		} else if (step.kind === 'newClient') {
			clients.push({ mid: seedCompany(this.sandbox, `C-${++this.numbers}`), away: false });
		} else if (step.kind === 'archive' || step.kind === 'restore') {
			const away = step.kind === 'archive';
			const known = chosen(
				clients.filter((c) => c.away !== away),
				step.pick,
			);
			if (!known) return;
			known.away = away;
			if (away) this.sandbox.archiveClient(known.mid);
			else this.sandbox.restoreClient(known.mid);
		}
		// polls, restarts and keys before the trigger starts change nothing it sees
	}
}

describe('Properties of the MakeLeaps Trigger', () => {
	test(`each event reported exactly once, whatever happens between polls (${RUNS} runs)`, async () => {
		await fc.assert(fc.asyncProperty(scenario, run), { numRuns: RUNS, seed: SEED });
		expect(runs).toBe(RUNS);
		// the runs did have events to report, and none was reported twice
		expect(reports.length).toBeGreaterThan(RUNS / 2);
		expect(new Set(reports).size).toBe(reports.length);
	}, 300_000);
});
