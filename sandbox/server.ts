/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- dev code: an HTTP server for tests, never inside n8n */
/**
 * A local MakeLeaps-compatible HTTP server on 127.0.0.1 for tests, benchmarks and the demo.
 *
 * It answers like the real partner API: OAuth 2.0 client-credentials token endpoint, Bearer
 * checks on every /api/ path, the {meta, response} envelope, 201/200/204 status codes,
 * DRF-style field errors, paging with absolute meta.next/prev, and 429 + Retry-After throttling.
 * Tests drive it in process (faults, token expiry, state, received requests); other processes
 * use the same controls over HTTP under /_sandbox/.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { DocumentStore } from './documentStore';
import { DOCUMENT_TYPES, templatesOf } from './documents';
import { SendingStore, type Delivery } from './sending';
import { Store, Urls, ValidationError, type Client, type Partner } from './store';

export interface SandboxOptions {
	/** Port to listen on; 0 (default) picks a free one. */
	port?: number;
	/** Lifetime of issued tokens in seconds (the real API uses 36000). */
	tokenTtlSeconds?: number;
	/** At most `limit` API requests per `windowMs`; further ones get 429 with Retry-After. */
	throttle?: { limit: number; windowMs: number };
	/** Requests allowed per day before every request gets 429 until midnight UTC. */
	dailyLimit?: number;
	/** Default and maximum page sizes of list endpoints. */
	pageSize?: number;
	maxPageSize?: number;
	/** Fixed credentials for the first partner (random when omitted). */
	clientId?: string;
	clientSecret?: string;
	partnerName?: string;
	/** Clock of the throttle and the daily limit (tests move the day without waiting for it). */
	now?: () => number;
	/** Answers every referenced record as its URL, whatever `expand` asks (a server without expand). */
	ignoreExpand?: boolean;
	/** Issuing a token revokes every earlier token of the same API key. */
	oneActiveToken?: boolean;
	/** Serves document PDFs through a redirect to storage (`/_storage/`), as a cloud service may. */
	pdfRedirect?: boolean;
	/** How long a sending order takes to be validated after its last change (1500 ms by default). */
	sendingValidationMs?: number;
	/**
	 * How long after a sending order is executed its documents show `date_sent` (0 by default), as
	 * a service that marks documents sent in the background may.
	 */
	sentLagMs?: number;
	/**
	 * The field a normal line's unit price is read from (`unit_cost` by default): another name
	 * plays a service whose field the node guessed wrong; it takes such lines as free of charge.
	 */
	unitCostField?: string;
	/** Tax rounded down on each line instead of once per tax rate (another rounding, same lines). */
	taxPerLine?: boolean;
	/** List filters the lists ignore (`date__gte`, `document_type`, `recipient_organization`…). */
	ignoreFilters?: string[];
	/**
	 * The one form the document list's `client` filter accepts (both by default); the other is
	 * answered `400 {"client": ["Select a valid choice. …"]}`, as a Django filter expecting it does.
	 */
	clientFilter?: 'mid' | 'url';
	/** How the document list gives line items: in full (default), as an empty list, or as links. */
	listLineItems?: 'full' | 'empty' | 'links';
	/** Fields the client and document lists leave out of each record (the record itself has them). */
	listOmits?: string[];
	/** Contacts do not answer at their own URL (`/contact/<mid>/` answers 404), only in their client. */
	noContactUrl?: boolean;
	/** Lists answer without `meta.next`, as a service paging another way may. */
	omitNext?: boolean;
	/** Lists answer without `meta.count`. */
	omitCount?: boolean;
	/** Partner addresses given without their final `/` (`…/api/partner/<mid>`). */
	partnerUrlNoSlash?: boolean;
	/**
	 * A partner answers with the caller's Client ID and access token in it (`requested_by`), as a
	 * debugging proxy or a careless service may.
	 */
	echoCredentials?: boolean;
	/** The path segment templates are listed under instead of `template` (which then answers 404). */
	templatePath?: string;
	/** A document create without `document_template` is answered 400 "This field is required.". */
	requireTemplate?: boolean;
	/** Line item fields a document gives under other names, such as `{ unit_cost: 'unit_price' }`. */
	lineItemNames?: Record<string, string>;
}

export interface RecordedRequest {
	method: string;
	/** Path without query string. */
	path: string;
	/** Path with query string, as sent. */
	url: string;
	query: Record<string, string>;
	headers: http.IncomingHttpHeaders;
	body: string;
	status?: number;
	/** The JSON body answered, if any (lets the demo name the clients a run created and deleted). */
	response?: unknown;
	at: number;
}

