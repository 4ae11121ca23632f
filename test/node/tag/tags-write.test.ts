/**
 * Tags on Create, Create or Update and Update: names found in the partner's tags (read once per
 * run, apart from case), with Create Missing Tags a missing tag made once, the document sent the
 * tags' URLs and its answer checked; an unchanged set of tags writes nothing; a blank cell leaves
 * them; a service that does not let the node make tags, or loses a create's answer, fails the
 * item before the document. Without Create Missing Tags: tags-chosen.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useTestBed, type TestBed } from '../support/bed';
import { byId, seedClient } from '../support/fixtures';

const v2 = { typeVersion: 2 };
const line = { description: 'Work', quantity: 1, unit_price: 1000, tax_rate: 10 };

/** Create or Update of invoices from rows with id, client, tags (text or list) and a title. */
const upsert = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'document',
	operation: 'createOrUpdate',
	documentType: 'invoice',
	client: byId('={{ $json.client }}'),
	externalId: '={{ $json.id }}',
	date: '2026-11-30',
	lineItemsFrom: 'json',
	lineItemsJson: `={{ ${JSON.stringify([line])} }}`,
	additionalFields: { title: '={{ $json.title }}', tags: '={{ $json.tags }}' },
	...extra,
});

/** Options → Create Missing Tags on. */
const makingTags = { options: { createMissingTags: true } };

const create = (client: string): INodeParameters => ({
	...upsert(makingTags),
	operation: 'create',
	client: byId(client),
	additionalFields: { externalId: '={{ $json.id }}', tags: '={{ $json.tags }}' },
});

const api = (bed: TestBed) => bed.sandbox.received('/api/');
const tagReads = (bed: TestBed) =>
	api(bed).filter((r) => r.method === 'GET' && r.path.endsWith('/tag/'));
const tagPosts = (bed: TestBed) =>
	api(bed).filter((r) => r.method === 'POST' && r.path.endsWith('/tag/'));
const writes = (bed: TestBed) => api(bed).filter((r) => r.method !== 'GET');
const bodies = (bed: TestBed, method: string) =>
	api(bed)
		.filter((r) => r.method === method && r.path.includes('/document/'))
		.map((r) => JSON.parse(r.body) as IDataObject);

/** The names of the tags a stored document carries. */
function tagNames(bed: TestBed, document: IDataObject): string[] {
	const tags = bed.sandbox.seedTags();
	return (document.tags as string[]).map((url) => tags.find((tag) => tag.url === url)!.name);
}

/** A stored invoice with an External ID, carrying the tags of these names (made as needed). */
function taggedInvoice(bed: TestBed, client: string, id: string, names: string[]) {
	const known = bed.sandbox.seedTags().map((tag) => tag.name);
	const tags = bed.sandbox.seedTags(...names.filter((name) => !known.includes(name)));
	const partner = bed.sandbox.credentials.partnerMid;
	return bed.sandbox.seedDocument({
		document_type: 'invoice',
		external_id: id,
		client: `${bed.sandbox.baseUrl}/api/partner/${partner}/client/${client}/`,
		date: '2026-11-30',
		title: 'Old',
		lineitems: [
			{ kind: 'normal', description: 'Work', quantity: '1', unit_cost: '1000', tax_rate: '10' },
		],
		autocalculate: true,
		tags: names.map((name) => tags.find((tag) => tag.name === name)!.url),
	});
}

