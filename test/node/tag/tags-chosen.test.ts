/**
 * Tags chosen, not typed: a document's Tag Names or IDs lists the account's tags (the editor's
 * list), and a name MakeLeaps has no tag of fails the item before anything is written for it,
 * naming the field, the tag and the item, unless Options → Create Missing Tags is on (then the tag
 * is made, once). Names match the account's tags in any capitals.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { loadOptions } from '../../../dev/harness/editor';
import { useTestBed, type TestBed } from '../support/bed';
import { byId, seedClient } from '../support/fixtures';

const v2 = { typeVersion: 2 };
const line = { description: 'Work', quantity: 1, unit_price: 1000, tax_rate: 10 };

const REFUSED = 'Tag Names or IDs: MakeLeaps has no tag "Fresh"';
const ADVICE =
	'Pick the tag from the list, or turn on Create Missing Tags (in Options) to make it. Nothing was written for this item.';

/** Document → Create of invoices from rows with an id and tags (a text with commas or a list). */
const create = (client: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'document',
	operation: 'create',
	documentType: 'invoice',
	client: byId(client),
	date: '2026-11-30',
	lineItemsFrom: 'json',
	lineItemsJson: `={{ ${JSON.stringify([line])} }}`,
	additionalFields: { externalId: '={{ $json.id }}', tags: '={{ $json.tags }}' },
	...extra,
});

/** Document → Create or Update of the same rows, keyed by their id. */
const upsert = (client: string, extra: INodeParameters = {}): INodeParameters =>
	create(client, { operation: 'createOrUpdate', externalId: '={{ $json.id }}', ...extra });

const making = { options: { createMissingTags: true } };

const api = (bed: TestBed) => bed.sandbox.received('/api/');
/** The requests that write (POST, PATCH, DELETE), as `METHOD path`. */
const writes = (bed: TestBed) =>
	api(bed)
		.filter((r) => r.method !== 'GET')
		.map((r) => `${r.method} ${r.path.replace(/^.*\/partner\/\d+/, '')}`);
const tagPosts = (bed: TestBed) =>
	api(bed).filter((r) => r.method === 'POST' && r.path.endsWith('/tag/'));

/** The names of the tags each stored document carries, by its External ID. */
function tagsByDocument(bed: TestBed): Record<string, string[]> {
	const tags = bed.sandbox.seedTags();
	return Object.fromEntries(
		bed.sandbox
			.documentsOf()
			.map((document: IDataObject) => [
				String(document.external_id),
				(document.tags as string[]).map((url) => tags.find((tag) => tag.url === url)!.name),
			]),
	);
}

