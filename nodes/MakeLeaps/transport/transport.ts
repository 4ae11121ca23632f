/** MakeLeapsTransport: the one request path of a run, its list reads and PDF downloads. */
import type { ICredentialsDecrypted, IDataObject, IHttpRequestMethods } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { answerProblem } from './answers';
import { apiUrl, checkBaseUrl, storageAllowed } from './baseUrl';
import { FILE_FIELD, formDataBody, rawFileBody } from './formData';
import { TransportErrors } from './errors';
import { checkRequestsPerMinute, paceInterval } from './tries/pacer';
import { BrokenList, listSubject, readPages, type Enough } from './pagination';
import { SecretSet } from './redact';
import { DEFAULT_LIMITS, type TransportLimits } from './tries/retryPolicy';
import { attemptStorageFetch, FileTooLarge } from './tries/httpAttempt';
import { Tries } from './tries/tries';
import { CREDENTIAL_TYPE, headerOf, outcomeOf } from './types';
import type { Envelope, N8nContext, RequestOptions, UploadedFile } from './types';
import { FIX_BASE_URL, FIX_REQUESTS_PER_MINUTE, refusedWrite } from '../words/transport';

export interface TransportOptions {
	/** The node option, checked here: an expression can give anything. */
	requestsPerMinute?: unknown;
	/** No pacing at all: the editor's pickers, where a user waits for one page. */
	unpaced?: boolean;
	/** Bounds of waits, retries and the pace; the node uses the defaults, tests change them. */
	limits?: Partial<TransportLimits>;
	/** Preview Only, Account → Check: any request but a GET is refused before it is sent. */
	readOnly?: boolean;
}

/**
 * The one way this node talks to MakeLeaps. One instance serves a whole run, so pacing under
 * the rate limit spans all items. No request follows a redirect, every request has a deadline,
 * and no 2xx answer is believed before its shape is checked.
 */
export class MakeLeapsTransport {
	private readonly tries: Tries;
	private readonly errors: TransportErrors;
	/** The one redaction of every text that leaves the node (see SecretSet). */
	readonly secrets: SecretSet;

	private constructor(
		private readonly context: N8nContext,
		readonly baseUrl: string,
		/** The MakeLeaps account the credential is for (Base URL and Client ID; no secret). */
		readonly account: string,
		intervalMs: number,
		private readonly limits: TransportLimits,
		/** The run's credential, read once; n8n's helper writes a refreshed token into it. */
		private readonly credential: ICredentialsDecrypted,
		/** Preview Only: nothing but GETs leaves this transport. */
		private readonly readOnly: boolean,
	) {
		this.errors = new TransportErrors(context.getNode(), limits);
		this.secrets = new SecretSet(credential);
		this.tries = new Tries(
			context,
			this.errors,
			intervalMs,
			limits,
			intervalMs > 0 ? account : undefined,
			credential,
		);
	}

	/** The transport of one run, for the credential of the node. */
	static async create(context: N8nContext, options: TransportOptions = {}) {
		const node = context.getNode();
		const limits = { ...DEFAULT_LIMITS, ...options.limits };
		const raw = 'requestsPerMinute' in options ? options.requestsPerMinute : 120;
		const pace = checkRequestsPerMinute(raw, limits.maxRequestsPerMinute);
		if (pace.problem !== undefined && !options.unpaced) {
			throw new NodeOperationError(node, pace.problem, { description: FIX_REQUESTS_PER_MINUTE });
		}
		const credentials = await context.getCredentials(CREDENTIAL_TYPE);
		const base = checkBaseUrl(credentials.baseUrl);
		if (base.problem !== undefined) {
			throw new NodeOperationError(node, base.problem, { description: FIX_BASE_URL });
		}
		const interval = options.unpaced ? 0 : paceInterval(pace.rate ?? 0);
		const account = `${base.url} ${String(credentials.clientId ?? '')}`;
		// read once for the run: n8n's helper would load and decrypt it again for every request
		const { id, name } = node.credentials?.[CREDENTIAL_TYPE] ?? { id: null, name: '' };
		const credential = { id: id ?? '', name, type: CREDENTIAL_TYPE, data: credentials };
		const transport = new MakeLeapsTransport(
			context,
			base.url,
			account,
			interval,
			limits,
			credential,
			options.readOnly === true,
		);
		return transport;
	}

