/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev code: an HTTP server for tests, never inside n8n */
/**
 * A local MakeLeaps-compatible HTTP server on 127.0.0.1 for tests, benchmarks and the demo.
 *
 * It answers like the real partner API: OAuth 2.0 client-credentials token endpoint, Bearer
 * checks on every /api/ path, the {meta, response} envelope, 201/200/204 status codes,
 * DRF-style field errors, paging with absolute meta.next/prev, and 429 + Retry-After throttling.
 * Tests drive it in process (faults, token expiry, state, received requests); other processes
 * use the same controls over HTTP under /_sandbox/. This class is the server: a request's way
 * through the log, faults, authorization and limits; the routes (routes/) answer by resource
 * from the stores (stores/).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { answerOf, detail, HttpAnswer, writeAnswer } from './http/answer';
import { withCredentialEchoes } from './http/credentialEchoes';
import { withCredentialsInLinks } from './http/credentialLinks';
import { Faults, type Fault, type FaultMatch } from './http/faults';
import { recordOf, type RecordedRequest } from './http/requests';
import { Throttle } from './http/throttle';
import type { SandboxOptions } from './options';
import { ApiCall, type Service } from './routes/call';
import { controlRoute } from './routes/control';
import { storageRoute } from './routes/documents';
import { revokeRoute, tokenRoute } from './routes/oauth';
import { partnerRoutes } from './routes/partners';
import { ApiKeyStore, type PartnerCredentials } from './stores/apiKeys';
import { DocumentStore } from './stores/documents';
import { SendingOrderStore } from './stores/sendingOrders';
import { Store } from './stores/store';
import { Urls } from './stores/urls';
import { SandboxState } from './state';

export type { Fault, FaultMatch, PartnerCredentials, RecordedRequest, SandboxOptions };

export class Sandbox extends SandboxState {
	readonly requests: RecordedRequest[] = [];
	private readonly keys = new ApiKeyStore();
	readonly issuedTokens = this.keys.issuedTokens;
	/** Every client secret this sandbox ever accepted (revoked ones included), for leak checks. */
	readonly issuedSecrets = this.keys.issuedSecrets;
	/** The Base URL its answers name: its own address, or `publicUrl` (what sits in front of it). */
	baseUrl = '';
	/** Where it listens, `http://127.0.0.1:<port>`. */
	localUrl = '';

	private service!: Service;
	private server: http.Server;
	private readonly faults = new Faults();
	private readonly throttle = new Throttle();
	private expireAfter?: number;
	/** API requests received and not yet answered, and the most there were at once. */
	inFlight = 0;
	maxInFlight = 0;
	private sockets = new Set<import('node:net').Socket>();

	constructor(readonly options: SandboxOptions = {}) {
		super();
		this.server = http.createServer((req, res) => {
			this.handle(req, res).catch((error: Error) => {
				res.writeHead(500, { 'Content-Type': 'text/plain' });
				res.end(`sandbox failure: ${error.message}`);
			});
		});
		this.server.on('connection', (socket) => {
			this.sockets.add(socket);
			socket.on('close', () => this.sockets.delete(socket));
		});
	}

	async start(): Promise<this> {
		await new Promise<void>((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(this.options.port ?? 0, '127.0.0.1', () => resolve());
		});
		const { port } = this.server.address() as AddressInfo;
		this.localUrl = `http://127.0.0.1:${port}`;
		this.baseUrl = this.options.publicUrl ?? this.localUrl;
		const { options } = this;
		const urls = new Urls(this.baseUrl);
		this.store = new Store(urls);
		this.documents = new DocumentStore(this.store, {
			unitCostField: options.unitCostField,
			taxPerLine: options.taxPerLine,
			requireTemplate: options.requireTemplate,
		});
		this.sending = new SendingOrderStore(urls, {
			validationMs: options.sendingValidationMs,
			sentLagMs: options.sentLagMs,
		});
		const { baseUrl, store, documents, sending, keys } = this;
		this.service = { options, baseUrl, store, documents, sending, keys, files: new Map() };
		this.credentials = this.addPartner(options.partnerName ?? 'Sandbox Trading Co., Ltd.', {
			clientId: options.clientId,
			clientSecret: options.clientSecret,
		});
		return this;
	}

	async close(): Promise<void> {
		this.faults.stopTimers();
		for (const socket of this.sockets) socket.destroy();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	/** Adds a partner with its own API key (one key belongs to exactly one partner). */
	addPartner(
		name: string,
		key: { clientId?: string; clientSecret?: string } = {},
	): PartnerCredentials {
		const partner = this.store.partners.add(name);
		return { ...this.keys.add(partner.mid, key), partnerName: name };
	}

	/** Another API key of an existing partner (a MakeLeaps account can have several). */
	addApiKey(partnerMid = this.credentials.partnerMid): PartnerCredentials {
		return { ...this.keys.add(partnerMid), partnerName: this.partner(partnerMid).name };
	}

	/** Removes an API key, as when a user deletes it in MakeLeaps; its tokens stop working too. */
	revokeApiKey(clientId: string) {
		this.keys.remove(clientId);
	}

	/** Makes every token issued so far invalid, as if its lifetime had passed. */
	expireTokens() {
		this.keys.expireAll();
	}

	/** Revokes every token issued so far: each is refused as invalid, as after a revocation in MakeLeaps. */
	revokeTokens() {
		this.keys.revokeAll();
	}

	/** Expires every token once `requests` more API requests have been answered (a token expiring mid-run). */
	expireTokensAfter(requests: number) {
		this.expireAfter = requests;
	}

	/** Queues a fault for the next request that matches (any request when no match is given). */
	injectFault(fault: Fault, match: FaultMatch = {}) {
		this.faults.inject(fault, match);
	}

	/** Drops the queued faults no request has taken yet (a fault meant for one run only). */
	clearFaults() {
		this.faults.clear();
	}

	setThrottle(throttle: SandboxOptions['throttle']) {
		this.options.throttle = throttle;
		this.throttle.reset();
	}

	/** Requests received, optionally only those whose path starts with a prefix. */
	received(pathPrefix = '') {
		return this.requests.filter((r) => r.path.startsWith(pathPrefix));
	}

	resetRequests() {
		this.requests.length = 0;
	}

	/** A request's way: logged, faults before, answered, faults after (controls skip the log). */
	private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const raw = Buffer.concat(chunks);
		const body = raw.toString('utf8');
		const url = new URL(req.url ?? '/', this.baseUrl);
		const method = req.method ?? 'GET';
		if (url.pathname.startsWith('/_sandbox/'))
			return writeAnswer(res, controlRoute(this, method, url, body));

		const record = recordOf(method, url, req.headers, body);
		this.requests.push(record);
		const api = url.pathname.startsWith('/api/');
		if (api) this.maxInFlight = Math.max(this.maxInFlight, ++this.inFlight);
		try {
			await this.travel(api);
			const fault = this.faults.take(method, url.pathname);
			if (await this.faults.before(fault, req, res, record)) return;
			const answer = this.answer(new ApiCall(method, url, req.headers, body, this.service, raw));
			record.status = answer.status;
			record.response = answer.body;
			this.countDownTokens(url.pathname);
			await this.travel(api);
			if (answer.status === 0) return void req.socket.destroy(); // applied, its answer lost
			this.faults.after(fault, req, res, answer, url);
		} finally {
			if (api) this.inFlight--;
		}
	}

	/** Half of a far link's round trip (`latencyMs`), each way of an API request. */
	private async travel(api: boolean) {
		const half = (this.options.latencyMs ?? 0) / 2;
		if (api && half > 0) await this.faults.wait(half);
	}

	private answer(call: ApiCall): HttpAnswer {
		this.sending.catchUp();
		let answer: HttpAnswer;
		try {
			answer = this.route(call);
		} catch (error) {
			answer = answerOf(error);
		}
		const { credentialEchoes, pickupLinkField } = this.options;
		if (credentialEchoes?.length) {
			answer = withCredentialEchoes(
				answer,
				call.headers,
				this.keys,
				credentialEchoes,
				pickupLinkField,
			);
		}
		if (!this.options.credentialsInLinks) return answer;
		return withCredentialsInLinks(answer, call.headers, this.keys);
	}

	/** OAuth and storage are open; every /api/ path needs a token and counts against the limits. */
	private route(call: ApiCall): HttpAnswer {
		const path = call.url.pathname;
		if (path === '/user/oauth2/token/') return tokenRoute(call);
		if (path === '/user/oauth2/revoke-token/') return revokeRoute(call);
		if (path.startsWith('/_storage/')) return storageRoute(call);
		if (!path.startsWith('/api/')) return new HttpAnswer(404, '<h1>Not Found</h1>');
		const partnerMid = this.authorize(call.headers);
		this.throttle.check(this.options);
		return partnerRoutes(call, partnerMid);
	}

	/** Returns the partner MID the Bearer token belongs to, or throws 401. */
	private authorize(headers: http.IncomingHttpHeaders): string {
		const match = /^Bearer (\S+)$/.exec(headers.authorization ?? '');
		const challenge = { 'WWW-Authenticate': 'Bearer realm="api"' };
		if (!match) throw detail(401, 'Authentication credentials were not provided.', challenge);
		const token = this.keys.token(match[1]);
		if (!token) throw detail(401, 'Invalid token.', challenge);
		if (token.expiresAt <= Date.now()) throw detail(401, 'Token has expired.', challenge);
		return token.partnerMid;
	}

	/** The `expireTokensAfter` count: API requests only. */
	private countDownTokens(path: string) {
		if (this.expireAfter === undefined || !path.startsWith('/api/')) return;
		if (--this.expireAfter !== 0) return;
		this.expireAfter = undefined;
		this.expireTokens();
	}
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	return await new Sandbox(options).start();
}
