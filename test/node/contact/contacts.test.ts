/**
 * Contact → Create and Contact → Update through n8n's engine against the sandbox: a contact
 * added once however often the row runs, changed only where it differs, previewed first.
 */
import type { INodeParameters } from 'n8n-workflow';

import { useTestBed, type TestBed } from '../support/bed';
import { byId, createContact, seedClient } from '../support/fixtures';

const writes = (bed: TestBed) => bed.sandbox.received('/api/').filter((r) => r.method !== 'GET');
const contactsOf = (bed: TestBed, mid: string) =>
	bed.sandbox.clients().find((c) => c.mid === mid)!.contacts as Array<Record<string, unknown>>;

describe('Contact: Create', () => {
	const bed = useTestBed();
	const create = createContact;

	test('a person added to a client once: the preview says it, a second run finds it', async () => {
		const client = seedClient(bed, 'C-1');
		const fields = { familyName: 'Ito', givenName: 'Ken', email: 'ito@example.com' };
		const preview = await bed.run({ ...create(client, fields), options: { previewOnly: true } });
		expect(preview.output[0].json).toMatchObject({
			preview: 'would create',
			changes: { 'person.family_name': { from: '', to: 'Ito' } },
		});
		expect(writes(bed)).toEqual([]);
		const made = await bed.run(create(client, fields));
		expect(made.output[0].json).toMatchObject({ operation: 'created', family_name: 'Ito' });
		expect(contactsOf(bed, client)).toHaveLength(3);
		bed.sandbox.resetRequests();
		const again = await bed.run(create(client, fields));
		expect(again.output[0].json).toMatchObject({ operation: 'unchanged', family_name: 'Ito' });
		expect(writes(bed)).toEqual([]);
	});

	test('a person without a Person Family Name is refused before any request', async () => {
		const result = await bed.run(create(seedClient(bed, 'C-1'), { givenName: 'Ken' }));
		expect(result.error?.message).toBe('Person Family Name is empty [item 0, row 1]');
		expect(bed.sandbox.received('/api/')).toEqual([]);
	});
});

describe('Contact: Update', () => {
	const bed = useTestBed();

	test('only what differs is PATCHed; a second run sends nothing', async () => {
		const client = seedClient(bed, 'C-1');
		const person = (contactsOf(bed, client)[1] as { mid: string }).mid;
		const update: INodeParameters = {
			resource: 'contact',
			operation: 'update',
			client: byId(client),
			contact: byId(person),
			updateFields: { email: 'new@example.com', familyName: 'Sato', title: 'Manager' },
		};
		const result = await bed.run(update);
		expect(result.output[0].json).toMatchObject({
			operation: 'updated',
			changes: {
				'person.email': { from: 'sato@example.com', to: 'new@example.com' },
				'person.title': { from: '', to: 'Manager' },
			},
		});
		expect(writes(bed).map((r) => JSON.parse(r.body))).toEqual([
			{ email: { address: 'new@example.com' }, title: 'Manager' },
		]);
		bed.sandbox.resetRequests();
		expect((await bed.run(update)).output[0].json).toMatchObject({ operation: 'unchanged' });
		expect(writes(bed)).toEqual([]);
	});
});