	/** The first wait for MakeLeaps to validate a sending order (see TransportLimits). */
	get validationWaitMs(): number {
		return this.limits.validationWaitMs;
	}

	/** Waits between reads that wait for MakeLeaps (a sending order being validated); Stop ends it. */
	async pause(ms: number): Promise<void> {
		await this.tries.sleep(ms);
	}

	/** Absolute URL of an API path such as `/api/partner/`. */
	url(path: string): string {
		return `${this.baseUrl}${path}`;
	}

	/** Sends a request; answers a checked 2xx (and a DELETE's 404 after a retry), throws on the rest. */
	async request<T = IDataObject>(
		method: IHttpRequestMethods,
		pathOrUrl: string,
		options: RequestOptions = {},
	): Promise<Envelope<T>> {
		this.refuseWrite(method, options);
		const response = await this.guarded(pathOrUrl, options, async (url) => {
			return await this.tries.answer(method, url, options);
		});
		return (response.body ?? {}) as Envelope<T>;
	}

	/** Every item of a list, following `meta.next` (or up to `limit` items); see readPages. */
	async getAll<T = IDataObject>(
		path: string,
		qs: IDataObject = {},
		limit = Infinity,
		itemIndex?: number,
		enough?: Enough<T>,
	) {
		const read = async (pathOrUrl: string, first: boolean) => {
			if (!first && apiUrl(this.baseUrl, pathOrUrl) === undefined) {
				throw new BrokenList(`its next-page link leaves the Base URL (${pathOrUrl})`);
			}
			const subject = listSubject(path);
			const options = { qs: first ? qs : undefined, itemIndex, expect: 'list' as const, subject };
			return await this.request<T[]>('GET', pathOrUrl, options);
		};
		const { maxListRecords } = this.limits;
		const pages = await outcomeOf(
			readPages<T>(read, path, limit, undefined, maxListRecords, enough),
		);
		if (pages.ok) return pages.value;
		const { error } = pages;
		// a link MakeLeaps gave is quoted: it may carry the token
		throw error instanceof BrokenList
			? this.secrets.redactError(this.errors.brokenList(error.message, { itemIndex }))
			: error;
	}

	/**
	 * A PDF file, from MakeLeaps or from the storage its answer redirects to: that one is fetched
	 * only over https (http on this machine, for the sandbox), and without the access token.
	 */
	async download(path: string, options: RequestOptions = {}): Promise<Buffer> {
		return (await this.downloadTraced(path, options)).file;
	}

	/** A PDF file as `download` gets it, and the storage address when MakeLeaps redirected there. */
	async downloadTraced(
		path: string,
		options: RequestOptions = {},
	): Promise<{ file: Buffer; storedAt?: string }> {
		const fileOptions = { ...options, expect: 'pdf' as const };
		return await this.guarded(path, fileOptions, async (url) => {
			const answer = await this.tries.answer('GET', url, fileOptions);
			if (answer.status < 300) return { file: answer.body as Buffer };
			const location = headerOf(answer, 'Location') ?? '';
			const target = URL.canParse(location, url) ? new URL(location, url) : undefined;
			if (!target || !storageAllowed(target, this.baseUrl)) {
				throw this.errors.redirect(answer, fileOptions, false);
			}
			return { file: await this.fetchFromStorage(target.href, fileOptions), storedAt: target.href };
		});
	}

