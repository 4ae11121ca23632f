/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- dev code: writes its figures to test-output/ */
/**
 * The 200-create import against a throttled sandbox, shared by the two throttle suites (they run
 * in parallel jest workers). The numbers each run saw go to test-output/throttle-<name>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { TestBed } from './bed';

export const ROWS = 200;
/**
 * 10 requests a second, counted in windows of 5 s as MakeLeaps counts its limit over a minute: a
 * request that reaches the sandbox a little late (it shares the event loop with the engine, on a
 * machine that may be busy) finds room in the window, a pace faster than the rate does not.
 */
export const THROTTLE = { limit: 50, windowMs: 5000 };
/** Least possible time for ROWS requests through the throttle: every full window but the first. */
export const BOUND_MS = (Math.ceil(ROWS / THROTTLE.limit) - 1) * THROTTLE.windowMs;

export interface ThrottleNumbers {
	name: string;
	requestsPerMinute: number;
	rows: number;
	apiRequests: number;
	tokenRequests: number;
	throttled429: number;
	retries: number;
	failedItems: number;
	wallMs: number;
	boundMs: number;
	ratio: number;
}

export async function importRows(bed: TestBed, name: string, requestsPerMinute: number) {
	const rows = Array.from({ length: ROWS }, (_, i) => ({
		id: `ROW-${String(i).padStart(4, '0')}`,
		name: `Company ${i}`,
	}));
	const started = Date.now();
	const result = await bed.run(
		{
			operation: 'create',
			clientExternalId: '={{ $json.id }}',
			organizationName: '={{ $json.name }}',
			options: { requestsPerMinute },
		},
		rows,
		{ onError: 'continueRegularOutput' },
	);
	const wallMs = Date.now() - started;
	const api = bed.sandbox.received('/api/');
	const numbers: ThrottleNumbers = {
		name,
		requestsPerMinute,
		rows: ROWS,
		apiRequests: api.length,
		tokenRequests: bed.sandbox.received('/user/').length,
		throttled429: api.filter((r) => r.status === 429).length,
		retries: api.length - ROWS,
		failedItems: result.output.filter((o) => o.json.error !== undefined).length,
		wallMs,
		boundMs: BOUND_MS,
		ratio: Number((wallMs / BOUND_MS).toFixed(2)),
	};
	const dir = path.join(__dirname, '..', '..', 'test-output');
	mkdirSync(dir, { recursive: true });
	writeFileSync(path.join(dir, `throttle-${name}.json`), `${JSON.stringify(numbers, null, 2)}\n`);
	console.log(`throttled import (${name}): ${JSON.stringify(numbers)}`);
	return { result, rows, numbers };
}
