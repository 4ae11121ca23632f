/**
 * A property over Contact → Create: whatever sequence of rows runs (the e-mail in any capitals or
 * left out, a title or phone added, rows again, two executions at once, answers lost after the
 * create, contacts changed in MakeLeaps in between), the client never holds two contacts that
 * are the same person by the rule, and running every row that went through once more writes
 * nothing. Runs of up to 9 rows have a few items in flight (run/loop/inFlight.ts); the rule of
 * sameness is the model's own.
 * FC_RUNS sets the number of cases (60 by default), FC_SEED the seed.
 */
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { RunResult } from '../../../dev/harness/engine';
import { useTestBed, type TestBed } from '../support/bed';
import { byId, seedClient } from '../support/fixtures';
import { propertyRuns } from '../support/cases';

/** Who a row can add: two people named Ito Ken told apart by their e-mail, an Ito, a Mori. */
const PEOPLE = [
	{ familyName: 'Ito', givenName: 'Ken', email: 'ito@example.com' },
	{ familyName: 'Ito', givenName: 'Ken', email: 'ken.ito@example.com' },
	{ familyName: 'Ito', email: 'ito@example.com' },
	{ familyName: 'Mori', givenName: 'Aki', email: 'mori@example.com' },
];

/** A text in random capitals. */
const capitals = (text: string) =>
	fc
		.array(fc.boolean(), { minLength: text.length, maxLength: text.length })
		.map((upper) => [...text].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));

const row = fc
	.record({
		who: fc.nat(PEOPLE.length - 1),
		email: fc.boolean(),
		title: fc.option(fc.constantFrom('Manager', 'Director'), { nil: undefined }),
		phoneNumber: fc.option(fc.constantFrom('03-1111-2222', '06-3333-4444'), { nil: undefined }),
	})
	.chain(({ who, email, ...rest }) => {
		const { email: address, ...names } = PEOPLE[who];
		const mail = email ? capitals(address).map((e) => ({ email: e })) : fc.constant({});
		return mail.map((m): IDataObject => ({ ...names, ...m, ...rest }));
	})
	// undefined keys would reach n8n's expressions as missing, as a sheet's empty cells do
	.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)));
/** Up to 9 rows: more than IN_FLIGHT + 1, so rows of one person, among others, are in flight together. */
const rows = fc.array(row, { minLength: 1, maxLength: 9 });

/** A contact's text field as compared: trimmed, '' for none. */
const field = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The model's own rule (not the node's): two contacts are one person when their family and given
 * names are the same and, where both have an e-mail address, it is the same in any capitals.
 */
function samePerson(a: IDataObject, b: IDataObject): boolean {
	const mail = (c: IDataObject) =>
		field(typeof c.email === 'object' && c.email ? (c.email as IDataObject).address : c.email);
	if (field(a.family_name) !== field(b.family_name)) return false;
	if (field(a.given_name) !== field(b.given_name)) return false;
	const [one, other] = [mail(a).toLowerCase(), mail(b).toLowerCase()];
	return one === '' || other === '' || one === other;
}

type Step =
	| { kind: 'run'; rows: IDataObject[]; lost: boolean }
	| { kind: 'together'; a: IDataObject[]; b: IDataObject[] }
	| { kind: 'edit'; which: number; field: string; value: string };

const step: fc.Arbitrary<Step> = fc.oneof(
	fc.record({ kind: fc.constant('run' as const), rows, lost: fc.boolean() }),
	fc.record({ kind: fc.constant('together' as const), a: rows, b: rows }),
	fc.record({
		kind: fc.constant('edit' as const),
		which: fc.nat(),
		field: fc.constantFrom('phone_number', 'title', 'department', 'email'),
		value: fc.constantFrom('09-8765-4321', 'Chief', 'Sales'),
	}),
);

const createRows: INodeParameters = {
	resource: 'contact',
	operation: 'create',
	contactType: 'person',
	contactFields: Object.fromEntries(
		['familyName', 'givenName', 'email', 'title', 'phoneNumber'].map((k) => [
			k,
			`={{ $json.${k} }}`,
		]),
	),
};

const writes = (bed: TestBed) => bed.sandbox.received('/api/').filter((r) => r.method !== 'GET');

describe('Property: Contact → Create never adds the same person twice', () => {
	const bed = useTestBed();

	test('random rows, re-runs, runs at once and changes in MakeLeaps', async () => {
		const { numRuns: runs, seed } = propertyRuns(60);
		let cases = 0;
		await fc.assert(
			fc.asyncProperty(
				fc.array(step, { minLength: 1, maxLength: 5 }),
				fc.context(),
				async (steps, log) => {
					cases++;
					const client = seedClient(bed, `C-${cases}`);
					const parameters = { ...createRows, client: byId(client) };
					const options = { onError: 'continueRegularOutput' as const };
					const run = async (items: IDataObject[]) => await bed.run(parameters, items, options);
					const contacts = () =>
						(bed.sandbox.clients().find((c) => c.mid === client)!.contacts as IDataObject[]).filter(
							(c) => c.contact_type === 'person' && c.family_name !== 'Sato',
						);
					// the rows whose item succeeded (one after a lost answer fails, and so may a later
					// row of the same names in that run)
					const done: IDataObject[] = [];
					const settled = (items: IDataObject[], result: RunResult) => {
						// what each item did, printed with a counterexample
						log.log(JSON.stringify(result.output.map((o) => o.json.operation ?? o.json.error)));
						expect(result.error).toBeUndefined();
						for (const [i, item] of result.output.entries()) {
							if (item.json.operation !== undefined) done.push(items[i]);
							else expect(item.json.error).toMatch(/may or may not/);
						}
					};
					for (const s of steps) {
						if (s.kind === 'edit') {
							const found = contacts();
							if (found.length === 0) continue;
							const target = found[s.which % found.length];
							const stored = bed.sandbox.partner().contacts.get(String(target.mid))!;
							// what a user may change without making it someone else: the e-mail only in capitals
							const changes =
								s.field === 'email'
									? { email: stored.email ? { address: stored.email.address.toUpperCase() } : null }
									: { [s.field]: s.value };
							bed.sandbox.store.updateContact(stored, changes);
							continue;
						}
						if (s.kind === 'run') {
							if (s.lost)
								bed.sandbox.injectFault(
									{ kind: 'resetAfter' },
									{ method: 'POST', path: `/api/partner/${bed.sandbox.credentials.partnerMid}/` },
								);
							settled(s.rows, await run(s.rows));
						} else {
							const [a, b] = await Promise.all([run(s.a), run(s.b)]);
							settled(s.a, a);
							settled(s.b, b);
						}
						const found = contacts();
						for (const [i, one] of found.entries())
							for (const other of found.slice(i + 1)) expect(samePerson(one, other)).toBe(false);
					}
					if (done.length === 0) return;
					bed.sandbox.resetRequests();
					const again = await run(done);
					expect(again.output.map((item) => item.json.operation)).toEqual(
						done.map(() => 'unchanged'),
					);
					expect(writes(bed)).toEqual([]);
				},
			),
			{ numRuns: runs, seed },
		);
		expect(cases).toBe(runs);
	}, 120000);
});