export type Fault =
	| {
			kind: 'status';
			status?: number;
			body?: string;
			contentType?: string;
			headers?: Record<string, string>;
	  }
	/** Closes the connection before the request is processed (nothing is applied). */
	| { kind: 'reset' }
	/** Applies the request, then closes the connection without answering. */
	| { kind: 'resetAfter' }
	/** Waits before processing the request. */
	| { kind: 'delay'; ms: number }
	/** Answers a redirect instead (nothing is applied). */
	| { kind: 'redirect'; status?: 301 | 302 | 303 | 307 | 308; location: string }
	/** Applies the request, then answers this instead of the real answer. */
	| { kind: 'replaceAfter'; status?: number; body: string; contentType?: string }
	/** Applies the request, sends the headers and half of the body, then closes the connection. */
	| { kind: 'cutAfter' }
	/** Applies the request, then sends the body one byte every `ms`. */
	| { kind: 'trickleAfter'; ms: number }
	/** Applies the request, then answers the real JSON body as `change` returns it (in process only). */
	| { kind: 'rewriteAfter'; change: (body: Record<string, unknown>, url: URL) => unknown };

export type FaultMatch = { method?: string; path?: string | RegExp };

interface ApiKey {
	clientId: string;
	clientSecret: string;
	partnerMid: string;
}

interface IssuedToken {
	partnerMid: string;
	clientId: string;
	expiresAt: number;
}

export interface PartnerCredentials {
	clientId: string;
	clientSecret: string;
	partnerMid: string;
	partnerName: string;
}

class HttpAnswer {
	constructor(
		readonly status: number,
		readonly body?: unknown,
		readonly headers: Record<string, string> = {},
	) {}
}

const detail = (status: number, text: string, headers: Record<string, string> = {}) =>
	new HttpAnswer(status, { meta: { status }, response: { detail: text } }, headers);

export class Sandbox {
	readonly requests: RecordedRequest[] = [];
	readonly issuedTokens: string[] = [];
	/** Every client secret this sandbox ever accepted (revoked ones included), for leak checks. */
	readonly issuedSecrets: Array<{ clientId: string; clientSecret: string }> = [];
	store!: Store;
	documents!: DocumentStore;
	sending!: SendingStore;
	/** Files served at /_storage/ (PDFs behind a redirect), by key. */
	private readonly stored = new Map<string, Buffer>();
	baseUrl = '';
	/** Credentials of the first partner. */
	credentials!: PartnerCredentials;

	private server: http.Server;
	private apiKeys: ApiKey[] = [];
	private tokens = new Map<string, IssuedToken>();
	private faults: Array<{ fault: Fault; match: FaultMatch }> = [];
	private window = { start: 0, count: 0 };
	private day = { key: '', count: 0 };
	private expireAfter?: number;
	/** Timers of delays and trickles, cleared when the sandbox closes. */
	private readonly timers = new Set<NodeJS.Timeout>();
	private sockets = new Set<import('node:net').Socket>();

	constructor(readonly options: SandboxOptions = {}) {
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
		this.baseUrl = `http://127.0.0.1:${port}`;
		this.store = new Store(new Urls(this.baseUrl));
		this.documents = new DocumentStore(this.store, {
			unitCostField: this.options.unitCostField,
			taxPerLine: this.options.taxPerLine,
			requireTemplate: this.options.requireTemplate,
		});
		this.sending = new SendingStore(this.store, {
			validationMs: this.options.sendingValidationMs,
			sentLagMs: this.options.sentLagMs,
		});
		this.credentials = this.addPartner(this.options.partnerName ?? 'Sandbox Trading Co., Ltd.', {
			clientId: this.options.clientId,
			clientSecret: this.options.clientSecret,
		});
		return this;
	}

