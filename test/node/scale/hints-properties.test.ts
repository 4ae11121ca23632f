/**
 * A property of the hints Client External ID → client MID (run/client/clientHints.ts) against
 * the sandbox: an account of 150 clients (two pages of the client list, so a run naming one
 * client takes its hint), a first run that reads the list, then changes made in MakeLeaps
 * outside the process (an External ID renamed, given to another client, moved, the client
 * deleted, archived or restored, another client made with the ID as another process would)
 * between runs of one row, Client → Create or Update or Document → Create or Update with the
 * Client By External ID. However stale the hints, after each run, against what the account held
 * before it:
 * - the client a run used or changed carries the External ID and was not archived;
 * - no client is created while a client that is not archived carries the ID, and Client →
 *   Create or Update leaves at least one such client and creates at most one;
 * - two such clients: the run fails naming each, as the list does. Where MakeLeaps narrows the
 *   client list to the ID, always; where it does not (the sandbox's default), the one case a
 *   hint stands in for the list is a client given the ID elsewhere since the process last read
 *   the list, which then saw one carrier: a Document run, or a Client run that changes nothing,
 *   may use exactly that one (docs/reliability.md);
 * - a Document run for an ID no such client carries fails with "no client" and writes nothing;
 * - no other client or document is changed.
 * 30 cases by default (a few seconds); FC_RUNS sets the number, FC_SEED replays a seed.
 */
import fc from 'fast-check';
import type { IDataObject, INodeParameterResourceLocator, INodeParameters } from 'n8n-workflow';

import type { RunResult } from '../../../dev/harness/engine';
import { useTestBed, type TestBed } from '../support/bed';
import { documentUpsertRows } from '../support/fixtures';
import { FASTEST, ownPartner, propertyRuns } from '../support/upserts';

const CLIENTS = 150;
/** The External IDs runs name and changes move: three of the first clients', one of none. */
const KEYS = ['C-0', 'C-1', 'C-2', 'N-1'];
const ORGS = ['Company 0', 'Company 1', 'New Co'];

const line = [{ description: 'Work', quantity: 1, unit_price: 1000, tax_rate: 10 }];
const byExternalId = { __rl: true, mode: 'externalId', value: '={{ $json.client }}' };

/**
 * A change made in MakeLeaps outside the process: to a client carrying `key` (the `which`th of
 * them), or `key` given or moved to the `which`th client of the account, or a client made with it.
 */
type Change =
	| {
			change: 'rename' | 'delete' | 'archive' | 'restore' | 'give' | 'move';
			key: string;
			which: number;
	  }
	| { change: 'foreign'; key: string };

type Run = { run: 'client'; key: string; org: string } | { run: 'document'; key: string };

interface Step {
	changes: Change[];
	run: Run;
}

const key = fc.constantFrom(...KEYS);
const which = fc.nat({ max: 10_000 });
const change: fc.Arbitrary<Change> = fc.oneof(
	fc.record({
		change: fc.constantFrom('rename' as const, 'delete' as const, 'archive' as const),
		key,
		which,
	}),
	fc.record({ change: fc.constant('restore' as const), key, which }),
	fc.record({ change: fc.constantFrom('give' as const, 'move' as const), key, which }),
	fc.record({ change: fc.constant('foreign' as const), key }),
);
const run: fc.Arbitrary<Run> = fc.oneof(
	fc.record({ run: fc.constant('client' as const), key, org: fc.constantFrom(...ORGS) }),
	fc.record({ run: fc.constant('document' as const), key }),
);
const steps = fc.array(
	fc.record({ changes: fc.array(change, { maxLength: 3 }), run }) as fc.Arbitrary<Step>,
	{ minLength: 1, maxLength: 6 },
);

/** How the runs found their client, over the property: to show each way was taken. */
const ways = new Map<string, number>();
const tally = (way: string) => ways.set(way, (ways.get(way) ?? 0) + 1);