describe('Tags on a new document', () => {
	const bed = useTestBed();

	test('names found apart from case, a missing tag made once for the run; the tag list read once; the row names them', async () => {
		const client = seedClient(bed, 'C-1');
		bed.sandbox.seedTags('Web');
		const rows = [
			{ id: 'A', tags: 'web, Monthly' },
			{ id: 'B', tags: 'MONTHLY' },
			{ id: 'C', tags: ['Web', 'Sales'] },
		];
		const result = await bed.run(create(client), rows, v2);
		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => item.json.tags)).toEqual([
			'Web, Monthly',
			'Monthly',
			'Web, Sales',
		]);
		expect(bed.sandbox.seedTags().map((tag) => tag.name)).toEqual(['Web', 'Monthly', 'Sales']);
		const documents = bed.sandbox.documentsOf();
		expect(documents.map((document) => tagNames(bed, document))).toEqual([
			['Web', 'Monthly'],
			['Monthly'],
			['Web', 'Sales'],
		]);
		// the tags' URLs are sent, as for the client
		expect(bodies(bed, 'POST')[0].tags).toEqual(documents[0].tags);
		expect(tagReads(bed)).toHaveLength(1);
		expect(tagPosts(bed).map((r) => JSON.parse(r.body))).toEqual([
			{ name: 'Monthly' },
			{ name: 'Sales' },
		]);
	});

	test('a stop counts a tag the run made as a tag, not as a document', async () => {
		const client = seedClient(bed, 'C-1');
		// POSTs: the tag, row A's invoice, then row B's invoice, refused
		for (let i = 0; i < 2; i++)
			bed.sandbox.injectFault({ kind: 'delay', ms: 0 }, { method: 'POST', path: '/api/partner/' });
		bed.sandbox.injectFault(
			{ kind: 'status', status: 400, contentType: 'application/json', body: '{"title":["No."]}' },
			{ method: 'POST', path: '/api/partner/' },
		);
		const rows = [
			{ id: 'A', tags: 'Fresh' },
			{ id: 'B', tags: 'fresh' },
		];
		const result = await bed.run(create(client), rows);
		const [made] = bed.sandbox.documentsOf();
		expect(result.error?.message).toContain(
			`[item 1, row 2]. Before it, this run had already created 1 document (${String(made.document_number)}) and 1 tag (Fresh)`,
		);
	});
});

describe('Tags on Create or Update', () => {
	const bed = useTestBed();

	test('the same tags in another order and case: unchanged, nothing sent; other tags: one PATCH of their URLs', async () => {
		const client = seedClient(bed, 'C-1');
		taggedInvoice(bed, client, 'ROW-1', ['Web', 'monthly']);
		const row = { id: 'ROW-1', client, title: 'Old', tags: 'MONTHLY, web' };
		const same = await bed.run(upsert(), [row], v2);
		expect(same.output[0].json).toMatchObject({ operation: 'unchanged', changes: '' });
		expect(writes(bed)).toEqual([]);

		bed.sandbox.resetRequests();
		const other = await bed.run(upsert(), [{ ...row, tags: ['Web'] }], v2);
		expect(other.output[0].json).toMatchObject({
			operation: 'updated',
			changes: 'tags: Web, monthly → Web',
			tags: 'Web',
		});
		const [web] = bed.sandbox.seedTags();
		expect(bodies(bed, 'PATCH')).toEqual([{ tags: [web.url] }]);
		expect(tagReads(bed)).toHaveLength(1);
	});

	test('an empty Tags cell, or an empty list, leaves the tags as they are', async () => {
		const client = seedClient(bed, 'C-1');
		taggedInvoice(bed, client, 'ROW-1', ['Web']);
		taggedInvoice(bed, client, 'ROW-2', ['Web']);
		const result = await bed.run(upsert(), [
			{ id: 'ROW-1', client, title: 'New', tags: ' ' },
			{ id: 'ROW-2', client, title: 'New', tags: [] },
		]);
		expect(result.output.map((item) => item.json.operation)).toEqual(['updated', 'updated']);
		expect(bodies(bed, 'PATCH')).toEqual([{ title: 'New' }, { title: 'New' }]);
		const documents = bed.sandbox.documentsOf();
		expect(documents.map((document) => tagNames(bed, document))).toEqual([['Web'], ['Web']]);
		expect(tagReads(bed)).toEqual([]);
	});

	test('Preview Only shows the names and the tag the run would make (named once), makes no tag and writes nothing', async () => {
		const client = seedClient(bed, 'C-1');
		taggedInvoice(bed, client, 'ROW-1', ['Web']);
		const rows = [
			{ id: 'ROW-1', client, title: 'Old', tags: 'Web, Sales' },
			{ id: 'ROW-2', client, title: 'New', tags: 'sales' },
		];
		const preview = { options: { ...makingTags.options, previewOnly: true } };
		const result = await bed.run(upsert(preview), rows, v2);
		expect(result.output.map((item) => item.json.preview)).toEqual([
			'would update',
			'would create',
		]);
		expect(result.output[0].json.changes).toBe('tags: Web → Web, Sales');
		expect(result.output[0].json.would_create_tags).toBe('Sales');
		// as the first row names the tag it would make, whatever capitals this row typed
		expect(String(result.output[1].json.changes)).toContain('tags: (empty) → Sales');
		expect(result.output[1].json.would_create_tags).toBeNull();
		expect(writes(bed)).toEqual([]);
		expect(bed.sandbox.seedTags().map((tag) => tag.name)).toEqual(['Web']);

		// the run does what the preview said: one tag made, by the first row
		bed.sandbox.resetRequests();
		const run = await bed.run(upsert(makingTags), rows, v2);
		expect(run.output.map((item) => item.json.operation)).toEqual(['updated', 'created']);
		expect(tagPosts(bed).map((r) => JSON.parse(r.body))).toEqual([{ name: 'Sales' }]);
	});
});

