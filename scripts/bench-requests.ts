/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev code: drives a real n8n from Node.js */
/**
 * Requests per task (dev/requestBudget.ts): runs the example flows in a real n8n against the
 * sandbox, in the order a user would (clients, then invoices with PDFs, then sending), each
 * twice, and counts what the sandbox received.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { apiRequests, TASKS, type Task } from '../dev/requestBudget';
import { startInstance } from './instance';

export interface TaskRequests extends Task {
	requests: number;
	/** Requests ÷ minimum. */
	ratio: number;
	/** Requests per row or document. */
	perUnit: number | null;
	/** What the requests were: method and path pattern, counted. */
	breakdown: Record<string, number>;
}

/** `/api/partner/<mid>/sending/order/<mid>/item/` → `sending/order/:mid/item/`. */
const shape = (method: string, requestPath: string) =>
	`${method} ${requestPath
		.replace(/^\/api\/partner\/\d+\/?/, '')
		.replace(/\/\d+\//g, '/:mid/')
		.replace(/^\d+\//, ':mid/')}`;

export async function requestsPerTask(say: (line: string) => void): Promise<TaskRequests[]> {
	const folder = mkdtempSync(path.join(os.tmpdir(), 'makeleaps-bench-requests-'));
	const instance = await startInstance(folder);
	try {
		const results: TaskRequests[] = [];
		for (const task of TASKS) {
			instance.sandbox.resetRequests();
			const { run, result } = await instance.n8n.execute(task.workflow);
			if (result.code !== 0 || run?.status !== 'success')
				throw new Error(`${task.workflow} failed: ${run?.data.resultData.error?.message ?? ''}`);
			const api = apiRequests(instance.sandbox.requests);
			const breakdown: Record<string, number> = {};
			for (const request of api) {
				const key = shape(request.method, request.path);
				breakdown[key] = (breakdown[key] ?? 0) + 1;
			}
			const requests = api.length;
			results.push({
				...task,
				requests,
				ratio: Math.round((requests / task.minimum) * 100) / 100,
				perUnit: task.units > 0 ? Math.round((requests / task.units) * 100) / 100 : null,
				breakdown,
			});
			say(`   ${task.workflow} (${task.run}): ${requests} requests, minimum ${task.minimum}`);
		}
		return results;
	} finally {
		await instance.dispose();
		rmSync(folder, { recursive: true, force: true });
	}
}

/** The table `npm run bench` prints. */
export function requestsTable(results: TaskRequests[]): string {
	const rows = results.map(
		(r) =>
			`| ${r.what} | ${r.requests} | ${r.minimum} (${r.minimumIs}) | ${r.ratio.toFixed(2)}× | ${r.perUnit === null ? '–' : `${r.perUnit} per ${r.unit}`} | ${r.budget} |`,
	);
	return [
		'| Task | Requests | Minimum | ÷ minimum | Per unit | Test bound |',
		'|---|---|---|---|---|---|',
		...rows,
	].join('\n');
}
