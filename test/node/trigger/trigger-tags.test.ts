/**
 * The MakeLeaps Trigger's Tags filter: only documents with one of the tags are reported, whatever
 * the service does with the filter; the tag list is read at each poll (one request); the memory
 * stays when the Tags are only rewritten (another order, another case) and starts anew when they
 * change.
 */
import type { IDataObject } from 'n8n-workflow';

import { ActiveTrigger, numbers, seedDocuments } from '../support/activeTrigger';
import { FAST, useTestBed, type TestBed } from '../support/bed';
import { seedClient } from '../support/fixtures';

const tagReads = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.path.endsWith('/tag/'));
const documentReads = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.path.endsWith('/document/'));
const startOvers = (bed: TestBed) => bed.logs.filter((line) => line.includes('starts watching'));
const fast = { requestsPerMinute: FAST };

/** Seeds invoices carrying the tags of these names (made as needed), one per number. */
function tagged(bed: TestBed, client: string, numbersOf: string[], names: string[]) {
	const known = bed.sandbox.seedTags().map((tag) => tag.name);
	const tags = bed.sandbox.seedTags(...names.filter((name) => !known.includes(name)));
	const urls = names.map((name) => tags.find((tag) => tag.name === name)!.url);
	return seedDocuments(bed, client, numbersOf, { tags: urls } as IDataObject);
}

describe.each([
	['honours the filter', {}],
	['ignores the filter', { ignoreFilters: ['tags'] }],
])('MakeLeaps Trigger with Tags, on a service that %s', (_name, options) => {
	const bed = useTestBed(options);

	test('only documents with one of the tags are reported; each poll reads the tag list once', async () => {
		const client = seedClient(bed, 'C-1');
		bed.sandbox.seedTags('Web', 'monthly', 'Sales');
		const trigger = new ActiveTrigger(bed, { event: 'newDocument', tags: 'web, Monthly' }, fast);
		expect((await trigger.poll()).items).toBeNull();
		tagged(bed, client, ['A'], ['Web']);
		tagged(bed, client, ['B'], ['Sales', 'monthly']);
		tagged(bed, client, ['C'], ['Sales']);
		seedDocuments(bed, client, ['D']);
		bed.sandbox.resetRequests();
		expect(numbers(await trigger.poll())).toEqual(['A', 'B']);
		expect(tagReads(bed)).toHaveLength(1);
		expect(documentReads(bed)).toHaveLength(1);
		// the names as MakeLeaps has them, in the order the memory keeps them
		expect(documentReads(bed)[0].query.tags).toBe('monthly,Web');
		expect((await trigger.poll()).items).toBeNull();
	});
});

describe('MakeLeaps Trigger: the Tags in its memory', () => {
	const bed = useTestBed();

	test('Tags rewritten in another order and case keep the memory; other Tags start anew', async () => {
		const client = seedClient(bed, 'C-1');
		bed.sandbox.seedTags('Web', 'monthly');
		const trigger = new ActiveTrigger(bed, { event: 'newDocument', tags: 'Web, monthly' }, fast);
		await trigger.poll();
		trigger.reconfigure({ event: 'newDocument', tags: 'MONTHLY,web' });
		tagged(bed, client, ['A'], ['Web']);
		expect(numbers(await trigger.poll())).toEqual(['A']);
		expect(startOvers(bed)).toEqual([]);

		trigger.reconfigure({ event: 'newDocument', tags: 'web' });
		tagged(bed, client, ['B'], ['Web']);
		expect((await trigger.poll()).items).toBeNull();
		expect(startOvers(bed).length).toBeGreaterThan(0);
		expect(startOvers(bed)[0]).toContain('Tags changed from "monthly, web" to "web"');
	});

	test('a name no tag has stops the poll, naming the tags there are; the memory is unchanged', async () => {
		seedClient(bed, 'C-1');
		bed.sandbox.seedTags('Web');
		const trigger = new ActiveTrigger(bed, { event: 'newDocument', tags: 'Sales' });
		const result = await trigger.poll();
		expect(result.error?.message).toBe('Tags: MakeLeaps has no tag "sales"');
		expect(documentReads(bed)).toEqual([]);
		expect(trigger.state).toBeUndefined();
	});
});