	async close(): Promise<void> {
		for (const timer of this.timers) clearTimeout(timer);
		for (const socket of this.sockets) socket.destroy();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	/** Adds a partner with its own API key (one key belongs to exactly one partner). */
	addPartner(
		name: string,
		key: { clientId?: string; clientSecret?: string } = {},
	): PartnerCredentials {
		const partner = this.store.addPartner(name);
		const apiKey = {
			clientId: key.clientId ?? `sandbox-${randomBytes(6).toString('hex')}`,
			clientSecret: key.clientSecret ?? randomBytes(24).toString('base64url'),
			partnerMid: partner.mid,
		};
		this.apiKeys.push(apiKey);
		this.issuedSecrets.push({ clientId: apiKey.clientId, clientSecret: apiKey.clientSecret });
		return { ...apiKey, partnerName: name };
	}

	/** Another API key of an existing partner (a MakeLeaps account can have several). */
	addApiKey(partnerMid = this.credentials.partnerMid): PartnerCredentials {
		const apiKey = {
			clientId: `sandbox-${randomBytes(6).toString('hex')}`,
			clientSecret: randomBytes(24).toString('base64url'),
			partnerMid,
		};
		this.apiKeys.push(apiKey);
		this.issuedSecrets.push({ clientId: apiKey.clientId, clientSecret: apiKey.clientSecret });
		return { ...apiKey, partnerName: this.partner(partnerMid).name };
	}

	/** Removes an API key, as when a user deletes it in MakeLeaps; its tokens stop working too. */
	revokeApiKey(clientId: string) {
		const key = this.apiKeys.find((k) => k.clientId === clientId);
		this.apiKeys = this.apiKeys.filter((k) => k !== key);
		for (const [token, issued] of this.tokens)
			if (key && issued.partnerMid === key.partnerMid) this.tokens.delete(token);
	}

	partner(mid = this.credentials.partnerMid): Partner {
		return this.store.partners.get(mid)!;
	}

	/** Clients of a partner as the API would return them. */
	clients(partnerMid = this.credentials.partnerMid) {
		const p = this.partner(partnerMid);
		return [...p.clients.values()].map((c) => this.store.clientJson(p, c, ['contacts']));
	}

	/** Creates a client directly in the state (no request is recorded). */
	seedClient(body: unknown, partnerMid = this.credentials.partnerMid): Client {
		return this.store.createClient(this.partner(partnerMid), body);
	}

	/** Documents of a partner as the API would return them. */
	documentsOf(partnerMid = this.credentials.partnerMid) {
		this.sending.catchUp();
		const p = this.partner(partnerMid);
		return [...p.documents.values()].map((d) => this.documents.json(p, d));
	}

	/** Creates a document directly in the state (no request is recorded). */
	seedDocument(body: unknown, partnerMid = this.credentials.partnerMid) {
		const p = this.partner(partnerMid);
		return this.documents.json(p, this.documents.create(p, body));
	}

	/** Sending orders of a partner as the API would return them. */
	sendingOrdersOf(partnerMid = this.credentials.partnerMid) {
		const p = this.partner(partnerMid);
		return this.sending.ordersOf(p).map((order) => this.sending.json(p, order));
	}

	/**
	 * Sends a document the way MakeLeaps' web app or another n8n would, outside the run under test:
	 * an order to the document's client, executed at once (its documents show `date_sent` after the
	 * `sentLagMs` switch's lag). Answers the order as the API would.
	 */
	sendElsewhere(documentMid: string, partnerMid = this.credentials.partnerMid) {
		const p = this.partner(partnerMid);
		const document = p.documents.get(documentMid);
		if (!document) throw new Error(`no document ${documentMid}`);
		const order = this.sending.create(p, {
			recipient_organization: this.store.urls.client(p.mid, document.clientMid),
			send_to_clientinbox_selected: true,
		});
		this.sending.addItem(p, order, {
			position: 0,
			document: `${this.baseUrl}/api/partner/${p.mid}/document/${documentMid}/`,
		});
		order.validatedAt = 0;
		this.sending.execute(p, order);
		return this.sending.json(p, order);
	}

	/** What executed sending orders delivered, in order. */
	get deliveries(): readonly Delivery[] {
		return this.sending.deliveries;
	}

	/** Records a payment of a document, as a user does in MakeLeaps when the money arrives. */
	markPaid(
		documentMid: string,
		at = new Date().toISOString(),
		partnerMid = this.credentials.partnerMid,
	) {
		const document = this.partner(partnerMid).documents.get(documentMid);
		if (!document) throw new Error(`no document ${documentMid}`);
		document.date_paid = at;
	}

	archiveClient(mid: string, partnerMid = this.credentials.partnerMid) {
		this.partner(partnerMid).clients.get(mid)!.date_archived = new Date().toISOString();
	}

	/** Takes a client out of the archive, as a user does in MakeLeaps. */
	restoreClient(mid: string, partnerMid = this.credentials.partnerMid) {
		this.partner(partnerMid).clients.get(mid)!.date_archived = null;
	}

	/** Makes every token issued so far invalid, as if its lifetime had passed. */
	expireTokens() {
		for (const token of this.tokens.values()) token.expiresAt = 0;
	}

	/** Revokes every token issued so far: each is refused as invalid, as after a revocation in MakeLeaps. */
	revokeTokens() {
		this.tokens.clear();
	}

	/** Expires every token once `requests` more API requests have been answered (a token expiring mid-run). */
	expireTokensAfter(requests: number) {
		this.expireAfter = requests;
	}

	/** Queues a fault for the next request that matches (any request when no match is given). */
	injectFault(fault: Fault, match: FaultMatch = {}) {
		this.faults.push({ fault, match });
	}

	/** Drops the queued faults no request has taken yet (a fault meant for one run only). */
	clearFaults() {
		this.faults.length = 0;
	}

	setThrottle(throttle: SandboxOptions['throttle']) {
		this.options.throttle = throttle;
		this.window = { start: 0, count: 0 };
	}

	/** Requests received, optionally only those whose path starts with a prefix. */
	received(pathPrefix = '') {
		return this.requests.filter((r) => r.path.startsWith(pathPrefix));
	}

	resetRequests() {
		this.requests.length = 0;
	}

	private takeFault(method: string, path: string): Fault | undefined {
		const index = this.faults.findIndex(({ match }) => {
			if (match.method && match.method !== method) return false;
			if (typeof match.path === 'string' && !path.startsWith(match.path)) return false;
			if (match.path instanceof RegExp && !match.path.test(path)) return false;
			return true;
		});
		if (index === -1) return undefined;
		return this.faults.splice(index, 1)[0].fault;
	}

	private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const body = Buffer.concat(chunks).toString('utf8');
		const url = new URL(req.url ?? '/', this.baseUrl);
		const method = req.method ?? 'GET';

		if (url.pathname.startsWith('/_sandbox/')) {
			this.send(res, this.control(method, url, body));
			return;
		}

		const record: RecordedRequest = {
			method,
			path: url.pathname,
			url: `${url.pathname}${url.search}`,
			query: Object.fromEntries(url.searchParams),
			headers: req.headers,
			body,
			at: Date.now(),
		};
		this.requests.push(record);

		const fault = this.takeFault(method, url.pathname);
		if (fault?.kind === 'reset') {
			req.socket.destroy();
			return;
		}
		if (fault?.kind === 'delay') await this.wait(fault.ms);
		if (fault?.kind === 'redirect') {
			record.status = fault.status ?? 302;
			res.writeHead(record.status, { Location: fault.location, 'Content-Type': 'text/html' });
			res.end(`<a href="${fault.location}">moved</a>`);
			return;
		}
		if (fault?.kind === 'status') {
			const status = fault.status ?? 503;
			record.status = status;
			res.writeHead(status, {
				'Content-Type': fault.contentType ?? 'text/html; charset=utf-8',
				...fault.headers,
			});
			res.end(fault.body ?? `<h1>${status} Service Unavailable</h1>`);
			return;
		}

		let answer: HttpAnswer;
		this.sending.catchUp();
		try {
			answer = this.route(method, url, req.headers, body);
		} catch (error) {
			if (error instanceof HttpAnswer) answer = error;
			else if (error instanceof ValidationError) {
				answer = new HttpAnswer(400, { meta: { status: 400 }, response: error.errors });
			} else throw error;
		}
		record.status = answer.status;
		record.response = answer.body;
		if (
			this.expireAfter !== undefined &&
			url.pathname.startsWith('/api/') &&
			--this.expireAfter === 0
		) {
			this.expireAfter = undefined;
			this.expireTokens();
		}
		if (fault?.kind === 'resetAfter') {
			req.socket.destroy();
			return;
		}
		if (fault?.kind === 'replaceAfter') {
			const type = fault.contentType ?? 'application/json';
			answer = new HttpAnswer(fault.status ?? answer.status, fault.body, { 'Content-Type': type });
		}
		if (fault?.kind === 'rewriteAfter' && typeof answer.body === 'object') {
			const changed = fault.change(answer.body as Record<string, unknown>, url);
			answer = new HttpAnswer(answer.status, changed, answer.headers);
		}
		if (fault?.kind === 'cutAfter' || fault?.kind === 'trickleAfter') {
			this.sendSlowly(req, res, answer, fault.kind === 'cutAfter' ? 0 : fault.ms);
			return;
		}
		this.send(res, answer);
	}

