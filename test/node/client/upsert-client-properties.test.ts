/**
 * A property of Client → Create or Update against the sandbox: whatever rows run (external IDs
 * from a small pool, as text or as a number, interleaved, up to 9 rows so that a few items are in
 * flight; names and e-mails or empty cells in any field, the key included), run again, two runs
 * at once, answers lost or cut off after a create, a 503, lists that carry less (without the key,
 * without contacts, without `expand`), clients changed, renumbered, deleted or added in
 * MakeLeaps between runs:
 * - MakeLeaps never holds two clients with one External ID, and a client's External ID is never
 *   changed or emptied by the node;
 * - every item has its own outcome (created, updated, unchanged for its key, or an error of its
 *   own that the run's conditions explain);
 * - after a run, each key whose rows went through holds what its rows said, in order (empty
 *   cells leave a field as it is), and the last row of each key run again writes nothing;
 * - a final run without faults leaves exactly one client per key it names, with its last row.
 * 120 cases by default (about 15 s of CPU); FC_RUNS sets the number, FC_SEED replays a seed.
 */
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useTestBed } from '../support/bed';
import { upsertRows } from '../support/fixtures';
import {
	cell,
	expectEachOutcome,
	FASTEST,
	propertyRuns,
	rowsOf,
	text,
	withoutMissing,
	type Lists,
} from '../support/upserts';
import { filled, runSteps, UpsertWorld, type Held, type RunStep } from '../support/upsertWorld';

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
const rows = rowsOf(row, 9);
const lists = fc.constantFrom<Lists>(
	{},
	{},
	{ ignoreExpand: true },
	{ listOmits: ['contacts'] },
	{ listOmits: ['client_external_id'] },
);

type Edit = {
	kind: 'edit';
	edit: 'rename' | 'delete' | 'rekey' | 'foreign';
	which: number;
	row: IDataObject;
};
type Step = RunStep | Edit;

const step: fc.Arbitrary<Step> = fc.oneof(...runSteps(rows, lists, fc.constant('client')), {
	arbitrary: fc.record({
		kind: fc.constant('edit' as const),
		edit: fc.constantFrom<Edit['edit']>('rename', 'delete', 'rekey', 'foreign'),
		which: fc.nat(),
		row,
	}),
	weight: 2,
});

describe('Property: Client → Create or Update', () => {
	const bed = useTestBed();

	test('one client per External ID, keys kept, every item its outcome, re-runs write nothing', async () => {
		let n = 0;
		const options = propertyRuns(120);
		await fc.assert(
			fc.asyncProperty(
				fc.array(step, { minLength: 1, maxLength: 5 }),
				rows,
				fc.context(),
				async (steps, last, log) => {
					const world = new Clients(bed, ++n, log);
					for (const s of steps) await (s.kind === 'edit' ? world.edit(s) : world.play(s));
					// the final run, without faults: each key it names that went through has one client
					// with what its rows said (checkFold)
					await world.play({
						kind: 'run',
						of: 'client',
						batches: [last],
						fault: 'none',
						lists: {},
					});
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

class Clients extends UpsertWorld {
	protected readonly keyField = 'client_external_id';
	protected readonly listPath = new RegExp(`^/api/partner/${this.partnerMid}/client/$`);
	protected readonly patchPath = /\/contact\/\d+\/$/;
	protected readonly rowErrors = [
		/^Give the row a Client External ID: it is empty/,
		/are both empty/,
		/is set but .* is empty/,
		/has no (person|organization) contact to update/,
	];
	protected readonly needed = ['client_external_id'];

	/** The partner's clients, with what their organization and person contacts say. */
	records(): Array<Held & { org?: IDataObject; person?: IDataObject }> {
		return this.bed.sandbox.clients(this.partnerMid).map((client) => {
			const contacts = client.contacts as unknown as IDataObject[];
			const org = contacts.find((c) => c.contact_type === 'organization');
			const person = contacts.find((c) => c.contact_type === 'person');
			const values = filled({
				org: org?.name as string | undefined,
				family: person?.family_name as string | undefined,
				email: (person?.email as IDataObject | null)?.address as string | undefined,
			});
			const key = client.client_external_id;
			return { mid: client.mid, kind: 'client', key, values, org, person };
		});
	}

	protected parameters(): INodeParameters {
		return { ...upsertRows, partner: this.locator, options: FASTEST };
	}

	protected given(r: IDataObject) {
		return filled({ org: text(r.org), family: text(r.family), email: text(r.email) });
	}

	/** A change a user makes in MakeLeaps, never one that makes two clients share a key. */
	edit(s: Edit) {
		const { sandbox } = this.bed;
		const partner = sandbox.partner(this.partnerMid);
		const clients = this.records();
		const used = new Set(clients.map((c) => c.key));
		const free = KEYS.map(text).filter((key) => !used.has(key));
		const { org, family, email } = this.given(s.row);
		if (s.edit === 'foreign') {
			if (free.length === 0) return;
			const contacts: IDataObject[] = [];
			if (org)
				contacts.push({ contact_type: 'organization', name: org, addresses: [], email: null });
			if (family || !org)
				contacts.push({
					contact_type: 'person',
					family_name: family ?? 'Mori',
					addresses: [],
					email: email ? { address: email } : null,
				});
			const key = free[s.which % free.length];
			sandbox.seedClient({ client_external_id: key, contacts }, this.partnerMid);
			return;
		}
		if (clients.length === 0) return;
		const target = clients[s.which % clients.length];
		const stored = partner.clients.get(target.mid)!;
		if (s.edit === 'delete') return sandbox.store.deleteClient(partner, stored);
		if (s.edit === 'rekey') {
			// to a key no client has, or none
			stored.client_external_id = [...free, ''][s.which % (free.length + 1)];
			return this.rekeyed(stored.mid, stored.client_external_id);
		}
		const orgContact = target.org && partner.contacts.get(String(target.org.mid));
		const person = target.person && partner.contacts.get(String(target.person.mid));
		if (orgContact && org) sandbox.store.updateContact(orgContact, { name: org });
		if (person && family) sandbox.store.updateContact(person, { family_name: family });
		if (person && email) sandbox.store.updateContact(person, { email: { address: email } });
	}
}
