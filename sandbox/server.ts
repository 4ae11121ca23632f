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
import { pickupPageRoute } from './routes/pickupLinks';
import { revokeRoute, tokenRoute } from './routes/oauth';
import { partnerRoutes } from './routes/partners';
import { storageUploadRoute } from './routes/sendingOrders';
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
	/**
	 * Its file storage outside the Base URL, `http://127.0.0.1:<another port>`, which file items'
	 * `upload_url` point to under the `uploadToStorage` switch (empty without it).
	 */
	storageUrl = '';

	private service!: Service;
	private server: http.Server;
	/** The storage address's own server (the `uploadToStorage` switch): uploads only. */
	private storageServer?: http.Server;
	private readonly faults = new Faults();
	private readonly throttle = new Throttle();
	private expireAfter?: number;
	/** API requests received and not yet answered, and the most there were at once. */
	inFlight = 0;
	maxInFlight = 0;
	private sockets = new Set<import('node:net').Socket>();
	/** Requests not done with yet: handled, and their answer sent or their connection closed. */
	private readonly pending = new Set<Promise<unknown>>();

	constructor(readonly options: SandboxOptions = {}) {
		super();
		this.server = this.serverOf(false);
	}

	/** A server answering through `handle`: the sandbox's, or its storage address's alone. */
	private serverOf(storage: boolean): http.Server {
		const server = http.createServer((req, res) => {
			const handled = this.handle(req, res, storage).catch((error: Error) => {
				res.writeHead(500, { 'Content-Type': 'text/plain' });
				res.end(`sandbox failure: ${error.message}`);
			});
			const closed = new Promise((resolve) => res.once('close', resolve));
			const done = Promise.all([handled, closed]);
			this.pending.add(done);
			void done.finally(() => this.pending.delete(done));
		});
		server.on('connection', (socket) => {
			this.sockets.add(socket);
			socket.on('close', () => this.sockets.delete(socket));
		});
		return server;
	}

	async start(): Promise<this> {
		this.localUrl = await listen(this.server, this.options.port ?? 0);
		this.baseUrl = this.options.publicUrl ?? this.localUrl;
		if (this.options.uploadToStorage) {
			this.storageServer = this.serverOf(true);
			this.storageUrl = await listen(this.storageServer, 0);
		}
		const { options } = this;
		const urls = new Urls(this.baseUrl);
		this.store = new Store(urls);
		this.documents = new DocumentStore(this.store, {
			unitCostField: options.unitCostField,
			taxPerLine: options.taxPerLine,
			requireTemplate: options.requireTemplate,
			refuseUnknownFields: options.refuseUnknownFields,
			totalBeforeWithholding: options.totalBeforeWithholding,
			ignoredFields: options.ignoredFields,
		});
		this.sending = new SendingOrderStore(urls, {
			validationMs: options.sendingValidationMs,
			sentLagMs: options.sentLagMs,
			storageUrl: this.storageUrl || undefined,
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
		const servers = [this.server, this.storageServer].filter((server) => server !== undefined);
		await Promise.all(
			servers.map(
				async (server) => await new Promise<void>((resolve) => server.close(() => resolve())),
			),
		);
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

	/**
	 * Resolves when the sandbox is done with every request it received: a request held, delayed
	 * or trickled after the node gave up on it has been applied or dropped. Tests read the
	 * state after it instead of waiting a while.
	 */
	async settled(): Promise<void> {
		while (this.pending.size > 0) await Promise.all([...this.pending]);
	}

	/**
	 * A request's way: logged, faults before, answered, faults after (controls skip the log). The
	 * storage address (`storage`) answers its uploads alone.
	 */
	private async handle(req: http.IncomingMessage, res: http.ServerResponse, storage: boolean) {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const raw = Buffer.concat(chunks);
		const body = raw.toString('utf8');
		const url = new URL(req.url ?? '/', storage ? this.storageUrl : this.baseUrl);
		const method = req.method ?? 'GET';
		if (!storage && url.pathname.startsWith('/_sandbox/'))
			return writeAnswer(res, controlRoute(this, method, url, body));

		const record = recordOf(method, url, req.headers, body);
		this.requests.push(record);
		res.once('close', () => {
			if (!res.writableFinished) record.unfinished = true;
		});
		const api = url.pathname.startsWith('/api/');
		if (api) this.maxInFlight = Math.max(this.maxInFlight, ++this.inFlight);
		try {
			await this.travel(api);
			const { fault, early } = this.faults.take(method, url.pathname);
			if (early) record.early = true;
			if (await this.faults.before(fault, req, res, record)) return;
			const call = new ApiCall(method, url, req.headers, body, this.service, raw);
			const answer = storage ? this.storageAnswer(call) : this.answer(call);
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

	/** What the storage address answers: uploads to file items, nothing else. */
	private storageAnswer(call: ApiCall): HttpAnswer {
		this.sending.catchUp();
		if (!call.url.pathname.startsWith('/_storage/upload/'))
			return new HttpAnswer(404, '<h1>Not Found</h1>');
		try {
			return storageUploadRoute(call);
		} catch (error) {
			return answerOf(error);
		}
	}

	/** OAuth, storage and pickup addresses are open; every /api/ path needs a token and counts against the limits. */
	private route(call: ApiCall): HttpAnswer {
		const path = call.url.pathname;
		if (path === '/user/oauth2/token/') return tokenRoute(call);
		if (path === '/user/oauth2/revoke-token/') return revokeRoute(call);
		if (path.startsWith('/_storage/')) return storageRoute(call);
		if (path.startsWith('/pickup/')) return pickupPageRoute(call);
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

/** Listens on 127.0.0.1 (`port` 0: a free one); answers the server's address. */
async function listen(server: http.Server, port: number): Promise<string> {
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => resolve());
	});
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	return await new Sandbox(options).start();
}