describe.each([
	['MakeLeaps ignores client_external_id (the sandbox default)', false],
	['MakeLeaps narrows the client list to client_external_id', true],
])('Property: stale client hints, %s', (_, narrows) => {
	const bed = useTestBed({
		pageSize: 100,
		...(narrows ? { clientExternalIdFilter: 'exact' } : {}),
	});

	test('hints made stale in every way never give a wrong record or a second one', async () => {
		let n = 0;
		ways.clear();
		const options = propertyRuns(30);
		await fc.assert(
			fc.asyncProperty(steps, fc.context(), async (list, log) => {
				const account = new Account(bed, ++n, log, narrows);
				await account.firstRun();
				for (const step of list) {
					for (const c of step.changes) account.change(c);
					await account.play(step.run);
				}
			}),
			options,
		);
		if (options.numRuns >= 20) {
			// the hint held (one read, no list), did not (one read, then the list), or was not taken;
			// where the list narrows, the narrowed read stood in for it
			for (const way of ['hint stale', 'list only', narrows ? 'narrowed' : 'hint held'])
				expect({ way, taken: (ways.get(way) ?? 0) > 0 }).toEqual({ way, taken: true });
		}
	}, 120_000);
});

/** A client as the checks see it. */
interface Seen {
	mid: string;
	key: string;
	archived: boolean;
	/** What a run may change: its contacts. */
	content: string;
}

class Account {
	private readonly partnerMid: string;
	private readonly credentialId: string;
	private readonly locator: INodeParameterResourceLocator;
	private documents = 0;
	private renamed = 0;
	/** The live carriers of each External ID as the process's last read of the whole list saw them. */
	private listed = new Map<string, string[]>();

	constructor(
		private readonly bed: TestBed,
		n: number,
		private readonly log: fc.ContextValue,
		/** Whether the sandbox narrows the client list to `client_external_id`. */
		private readonly narrows: boolean,
	) {
		const partner = ownPartner(bed, n);
		this.partnerMid = partner.partnerMid;
		this.credentialId = partner.credentialId;
		this.locator = partner.locator;
		for (let k = 0; k < CLIENTS; k++) {
			bed.sandbox.seedClient(
				{
					client_external_id: `C-${k}`,
					contacts: [{ contact_type: 'organization', name: `Company ${k}` }],
				},
				this.partnerMid,
			);
		}
	}

	private get partner() {
		return this.bed.sandbox.partner(this.partnerMid);
	}

	/** The partner's clients now. */
	private clients(): Seen[] {
		return this.bed.sandbox.clients(this.partnerMid).map((c) => ({
			mid: String(c.mid),
			key: c.client_external_id,
			archived: Boolean(c.date_archived),
			content: JSON.stringify(c.contacts),
		}));
	}

	/** The stored clients carrying `key`, archived or not. */
	private carriers(key: string) {
		return [...this.partner.clients.values()].filter((c) => c.client_external_id === key);
	}

	/** A run that reads the client list (no hint yet): every External ID is hinted after it. */
	async firstRun() {
		const since = this.bed.sandbox.requests.length;
		const before = this.clients();
		const result = await this.runClient('C-149', 'Company 149');
		expect(result.error).toBeUndefined();
		expect(result.output[0].json.operation).toBe('unchanged');
		expect(this.requestsSince(since).filter((r) => r === 'GET list')).toHaveLength(2);
		this.sawList(before, []);
	}

	/** What the process knows after a run that read the whole list: its live clients, and those it made. */
	private sawList(before: Seen[], made: Seen[]) {
		this.listed = new Map();
		for (const c of [...before, ...made].filter((client) => !client.archived))
			this.listed.set(c.key, [...(this.listed.get(c.key) ?? []), c.mid]);
	}

