/**
 * Contact → Create adds a person once: whatever else changed in MakeLeaps or in the row, however
 * the e-mail is written, and when two executions add the same person at once. Contact → Update
 * changes only a contact of the client its Client field names.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Fault } from '../../../sandbox/server';
import { useTestBed, type TestBed } from '../support/bed';
import { byId, createContact, secondApiKey, seedClient } from '../support/fixtures';

type Contact = Record<string, unknown> & { mid: string };

const writes = (bed: TestBed) => bed.sandbox.received('/api/').filter((r) => r.method !== 'GET');
const contactsOf = (bed: TestBed, mid: string) =>
	bed.sandbox.clients().find((c) => c.mid === mid)!.contacts as Contact[];
const itos = (bed: TestBed, mid: string) =>
	contactsOf(bed, mid).filter((contact) => contact.family_name === 'Ito');
/** A change made to a contact in MakeLeaps, as a user does in its web app. */
const editContact = (bed: TestBed, mid: string, changes: IDataObject) =>
	bed.sandbox.store.updateContact(bed.sandbox.partner().contacts.get(mid)!, changes);

const create = createContact;

describe('Contact: Create adds a person once', () => {
	const bed = useTestBed();
	const ito = { familyName: 'Ito', givenName: 'Ken', email: 'ito@example.com' };

	test('a run stopped at a bad row says running it again is safe: the contacts added are found', async () => {
		const client = seedClient(bed, 'C-1');
		const parameters = {
			...create(client, {}),
			contactFields: { familyName: '={{ $json.family }}', email: '={{ $json.email }}' },
		};
		const rows = [
			{ family: 'Ito', email: 'ito@example.com' },
			{ family: 'Sato', email: 'sato@' },
		];
		const result = await bed.run(parameters, rows);
		expect(result.error?.message).toMatch(
			/\[item 1, row 2\]\. Before it, this run had already created 1 contact/,
		);
		expect(result.error?.description).toMatch(/^Running the workflow again is safe/);
		expect(itos(bed, client)).toHaveLength(1);
	});

	test('a re-run after the phone was changed in MakeLeaps finds the contact and reports how it differs', async () => {
		const client = seedClient(bed, 'C-1');
		const first = await bed.run(create(client, { ...ito, phoneNumber: '03-1111-2222' }));
		expect(first.output[0].json).toMatchObject({ operation: 'created' });
		editContact(bed, itos(bed, client)[0].mid, { phone_number: '03-9999-0000' });
		bed.sandbox.resetRequests();
		const again = await bed.run(create(client, { ...ito, phoneNumber: '03-1111-2222' }));
		expect(again.output[0].json).toMatchObject({
			operation: 'unchanged',
			changes: {},
			differences: { 'person.phone_number': { from: '03-9999-0000', to: '03-1111-2222' } },
			phone_number: '03-9999-0000',
		});
		expect(writes(bed)).toEqual([]);
		expect(itos(bed, client)).toHaveLength(1);
		// with Simplify (version 2) the differences are one cell of text, as changes are
		const simple = await bed.run(create(client, { ...ito, phoneNumber: '03-1111-2222' }), [{}], {
			typeVersion: 2,
		});
		expect(simple.output[0].json).toMatchObject({
			operation: 'unchanged',
			changes: '',
			differences: 'person.phone_number: 03-9999-0000 → 03-1111-2222',
		});
	});

	test('a Title the first run did not send adds no second contact; the preview says the same', async () => {
		const client = seedClient(bed, 'C-1');
		await bed.run(create(client, ito));
		bed.sandbox.resetRequests();
		const withTitle = create(client, { ...ito, title: 'Manager' });
		const preview = await bed.run({ ...withTitle, options: { previewOnly: true } });
		expect(preview.output[0].json).toEqual({
			preview: 'unchanged',
			// the keys a user finds the row by: the contact's e-mail and its client
			email: 'ito@example.com',
			client_name: 'C-1 Co',
			mid: itos(bed, client)[0].mid,
			changes: {},
			differences: { 'person.title': { from: '', to: 'Manager' } },
		});
		const again = await bed.run(withTitle);
		expect(again.output[0].json).toMatchObject({
			operation: 'unchanged',
			differences: { 'person.title': { from: '', to: 'Manager' } },
		});
		expect(writes(bed)).toEqual([]);
		expect(itos(bed, client)).toHaveLength(1);
	});

	test('the e-mail in other capitals, or left out, is the same person; another address is another person', async () => {
		const client = seedClient(bed, 'C-1');
		await bed.run(create(client, ito));
		bed.sandbox.resetRequests();
		const capitals = await bed.run(create(client, { ...ito, email: ' ITO@Example.COM ' }));
		expect(capitals.output[0].json).toMatchObject({ operation: 'unchanged' });
		const without = await bed.run(create(client, { familyName: 'Ito', givenName: 'Ken' }));
		expect(without.output[0].json).toMatchObject({ operation: 'unchanged', differences: {} });
		expect(writes(bed)).toEqual([]);
		const other = await bed.run(create(client, { ...ito, email: 'ken.ito@example.com' }));
		expect(other.output[0].json).toMatchObject({ operation: 'created' });
		expect(itos(bed, client)).toHaveLength(2);
	});

	test('two executions adding the same person at once make one contact', async () => {
		const client = seedClient(bed, 'C-1');
		// the first create is slow to answer, so the other execution reads the contacts meanwhile
		bed.sandbox.injectFault({ kind: 'delay', ms: 300 }, { method: 'POST', path: '/api/' });
		const [a, b] = await Promise.all([
			bed.run(create(client, ito)),
			bed.run(create(client, { ...ito, email: 'Ito@example.com', title: 'Manager' })),
		]);
		expect([a, b].map((run) => run.output[0].json.operation).sort()).toEqual([
			'created',
			'unchanged',
		]);
		expect(writes(bed)).toHaveLength(1);
		expect(itos(bed, client)).toHaveLength(1);
	});

	test('two executions with two API keys of the same account adding the same person make one contact', async () => {
		const client = seedClient(bed, 'C-1');
		const otherKey = secondApiKey(bed);
		bed.sandbox.injectFault({ kind: 'delay', ms: 300 }, { method: 'POST', path: '/api/' });
		const [a, b] = await Promise.all([
			bed.run(create(client, ito)),
			bed.run(create(client, ito), [{}], otherKey),
		]);
		expect([a, b].map((run) => run.output[0].json.operation).sort()).toEqual([
			'created',
			'unchanged',
		]);
		expect(writes(bed)).toHaveLength(1);
		expect(itos(bed, client)).toHaveLength(1);
	});

	test('rows of one run adding the same person, a few under way at once: one contact, outputs in row order', async () => {
		const client = seedClient(bed, 'C-1');
		// slow answers, so the rows after the first are under way together (the switches are the
		// describe's: set back after the run)
		bed.sandbox.options.latencyMs = 150;
		const parameters = {
			...create(client, {}),
			contactFields: { familyName: '={{ $json.family }}', email: '={{ $json.email }}' },
		};
		const rows = [
			{ family: 'Sato', email: 'sato2@example.com' },
			{ family: 'Ito', email: 'ito@example.com' },
			{ family: 'Kato', email: 'kato@example.com' },
			{ family: 'Ito', email: 'ITO@example.com' },
			{ family: 'Kato', email: ' kato@example.com ' },
			{ family: 'Ito', email: 'ito@example.com' },
		];
		const result = await bed.run(parameters, rows).finally(() => {
			delete bed.sandbox.options.latencyMs;
		});
		expect(result.error).toBeUndefined();
		expect(bed.sandbox.maxInFlight).toBeGreaterThan(1);
		expect(result.output.map((item) => item.json.operation)).toEqual([
			'created',
			'created',
			'created',
			'unchanged',
			'unchanged',
			'unchanged',
		]);
		expect(result.output.map((item) => item.pairedItem)).toEqual(rows.map((_, item) => ({ item })));
		expect(writes(bed)).toHaveLength(3);
		expect(itos(bed, client)).toHaveLength(1);
		expect(contactsOf(bed, client).filter((c) => c.family_name === 'Kato')).toHaveLength(1);
	});

	test('rows of one preview adding the same person: the first would create, the next are unchanged', async () => {
		const client = seedClient(bed, 'C-1');
		const rows = [{ email: 'ito@example.com' }, { email: 'ITO@example.com' }, { email: '' }];
		const result = await bed.run(
			{
				...create(client, { ...ito, email: '={{ $json.email }}' }),
				options: { previewOnly: true },
			},
			rows,
		);
		expect(result.output.map((item) => item.json.preview)).toEqual([
			'would create',
			'unchanged',
			'unchanged',
		]);
		expect(writes(bed)).toEqual([]);
	});
});

