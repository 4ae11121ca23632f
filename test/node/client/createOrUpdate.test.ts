import { sleep, type IDataObject } from 'n8n-workflow';

import { useTestBed, type TestBed } from '../support/bed';
import { rows, secondApiKey, upsertRows } from '../support/fixtures';

const upsert = upsertRows;

const requests = (bed: TestBed) => {
	const api = bed.sandbox.received('/api/');
	return {
		scans: api.filter((r) => r.method === 'GET' && r.path.endsWith('/client/')).length,
		posts: api.filter((r) => r.method === 'POST').length,
		patches: api.filter((r) => r.method === 'PATCH').length,
		total: api.length,
	};
};

describe('Client: Create or Update', () => {
	const bed = useTestBed();

	test('re-running a 100-row import leaves exactly 100 clients, with one list scan per run', async () => {
		const first = await bed.run(upsert, rows(100));
		expect(first.error).toBeUndefined();
		expect(first.output.map((item) => item.json.operation)).toEqual(Array(100).fill('created'));
		expect(requests(bed)).toEqual({ scans: 1, posts: 100, patches: 0, total: 101 });

		bed.sandbox.resetRequests();
		const second = await bed.run(upsert, rows(100));
		expect(second.error).toBeUndefined();
		expect(second.output.map((item) => item.json.operation)).toEqual(Array(100).fill('unchanged'));
		expect(second.output.map((item) => item.json.changes)).toEqual(Array(100).fill({}));
		// 100 clients are one page of 100: nothing is written when nothing changed.
		expect(requests(bed)).toEqual({ scans: 1, posts: 0, patches: 0, total: 1 });

		const stored = bed.sandbox.clients();
		expect(stored).toHaveLength(100);
		expect(new Set(stored.map((c) => c.client_external_id)).size).toBe(100);
		expect(second.output.map((item) => item.pairedItem)).toEqual(
			rows(100).map((_, item) => ({ item })),
		);
	});

	test('two executions with two API keys of the same account, one client: made once', async () => {
		const otherKey = secondApiKey(bed);
		// the first create is slow to answer: the other execution has read the list meanwhile
		bed.sandbox.injectFault({ kind: 'delay', ms: 300 }, { method: 'POST', path: '/api/' });
		const [a, b] = await Promise.all([
			bed.run(upsert, rows(1)),
			bed.run(upsert, rows(1), otherKey),
		]);
		expect([a, b].map((run) => run.output[0].json.operation).sort()).toEqual([
			'created',
			'unchanged',
		]);
		expect(requests(bed).posts).toBe(1);
		expect(bed.sandbox.clients()).toHaveLength(1);
	});

	test('a client another execution made after this one read the list is found, not made again', async () => {
		const row = { id: 'LATE-1', org: 'Late Co', family: 'Sato', email: 'a@example.com' };
		const other = { id: 'LATE-2', org: 'Other Co', family: 'Ito', email: 'b@example.com' };
		// the first execution's create is slow to answer; the second reads the list meanwhile,
		// creates another client, then waits for the first one's turn with the same ID
		bed.sandbox.injectFault({ kind: 'delay', ms: 1000 }, { method: 'POST', path: '/api/' });
		const first = bed.run(upsert, [row]);
		while (requests(bed).posts === 0) await sleep(10);
		const second = await bed.run(upsert, [other, row]);
		expect((await first).output[0].json.operation).toBe('created');
		expect(second.output.map((item) => item.json.operation)).toEqual(['created', 'unchanged']);
		expect(requests(bed).posts).toBe(2);
		expect(bed.sandbox.clients()).toHaveLength(2);
	});

	test('a changed row updates the contact in place and says what changed', async () => {
		await bed.run(upsert, rows(3));
		const before = bed.sandbox.clients().find((c) => c.client_external_id === 'ROW-2')!;
		bed.sandbox.resetRequests();

		const again = await bed.run(
			upsert,
			rows(3, (k) => (k === 2 ? 'new@example.com' : `p${k}@example.com`)),
		);
		expect(again.error).toBeUndefined();
		expect(again.output[1].json).toMatchObject({
			operation: 'updated',
			changes: { 'person.email': { from: 'p2@example.com', to: 'new@example.com' } },
			mid: before.mid,
		});
		expect(requests(bed)).toMatchObject({ posts: 0, patches: 1 });
		const [patch] = bed.sandbox.received('/api/').filter((r) => r.method === 'PATCH');
		expect(patch.path).toMatch(/\/contact\/\d+\/$/);
		expect(JSON.parse(patch.body)).toEqual({ email: { address: 'new@example.com' } });

		const after = bed.sandbox.clients().find((c) => c.client_external_id === 'ROW-2')!;
		expect(after.mid).toBe(before.mid);
		expect((after.contacts as IDataObject[]).map((c) => c.mid)).toEqual(
			(before.contacts as IDataObject[]).map((c) => c.mid),
		);
		expect((after.contacts as IDataObject[])[1]).toMatchObject({
			email: { address: 'new@example.com' },
		});
		expect(bed.sandbox.clients()).toHaveLength(3);
	});

	test('the same external ID twice in one run creates once, then updates', async () => {
		const input = [
			{ id: 'DUP-1', org: 'First Name Co', family: 'Sato', email: 'a@example.com' },
			{ id: 'DUP-1', org: 'Second Name Co', family: 'Sato', email: 'a@example.com' },
		];
		const result = await bed.run(upsert, input);
		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => item.json.operation)).toEqual(['created', 'updated']);
		expect(result.output[1].json).toMatchObject({
			changes: { 'organization.name': { from: 'First Name Co', to: 'Second Name Co' } },
			display_name: 'Second Name Co',
		});
		expect(bed.sandbox.clients()).toHaveLength(1);
		expect(requests(bed).scans).toBe(1);
	});

	test('a row back to the values the run created with, after a row changed them: updated again', async () => {
		const row = { id: 'DUP-3', org: 'First Name Co', family: 'Sato', email: 'a@example.com' };
		const result = await bed.run(upsert, [row, { ...row, org: 'Second Name Co' }, { ...row }]);
		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => item.json.operation)).toEqual([
			'created',
			'updated',
			'updated',
		]);
		expect(result.output[2].json).toMatchObject({
			changes: { 'organization.name': { from: 'Second Name Co', to: 'First Name Co' } },
		});
		expect(bed.sandbox.clients()[0].display_name).toBe('First Name Co');
	});

	test('the same row twice in one run (an invoice of several sheet rows): created once, then unchanged without reading its contacts', async () => {
		const row = { id: 'DUP-2', org: 'Same Co', family: 'Sato', email: 'a@example.com' };
		const result = await bed.run(upsert, [row, { ...row }, { ...row }]);
		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => item.json.operation)).toEqual([
			'created',
			'unchanged',
			'unchanged',
		]);
		expect(bed.sandbox.clients()).toHaveLength(1);
		// the client list and one create: no read of the contacts it was created with
		expect(bed.sandbox.received('/api/').map((r) => r.method)).toEqual(['GET', 'POST']);
	});

	test('clients that already share an external ID are reported, not guessed between', async () => {
		for (const name of ['A Co', 'B Co']) {
			bed.sandbox.seedClient({
				client_external_id: 'TWIN',
				contacts: [{ contact_type: 'organization', name, addresses: [], email: null }],
			});
		}
		const result = await bed.run(
			{ ...upsert, clientExternalId: 'TWIN', personFamilyName: '', personEmail: '' },
			[{ org: 'A Co' }],
			{ onError: 'continueRegularOutput' },
		);
		expect(result.output[0].json.error).toBe(
			'2 clients have Client External ID "TWIN" [item 0, row 1]',
		);
		expect(requests(bed)).toMatchObject({ posts: 0, patches: 0 });
	});

	test('a client without the contact type to update fails that item clearly', async () => {
		bed.sandbox.seedClient({
			client_external_id: 'ORG-ONLY',
			contacts: [{ contact_type: 'organization', name: 'Org K.K.', addresses: [], email: null }],
		});
		const result = await bed.run(
			upsert,
			[{ id: 'ORG-ONLY', org: 'Org K.K.', family: 'Sato', email: '' }],
			{ onError: 'continueRegularOutput' },
		);
		expect(result.output[0].json.error).toBe(
			'Client "ORG-ONLY" has no person contact to update [item 0, row 1]',
		);
		expect(requests(bed)).toMatchObject({ posts: 0, patches: 0 });
	});

	test('an empty external ID is refused before any request', async () => {
		const result = await bed.run(upsert, [{ id: '  ', org: 'Co', family: '', email: '' }]);
		expect(result.error?.message).toBe(
			'Give the row a Client External ID: it is empty [item 0, row 1]',
		);
		expect(bed.sandbox.received('/api/')).toHaveLength(0);
	});

	test('a row without its ID stops the run: the message starts with the fix, names the row by its number and the clients made by their IDs; the description says why', async () => {
		const result = await bed.run(upsert, [
			{ id: 'C-1', org: 'First Co', family: '', email: '' },
			{ id: '', org: 'Second Co', family: '', email: '' },
		]);
		expect(result.error?.message).toBe(
			'Give the row a Client External ID: it is empty [item 1, row 2]. Before it, this run had already created 1 client (C-1)',
		);
		expect(result.error?.description).toMatch(/^Create or Update finds the client by your own ID/);
		expect(bed.sandbox.clients().map((c) => c.client_external_id)).toEqual(['C-1']);
	});

	test('an address change replaces the address; empty inputs clear nothing', async () => {
		await bed.run(upsert, rows(1));
		bed.sandbox.resetRequests();
		const result = await bed.run(
			{
				...upsert,
				personEmail: '',
				additionalFields: {
					addressPostalCode: '105-0011',
					addressRegion: 'tokyo',
					addressStreet: '1-2-3 Shibakoen',
				},
			},
			rows(1),
		);
		expect(result.output[0].json).toMatchObject({
			operation: 'updated',
			changes: {
				'organization.address.postal_code': { from: '', to: '105-0011' },
				'organization.address.region': { from: '', to: 'tokyo' },
				'organization.address.street_address': { from: '', to: '1-2-3 Shibakoen' },
			},
		});
		const [stored] = bed.sandbox.clients();
		const [organization, person] = stored.contacts as IDataObject[];
		expect(organization.addresses).toEqual([
			expect.objectContaining({
				postal_code: '105-0011',
				region: 'tokyo',
				street_address: '1-2-3 Shibakoen',
				country_name: 'JP',
			}),
		]);
		expect(person.email).toEqual({ address: 'p1@example.com' });
	});
});