	/**
	 * A file PUT to the address MakeLeaps gave for it (a sending order item's `upload_url`). Under
	 * the Base URL it is an API request like any other: the token, the file as the `content_file`
	 * field of a multipart form (as MakeLeaps' tutorial code sends it), and the answer checked (a
	 * 4xx, such as a field error on `content_file`, is thrown; a 2xx must be the envelope).
	 * Anywhere else only file storage, as `download` allows it (https on a public host, or this
	 * machine for the sandbox), gets it: the file's bytes alone, without the token, as a signed
	 * storage address takes them; a 2xx is taken, and nothing it says is quoted. Like any PUT it
	 * is tried again after a 5xx or a lost answer: it replaces the item's content, and every try
	 * sends the same body (one form, one boundary), so the file is there once however often.
	 */
	async upload(url: string, file: UploadedFile, options: RequestOptions = {}): Promise<void> {
		this.refuseWrite('PUT', options);
		if (apiUrl(this.baseUrl, url) !== undefined) {
			const payload = formDataBody(FILE_FIELD, file);
			const putOptions = { ...options, expect: 'envelope' as const, payload };
			await this.guarded(url, putOptions, async (target) => {
				await this.tries.answer('PUT', target, putOptions);
			});
			return;
		}
		const target = URL.canParse(url) ? new URL(url) : undefined;
		if (!target || !storageAllowed(target, this.baseUrl)) {
			throw this.secrets.redactError(this.errors.refusedUrl(url, options));
		}
		const putOptions = { ...options, expect: 'nothing' as const, payload: rawFileBody(file) };
		await this.redacted(async () => await this.fetchFromStorage(target.href, putOptions));
	}

	/**
	 * The file at the storage address MakeLeaps redirected to, or the bytes of an upload PUT there
	 * (`options.payload`): without the access token, no further redirect, within the size limit; a
	 * 5xx or a lost connection tried again (a read, or the same bytes again). What the storage
	 * answers is never quoted: it may be anything.
	 */
	private async fetchFromStorage(href: string, options: RequestOptions): Promise<Buffer> {
		const { timeoutMs, serverRetries, backoffMs } = this.limits;
		const { payload: upload } = options;
		for (let retry = 0; ; retry++) {
			const stored = await outcomeOf(
				attemptStorageFetch(
					this.context,
					href,
					timeoutMs,
					this.tries.cancelSignal(),
					options.maxBytes,
					upload,
				),
			);
			if (!stored.ok && stored.error instanceof FileTooLarge) {
				throw this.errors.tooLarge(stored.error, options);
			}
			const status = stored.ok ? stored.value.status : undefined;
			const again = (!stored.ok || (status ?? 0) >= 500) && retry < serverRetries;
			if (again) {
				await this.tries.sleep(backoffMs * 2 ** retry);
				continue;
			}
			if (!stored.ok) throw this.errors.storageFailed(0, retry, options);
			if (upload && status !== undefined && status >= 200 && status < 300) return Buffer.alloc(0);
			if (status !== 200 || upload) throw this.errors.storageFailed(status ?? 0, retry, options);
			if (answerProblem(stored.value.body, 'pdf')) {
				throw this.errors.storageNotPdf(options);
			}
			return stored.value.body as Buffer;
		}
	}

	/**
	 * A copy of a value to show or share, every text without the credential's secrets (as every
	 * error) and without its Client ID: Account → Check's rows are meant to be posted in an issue.
	 */
	shareable<T>(value: T): T {
		return this.secrets.redactValue(value, [String(this.credential.data?.clientId ?? '')]);
	}

	/** Runs a request to a URL under the Base URL; every error leaves with its secrets stripped. */
	private async guarded<T>(
		pathOrUrl: string,
		options: RequestOptions,
		run: (url: string) => Promise<T>,
	) {
		const url = apiUrl(this.baseUrl, pathOrUrl);
		if (url === undefined) {
			const shown = pathOrUrl.startsWith('/') ? this.url(pathOrUrl) : pathOrUrl;
			throw this.secrets.redactError(this.errors.refusedUrl(shown, options));
		}
		return await this.redacted(async () => await run(url));
	}

	/**
	 * Runs `run`; an error leaves with every secret stripped. Every token the run sees is kept for
	 * that: n8n writes a refreshed one into the credential during a request.
	 */
	async redacted<T>(run: () => Promise<T>): Promise<T> {
		this.secrets.noteCurrent();
		const result = await outcomeOf(run());
		this.secrets.noteCurrent();
		if (result.ok) return result.value;
		throw this.secrets.redactError(result.error);
	}

	/** Preview Only, Account → Check: any request but a GET is refused before it is sent. */
	private refuseWrite(method: IHttpRequestMethods, options: RequestOptions): void {
		if (!this.readOnly || method === 'GET') return;
		const { message, description } = refusedWrite(method);
		throw new NodeOperationError(this.context.getNode(), message, {
			itemIndex: options.itemIndex,
			description,
		});
	}
}
