/**
 * Reading by tags: Tag → Get Many (flat rows of MID and name), and Document → Get Many's Tags
 * filter, sent as the tags' names (a comma means OR) and checked again on what comes back; the
 * tag list is read once per run for it.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useTestBed, type TestBed } from '../support/bed';
import { seedClient } from '../support/fixtures';

const v2 = { typeVersion: 2 };

const getMany = (tags: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'document',
	operation: 'getAll',
	returnAll: true,
	filters: { tags },
	...extra,
});

const tagReads = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.path.endsWith('/tag/'));
const documentReads = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.path.endsWith('/document/'));

/** Invoices A (Web), B (monthly), C (Sales) and D (no tags) of one client. */
function seedTagged(bed: TestBed) {
	const client = seedClient(bed, 'C-1');
	const tags = bed.sandbox.seedTags('Web', 'monthly', 'Sales');
	const partner = bed.sandbox.credentials.partnerMid;
	const url = `${bed.sandbox.baseUrl}/api/partner/${partner}/client/${client}/`;
	for (const [number, tag] of [
		['A', 0],
		['B', 1],
		['C', 2],
		['D', -1],
	] as const) {
		bed.sandbox.seedDocument({
			document_type: 'invoice',
			document_number: number,
			client: url,
			lineitems: [{ kind: 'simple', description: 'Work', price: '1000', tax_rate: '10' }],
			tags: tag < 0 ? [] : [tags[tag].url],
		});
	}
	return tags;
}

const numbers = (output: Array<{ json: IDataObject }>) =>
	output.map((item) => item.json.document_number);

describe('Document → Get Many by Tags', () => {
	const bed = useTestBed();

	test('sent as the tags’ names (a comma means OR), apart from case; the rows name the tags', async () => {
		seedTagged(bed);
		// without Tags, the tag list is read only for Simplify to name the tags
		expect(numbers((await bed.run(getMany('', { simplify: false }))).output)).toEqual([
			'A',
			'B',
			'C',
			'D',
		]);
		expect(tagReads(bed)).toEqual([]);
		bed.sandbox.resetRequests();
		const result = await bed.run(getMany('web, MONTHLY'), [{}], v2);
		expect(result.error).toBeUndefined();
		expect(numbers(result.output)).toEqual(['A', 'B']);
		expect(result.output.map((item) => item.json.tags)).toEqual(['Web', 'monthly']);
		expect(documentReads(bed)[0].query.tags).toBe('Web,monthly');
		expect(tagReads(bed)).toHaveLength(1);
	});

	test('the tag list is read once per run, whatever the items', async () => {
		seedTagged(bed);
		const result = await bed.run(getMany('={{ $json.tag }}'), [
			{ tag: 'Web' },
			{ tag: 'Sales' },
			{ tag: 'Web, Sales' },
		]);
		expect(numbers(result.output)).toEqual(['A', 'C', 'A', 'C']);
		expect(tagReads(bed)).toHaveLength(1);
		expect(documentReads(bed)).toHaveLength(3);
	});

	test('a name no tag has fails the item, naming the tags there are; no document is read', async () => {
		seedTagged(bed);
		const result = await bed.run(getMany('Slaes'));
		expect(result.error?.message).toBe('Tags: MakeLeaps has no tag "Slaes" [item 0, row 1]');
		expect(result.error?.description).toBe('Its tags are: Web, monthly, Sales');
		expect(documentReads(bed)).toEqual([]);
	});
});

describe('Simplify names the tags of every row, without a Tags filter', () => {
	const bed = useTestBed();

	test('Document → Get Many: the tags by name, the tag list read once for the run; none read when no row has tags', async () => {
		seedTagged(bed);
		bed.sandbox.resetRequests();
		const result = await bed.run(getMany(''), [{}, {}], v2);
		expect(result.output.map((item) => [item.json.document_number, item.json.tags])).toEqual([
			...['A', 'B', 'C', 'D'].map((n, k) => [n, ['Web', 'monthly', 'Sales', ''][k]]),
			...['A', 'B', 'C', 'D'].map((n, k) => [n, ['Web', 'monthly', 'Sales', ''][k]]),
		]);
		expect(tagReads(bed)).toHaveLength(1);
		// the raw output keeps MakeLeaps' links, and reads no tag list
		bed.sandbox.resetRequests();
		const raw = await bed.run(getMany('', { simplify: false }), [{}], v2);
		expect(String((raw.output[0].json.tags as string[])[0])).toMatch(/\/tag\/\d+\/$/);
		expect(tagReads(bed)).toHaveLength(0);
	});

	test('a tag list that cannot be read: the rows give those tags by MID, and nothing fails', async () => {
		const tags = seedTagged(bed);
		for (let i = 0; i < 4; i++)
			bed.sandbox.injectFault({ kind: 'status', status: 503 }, { method: 'GET', path: /\/tag\/$/ });
		const result = await bed.run(getMany(''), [{}], v2);
		expect(result.error).toBeUndefined();
		expect(result.output[0].json.tags).toBe(String(tags[0].mid));
	});
});

describe('Document → Get Many by Tags, on a service that ignores the filter', () => {
	const bed = useTestBed({ ignoreFilters: ['tags'] });

	test('documents without one of the tags are left out', async () => {
		seedTagged(bed);
		const result = await bed.run(getMany('Sales, web'));
		expect(numbers(result.output)).toEqual(['A', 'C']);
	});
});

describe('Document → Get Many by Tags, on a service whose list leaves the tags out', () => {
	const bed = useTestBed({ listOmits: ['tags'] });

	test('the filter cannot be checked: the item fails, saying so', async () => {
		seedTagged(bed);
		const result = await bed.run(getMany('Web'));
		expect(result.error?.message).toBe(
			"MakeLeaps' document list gave documents without their tags, so the Tags filter cannot be checked [item 0, row 1]",
		);
	});
});

describe('Tag → Get Many', () => {
	const bed = useTestBed({ pageSize: 2, maxPageSize: 2 });

	test('flat rows of MID and name; Return All follows the pages, a Limit stops', async () => {
		const tags = bed.sandbox.seedTags('Web', 'monthly', 'Sales');
		const all = await bed.run({ resource: 'tag', operation: 'getAll', returnAll: true }, [{}], v2);
		expect(all.output.map((item) => item.json)).toEqual(
			tags.map((tag) => ({ mid: tag.mid, name: tag.name })),
		);
		expect(tagReads(bed)).toHaveLength(2);
		const two = await bed.run({ resource: 'tag', operation: 'getAll', limit: 2 }, [{}], v2);
		expect(two.output.map((item) => item.json.name)).toEqual(['Web', 'monthly']);
		expect(tagReads(bed)).toHaveLength(3);
		const raw = await bed.run({ resource: 'tag', operation: 'getAll', returnAll: true }, [{}]);
		expect(raw.output[0].json).toEqual(tags[0]);
	});
});