describe('Tags on document writes, Create Missing Tags off', () => {
	const bed = useTestBed();

	test('Create: a name MakeLeaps has no tag of stops the run at its item, naming the field, the tag and the item; nothing is written for it', async () => {
		const client = seedClient(bed, 'C-1');
		bed.sandbox.seedTags('Web');
		const rows = [
			{ id: 'A', tags: 'Web' },
			{ id: 'B', tags: 'Web, Fresh' },
			{ id: 'C', tags: 'Web' },
		];
		const result = await bed.run(create(client), rows);
		expect(result.error?.message).toMatch(new RegExp(`^${REFUSED} \\[item 1, row 2\\]`));
		// after the stop's own advice (which items to run again)
		expect(result.error?.description).toContain(ADVICE);
		// row A before it was written; nothing for row B: no tag, no document
		expect(writes(bed)).toEqual(['POST /document/']);
		expect(tagsByDocument(bed)).toEqual({ A: ['Web'] });
		expect(bed.sandbox.seedTags().map((tag) => tag.name)).toEqual(['Web']);
	});

	test('Create with Continue On Fail: the good rows are written, the bad one goes to the error output with its error', async () => {
		const client = seedClient(bed, 'C-1');
		bed.sandbox.seedTags('Web', 'Sales');
		const rows = [
			{ id: 'A', tags: 'Web' },
			{ id: 'B', tags: ['Sales', 'Fresh'] },
			{ id: 'C', tags: 'Sales, web' },
		];
		const split = await bed.run(create(client), rows, { onError: 'continueErrorOutput' });
		expect(split.error).toBeUndefined();
		expect(split.output.map((item) => item.json.external_id)).toEqual(['A', 'C']);
		expect(split.errorOutput).toEqual([
			expect.objectContaining({
				json: expect.objectContaining({ error: `${REFUSED} [item 1, row 2]` }),
				pairedItem: { item: 1 },
			}),
		]);
		expect(writes(bed)).toEqual(['POST /document/', 'POST /document/']);
		expect(tagsByDocument(bed)).toEqual({ A: ['Web'], C: ['Sales', 'Web'] });

		bed.sandbox.resetRequests();
		const regular = await bed.run(create(client), [rows[1]], {
			onError: 'continueRegularOutput',
		});
		expect(regular.output[0].json.error).toBe(`${REFUSED} [item 0, row 1]`);
		expect(regular.output[0].error?.description).toBe(ADVICE);
		expect(writes(bed)).toEqual([]);
	});

	test('several missing names are named together; a name in other capitals (and spaces), picked, from a column, a list or a typed text, is the tag MakeLeaps has', async () => {
		const client = seedClient(bed, 'C-1');
		bed.sandbox.seedTags('Web', 'Monthly Retainer');
		const missing = await bed.run(create(client), [{ id: 'A', tags: 'Fresh, web, New' }]);
		expect(missing.error?.message).toBe(
			'Tag Names or IDs: MakeLeaps has no tags "Fresh", "New" [item 0, row 1]',
		);
		expect(missing.error?.description).toBe(
			'Pick the tags from the list, or turn on Create Missing Tags (in Options) to make them. Nothing was written for this item.',
		);
		expect(writes(bed)).toEqual([]);

		const result = await bed.run(
			create(client),
			[
				{ id: 'B', tags: 'WEB,  monthly retainer ' },
				{ id: 'C', tags: ['web'] },
			],
			v2,
		);
		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => item.json.tags)).toEqual(['Web, Monthly Retainer', 'Web']);
		expect(tagPosts(bed)).toEqual([]);
		expect(tagsByDocument(bed)).toEqual({ B: ['Web', 'Monthly Retainer'], C: ['Web'] });

		// a text typed in the field as an expression, as the editor stores it
		const typed = await bed.run(
			create(client, { additionalFields: { externalId: 'D', tags: '=monthly RETAINER, Web' } }),
		);
		expect(typed.error).toBeUndefined();
		expect(tagPosts(bed)).toEqual([]);
		expect(tagsByDocument(bed).D).toEqual(['Monthly Retainer', 'Web']);

		// names picked from the list, as the editor stores them
		const picked = await bed.run(
			create(client, { additionalFields: { externalId: 'E', tags: ['Web', 'Monthly Retainer'] } }),
		);
		expect(picked.error).toBeUndefined();
		expect(tagsByDocument(bed).E).toEqual(['Web', 'Monthly Retainer']);
		expect(tagPosts(bed)).toEqual([]);
	});

	test('Update: the document is not changed; Create or Update: neither made nor changed, and Preview Only says it would fail with the same error', async () => {
		const client = seedClient(bed, 'C-1');
		bed.sandbox.seedTags('Web');
		await bed.run(create(client), [{ id: 'OLD', tags: 'Web' }]);
		const [old] = bed.sandbox.documentsOf();
		bed.sandbox.resetRequests();

		const update = await bed.run(
			{
				resource: 'document',
				operation: 'update',
				document: byId(String(old.mid)),
				updateFields: { title: 'New title', tags: '={{ $json.tags }}' },
			},
			[{ tags: ['Web', 'Fresh'] }],
		);
		expect(update.error?.message).toBe(`${REFUSED} [item 0, row 1]`);

		const rows = [
			{ id: 'OLD', tags: 'Fresh' },
			{ id: 'NEW', tags: 'Web, Fresh' },
		];
		const upserted = await bed.run(upsert(client), rows, { onError: 'continueRegularOutput' });
		expect(upserted.output.map((item) => item.json.error)).toEqual([
			`${REFUSED} [item 0, row 1]`,
			`${REFUSED} [item 1, row 2]`,
		]);
		expect(writes(bed)).toEqual([]);
		expect(tagsByDocument(bed)).toEqual({ OLD: ['Web'] });

		const preview = await bed.run(upsert(client, { options: { previewOnly: true } }), rows, v2);
		expect(preview.output.map((item) => [item.json.preview, item.json.error])).toEqual([
			['would fail', `${REFUSED} [item 0, row 1]`],
			['would fail', `${REFUSED} [item 1, row 2]`],
		]);
		expect(writes(bed)).toEqual([]);
	});
});

describe('Tags on document writes, Create Missing Tags on', () => {
	const bed = useTestBed();

	test('a missing tag is made once, whatever the rows and capitals naming it; the preview says it would create it', async () => {
		const client = seedClient(bed, 'C-1');
		bed.sandbox.seedTags('Web');
		await bed.run(create(client), [{ id: 'OLD', tags: 'Web' }]);
		bed.sandbox.resetRequests();
		const rows = [
			{ id: 'OLD', tags: 'Web, Fresh' },
			{ id: 'NEW', tags: 'FRESH' },
			{ id: 'NEXT', tags: ['fresh', 'web'] },
		];
		const preview = await bed.run(
			upsert(client, { options: { createMissingTags: true, previewOnly: true } }),
			rows,
			v2,
		);
		expect(preview.output.map((item) => [item.json.preview, item.json.would_create_tags])).toEqual([
			['would update', 'Fresh'],
			['would create', null],
			['would create', null],
		]);
		expect(writes(bed)).toEqual([]);

		const result = await bed.run(upsert(client, making), rows, v2);
		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => item.json.operation)).toEqual([
			'updated',
			'created',
			'created',
		]);
		expect(tagPosts(bed).map((r) => JSON.parse(r.body))).toEqual([{ name: 'Fresh' }]);
		expect(tagsByDocument(bed)).toEqual({
			OLD: ['Web', 'Fresh'],
			NEW: ['Fresh'],
			NEXT: ['Fresh', 'Web'],
		});
	});
});

describe("Tag Names or IDs: the editor's list", () => {
	const bed = useTestBed({ pageSize: 2, maxPageSize: 2 });

	test("lists the account's tags by name, every page, in alphabetical order; a tag is its name", async () => {
		bed.sandbox.seedTags('Web', 'monthly', 'Sales', 'Design');
		const list = await loadOptions({
			credentials: bed.credentials,
			method: 'getTags',
			parameters: { resource: 'document', operation: 'create', partner: bed.partner },
		});
		expect(list).toEqual(
			['Design', 'monthly', 'Sales', 'Web'].map((name) => ({ name, value: name })),
		);
		expect(api(bed).filter((r) => r.path.endsWith('/tag/'))).toHaveLength(2);
	});
});