	change(c: Change) {
		const { sandbox } = this.bed;
		const partner = this.partner;
		const text = JSON.stringify(c);
		if (c.change === 'foreign') {
			const made = sandbox.seedClient(
				{ client_external_id: c.key, contacts: [{ contact_type: 'organization', name: 'Other' }] },
				this.partnerMid,
			);
			return this.log.log(`${text}: ${made.mid} made`);
		}
		const all = [...partner.clients.values()];
		if (c.change === 'give' || c.change === 'move') {
			// another client (any of the account's) takes the ID; moved, those that had it lose it
			const to = all[c.which % all.length];
			if (c.change === 'move')
				for (const had of this.carriers(c.key))
					had.client_external_id = `${c.key}-OLD-${++this.renamed}`;
			to.client_external_id = c.key;
			return this.log.log(`${text}: ${to.mid} takes ${c.key}`);
		}
		const carriers = this.carriers(c.key).filter(
			(client) => c.change !== 'restore' || client.date_archived,
		);
		if (carriers.length === 0) return this.log.log(`${text}: none`);
		const target = carriers[c.which % carriers.length];
		if (c.change === 'rename') {
			// to an ID no client has, or to another of the pool (two clients may share one)
			const to = [...KEYS, `R-${++this.renamed}`][c.which % (KEYS.length + 1)];
			target.client_external_id = to;
			return this.log.log(`${text}: ${target.mid} now ${to}`);
		}
		if (c.change === 'archive') sandbox.archiveClient(target.mid, this.partnerMid);
		if (c.change === 'restore') sandbox.restoreClient(target.mid, this.partnerMid);
		if (c.change === 'delete') {
			// MakeLeaps keeps a client that documents refer to
			if ([...partner.documents.values()].some((d) => d.clientMid === target.mid))
				return this.log.log(`${text}: ${target.mid} kept (its documents)`);
			sandbox.store.deleteClient(partner, target);
		}
		this.log.log(`${text}: ${target.mid}`);
	}

	async play(r: Run) {
		const before = this.clients();
		const live = before.filter((c) => c.key === r.key && !c.archived).map((c) => c.mid);
		const documentsBefore = this.documentStates();
		const since = this.bed.sandbox.requests.length;
		const id = `D-${++this.documents}`;
		const result =
			r.run === 'client' ? await this.runClient(r.key, r.org) : await this.runDocument(r.key, id);
		const requests = this.requestsSince(since);
		const error = result.error;
		const said = error
			? `failed: ${error.message}`
			: `${String(result.output[0].json.operation ?? 'done')} ${String(result.output[0].json.mid ?? '')}`;
		this.log.log(`${JSON.stringify(r)} with ${JSON.stringify(live)} live: ${said}`);
		this.log.log(`  ${requests.join(', ')}`);
		tally(
			!requests.includes('GET list')
				? requests.includes('GET narrowed') && this.narrows
					? 'narrowed'
					: 'hint held'
				: requests.includes('GET client') || requests.includes('GET narrowed')
					? 'hint stale'
					: 'list only',
		);

		const after = this.clients();
		const was = new Map(before.map((c) => [c.mid, c]));
		const made = after.filter((c) => !was.has(c.mid));
		const documents = this.documentStates();
		const added = Object.keys(documents).filter((mid) => !(mid in documentsBefore));
		const hinted = this.listed.get(r.key) ?? [];
		if (requests.includes('GET list')) this.sawList(before, made);
		if (!error) {
			// the client the run used or changed carries the ID and was not archived (one it made:
			// now); a Document run makes one invoice
			const used =
				r.run === 'client'
					? String(result.output[0].json.mid)
					: this.partner.documents.get(added[0])?.clientMid;
			const client = was.get(used!) ?? made.find((c) => c.mid === used);
			expect({ used, key: client?.key, archived: client?.archived }).toEqual({
				used,
				key: r.key,
				archived: false,
			});
			if (r.run === 'document') {
				const externalIds = added.map((mid) => this.partner.documents.get(mid)!.external_id);
				expect({ added: externalIds }).toEqual({ added: [id] });
			}
		}
		// a client made carries the ID; none while a live client carries it; at most one
		for (const c of made)
			expect({ made: c.mid, key: c.key, archived: c.archived }).toEqual({
				made: c.mid,
				key: r.key,
				archived: false,
			});
		const madeMids = made.map((c) => c.mid);
		if (live.length > 0) expect({ live, made: madeMids }).toEqual({ live, made: [] });
		expect(madeMids.length).toBeLessThanOrEqual(r.run === 'client' ? 1 : 0);
		// no client lost, given another ID or archived by a run; one changed is a live one of the ID
		for (const c of before) {
			const now = after.find((o) => o.mid === c.mid);
			expect({ mid: c.mid, now: now && [now.key, now.archived] }).toEqual({
				mid: c.mid,
				now: [c.key, c.archived],
			});
			if (now!.content !== c.content)
				expect({ changed: c.mid, key: c.key, archived: c.archived }).toEqual({
					changed: c.mid,
					key: r.key,
					archived: false,
				});
		}
		// no document changed; one added only by a Document run that went through
		for (const [mid, state] of Object.entries(documentsBefore))
			expect({ mid, state: documents[mid] }).toEqual({ mid, state });
		if (r.run === 'client' || error) expect({ added }).toEqual({ added: [] });
		// Client → Create or Update leaves at least one live client with the ID
		if (r.run === 'client') {
			const holding = after.filter((c) => c.key === r.key && !c.archived).map((c) => c.mid);
			expect({ key: r.key, holding: holding.length > 0 }).toEqual({ key: r.key, holding: true });
		}
		// two or more live clients: the list refuses; only the window of a hint may use one, the one
		// carrier the process last listed, and only for a document or an unchanged client
		if (live.length > 1 && !error) {
			const used =
				r.run === 'client'
					? String(result.output[0].json.mid)
					: this.partner.documents.get(added[0])?.clientMid;
			const window = !this.narrows && hinted.length === 1 && live.includes(hinted[0]);
			const unchanged = r.run === 'document' || result.output[0].json.operation === 'unchanged';
			expect({ live, used, window, unchanged }).toEqual({
				live,
				used: hinted[0],
				window: true,
				unchanged: true,
			});
			tally('window');
		}
		if (!error) return;
		// a Document run for an ID no live client carries, or two or more live clients: the run
		// fails (naming each) before any write (no POST, PATCH, PUT or DELETE); nothing else fails it
		const expected =
			r.run === 'document' && live.length === 0
				? `^Make the client first, or correct Client: MakeLeaps has no client with Client External ID "${r.key}"`
				: live.length > 1
					? `^${live.length} clients have Client External ID "${r.key}"`
					: '(a run that goes through)';
		expect({ live, error: error.message }).toEqual({
			live,
			error: expect.stringMatching(new RegExp(expected)),
		});
		const named = `${error.message} ${String(error.description ?? '')}`;
		for (const mid of live)
			expect({ mid, named: named.includes(mid) }).toEqual({ mid, named: true });
		expect({ writes: requests.filter((q) => !q.startsWith('GET')) }).toEqual({ writes: [] });
	}