describe('MakeLeaps Trigger with Tags: the rows and the test', () => {
	const bed = useTestBed();

	test('Simplify names the tags; Fetch Test Event shows the latest document with one of them', async () => {
		const client = seedClient(bed, 'C-1');
		bed.sandbox.seedTags('Web', 'Sales');
		const trigger = new ActiveTrigger(
			bed,
			{ event: 'newDocument', tags: 'Web' },
			{ typeVersion: 3, ...fast },
		);
		await trigger.poll();
		tagged(bed, client, ['A'], ['Sales', 'Web']);
		tagged(bed, client, ['B'], ['Sales']);
		const [item] = (await trigger.poll()).items!;
		expect(item.json).toMatchObject({ document_number: 'A', tags: 'Sales, Web' });
		const sample = await trigger.poll('manual');
		expect(sample.items?.map((shown) => shown.json.document_number)).toEqual(['A']);
	});
});

describe('MakeLeaps Trigger without a Tags filter: its rows name the tags', () => {
	const bed = useTestBed();
	const v4 = { typeVersion: 4, ...fast };

	test('events and the sample name their tags, by one tag-list read per poll that has tagged records; none without', async () => {
		const client = seedClient(bed, 'C-1');
		const trigger = new ActiveTrigger(bed, { event: 'newDocument' }, v4);
		await trigger.poll();
		tagged(bed, client, ['A'], ['Sales', 'Web']);
		bed.sandbox.resetRequests();
		const [item] = (await trigger.poll()).items!;
		expect(item.json).toMatchObject({ document_number: 'A', tags: 'Sales, Web' });
		expect(tagReads(bed)).toHaveLength(1);
		// a poll with nothing to report reads no tag list
		bed.sandbox.resetRequests();
		expect((await trigger.poll()).items).toBeNull();
		expect(tagReads(bed)).toHaveLength(0);
		// Fetch Test Event's sample too
		bed.sandbox.resetRequests();
		const sample = await trigger.poll('manual');
		expect(sample.items?.map((shown) => [shown.json.document_number, shown.json.tags])).toEqual([
			['A', 'Sales, Web'],
		]);
		expect(tagReads(bed)).toHaveLength(1);
	});

	test('a tag list that cannot be read: the event is reported all the same, its tags by MID', async () => {
		const client = seedClient(bed, 'C-1');
		const trigger = new ActiveTrigger(bed, { event: 'newDocument' }, v4);
		await trigger.poll();
		const [doc] = tagged(bed, client, ['A'], ['Sales']);
		const [tag] = bed.sandbox.seedTags();
		for (let i = 0; i < 4; i++)
			bed.sandbox.injectFault({ kind: 'status', status: 503 }, { method: 'GET', path: /\/tag\/$/ });
		const result = await trigger.poll();
		expect(result.error).toBeUndefined();
		expect(result.items?.map((shown) => [shown.json.document_number, shown.json.tags])).toEqual([
			['A', String(tag.mid)],
		]);
		expect(doc).toBeDefined();
		expect((await trigger.poll()).items).toBeNull();
	});

	test('version 4: Tags picked from the list (or a list from an expression) filter as the names typed did, and keep the memory', async () => {
		const client = seedClient(bed, 'C-1');
		bed.sandbox.seedTags('Web', 'monthly');
		const trigger = new ActiveTrigger(bed, { event: 'newDocument', tags: ['Web', 'monthly'] }, v4);
		await trigger.poll();
		trigger.reconfigure({ event: 'newDocument', tags: '={{ "MONTHLY, web" }}' });
		tagged(bed, client, ['A'], ['Web']);
		seedDocuments(bed, client, ['B']);
		expect(numbers(await trigger.poll())).toEqual(['A']);
		expect(startOvers(bed)).toEqual([]);
	});
});