describe('Tags on Update', () => {
	const bed = useTestBed();

	test('a list from the input sets the tags, as their URLs; a missing one is made with Create Missing Tags', async () => {
		const client = seedClient(bed, 'C-1');
		const invoice = taggedInvoice(bed, client, 'ROW-1', ['Web']);
		const result = await bed.run(
			{
				resource: 'document',
				operation: 'update',
				document: byId(String(invoice.mid)),
				updateFields: { tags: '={{ $json.tags }}' },
				...makingTags,
			},
			[{ tags: ['Sales', 'web'] }],
		);
		expect(result.error).toBeUndefined();
		expect(tagNames(bed, bed.sandbox.documentsOf()[0])).toEqual(['Sales', 'Web']);
		expect(bodies(bed, 'PATCH')).toEqual([{ tags: bed.sandbox.documentsOf()[0].tags }]);
		expect(tagPosts(bed)).toHaveLength(1);
	});
});

describe('Tags on a service that does not let the node make tags', () => {
	const bed = useTestBed({ refuseTagCreate: true });

	test('a missing tag (405): the item fails naming the tag, the field and the item, before the document; not asked again', async () => {
		const client = seedClient(bed, 'C-1');
		bed.sandbox.seedTags('Web');
		const rows = [
			{ id: 'A', tags: 'Web, Sales' },
			{ id: 'B', tags: 'Other' },
			{ id: 'C', tags: 'web' },
		];
		const result = await bed.run(create(client), rows, { onError: 'continueRegularOutput' });
		expect(result.output[0].json.error).toBe(
			'Tag Names or IDs: MakeLeaps has no tag "Sales" and does not let the node make one [item 0, row 1]',
		);
		expect(result.output[0].error?.description).toMatch(/^Make the tag in MakeLeaps first/);
		expect(result.output[1].json.error).toBe(
			'Tag Names or IDs: MakeLeaps has no tag "Other" and does not let the node make one [item 1, row 2]',
		);
		expect(result.output[2].json.external_id).toBe('C');
		expect(tagPosts(bed)).toHaveLength(1);
		expect(bed.sandbox.documentsOf().map((document) => document.external_id)).toEqual(['C']);
	});
});

