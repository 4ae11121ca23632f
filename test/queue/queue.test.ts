/* eslint-disable no-console -- dev code: the test prints what the queue absorbed */
/**
 * The node in n8n's queue mode: a main process, two workers (`n8n worker --concurrency=5`),
 * Redis and PostgreSQL, all real. A published workflow with a Webhook trigger imports the rows
 * each call sends; ten calls at once, in two waves, with every token revoked between them. The
 * sandbox throttles below what both workers send together: across processes, the limit is kept
 * only by MakeLeaps' 429 and Retry-After, and no item may fail of it.
 */
import { N8n, sandboxCredential } from '../../dev/n8n';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { findSecrets, sandboxSecrets } from '../node/support/bed';
import { startPostgres, startRedis, type Postgres, type Server } from './servers';

const WAVES = 2;
const EXECUTIONS = 10;
const ROWS = 15;
/** 30 requests a second: less than the two workers' paces together (2 × 19.4 a second). */
const THROTTLE = { limit: 30, windowMs: 1000 };
const REQUESTS_PER_MINUTE = 1200;
const PATH = 'makeleaps-import';

function importWorkflow() {
	const link = (node: string) => ({ main: [[{ node, type: 'main', index: 0 }]] });
	return {
		id: 'queueImport',
		name: 'Import rows sent to a webhook',
		active: false,
		settings: { executionOrder: 'v1' },
		pinData: {},
		nodes: [
			{
				id: 'q-webhook',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '0f8b6d2e-3f4a-4c1e-9d55-6a1f2b3c4d5e',
				parameters: {
					httpMethod: 'POST',
					path: PATH,
					responseMode: 'lastNode',
					responseData: 'allEntries',
					options: {},
				},
			},
			{
				id: 'q-rows',
				name: 'Rows',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [200, 0],
				parameters: { fieldToSplitOut: 'body.rows', options: {} },
			},
			{
				id: 'q-import',
				name: 'Import clients',
				type: 'n8n-nodes-makeleaps.makeLeaps',
				typeVersion: 1,
				position: [400, 0],
				parameters: {
					resource: 'client',
					operation: 'createOrUpdate',
					clientExternalId: '={{ $json.id }}',
					organizationName: '={{ $json.company }}',
					personFamilyName: '={{ $json.family }}',
					personEmail: '={{ $json.email }}',
					additionalFields: {},
					options: { requestsPerMinute: REQUESTS_PER_MINUTE },
				},
				credentials: { makeLeapsApi: { id: 'makeLeapsAccount1', name: 'MakeLeaps account' } },
			},
		],
		connections: { Webhook: link('Rows'), Rows: link('Import clients') },
	};
}

const rowsOf = (wave: number, execution: number) =>
	Array.from({ length: ROWS }, (_, r) => {
		const id = `Q${wave}-${execution}-${r}`;
		return { id, company: `Queue Co ${id}`, family: 'Sato', email: `sato.${id}@example.com` };
	});

describe('Queue mode: main, two workers, Redis and PostgreSQL', () => {
	let sandbox: Sandbox;
	let redis: Server;
	let postgres: Postgres;
	let n8n: N8n;

	beforeAll(async () => {
		sandbox = await startSandbox({ throttle: THROTTLE });
		redis = await startRedis();
		postgres = await startPostgres();
		n8n = new N8n({
			env: {
				EXECUTIONS_MODE: 'queue',
				QUEUE_BULL_REDIS_HOST: '127.0.0.1',
				QUEUE_BULL_REDIS_PORT: String(redis.port),
				DB_TYPE: 'postgresdb',
				DB_POSTGRESDB_HOST: '127.0.0.1',
				DB_POSTGRESDB_PORT: String(postgres.port),
				DB_POSTGRESDB_DATABASE: postgres.database,
				DB_POSTGRESDB_USER: postgres.user,
				DB_POSTGRESDB_PASSWORD: '',
			},
		});
		await n8n.installPackage();
		const { clientId, clientSecret } = sandbox.credentials;
		await n8n.importCredentials([sandboxCredential(sandbox.baseUrl, clientId, clientSecret)]);
		await n8n.importWorkflow(importWorkflow());
		await n8n.publish('queueImport');
		await n8n.start();
		await Promise.all([n8n.startWorker(5), n8n.startWorker(5)]);
	});

	afterAll(async () => {
		await n8n?.dispose();
		await Promise.all([redis?.stop(), postgres?.stop(), sandbox?.close()]);
	});

	test('ten imports at once, twice, tokens revoked between: every row once, none failed, no secret kept', async () => {
		for (let wave = 0; wave < WAVES; wave++) {
			if (wave > 0) sandbox.revokeTokens();
			const answers = await Promise.all(
				Array.from({ length: EXECUTIONS }, async (_, execution) => {
					const response = await fetch(`${n8n.url}/webhook/${PATH}`, {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify({ rows: rowsOf(wave, execution) }),
					});
					return { status: response.status, items: (await response.json()) as unknown };
				}),
			);
			const refused = answers.find((answer) => answer.status !== 200);
			if (refused) {
				const tail = (log: string) => log.split('\n').slice(-30).join('\n');
				throw new Error(
					`n8n answered HTTP ${refused.status}: ${JSON.stringify(refused.items)}\n` +
						`main:\n${tail(n8n.log)}\n${n8n.workerLogs.map((log, k) => `worker ${k + 1}:\n${tail(log)}`).join('\n')}`,
				);
			}
			for (const answer of answers) {
				const items = answer.items as Array<Record<string, unknown>>;
				expect(items).toHaveLength(ROWS);
				expect(items.filter((item) => item.error !== undefined || !item.mid)).toEqual([]);
			}
		}

		// every row exactly once
		const ids = sandbox.clients().map((client) => String(client.client_external_id));
		expect(ids).toHaveLength(WAVES * EXECUTIONS * ROWS);
		expect(new Set(ids).size).toBe(ids.length);

		// the executions ran on the workers, and all succeeded
		const dump = postgres.dump();
		const workerRuns = n8n.workerLogs.map((log) => (log.match(/started execution/gi) ?? []).length);
		expect(workerRuns.every((runs) => runs > 0)).toBe(true);
		expect(workerRuns.reduce((a, b) => a + b, 0)).toBe(WAVES * EXECUTIONS);
		expect(dump).toMatch(/COPY public\.execution_entity/);

		// the throttle was met across processes and absorbed by Retry-After
		const api = sandbox.received('/api/');
		const throttled = api.filter((request) => request.status === 429).length;
		console.log(
			`queue mode: ${api.length} API requests, ${throttled} answered 429, ` +
				`${sandbox.received('/user/oauth2/token/').length} token requests, executions per worker ${workerRuns.join(' + ')}`,
		);

		// no secret in the database or in any process's log
		const leaks = findSecrets(
			{ postgres: dump, main: n8n.log, workers: n8n.workerLogs },
			sandboxSecrets(sandbox),
		);
		expect(leaks).toEqual([]);
	});
});
