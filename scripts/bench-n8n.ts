/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev code: a benchmark driving a real n8n */
/**
 * The benchmark that matters: N creates in a real n8n (the pinned version, the packed package),
 * through the MakeLeaps node and through n8n's own HTTP Request node with an OAuth2
 * client-credentials credential doing the same requests with the same four expressions, and a
 * plain keep-alive loop, against one sandbox. Each workflow runs with `n8n execute`; the time is
 * the one n8n records for the node (its `executionTime`), so n8n's start-up is not counted.
 */
import http from 'node:http';

import axios from 'axios';

import { CREDENTIAL, N8n, sandboxCredential, type RunData } from '../dev/n8n';
import type { Sandbox } from '../sandbox/server';

const OAUTH = { id: 'benchOAuth2', name: 'Sandbox as generic OAuth2' };

/** The rows a Code node makes: the same for both workflows. */
const rowsCode = (n: number) =>
	`return Array.from({ length: ${n} }, (_, k) => ({ json: { id: 'N8N-' + k, org: 'Bench Company ' + k, family: 'Sato', email: 'sato' + k + '@example.com' } }));`;

function workflow(id: string, measured: Record<string, unknown>, n: number) {
	const nodes = [
		{
			id: `${id}-start`,
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: `${id}-rows`,
			name: 'Rows',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [200, 0],
			parameters: { jsCode: rowsCode(n) },
		},
		{ id: `${id}-create`, name: 'Create', position: [400, 0], ...measured },
	];
	const link = (node: string) => ({ main: [[{ node, type: 'main', index: 0 }]] });
	return {
		id,
		name: id,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes,
		connections: { Start: link('Rows'), Rows: link('Create') },
		pinData: {},
	};
}

/** The workflow ids, by what they measure. */
const WORKFLOWS = {
	makeleaps: 'benchMakeLeaps',
	/** the same, with each field written so that n8n must evaluate it (`{{ ($json.id) }}`) */
	makeleapsEvaluated: 'benchMakeLeapsEvaluated',
	http: 'benchHttpRequest',
};
export type BenchWorkflow = keyof typeof WORKFLOWS;

function makeLeapsWorkflow(n: number, partnerMid: string, evaluated = false) {
	const field = (key: string) => (evaluated ? `={{ ($json.${key}) }}` : `={{ $json.${key} }}`);
	return workflow(
		evaluated ? WORKFLOWS.makeleapsEvaluated : WORKFLOWS.makeleaps,
		{
			type: 'n8n-nodes-makeleaps.makeLeaps',
			typeVersion: 1,
			parameters: {
				resource: 'client',
				operation: 'create',
				partner: { __rl: true, mode: 'id', value: partnerMid },
				clientExternalId: field('id'),
				organizationName: field('org'),
				personFamilyName: field('family'),
				personEmail: field('email'),
				additionalFields: {},
				// the pacing ceiling, so that the benchmark measures the node and not its pace
				options: { requestsPerMinute: 60000 },
			},
			credentials: { makeLeapsApi: CREDENTIAL },
		},
		n,
	);
}

function httpRequestWorkflow(n: number, baseUrl: string, partnerMid: string) {
	const body =
		'={ "client_external_id": "{{ $json.id }}", "contacts": [ { "contact_type": "organization", "name": "{{ $json.org }}", "addresses": [], "email": null }, { "contact_type": "person", "family_name": "{{ $json.family }}", "addresses": [], "email": { "address": "{{ $json.email }}" } } ] }';
	return workflow(
		WORKFLOWS.http,
		{
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				method: 'POST',
				url: `${baseUrl}/api/partner/${partnerMid}/client/`,
				authentication: 'genericCredentialType',
				genericAuthType: 'oAuth2Api',
				sendBody: true,
				specifyBody: 'json',
				jsonBody: body,
				options: {},
			},
			credentials: { oAuth2Api: OAUTH },
		},
		n,
	);
}

/** n8n's own figure for the measured node, in milliseconds, and its items. */
function createNode(run: RunData | undefined) {
	const task = run?.data.resultData.runData.Create?.[0] as
		| { executionTime?: number; data?: { main: Array<Array<{ json: Record<string, unknown> }>> } }
		| undefined;
	const items = task?.data?.main[0] ?? [];
	return {
		ms: task?.executionTime ?? NaN,
		items: items.length,
		failed: items.filter((item) => item.json.error !== undefined).length,
	};
}

/** The n8n instance of the benchmark: the package, both credentials and both workflows. */
export async function prepareN8n(sandbox: Sandbox, n: number): Promise<N8n> {
	const n8n = new N8n();
	await n8n.installPackage();
	const { clientId, clientSecret, partnerMid } = sandbox.credentials;
	await n8n.importCredentials([
		sandboxCredential(sandbox.baseUrl, clientId, clientSecret),
		{
			...OAUTH,
			type: 'oAuth2Api',
			data: {
				grantType: 'clientCredentials',
				accessTokenUrl: `${sandbox.baseUrl}/user/oauth2/token/`,
				clientId,
				clientSecret,
				scope: '',
				authentication: 'header',
			},
		},
	]);
	await n8n.importWorkflows([
		makeLeapsWorkflow(n, partnerMid),
		makeLeapsWorkflow(n, partnerMid, true),
		httpRequestWorkflow(n, sandbox.baseUrl, partnerMid),
	]);
	return n8n;
}

/** One measured run of a workflow in the real n8n, with the token requests it made. */
export async function executeCreates(n8n: N8n, sandbox: Sandbox, which: BenchWorkflow) {
	const tokensBefore = sandbox.received('/user/oauth2/token/').length;
	const { run, result } = await n8n.execute(WORKFLOWS[which]);
	const measured = createNode(run);
	if (!Number.isFinite(measured.ms) || measured.failed > 0 || run?.status !== 'success') {
		throw new Error(
			`${which} run failed: ${run?.data.resultData.error?.message ?? ''}\n${result.stderr.slice(-2000)}`,
		);
	}
	return { ...measured, tokens: sandbox.received('/user/oauth2/token/').length - tokensBefore };
}

/** N creates from a plain keep-alive loop: one token, then requests one after another. */
export async function keepAliveLoop(sandbox: Sandbox, n: number) {
	const { clientId, clientSecret, partnerMid } = sandbox.credentials;
	const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
	const token = await axios.post(
		`${sandbox.baseUrl}/user/oauth2/token/`,
		'grant_type=client_credentials',
		{
			auth: { username: clientId, password: clientSecret },
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		},
	);
	const headers = { Authorization: `Bearer ${String(token.data.access_token)}` };
	const url = `${sandbox.baseUrl}/api/partner/${partnerMid}/client/`;
	const started = performance.now();
	for (let k = 0; k < n; k++) {
		await axios.post(
			url,
			{
				client_external_id: `LOOP-${k}`,
				contacts: [
					{ contact_type: 'organization', name: `Bench Company ${k}`, addresses: [], email: null },
					{
						contact_type: 'person',
						family_name: 'Sato',
						addresses: [],
						email: { address: `sato${k}@example.com` },
					},
				],
			},
			{ headers, httpAgent: agent },
		);
	}
	const ms = performance.now() - started;
	agent.destroy();
	return { ms, items: n, failed: 0 };
}
