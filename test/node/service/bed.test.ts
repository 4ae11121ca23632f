/**
 * The test bed gives every test a sandbox of its own, started from its own copy of the file's
 * options: a switch one test turns on (or a list it adds to) stays in that test, and the next
 * starts from the options as written. Functions among them (a clock) are kept as they are.
 */
import type { SandboxOptions } from '../../../sandbox/server';
import { useTestBed } from '../support/bed';
import { seedMany } from '../support/fixtures';

const clock = () => Date.now();
const options: SandboxOptions = { ignoreFilters: ['tags'], listOmits: [], now: clock };

describe('The test bed: each test its own switches', () => {
	const bed = useTestBed(options);
	const getMany = { operation: 'getAll', returnAll: true, simplify: false };

	test('a test turns switches on and adds to their lists', async () => {
		bed.sandbox.options.omitCount = true;
		bed.sandbox.options.ignoreFilters!.push('archived');
		bed.sandbox.options.listOmits!.push('client_external_id');
		seedMany(bed, 2);
		const result = await bed.run(getMany);
		expect(result.output.map((item) => item.json.client_external_id)).toEqual([
			undefined,
			undefined,
		]);
	});

	test('the next test starts from the options as written, its clock the same function', async () => {
		expect(bed.sandbox.options).toEqual({ ignoreFilters: ['tags'], listOmits: [], now: clock });
		expect(bed.sandbox.options.now).toBe(clock);
		expect(options).toEqual({ ignoreFilters: ['tags'], listOmits: [], now: clock });
		seedMany(bed, 2);
		const result = await bed.run(getMany);
		expect(result.output.map((item) => item.json.client_external_id)).toEqual(['EXT-1', 'EXT-2']);
	});
});
