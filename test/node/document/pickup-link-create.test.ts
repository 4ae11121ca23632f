/**
 * Document → Create Pickup Link through n8n's engine against the sandbox: a link made once per
 * document and address (a valid one found stands for it, so a re-run makes nothing), a service
 * that refuses the create (405) answered with a clear error and not asked again, a create whose
 * answer was lost never repeated, a read that fails not blocking the create, Preview Only.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { Fault } from '../../../sandbox/server';
import { useTestBed, type TestBed } from '../support/bed';
import { byId, seedClient, seedInvoice } from '../support/fixtures';

const v2 = { typeVersion: 2 };
const onFail = { ...v2, onError: 'continueRegularOutput' as const };

const create = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'document',
	operation: 'createPickupLink',
	document: byId('={{ $json.mid }}'),
	email: '={{ $json.email }}',
	...extra,
});

function invoiceMid(bed: TestBed): string {
	return String(seedInvoice(bed, seedClient(bed, 'C-1')).mid);
}

const linksOf = (bed: TestBed, mid: string) => bed.sandbox.documents.pickupLinks.of(mid);
const posts = (bed: TestBed) => bed.sandbox.received('/api/').filter((r) => r.method === 'POST');
const methods = (bed: TestBed) => bed.sandbox.received('/api/').map((r) => r.method);

describe('Document: Create Pickup Link', () => {
	const bed = useTestBed();

	test('makes a link for the address; run again, finds it and makes nothing', async () => {
		const mid = invoiceMid(bed);
		const result = await bed.run(create(), [{ mid, email: 'sato@example.com' }], v2);
		expect(result.error).toBeUndefined();
		const [link] = linksOf(bed, mid);
		expect(result.output[0].json).toMatchObject({
			mid,
			link: `${bed.sandbox.baseUrl}/pickup/${link.token}/`,
			email: 'sato@example.com',
			clicked: false,
			expired: false,
			operation: 'created',
			changes: 'email: (empty) → sato@example.com',
		});
		// the document's links read, then the create
		expect(methods(bed)).toEqual(['GET', 'POST']);
		expect(JSON.parse(posts(bed)[0].body)).toEqual({ email: 'sato@example.com' });

		bed.sandbox.resetRequests();
		const again = await bed.run(create(), [{ mid, email: 'Sato@Example.com' }], v2);
		expect(again.output[0].json).toMatchObject({
			operation: 'unchanged',
			email: 'sato@example.com',
		});
		expect(methods(bed)).toEqual(['GET']);
		expect(linksOf(bed, mid)).toHaveLength(1);
	});

	test('rows of one run with the same address make one link; another address its own', async () => {
		const mid = invoiceMid(bed);
		const rows = [
			{ mid, email: 'sato@example.com' },
			{ mid, email: 'SATO@example.com' },
			{ mid, email: '' },
		];
		const result = await bed.run(create(), rows, v2);
		expect(result.output.map((item) => item.json.operation)).toEqual([
			'created',
			'unchanged',
			'created',
		]);
		expect(linksOf(bed, mid).map((link) => link.email)).toEqual(['sato@example.com', '']);
		// no address: no field (n8n sends `{}` as an empty body)
		expect(posts(bed)[1].body).toBe('');
	});

	test('an expired link for the address does not count: a new one is made', async () => {
		const mid = invoiceMid(bed);
		const address = { email: 'sato@example.com' };
		bed.sandbox.documents.pickupLinks.add(mid, { ...address, expiration_date: '2020-01-01' });
		const result = await bed.run(create(), [{ mid, ...address }], v2);
		expect(result.output[0].json).toMatchObject({ operation: 'created', expired: false });
		expect(linksOf(bed, mid)).toHaveLength(2);
	});

	test('a bad Email is refused naming the field and the item, nothing sent', async () => {
		const mid = invoiceMid(bed);
		const result = await bed.run(create(), [{ mid, email: 'sato@' }], v2);
		expect(result.error?.message).toBe(
			'Email "sato@" is not a valid e-mail address [item 0, row 1]',
		);
		expect(bed.sandbox.received('/api/')).toEqual([]);
	});

	test('a read of the links that fails does not block the create', async () => {
		const mid = invoiceMid(bed);
		bed.sandbox.injectFault(
			{ kind: 'status', status: 400 },
			{ method: 'GET', path: /pickup-link/ },
		);
		const result = await bed.run(create(), [{ mid, email: 'sato@example.com' }], v2);
		expect(result.output[0].json.operation).toBe('created');
		expect(methods(bed)).toEqual(['GET', 'POST']);
	});

	test('a run that stops names the links it made, and says running again is safe', async () => {
		const mid = invoiceMid(bed);
		const rows = [
			{ mid, email: 'sato@example.com' },
			{ mid: '999', email: 'sato@example.com' },
		];
		const result = await bed.run(create(), rows, v2);
		const [link] = linksOf(bed, mid);
		expect(result.error?.message).toBe(
			`MakeLeaps has no document 999 [item 1, row 2]. Before it, this run had already created 1 pickup link (${link.mid})`,
		);
		// what to do about the failure first, then that running again is safe
		expect(result.error?.description).toMatch(
			/^Pick the record From List, or correct its ID in the row: it may have been deleted in MakeLeaps\. MakeLeaps said: Not found\. Running the workflow again is safe/,
		);
	});

	test('Preview Only reads the links and writes nothing', async () => {
		const mid = invoiceMid(bed);
		const rows = [
			{ mid, email: 'sato@example.com' },
			{ mid, email: 'sato@example.com' },
		];
		const result = await bed.run(create({ options: { previewOnly: true } }), rows, v2);
		expect(result.output.map((item) => item.json.preview)).toEqual(['would create', 'unchanged']);
		expect(methods(bed)).toEqual(['GET', 'GET']);
		expect(linksOf(bed, mid)).toEqual([]);
	});
});

describe('Document: Create Pickup Link on a service that only lists links', () => {
	const bed = useTestBed({ pickupLinksReadOnly: true });

	test('a clear error, not asked again in the run; a valid link found is still output', async () => {
		const mid = invoiceMid(bed);
		const other = invoiceMid(bed);
		bed.sandbox.documents.pickupLinks.add(other, { email: 'ito@example.com' });
		const rows = [
			{ mid, email: 'sato@example.com' },
			{ mid, email: 'kato@example.com' },
			{ mid: other, email: 'ito@example.com' },
		];
		const result = await bed.run(create(), rows, onFail);
		const refused = 'MakeLeaps does not let the API create pickup links';
		expect(result.output.map((item) => item.json.error ?? item.json.operation)).toEqual([
			`${refused} [item 0, row 1]`,
			`${refused} [item 1, row 2]`,
			'unchanged',
		]);
		expect(result.output.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(posts(bed)).toHaveLength(1);
		expect(linksOf(bed, mid)).toEqual([]);
	});
});

describe('Document: Create Pickup Link whose answer is lost', () => {
	const bed = useTestBed();
	const lost: Array<[string, Fault, number]> = [
		['applied', { kind: 'resetAfter' }, 1],
		['not applied', { kind: 'reset' }, 0],
	];

	test.each(lost)(
		'%s: uncertain and never sent again in the run; a re-run finds it or makes it',
		async (_name, fault, made) => {
			const mid = invoiceMid(bed);
			bed.sandbox.injectFault(fault, { method: 'POST', path: /pickup-link/ });
			const rows = [
				{ mid, email: 'sato@example.com' },
				{ mid, email: 'sato@example.com' },
			];
			const result = await bed.run(create(), rows, onFail);
			expect(result.output[0].json.error).toMatch(/^MakeLeaps may or may not have carried out/);
			if (made) expect(result.output[1].json.operation).toBe('unchanged');
			else
				expect(result.output[1].json.error).toBe(
					`An earlier create of a pickup link of document ${mid} for sato@example.com may or may not have happened [item 1, row 2]`,
				);
			expect(posts(bed)).toHaveLength(1);
			expect(linksOf(bed, mid)).toHaveLength(made);

			bed.sandbox.resetRequests();
			const again = await bed.run(create(), [rows[0]], v2);
			expect(again.output[0].json.operation).toBe(made ? 'unchanged' : 'created');
			expect(posts(bed)).toHaveLength(1 - made);
			expect(linksOf(bed, mid)).toHaveLength(1);
		},
	);
});
