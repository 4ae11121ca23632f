/**
 * One real n8n per test file: the packed package installed as a community node, the examples
 * and a credential for a fresh in-process sandbox imported with n8n's CLI.
 */
import { apiRequests, taskOf, type Task } from '../../dev/requestBudget';
import { startSandbox, type RecordedRequest, type Sandbox } from '../../sandbox/server';
import {
	example,
	EXAMPLE_FILES,
	N8n,
	outputOf,
	sandboxCredential,
	type RunData,
} from '../../dev/n8n';

export interface E2eBed {
	sandbox: Sandbox;
	n8n: N8n;
	/** Runs a stored workflow with `n8n execute` and fails unless n8n reports success without a node error. */
	execute(workflowId: string): Promise<RunData>;
}

/**
 * The longest a file's set-up may take: packing and installing the package, n8n's CLI started a
 * few times, n8n started. Each step has a bound of its own, well within this one, and says what
 * it waited for when it gives up; this is only jest's limit for the whole hook, for a busy
 * machine where each n8n command takes a minute or more.
 */
export const SETUP_TIMEOUT_MS = 1_200_000;

export function useN8n(): E2eBed {
	const bed = {} as E2eBed;
	beforeAll(async () => {
		bed.sandbox = await startSandbox();
		bed.n8n = new N8n();
		await bed.n8n.installPackage();
		const { clientId, clientSecret } = bed.sandbox.credentials;
		await bed.n8n.importCredentials([
			sandboxCredential(bed.sandbox.baseUrl, clientId, clientSecret),
		]);
		// one n8n command for all of them: each command starts n8n's whole CLI
		await bed.n8n.importWorkflows(EXAMPLE_FILES.map((file) => example(file, bed.n8n.outputFolder)));
		bed.execute = async (workflowId) => {
			const { run, result } = await bed.n8n.execute(workflowId);
			const errors = Object.entries(run?.data.resultData.runData ?? {})
				.filter(([, tasks]) => tasks.some((task) => task.error))
				.map(([node, tasks]) => `${node}: ${tasks.find((task) => task.error)!.error!.message}`);
			if (
				result.code !== 0 ||
				run?.status !== 'success' ||
				run.data.resultData.error ||
				errors.length
			) {
				const tail = `${result.stdout}\n${result.stderr}`
					.split('\n')
					.filter((line) => !/^\s+at /.test(line))
					.slice(-40)
					.join('\n');
				throw new Error(
					`n8n execute --id=${workflowId} failed (exit ${result.code}, status ${run?.status}): ${run?.data.resultData.error?.message ?? errors.join('; ')}\n${tail}`,
				);
			}
			return run;
		};
	}, SETUP_TIMEOUT_MS);
	afterAll(async () => {
		await bed.n8n?.dispose();
		await bed.sandbox?.close();
	});
	return bed;
}

/** Clients the sandbox holds, keyed by external ID, with their contacts flattened. */
export function clientsByExternalId(sandbox: Sandbox) {
	return Object.fromEntries(
		sandbox.clients().map((client) => {
			const contacts = (client.contacts ?? []) as Array<Record<string, unknown>>;
			const organization = contacts.find((c) => c.contact_type === 'organization');
			const person = contacts.find((c) => c.contact_type === 'person');
			return [
				String(client.client_external_id),
				{
					mid: String(client.mid),
					organization: organization?.name,
					person: person?.family_name,
					email: (person?.email as { address?: string } | null)?.address,
					addresses: [
						...((organization?.addresses as unknown[]) ?? []),
						...((person?.addresses as unknown[]) ?? []),
					],
					default_client: client.default_client,
				},
			];
		}),
	);
}

/** Method, path and status of each API request (token requests excluded). */
/** The run spent no more requests than its budget allows (dev/requestBudget.ts). */
export const withinBudget = (sandbox: Sandbox, workflow: string, run: Task['run']) =>
	expect(apiRequests(sandbox.requests).length).toBeLessThanOrEqual(taskOf(workflow, run).budget);

export const apiCalls = (requests: RecordedRequest[]) =>
	requests
		.filter((r) => r.path.startsWith('/api/'))
		.map((r) => `${r.method} ${r.path} ${r.status}`);

export { outputOf };