describe('Client: Create or Update, where the client list gives contacts as links', () => {
	const bed = useTestBed({ ignoreExpand: true });
	const contactReads = () => {
		const api = bed.sandbox.received('/api/');
		return {
			partnerList: api.filter((r) => /\/partner\/\d+\/contact\/$/.test(r.path)).length,
			clientLists: api.filter((r) => /\/client\/\d+\/contact\/$/.test(r.path)).length,
		};
	};
	const partnerContacts = /^\/api\/partner\/\d+\/contact\/$/;
	const rewritePartnerContacts = (change: (contact: IDataObject) => IDataObject) =>
		bed.sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => ({
					...body,
					response: (body.response as IDataObject[]).map(change),
				}),
			},
			{ path: partnerContacts },
		);

	test("re-running 100 rows reads the partner's contact list, not each client's: only a changed row is read again", async () => {
		await bed.run(upsert, rows(100));
		bed.sandbox.resetRequests();
		const again = await bed.run(
			upsert,
			rows(100, (k) => (k === 7 ? 'new@example.com' : `p${k}@example.com`)),
		);
		expect(again.error).toBeUndefined();
		const operations = again.output.map((item) => item.json.operation);
		expect(operations.filter((o) => o === 'unchanged')).toHaveLength(99);
		expect(again.output[6].json).toMatchObject({
			operation: 'updated',
			changes: { 'person.email': { from: 'p7@example.com', to: 'new@example.com' } },
		});
		// its contacts as they are after the PATCH, not as the list gave them before
		expect((again.output[6].json.contacts as IDataObject[])[1]).toMatchObject({
			email: { address: 'new@example.com' },
		});
		// 200 contacts: two pages of the partner's list, and the updated client's own list
		expect(contactReads()).toEqual({ partnerList: 2, clientLists: 1 });
		expect(requests(bed)).toMatchObject({ scans: 1, posts: 0, patches: 1 });
	});

	test("a partner's contact list without the e-mail addresses stands in for nothing: each client's contacts are read, nothing is changed", async () => {
		await bed.run(upsert, rows(3));
		bed.sandbox.resetRequests();
		rewritePartnerContacts((contact) => {
			const withoutEmail = { ...contact };
			delete withoutEmail.email;
			return withoutEmail;
		});
		const again = await bed.run(upsert, rows(3));
		expect(again.output.map((item) => item.json.operation)).toEqual(Array(3).fill('unchanged'));
		expect(contactReads()).toEqual({ partnerList: 1, clientLists: 3 });
		expect(requests(bed).patches).toBe(0);
	});

	test('a contact the list gives as owned by another client is not taken for this one', async () => {
		await bed.run(upsert, rows(3));
		const [other] = bed.sandbox.clients();
		bed.sandbox.resetRequests();
		rewritePartnerContacts((contact) => ({ ...contact, owner: other.url }));
		const again = await bed.run(upsert, rows(3));
		expect(again.output.map((item) => item.json.operation)).toEqual(Array(3).fill('unchanged'));
		// only the first client's own contacts stand; the two others are read by client
		expect(contactReads()).toEqual({ partnerList: 1, clientLists: 2 });
	});

	test("a refused partner's contact list blocks nothing: each client's contacts are read", async () => {
		await bed.run(upsert, rows(3));
		bed.sandbox.resetRequests();
		bed.sandbox.injectFault({ kind: 'status', status: 403 }, { path: partnerContacts });
		const again = await bed.run(
			upsert,
			rows(3, (k) => (k === 2 ? 'new@example.com' : `p${k}@example.com`)),
		);
		expect(again.error).toBeUndefined();
		expect(again.output.map((item) => item.json.operation)).toEqual([
			'unchanged',
			'updated',
			'unchanged',
		]);
		expect(contactReads()).toEqual({ partnerList: 1, clientLists: 4 });
	});

	test('one existing client reads its own contacts only: the list would cost as much', async () => {
		await bed.run(upsert, rows(1));
		bed.sandbox.resetRequests();
		const again = await bed.run(upsert, rows(1));
		expect(again.output[0].json.operation).toBe('unchanged');
		expect(contactReads()).toEqual({ partnerList: 0, clientLists: 1 });
	});
});