describe('Tags whose create or write is not answered as asked', () => {
	const bed = useTestBed();

	test('a tag create whose answer is lost is not made again; the next run finds the tag', async () => {
		const client = seedClient(bed, 'C-1');
		bed.sandbox.injectFault({ kind: 'resetAfter' }, { method: 'POST', path: /\/tag\/$/ });
		const rows = [
			{ id: 'A', tags: 'Sales' },
			{ id: 'B', tags: 'sales' },
		];
		const result = await bed.run(create(client), rows, { onError: 'continueRegularOutput' });
		expect(result.output[0].json.error).toMatch(/^MakeLeaps may or may not have carried out/);
		expect(result.output[0].error?.description).toMatch(
			/The tag "Sales" \(Tag Names or IDs\) may or may not exist now\.$/,
		);
		expect(result.output[1].json.error).toBe(
			'An earlier create of the tag "sales" (Tag Names or IDs) may or may not have happened [item 1, row 2]',
		);
		expect(tagPosts(bed)).toHaveLength(1);
		expect(bed.sandbox.documentsOf()).toEqual([]);

		bed.sandbox.resetRequests();
		const again = await bed.run(create(client), rows);
		expect(again.error).toBeUndefined();
		expect(tagPosts(bed)).toEqual([]);
		expect(bed.sandbox.seedTags().map((tag) => tag.name)).toEqual(['Sales']);
		expect(bed.sandbox.documentsOf()).toHaveLength(2);
	});

	test('a document answered without the tags asked for fails the item, and is not written again', async () => {
		const client = seedClient(bed, 'C-1');
		bed.sandbox.seedTags('Web');
		bed.sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => ({ ...body, response: { ...(body.response as object), tags: [] } }),
			},
			{ method: 'POST', path: /\/document\/$/ },
		);
		const result = await bed.run(create(client), [{ id: 'A', tags: 'Web' }]);
		const [document] = bed.sandbox.documentsOf();
		expect(result.error?.message).toContain(
			`MakeLeaps answered the invoice ${String(document.document_number)} with no tags after it was created, not "Web" as asked [item 0, row 1]`,
		);
		expect(result.error?.description).toContain(
			`The document was created in MakeLeaps (MID ${String(document.mid)}) and is not written again`,
		);
		expect(bodies(bed, 'POST')).toHaveLength(1);
		expect(bed.sandbox.documentsOf()).toHaveLength(1);
	});
});

describe("Tags given by a tag's MID or URL (an expression may give either)", () => {
	const bed = useTestBed();

	test.each([
		['Create Missing Tags off', {}],
		['Create Missing Tags on', makingTags],
	])(
		'%s: the value is taken as that tag, never made as a name; a re-run changes nothing',
		async (_name, extra) => {
			const client = seedClient(bed, 'C-1');
			const [monthly, web] = bed.sandbox.seedTags('Monthly', 'Web');
			const given = `${monthly.mid}, ${web.url}`;
			const first = await bed.run(upsert(extra), [
				{ id: 'INV-1', client, title: 'T', tags: given },
			]);
			expect(first.error).toBeUndefined();
			expect(first.output[0].json.operation).toBe('created');
			expect(tagPosts(bed)).toEqual([]);
			const [stored] = bed.sandbox.documentsOf();
			expect(tagNames(bed, stored as unknown as IDataObject).sort()).toEqual(['Monthly', 'Web']);
			bed.sandbox.resetRequests();
			const again = await bed.run(upsert(extra), [
				{ id: 'INV-1', client, title: 'T', tags: given },
			]);
			expect(again.output[0].json.operation).toBe('unchanged');
			expect(writes(bed)).toEqual([]);
		},
	);

	test('a MID or URL of no tag of the account fails the item; nothing is made, even asked to', async () => {
		const client = seedClient(bed, 'C-1');
		bed.sandbox.seedTags('Monthly');
		for (const value of ['1734479364999999999', `${bed.sandbox.baseUrl}/api/partner/1/tag/9/`]) {
			bed.sandbox.resetRequests();
			const result = await bed.run(upsert(makingTags), [
				{ id: 'INV-1', client, title: 'T', tags: value },
			]);
			expect(result.error?.message).toMatch(
				new RegExp(
					`^Pick the tag from the list, or give its name: .* gives "${value.replace(/[.?/]/g, '\\$&')}", which is no tag's name`,
				),
			);
			expect(writes(bed)).toEqual([]);
		}
	});

	test('changes name the tags as MakeLeaps has them, whatever capitals the row gives', async () => {
		const client = seedClient(bed, 'C-1');
		bed.sandbox.seedTags('Monthly', 'Web');
		await bed.run(upsert(), [{ id: 'INV-1', client, title: 'T', tags: 'Monthly' }]);
		const changed = await bed.run(upsert(), [
			{ id: 'INV-1', client, title: 'T', tags: 'monthly, WEB' },
		]);
		expect(changed.output[0].json.changes).toEqual({
			tags: { from: ['Monthly'], to: ['Monthly', 'Web'] },
		});
	});
});