	private async wait(ms: number) {
		await new Promise<void>((resolve) => {
			const timer = setTimeout(() => {
				this.timers.delete(timer);
				resolve();
			}, ms);
			this.timers.add(timer);
		});
	}

	/** The answer's body cut in half (ms = 0), or trickled one byte every `ms`. */
	private sendSlowly(
		req: http.IncomingMessage,
		res: http.ServerResponse,
		answer: HttpAnswer,
		ms: number,
	) {
		const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '');
		const body = Buffer.from(text);
		res.writeHead(answer.status, {
			'Content-Type': 'application/json',
			'Content-Length': String(body.length),
		});
		if (ms === 0) {
			res.write(body.subarray(0, Math.floor(body.length / 2)), () => req.socket.destroy());
			return;
		}
		let sent = 0;
		const next = () => {
			if (res.destroyed || sent >= body.length) return void res.end();
			res.write(body.subarray(sent, ++sent));
			void this.wait(ms).then(next);
		};
		next();
	}

	private send(res: http.ServerResponse, answer: HttpAnswer) {
		const headers: Record<string, string> = { Vary: 'Accept, Authorization', ...answer.headers };
		if (answer.body === undefined) {
			res.writeHead(answer.status, headers);
			res.end();
		} else if (Buffer.isBuffer(answer.body)) {
			res.writeHead(answer.status, { 'Content-Type': 'application/octet-stream', ...headers });
			res.end(answer.body);
		} else if (typeof answer.body === 'string') {
			res.writeHead(answer.status, { 'Content-Type': 'text/html; charset=utf-8', ...headers });
			res.end(answer.body);
		} else {
			res.writeHead(answer.status, { 'Content-Type': 'application/json', ...headers });
			res.end(JSON.stringify(answer.body));
		}
	}

	private route(
		method: string,
		url: URL,
		headers: http.IncomingHttpHeaders,
		body: string,
	): HttpAnswer {
		const path = url.pathname;
		if (path === '/user/oauth2/token/') return this.token(method, headers, body);
		if (path === '/user/oauth2/revoke-token/') return this.revoke(method, headers, url, body);
		if (path.startsWith('/_storage/')) return this.storage(method, path);
		if (!path.startsWith('/api/')) return new HttpAnswer(404, '<h1>Not Found</h1>');

		const partnerMid = this.authorize(headers);
		this.throttle();

		const segments = path.split('/').filter(Boolean); // ['api', 'partner', mid, 'client', cmid, 'contact']
		if (!path.endsWith('/') || segments[1] !== 'partner') throw detail(404, 'Not found.');
		if (segments.length === 2) {
			this.allow(method, ['GET']);
			return this.list(url, [this.partnerJson(this.partner(partnerMid), headers)]);
		}
		const partner = this.store.partners.get(segments[2]);
		if (!partner) throw detail(404, 'Not found.');
		if (partner.mid !== partnerMid)
			throw detail(403, 'You do not have permission to perform this action.');
		if (segments.length === 3) {
			this.allow(method, ['GET']);
			return this.object(200, this.partnerJson(partner, headers));
		}
		if (segments[3] === 'client')
			return this.clientRoutes(method, url, headers, body, partner, segments.slice(4));
		if (segments[3] === 'document')
			return this.documentRoutes(method, url, headers, body, partner, segments.slice(4));
		if (segments[3] === 'sending' && segments[4] === 'order')
			return this.sendingRoutes(method, url, headers, body, partner, segments.slice(5));
		if (segments[3] === (this.options.templatePath ?? 'template') && segments.length === 5) {
			this.allow(method, ['GET']);
			if (!(DOCUMENT_TYPES as readonly string[]).includes(segments[4]))
				throw detail(404, 'Not found.');
			return this.list(url, templatesOf(segments[4]));
		}
		if (segments[3] === 'contact' && segments.length <= 5) {
			const contacts = [...partner.contacts.values()];
			if (segments.length === 4) {
				this.allow(method, ['GET', 'POST']);
				if (method === 'POST') {
					const made = this.store.createContact(partner, this.json(headers, body));
					return this.object(201, this.store.contactJson(partner, made));
				}
				return this.list(
					url,
					contacts.map((c) => this.store.contactJson(partner, c)),
				);
			}
			this.allow(method, ['GET', 'PATCH']);
			const contact = partner.contacts.get(segments[4]);
			if (!contact || this.options.noContactUrl) throw detail(404, 'Not found.');
			if (method === 'PATCH') this.store.updateContact(contact, this.json(headers, body));
			return this.object(200, this.store.contactJson(partner, contact));
		}
		throw detail(404, 'Not found.');
	}

	private clientRoutes(
		method: string,
		url: URL,
		headers: http.IncomingHttpHeaders,
		body: string,
		partner: Partner,
		rest: string[],
	): HttpAnswer {
		if (rest.length === 0) {
			this.allow(method, ['GET', 'POST']);
			if (method === 'POST') {
				const client = this.store.createClient(partner, this.json(headers, body));
				return this.object(201, this.store.clientJson(partner, client));
			}
			const filters = this.filtersOf(url);
			const search = filters.get('search')?.toLowerCase();
			const archived = filters.get('archived') === 'true';
			// a service that ignores the filter lists archived and active clients alike
			const ignoresArchived = this.options.ignoreFilters?.includes('archived');
			const clients = [...partner.clients.values()].filter(
				(c) =>
					(ignoresArchived || (c.date_archived !== null) === archived) &&
					(!search || this.store.searchText(partner, c).includes(search)),
			);
			const expand = this.expandOf(url);
			return this.list(
				url,
				clients.map((c) => this.listed(this.store.clientJson(partner, c, expand))),
			);
		}
		const client = partner.clients.get(rest[0]);
		if (!client || rest.length > 2) throw detail(404, 'Not found.');
		if (rest.length === 2) {
			if (rest[1] !== 'contact') throw detail(404, 'Not found.');
			this.allow(method, ['GET']);
			return this.list(
				url,
				client.contactMids.map((mid) =>
					this.store.contactJson(partner, partner.contacts.get(mid)!),
				),
			);
		}
		this.allow(method, ['GET', 'PUT', 'PATCH', 'DELETE']);
		if (method === 'DELETE') {
			this.store.deleteClient(partner, client);
			return new HttpAnswer(204);
		}
		if (method === 'PUT' || method === 'PATCH') {
			this.store.updateClient(partner, client, this.json(headers, body), method === 'PATCH');
		}
		const expand = this.expandOf(url);
		return this.object(200, this.store.clientJson(partner, client, expand));
	}

	private documentRoutes(
		method: string,
		url: URL,
		headers: http.IncomingHttpHeaders,
		body: string,
		partner: Partner,
		rest: string[],
	): HttpAnswer {
		const expand = this.expandOf(url);
		if (rest.length === 0) {
			this.allow(method, ['GET', 'POST']);
			if (method === 'POST') {
				const document = this.documents.create(partner, this.json(headers, body));
				return this.object(201, this.lineNames(this.documents.json(partner, document, expand)));
			}
			const filters = this.filtersOf(url);
			this.checkClientFilter(filters.get('client'));
			const found = this.documents.list(partner, filters);
			return this.list(
				url,
				found.map((d) => this.listed(this.lineNames(this.documents.json(partner, d, expand)))),
			);
		}
		const document = partner.documents.get(rest[0]);
		if (!document || rest.length > 2 || (rest.length === 2 && rest[1] !== 'pdf'))
			throw detail(404, 'Not found.');
		if (rest.length === 2) {
			this.allow(method, ['GET']);
			if (!this.options.pdfRedirect) {
				return new HttpAnswer(200, this.documents.pdf(partner, document), {
					'Content-Type': 'application/pdf',
					'Content-Disposition': `inline; filename="${document.document_number}.pdf"`,
				});
			}
			const key = randomBytes(12).toString('hex');
			this.stored.set(key, this.documents.pdf(partner, document));
			return new HttpAnswer(302, undefined, { Location: `${this.baseUrl}/_storage/${key}.pdf` });
		}
		this.allow(method, ['GET', 'PUT', 'PATCH', 'DELETE']);
		if (method === 'DELETE') {
			this.documents.delete(partner, document);
			return new HttpAnswer(204);
		}
		if (method === 'PUT' || method === 'PATCH')
			this.documents.update(partner, document, this.json(headers, body));
		return this.object(200, this.lineNames(this.documents.json(partner, document, expand)));
	}

	private sendingRoutes(
		method: string,
		url: URL,
		headers: http.IncomingHttpHeaders,
		body: string,
		partner: Partner,
		rest: string[],
	): HttpAnswer {
		if (rest.length === 0) {
			this.allow(method, ['GET', 'POST']);
			if (method === 'POST') {
				const order = this.sending.create(partner, this.json(headers, body));
				return this.object(201, this.sending.json(partner, order));
			}
			const recipient = this.filtersOf(url).get('recipient_organization');
			const orders = this.sending
				.ordersOf(partner)
				.map((o) => this.sending.json(partner, o))
				.filter(
					(o) =>
						!recipient ||
						o.recipient_organization === recipient ||
						o.recipient_organization.endsWith(`/client/${recipient}/`),
				);
			return this.list(url, orders);
		}
		const order = this.sending.orders.get(rest[0]);
		if (!order || order.partnerMid !== partner.mid || rest.length > 2)
			throw detail(404, 'Not found.');
		const json = () => this.object(200, this.sending.json(partner, order));
		switch (rest[1]) {
			case undefined:
				this.allow(method, ['GET', 'DELETE']);
				if (method === 'DELETE') {
					if (order.status === 'sent')
						throw detail(400, 'A sending order that was sent cannot be deleted.');
					this.sending.orders.delete(order.mid);
					return new HttpAnswer(204);
				}
				return json();
			case 'item':
				this.allow(method, ['POST']);
				return this.object(201, this.sending.addItem(partner, order, this.json(headers, body)));
			case 'send':
				this.allow(method, ['POST']);
				this.sending.execute(partner, order);
				return json();
			case 'status':
				this.allow(method, ['PATCH']);
				this.sending.changeStatus(order, this.json(headers, body));
				return json();
			default:
				throw detail(404, 'Not found.');
		}
	}

	/** Files a redirect points to: served without authorization, as signed storage URLs are. */
	private storage(method: string, path: string): HttpAnswer {
		const file = this.stored.get(path.slice('/_storage/'.length).replace(/\.pdf$/, ''));
		if (method !== 'GET' || !file) return new HttpAnswer(404, '<h1>Not Found</h1>');
		return new HttpAnswer(200, file, { 'Content-Type': 'application/pdf' });
	}

	private token(method: string, headers: http.IncomingHttpHeaders, body: string): HttpAnswer {
		const oauthError = (status: number, error: string, extra: Record<string, string> = {}) =>
			new HttpAnswer(
				status,
				{ error },
				{ 'Cache-Control': 'no-store, private', Pragma: 'no-cache', ...extra },
			);
		if (method !== 'POST')
			return detail(405, `Method "${method}" not allowed.`, { Allow: 'POST, OPTIONS' });
		const key = this.basicAuth(headers);
		if (!key)
			return oauthError(401, 'invalid_client', {
				'WWW-Authenticate': 'Bearer, error="invalid_client"',
			});
		if (!String(headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
			return oauthError(400, 'invalid_request');
		}
		const grantType = new URLSearchParams(body).get('grant_type');
		if (grantType === null) return oauthError(400, 'invalid_request');
		if (grantType !== 'client_credentials') return oauthError(400, 'unsupported_grant_type');

		const ttl = this.options.tokenTtlSeconds ?? 36000;
		const accessToken = randomBytes(22).toString('base64url').slice(0, 30);
		if (this.options.oneActiveToken) {
			for (const [token, issued] of this.tokens) {
				if (issued.clientId === key.clientId) this.tokens.delete(token);
			}
		}
		this.tokens.set(accessToken, {
			partnerMid: key.partnerMid,
			clientId: key.clientId,
			expiresAt: Date.now() + ttl * 1000,
		});
		this.issuedTokens.push(accessToken);
		return new HttpAnswer(
			200,
			{ access_token: accessToken, expires_in: ttl, token_type: 'Bearer', scope: 'read write' },
			{ 'Cache-Control': 'no-store, private', Pragma: 'no-cache' },
		);
	}

	private revoke(
		method: string,
		headers: http.IncomingHttpHeaders,
		url: URL,
		body: string,
	): HttpAnswer {
		if (method !== 'POST')
			return detail(405, `Method "${method}" not allowed.`, { Allow: 'POST, OPTIONS' });
		if (!this.basicAuth(headers)) return new HttpAnswer(401, { error: 'invalid_client' });
		const token = new URLSearchParams(body).get('token') ?? url.searchParams.get('token');
		if (token) this.tokens.delete(token);
		return new HttpAnswer(200, '');
	}

	private basicAuth(headers: http.IncomingHttpHeaders): ApiKey | undefined {
		const match = /^Basic (.+)$/.exec(headers.authorization ?? '');
		if (!match) return undefined;
		const decoded = Buffer.from(match[1], 'base64').toString('utf8');
		const colon = decoded.indexOf(':');
		const [id, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
		return this.apiKeys.find((k) => colon > 0 && k.clientId === id && k.clientSecret === secret);
	}

	/** Returns the partner MID the Bearer token belongs to, or throws 401. */
	private authorize(headers: http.IncomingHttpHeaders): string {
		const match = /^Bearer (\S+)$/.exec(headers.authorization ?? '');
		const challenge = { 'WWW-Authenticate': 'Bearer realm="api"' };
		if (!match) throw detail(401, 'Authentication credentials were not provided.', challenge);
		const token = this.tokens.get(match[1]);
		if (!token) throw detail(401, 'Invalid token.', challenge);
		if (token.expiresAt <= Date.now()) throw detail(401, 'Token has expired.', challenge);
		return token.partnerMid;
	}

	private throttle() {
		const now = this.options.now?.() ?? Date.now();
		if (this.options.dailyLimit !== undefined) {
			const key = new Date(now).toISOString().slice(0, 10);
			if (this.day.key !== key) this.day = { key, count: 0 };
			if (this.day.count >= this.options.dailyLimit) {
				const midnight = Date.parse(`${key}T00:00:00Z`) + 86400000;
				const seconds = Math.ceil((midnight - now) / 1000);
				throw detail(
					429,
					`Request was throttled. Daily request limit reached. Expected available in ${seconds} seconds.`,
					{
						'Retry-After': String(seconds),
					},
				);
			}
			this.day.count++;
		}
		const limit = this.options.throttle;
		if (!limit) return;
		if (now - this.window.start >= limit.windowMs) this.window = { start: now, count: 0 };
		if (this.window.count >= limit.limit) {
			const seconds = Math.max(1, Math.ceil((this.window.start + limit.windowMs - now) / 1000));
			throw detail(429, `Request was throttled. Expected available in ${seconds} seconds.`, {
				'Retry-After': String(seconds),
			});
		}
		this.window.count++;
	}

	/** The fields to inline; none when the sandbox plays a server that ignores `expand`. */
	private expandOf(url: URL): string[] {
		if (this.options.ignoreExpand) return [];
		return (url.searchParams.get('expand') ?? '').split(',').filter(Boolean);
	}

	private allow(method: string, methods: string[]) {
		if (!methods.includes(method)) {
			throw detail(405, `Method "${method}" not allowed.`, {
				Allow: [...methods, 'OPTIONS'].join(', '),
			});
		}
	}

	private json(headers: http.IncomingHttpHeaders, body: string): unknown {
		const type = String(headers['content-type'] ?? '');
		if (!type.startsWith('application/json')) {
			throw detail(415, `Unsupported media type "${type}" in request.`);
		}
		try {
			return JSON.parse(body);
		} catch (error) {
			throw detail(400, `JSON parse error - ${(error as Error).message}`);
		}
	}

	private object(status: number, response: unknown) {
		return new HttpAnswer(status, { meta: { status }, response });
	}

	/** A partner as the API gives it: the `partnerUrlNoSlash` and `echoCredentials` switches apply. */
	private partnerJson(partner: Partner, headers: http.IncomingHttpHeaders) {
		const json: Record<string, unknown> = this.store.partnerJson(partner);
		if (this.options.partnerUrlNoSlash) json.url = String(json.url).replace(/\/$/, '');
		if (!this.options.echoCredentials) return json;
		const token = /^Bearer (\S+)$/.exec(headers.authorization ?? '')?.[1] ?? '';
		return { requested_by: { client_id: this.tokens.get(token)?.clientId, token }, ...json };
	}

	/** A record as a list gives it: the `listOmits` and `listLineItems` switches apply. */
	private listed<T extends object>(record: T): T {
		const copy = { ...record } as Record<string, unknown>;
		for (const field of this.options.listOmits ?? []) delete copy[field];
		const mode = this.options.listLineItems ?? 'full';
		if (Array.isArray(copy.lineitems) && mode !== 'full') {
			copy.lineitems =
				mode === 'empty'
					? []
					: (copy.lineitems as unknown[]).map((_, i) => `${String(copy.url)}lineitem/${i + 1}/`);
		}
		return copy as T;
	}

	/** A document with its line items' fields under the names the `lineItemNames` switch gives. */
	private lineNames<T extends { lineitems: object[] }>(document: T): T {
		const names = this.options.lineItemNames;
		if (!names) return document;
		const lineitems = document.lineitems.map((line) =>
			Object.fromEntries(Object.entries(line).map(([key, value]) => [names[key] ?? key, value])),
		);
		return { ...document, lineitems };
	}

	/** Refuses the form of the `client` filter the `clientFilter` switch does not accept. */
	private checkClientFilter(value: string | null) {
		const form = this.options.clientFilter;
		if (!value || !form) return;
		if ((form === 'mid') === /^\d+$/.test(value)) return;
		throw new HttpAnswer(400, {
			meta: { status: 400 },
			response: {
				client: ['Select a valid choice. That choice is not one of the available choices.'],
			},
		});
	}

	/** The filters of a list request the sandbox honours (all but the `ignoreFilters` switch's). */
	private filtersOf(url: URL): URLSearchParams {
		const filters = new URLSearchParams(url.searchParams);
		for (const name of this.options.ignoreFilters ?? []) filters.delete(name);
		return filters;
	}

	/** A page of a list, with absolute next/prev URLs that keep every filter. */
	private list(url: URL, items: unknown[]): HttpAnswer {
		const max = this.options.maxPageSize ?? 100;
		const perPage = Math.min(
			max,
			Math.max(1, Number(url.searchParams.get('per_page')) || (this.options.pageSize ?? 20)),
		);
		const page = Number(url.searchParams.get('page') ?? '1');
		const pages = Math.max(1, Math.ceil(items.length / perPage));
		if (!Number.isInteger(page) || page < 1 || page > pages) throw detail(404, 'Invalid page.');
		const link = (n: number) => {
			const target = new URL(url.pathname + url.search, this.baseUrl);
			target.searchParams.set('page', String(n));
			return target.toString();
		};
		return new HttpAnswer(200, {
			meta: {
				...(this.options.omitNext ? {} : { next: page < pages ? link(page + 1) : null }),
				prev: page > 1 ? link(page - 1) : null,
				page,
				...(this.options.omitCount ? {} : { count: items.length }),
				status: 200,
			},
			response: items.slice((page - 1) * perPage, page * perPage),
		});
	}

	/** Controls for processes that cannot call the in-process methods (demo, end-to-end tests). */
	private control(method: string, url: URL, body: string): HttpAnswer {
		const input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
		switch (`${method} ${url.pathname}`) {
			case 'GET /_sandbox/state':
				return new HttpAnswer(200, {
					baseUrl: this.baseUrl,
					...this.credentials,
					clients: this.clients(),
				});
			case 'GET /_sandbox/requests':
				return new HttpAnswer(200, this.requests);
			case 'GET /_sandbox/documents':
				this.sending.catchUp();
				return new HttpAnswer(200, this.documentsOf());
			case 'GET /_sandbox/deliveries':
				return new HttpAnswer(200, this.deliveries);
			case 'POST /_sandbox/expire-tokens':
				this.expireTokens();
				return new HttpAnswer(204);
			case 'POST /_sandbox/fault':
				this.injectFault(input.fault as Fault, (input.match as FaultMatch) ?? {});
				return new HttpAnswer(204);
			case 'POST /_sandbox/throttle':
				this.setThrottle(input.limit ? (input as SandboxOptions['throttle']) : undefined);
				return new HttpAnswer(204);
			default: {
				// POST /_sandbox/documents/<mid>/paid: a payment recorded in MakeLeaps
				const paid = /^\/_sandbox\/documents\/(\d+)\/paid$/.exec(url.pathname);
				if (method === 'POST' && paid && this.partner().documents.has(paid[1])) {
					this.markPaid(paid[1], typeof input.at === 'string' ? input.at : undefined);
					return new HttpAnswer(204);
				}
				return new HttpAnswer(404, { detail: 'Unknown sandbox control.' });
			}
		}
	}
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	return await new Sandbox(options).start();
}