describe('Contact: Create whose answer is lost', () => {
	const bed = useTestBed();
	const ito = { familyName: 'Ito', givenName: 'Ken', email: '={{ $json.email }}' };
	const lost: Array<[string, Fault, number]> = [
		['applied', { kind: 'resetAfter' }, 1],
		['not applied', { kind: 'reset' }, 0],
	];

	test.each(lost)(
		'%s: uncertain, not sent again by a later row of the run; a re-run finds it or adds it',
		async (_name, fault, made) => {
			const client = seedClient(bed, 'C-1');
			bed.sandbox.injectFault(fault, { method: 'POST', path: '/api/' });
			const rows = [{ email: 'ito@example.com' }, { email: 'ITO@example.com' }];
			const result = await bed.run(create(client, ito), rows, { onError: 'continueRegularOutput' });
			expect(result.output[0].json.error).toMatch(/^MakeLeaps may or may not have carried out/);
			if (made) expect(result.output[1].json).toMatchObject({ operation: 'unchanged' });
			else
				expect(result.output[1].json.error).toBe(
					'An earlier create of this contact (Ito Ken) may or may not have happened [item 1, row 2]',
				);
			expect(writes(bed)).toHaveLength(1);
			expect(itos(bed, client)).toHaveLength(made);
			bed.sandbox.resetRequests();
			const again = await bed.run(create(client, ito), [{ email: 'Ito@Example.com' }]);
			expect(again.output[0].json.operation).toBe(made ? 'unchanged' : 'created');
			expect(writes(bed)).toHaveLength(1 - made);
			expect(itos(bed, client)).toHaveLength(1);
		},
	);
});