	/** Every document of the partner, as stored. */
	private documentStates(): Record<string, string> {
		return Object.fromEntries(
			[...this.partner.documents.values()].map((d) => [d.mid, JSON.stringify(d)]),
		);
	}

	/** The requests to the partner since `since`: `GET list` (a page of the client list), `GET client` (one client), else method and path. */
	private requestsSince(since: number): string[] {
		const base = `/api/partner/${this.partnerMid}/`;
		return this.bed.sandbox.requests
			.slice(since)
			.filter((r) => r.path.startsWith(base))
			.map((r) => {
				const path = r.path.slice(base.length);
				if (r.method === 'GET' && path === 'client/')
					return r.query.client_external_id === undefined ? 'GET list' : 'GET narrowed';
				if (r.method === 'GET' && /^client\/[^/]+\/$/.test(path)) return 'GET client';
				return `${r.method} ${path}`;
			});
	}

	private async runClient(key: string, org: string): Promise<RunResult> {
		const parameters: INodeParameters = {
			resource: 'client',
			operation: 'createOrUpdate',
			clientExternalId: '={{ $json.id }}',
			organizationName: '={{ $json.org }}',
		};
		return await this.run(parameters, { id: key, org });
	}

	private async runDocument(key: string, id: string): Promise<RunResult> {
		const parameters: INodeParameters = { ...documentUpsertRows, client: byExternalId };
		return await this.run(parameters, { id, client: key, title: 'T', lines: line });
	}

	private async run(parameters: INodeParameters, row: IDataObject): Promise<RunResult> {
		return await this.bed.run({ ...parameters, partner: this.locator, options: FASTEST }, [row], {
			credentialId: this.credentialId,
			limits: { backoffMs: 1 },
		});
	}
}
