/**
 * What the property tests of Create or Update (clients, documents) share: a partner of its own
 * per case, the faults and list switches a run may meet, and the check that every item has an
 * outcome of its own.
 */
import fc from 'fast-check';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { RunResult } from '../../../dev/harness/engine';
import type { SandboxOptions } from '../../../sandbox/server';
import type { TestBed } from './bed';

export { propertyRuns } from './cases';

/** The fastest pace a run may be set to (the sandbox does not throttle). */
export const FASTEST = { requestsPerMinute: 60_000 };

/** An empty cell as a sheet or an expression gives it: missing, empty, spaces, null. */
export const emptyCell = fc.constantFrom(undefined, '', '  ', null);

/** A cell holding one of `values`, or empty one time in six. */
export const cell = <T>(...values: T[]) =>
	fc.oneof(
		{ arbitrary: fc.constantFrom(...values), weight: 5 },
		{ arbitrary: emptyCell, weight: 1 },
	);

/**
 * A run's rows: a few rows, each given once or again (a sheet repeats a row for each line), up
 * to `most` of them: more than IN_FLIGHT + 1 (run/loop/inFlight.ts) keeps items in flight long
 * enough that rows with one key, interleaved with others, are under way together.
 */
export const rowsOf = (row: fc.Arbitrary<IDataObject>, most = 4) =>
	fc
		.array(row, { minLength: 1, maxLength: 3 })
		.chain((some) => fc.array(fc.constantFrom(...some), { minLength: 1, maxLength: most }))
		.map((rows) => rows.map((r) => ({ ...r })));

/** A row without its missing cells (n8n reads a missing key as an expression on nothing). */
export const withoutMissing = (row: IDataObject): IDataObject =>
	Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));

/** A cell's value as the node reads it: text trimmed, nothing for an empty cell. */
export const text = (value: unknown) =>
	value === undefined || value === null ? '' : String(value as string).trim();

/** A partner with its own API key for one case, so cases share no record and no turn. */
export function ownPartner(bed: TestBed, n: number) {
	const partner = bed.sandbox.addPartner(`Upsert ${n}`);
	const credentialId = `cred-upsert-${n}`;
	bed.credentials.set(credentialId, {
		baseUrl: bed.sandbox.baseUrl,
		clientId: partner.clientId,
		clientSecret: partner.clientSecret,
	});
	const partnerMid = partner.partnerMid;
	return {
		partnerMid,
		credentialId,
		locator: { __rl: true as const, mode: 'id', value: partnerMid },
	};
}

export type Fault =
	| 'none'
	| 'lostCreate'
	| 'cutCreate'
	| 'refusedCreate'
	| 'lostList'
	| 'failedList'
	| 'lostPatch';

export const fault = fc.constantFrom<Fault>(
	'none',
	'none',
	'none',
	'lostCreate',
	'cutCreate',
	'refusedCreate',
	'lostList',
	'failedList',
	'lostPatch',
);

/**
 * Queues a fault: on the create (POST to the list's path), the list read, or a change (PATCH to
 * `patch`). A list that fails every try (503 four times: the first try and 3 retries).
 */
export function injectFault(bed: TestBed, chosen: Fault, list: RegExp, patch: RegExp) {
	const post = { method: 'POST', path: list };
	const get = { method: 'GET', path: list };
	if (chosen === 'lostCreate') bed.sandbox.injectFault({ kind: 'resetAfter' }, post);
	if (chosen === 'cutCreate') bed.sandbox.injectFault({ kind: 'cutAfter' }, post);
	if (chosen === 'refusedCreate') bed.sandbox.injectFault({ kind: 'status', status: 503 }, post);
	if (chosen === 'lostList') bed.sandbox.injectFault({ kind: 'resetAfter' }, get);
	if (chosen === 'failedList')
		for (let k = 0; k < 4; k++) bed.sandbox.injectFault({ kind: 'status', status: 503 }, get);
	if (chosen === 'lostPatch')
		bed.sandbox.injectFault({ kind: 'resetAfter' }, { method: 'PATCH', path: patch });
}