describe('Contact: Update only of the client in Client', () => {
	const bed = useTestBed();
	const update = (client: string, contact: string): INodeParameters => ({
		resource: 'contact',
		operation: 'update',
		client: client ? byId(client) : { __rl: true, mode: 'list', value: '' },
		contact: byId(contact),
		updateFields: { title: 'Manager' },
	});
	const personOf = (client: string) =>
		contactsOf(bed, client).find((c) => c.contact_type === 'person')!.mid;

	test('a contact of another client is refused before any write; with Client empty it is changed', async () => {
		const mine = seedClient(bed, 'C-1');
		const other = seedClient(bed, 'C-2');
		const result = await bed.run(update(mine, personOf(other)));
		expect(result.error?.message).toBe(
			`Contact ${personOf(other)} is not a contact of the client in Client (${mine}) [item 0, row 1]`,
		);
		expect(writes(bed)).toEqual([]);
		const preview = await bed.run({
			...update(mine, personOf(other)),
			options: { previewOnly: true },
		});
		expect(preview.output[0].json).toMatchObject({ preview: 'would fail' });
		const unchecked = await bed.run(update('', personOf(other)));
		expect(unchecked.output[0].json).toMatchObject({ operation: 'updated' });
		const own = await bed.run({ ...update(mine, personOf(mine)) });
		expect(own.output[0].json).toMatchObject({ operation: 'updated' });
		expect(writes(bed)).toHaveLength(2);
	});

	test('a contact answered without its owner is checked against the contacts of the client', async () => {
		const mine = seedClient(bed, 'C-1');
		const other = seedClient(bed, 'C-2');
		const withoutOwner = (body: Record<string, unknown>) => {
			const response = { ...(body.response as Record<string, unknown>) };
			delete response.owner;
			return { ...body, response };
		};
		const contactPath = /\/contact\/\d+\/$/;
		bed.sandbox.injectFault({ kind: 'rewriteAfter', change: withoutOwner }, { path: contactPath });
		const refused = await bed.run(update(mine, personOf(other)));
		expect(refused.error?.message).toBe(
			`Contact ${personOf(other)} is not a contact of the client in Client (${mine}) [item 0, row 1]`,
		);
		expect(writes(bed)).toEqual([]);
		bed.sandbox.injectFault({ kind: 'rewriteAfter', change: withoutOwner }, { path: contactPath });
		const own = await bed.run(update(mine, personOf(mine)));
		expect(own.output[0].json).toMatchObject({ operation: 'updated' });
	});
});
