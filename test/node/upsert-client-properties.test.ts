/**
 * A property of Client → Create or Update against the sandbox: whatever rows run (external IDs
 * from a small pool, as text or as a number, names and e-mails or empty cells in any field, the
 * key included), run again, two runs at once, answers lost or cut off after a create, a 503,
 * lists that carry less (without the key, without contacts, without `expand`), clients changed,
 * renumbered, deleted or added in MakeLeaps between runs:
 * - MakeLeaps never holds two clients with one External ID, and a client's External ID is never
 *   changed or emptied by the node;
 * - every item has its own outcome (created, updated, unchanged for its key, or an error of its
 *   own that the run's conditions explain);
 * - after a run, each key whose rows went through holds what its rows said, in order (empty
 *   cells leave a field as it is), and the last row of each key run again writes nothing;
 * - a final run without faults leaves exactly one client per key it names, with its last row.
 * 200 cases by default (about 7 s); FC_RUNS sets the number, FC_SEED replays a seed.
 */
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useTestBed, type TestBed } from './bed';
import { upsertRows } from './fixtures';
import {
	cell,
	FAULT_ERRORS,
	FASTEST,
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

const KEYS = ['K1', 'K2', ' K1 ', 7, '7'];
const ORGS = ['Alpha Co', 'Beta Co', ' Alpha Co'];
const FAMILIES = ['Sato', 'Ito'];
const EMAILS = ['sato@example.com', 'ito@example.com', 'Sato@Example.com'];

const row = fc
	.record({
		id: cell(...KEYS),
		org: cell(...ORGS),
		family: cell(...FAMILIES),
		email: cell(...EMAILS),
	})
	.map(withoutMissing);
const rows = rowsOf(row);
const lists = fc.constantFrom<Lists>(
	{},
	{},
	{ ignoreExpand: true },
	{ listOmits: ['contacts'] },
	{ listOmits: ['client_external_id'] },
);

type Edit = 'rename' | 'delete' | 'rekey' | 'foreign';
type Step =
	| { kind: 'run'; rows: IDataObject[]; fault: Fault; lists: Lists }
	| { kind: 'together'; a: IDataObject[]; b: IDataObject[]; fault: Fault; lists: Lists }
	| { kind: 'edit'; edit: Edit; which: number; row: IDataObject };

const step: fc.Arbitrary<Step> = fc.oneof(
	{ arbitrary: fc.record({ kind: fc.constant('run' as const), rows, fault, lists }), weight: 4 },
	{
		arbitrary: fc.record({
			kind: fc.constant('together' as const),
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
			edit: fc.constantFrom<Edit>('rename', 'delete', 'rekey', 'foreign'),
			which: fc.nat(),
			row,
		}),
		weight: 2,
	},
);

/** What a client says in the fields a row sets. */
interface Values {
	org?: string;
	family?: string;
	email?: string;
}

/** Errors a row may end with whatever the run met: its own input, a contact type the client lacks. */
const ROW_ERRORS = [
	/^Client External ID is empty/,
	/are both empty/,
	/is set but .* is empty/,
	/has no (person|organization) contact to update/,
];

const KEYLESS = /gives clients without their client_external_id/;

describe('Property: Client → Create or Update', () => {
	const bed = useTestBed();

	test('one client per External ID, keys kept, every item its outcome, re-runs write nothing', async () => {
		let n = 0;
		const options = propertyRuns(200);
		await fc.assert(
			fc.asyncProperty(
				fc.array(step, { minLength: 1, maxLength: 5 }),
				rows,
				fc.context(),
				async (steps, last, log) => {
					const world = new World(bed, ++n, log);
					for (const s of steps) await world.play(s);
					// the final run, without faults: each key it names that went through has one client
					// with what its rows said (the check after every run, checkFold)
					await world.play({ kind: 'run', rows: last, fault: 'none', lists: {} });
				},
			),
			options,
		);
		expectEachOutcome(options.numRuns);
	}, 300000);

	// found by the property: the third row was taken as unchanged, the same as the row that
	// created the client, though the second had changed it since
	test('a row like the one that created the client, after a row changed it, changes it back', async () => {
		const first = { id: 'K1', org: 'Alpha Co', family: 'Ito' };
		const input = [first, { ...first, family: 'Sato' }, { ...first }];
		const result = await bed.run(upsertRows, input);
		expect(result.output.map((item) => item.json.operation)).toEqual([
			'created',
			'updated',
			'updated',
		]);
		const [client] = bed.sandbox.clients();
		expect((client.contacts as unknown as IDataObject[])[1]).toMatchObject({ family_name: 'Ito' });
	});
});

class World {
	private readonly partnerMid: string;
	private readonly credentialId: string;
	private readonly parameters: INodeParameters;
	/** Each client's External ID as last set (by the test's edits): the node never changes it. */
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
		this.parameters = { ...upsertRows, partner: partner.locator, options: FASTEST };
	}

	/** The partner's clients: MID, External ID and what their contacts say. */
	clients() {
		return this.bed.sandbox.clients(this.partnerMid).map((client) => {
			const contacts = client.contacts as unknown as IDataObject[];
			const org = contacts.find((c) => c.contact_type === 'organization');
			const person = contacts.find((c) => c.contact_type === 'person');
			const values: Values = {
				org: org?.name as string | undefined,
				family: person?.family_name as string | undefined,
				email: (person?.email as IDataObject | null)?.address as string | undefined,
			};
			return { mid: client.mid, key: client.client_external_id, values, org, person };
		});
	}

	async play(s: Step): Promise<void> {
		if (s.kind === 'edit') return this.edit(s);
		const { bed } = this;
		const list = new RegExp(`^/api/partner/${this.partnerMid}/client/$`);
		const keyless = this.keyless(s.lists);
		const allowed = [...ROW_ERRORS, ...FAULT_ERRORS[s.fault]];
		// (a run that reads the list after another run created a client)
		if (s.lists.listOmits?.includes('client_external_id')) allowed.push(KEYLESS);
		const before = this.valuesByKey();
		const since = bed.sandbox.requests.length;
		const batches = s.kind === 'run' ? [s.rows] : [s.a, s.b];
		const results = await withLists(bed, s.lists, async () => {
			injectFault(bed, s.fault, list, /\/contact\/\d+\/$/);
			return await Promise.all(batches.map(async (rows) => await this.run(rows)));
		});
		this.log.log(`${s.kind}: ${JSON.stringify(results.map(outcomeTexts))}`);
		const outcomes = results.map((result, b) =>
			outcomesOf(result, batches[b], 'client_external_id', allowed),
		);
		if (keyless) expect(writesSince(bed, since)).toEqual([]);
		this.checkState();
		if (s.kind !== 'run') return;
		this.checkFold(before, s.rows, outcomes[0]);
		if (s.fault !== 'none') return;
		// the last row of each key, run again under the same lists, writes nothing
		const again = lastRowPerKey(s.rows, outcomes[0]);
		if (again.length === 0) return;
		const rerun = bed.sandbox.requests.length;
		const refused = this.keyless(s.lists);
		const result = await withLists(bed, s.lists, async () => await this.run(again));
		expect(outcomesOf(result, again, 'client_external_id', [KEYLESS])).toEqual(
			again.map(() => (refused ? { error: expect.stringMatching(KEYLESS) } : 'unchanged')),
		);
		expect(writesSince(bed, rerun)).toEqual([]);
	}

	/** A list without the key is told only by a client in it (an empty list is the truth). */
	private keyless(lists: Lists) {
		return Boolean(lists.listOmits?.includes('client_external_id')) && this.clients().length > 0;
	}

	private async run(rows: IDataObject[]) {
		return await this.bed.run(this.parameters, rows, {
			credentialId: this.credentialId,
			onError: 'continueRegularOutput',
			limits: { backoffMs: 1 },
		});
	}

	/** Never two clients for one External ID; a client's External ID never changed by a run. */
	private checkState() {
		const clients = this.clients();
		for (const client of clients) {
			const key = String(client.key);
			if (key)
				expect({ key, clients: clients.filter((c) => c.key === key).length }).toEqual({
					key,
					clients: 1,
				});
			const kept = this.keys.get(String(client.mid));
			if (kept !== undefined)
				expect({ mid: client.mid, key }).toEqual({ mid: client.mid, key: kept });
			this.keys.set(String(client.mid), key);
		}
	}

	/** What each key's client says now, for the keys that have one client. */
	private valuesByKey(): Map<string, Values> {
		const clients = this.clients();
		const byKey = new Map<string, Values>();
		for (const c of clients)
			if (c.key && clients.filter((o) => o.key === c.key).length === 1)
				byKey.set(String(c.key), c.values);
		return byKey;
	}

	/**
	 * Each key of a run holds what its rows that went through said, in order: a created client
	 * what its row gave, an update each field a row fills. Keys whose create may or may not have
	 * happened are left out.
	 */
	private checkFold(before: Map<string, Values>, rows: IDataObject[], outcomes: Outcome[]) {
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
			for (const field of ['org', 'family', 'email'] as const)
				if (text(r[field])) given[field] = text(r[field]);
			expected.set(key, outcome === 'created' ? given : { ...expected.get(key), ...given });
		});
		const now = this.valuesByKey();
		for (const key of new Set(rows.map((r) => text(r.id)))) {
			if (!key || unsure.has(key)) continue;
			expect({ key, values: clean(now.get(key)) }).toEqual({
				key,
				values: clean(expected.get(key)),
			});
		}
	}

	/** A change a user makes in MakeLeaps, never one that makes two clients share a key. */
	private edit(s: Extract<Step, { kind: 'edit' }>) {
		const { sandbox } = this.bed;
		const partner = sandbox.partner(this.partnerMid);
		const clients = this.clients();
		const used = new Set(clients.map((c) => String(c.key)));
		const free = KEYS.map(text).filter((key) => !used.has(key));
		if (s.edit === 'foreign') {
			if (free.length === 0) return;
			const contacts = [];
			if (text(s.row.org))
				contacts.push({
					contact_type: 'organization',
					name: text(s.row.org),
					addresses: [],
					email: null,
				});
			if (text(s.row.family) || contacts.length === 0)
				contacts.push({
					contact_type: 'person',
					family_name: text(s.row.family) || 'Mori',
					addresses: [],
					email: text(s.row.email) ? { address: text(s.row.email) } : null,
				});
			sandbox.seedClient(
				{ client_external_id: free[s.which % free.length], contacts },
				this.partnerMid,
			);
			return;
		}
		if (clients.length === 0) return;
		const target = clients[s.which % clients.length];
		const stored = partner.clients.get(String(target.mid))!;
		if (s.edit === 'delete') {
			sandbox.store.deleteClient(partner, stored);
		} else if (s.edit === 'rekey') {
			// to a key no client has, or none
			stored.client_external_id = [...free, ''][s.which % (free.length + 1)];
			this.keys.set(stored.mid, stored.client_external_id);
		} else {
			const org = target.org && partner.contacts.get(String(target.org.mid));
			const person = target.person && partner.contacts.get(String(target.person.mid));
			if (org && text(s.row.org)) sandbox.store.updateContact(org, { name: text(s.row.org) });
			if (person && text(s.row.family))
				sandbox.store.updateContact(person, { family_name: text(s.row.family) });
			if (person && text(s.row.email))
				sandbox.store.updateContact(person, { email: { address: text(s.row.email) } });
		}
	}
}

/** Values without the fields that are not there, to compare. */
const clean = (values: Values | undefined) =>
	values &&
	Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== ''));