/** The errors an item may end with when the run met the fault. */
export const FAULT_ERRORS: Record<Fault, RegExp[]> = {
	none: [],
	lostCreate: [/may or may not/],
	cutCreate: [/may or may not/],
	refusedCreate: [/may or may not/, /unavailable \(HTTP 503\)/],
	lostList: [],
	failedList: [/unavailable \(HTTP 503\), also after 3 retries/],
	lostPatch: [],
};

/** The list switches of the sandbox a run may meet (lists that carry less than the records). */
export type Lists = Pick<
	SandboxOptions,
	'listOmits' | 'ignoreFilters' | 'listLineItems' | 'ignoreExpand'
>;

/** Runs `work` with the sandbox's lists so (the switches are read on every request). */
export async function withLists<T>(bed: TestBed, lists: Lists, work: () => Promise<T>) {
	Object.assign(bed.sandbox.options, lists);
	try {
		return await work();
	} finally {
		bed.sandbox.clearFaults();
		for (const name of Object.keys(lists)) delete bed.sandbox.options[name as keyof Lists];
	}
}

/** POSTs and PATCHes received since request number `since`. */
export const writesSince = (bed: TestBed, since: number) =>
	bed.sandbox.requests
		.slice(since)
		.filter((r) => r.path.startsWith('/api/') && r.method !== 'GET')
		.map((r) => `${r.method} ${r.path}`);

export type Outcome = 'created' | 'updated' | 'unchanged' | { error: string };

/** Items by outcome over a property, to show it went through each. */
const seen = new Map<string, number>();
const tally = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);

/** The items of a property's cases were created, updated and left unchanged (in enough cases). */
export function expectEachOutcome(runs: number) {
	if (runs < 20) return;
	for (const outcome of ['created', 'updated', 'unchanged'])
		expect({ outcome, seen: (seen.get(outcome) ?? 0) > 0 }).toEqual({ outcome, seen: true });
}

/**
 * Every item has an outcome of its own: one output item per row, paired with it, either the
 * record of the row's key with what was done, or an error naming the item that is one of
 * `allowed`. Returns the outcomes in row order.
 */
export function outcomesOf(
	result: RunResult,
	rows: IDataObject[],
	keyField: string,
	allowed: RegExp[],
): Outcome[] {
	expect(result.error).toBeUndefined();
	expect(result.output.map((item) => item.pairedItem)).toEqual(rows.map((_, item) => ({ item })));
	return result.output.map((item: INodeExecutionData, i) => {
		const { json } = item;
		if (typeof json.error === 'string') {
			const error = json.error;
			expect({ i, error, allowed: allowed.some((pattern) => pattern.test(error)) }).toEqual({
				i,
				error,
				allowed: true,
			});
			expect(error).toMatch(new RegExp(`\\[item ${i}, row ${i + 1}\\]$`));
			return { error };
		}
		expect({ i, operation: json.operation, key: json[keyField] }).toEqual({
			i,
			operation: expect.stringMatching(/^(created|updated|unchanged)$/),
			key: text(rows[i].id),
		});
		tally(String(json.operation));
		return json.operation as Outcome;
	});
}

/** What each item of a run did, to print. */
export const outcomeTexts = (result: RunResult) =>
	result.error
		? [result.error.message]
		: result.output.map((item) => item.json.operation ?? item.json.error);

/** Of the rows whose item went through, the last of each key: what the records now say. */
export function lastRowPerKey(rows: IDataObject[], outcomes: Outcome[]): IDataObject[] {
	const last = new Map<string, IDataObject>();
	rows.forEach((row, i) => {
		if (typeof outcomes[i] === 'string') last.set(text(row.id), row);
	});
	return [...last.values()];
}
