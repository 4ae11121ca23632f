/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev code: an HTTP server for tests, never inside n8n */
/**
 * One request as the routes read it (method, path, query, body) and the answers they share:
 * the method check, the JSON body, `expand`, list filters and pages, each shaped by the switches.
 */
import type http from 'node:http';

import { allow, detail, HttpAnswer, jsonBody } from '../http/answer';
import type { SandboxOptions } from '../options';
import type { ApiKeyStore } from '../stores/apiKeys';
import type { DocumentStore } from '../stores/documents';
import type { SendingOrderStore } from '../stores/sendingOrders';
import type { Store } from '../stores/store';

/** What the routes answer from: the switches (read on every request), the stores, the files. */
export interface Service {
	readonly options: SandboxOptions;
	readonly baseUrl: string;
	readonly store: Store;
	readonly documents: DocumentStore;
	readonly sending: SendingOrderStore;
	readonly keys: ApiKeyStore;
	/** Files served at /_storage/ (PDFs behind a redirect), by key. */
	readonly files: Map<string, Buffer>;
}

export class ApiCall {
	constructor(
		readonly method: string,
		readonly url: URL,
		readonly headers: http.IncomingHttpHeaders,
		readonly body: string,
		readonly service: Service,
		/** The body's bytes (an upload's file). */
		readonly raw: Buffer = Buffer.from(body),
	) {}

	get options(): SandboxOptions {
		return this.service.options;
	}

	/** 405 unless the method is one of these. */
	allow(...methods: string[]) {
		allow(this.method, methods);
	}

	/** The request's JSON body. */
	input(): unknown {
		return jsonBody(this.headers, this.body);
	}

	/** The fields to inline; none when the sandbox plays a server that ignores `expand`. */
	expand(): string[] {
		if (this.options.ignoreExpand) return [];
		return (this.url.searchParams.get('expand') ?? '').split(',').filter(Boolean);
	}

	/** The filters of a list request the sandbox honours (all but the `ignoreFilters` switch's). */
	filters(): URLSearchParams {
		const filters = new URLSearchParams(this.url.searchParams);
		for (const name of this.options.ignoreFilters ?? []) filters.delete(name);
		return filters;
	}

	/** A record as a list gives it: the `listOmits` and `listLineItems` switches apply. */
	listed<T extends object>(record: T): T {
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

	/**
	 * One page of a list, each of its items shown as the list gives it (only that page's), with
	 * absolute next/prev URLs that keep every filter; none when the request gives a filter of the
	 * `emptyFilters` switch.
	 */
	page<T>(found: T[], shown: (item: T) => unknown = (item) => item): HttpAnswer {
		const { url, options } = this;
		const emptied = (options.emptyFilters ?? []).some((name) => url.searchParams.has(name));
		const items = emptied ? [] : found;
		const max = options.maxPageSize ?? 100;
		const perPage = Math.min(
			max,
			Math.max(1, Number(url.searchParams.get('per_page')) || (options.pageSize ?? 20)),
		);
		const page = Number(url.searchParams.get('page') ?? '1');
		const pages = Math.max(1, Math.ceil(items.length / perPage));
		if (!Number.isInteger(page) || page < 1 || page > pages) throw detail(404, 'Invalid page.');
		const link = (n: number) => {
			const target = new URL(url.pathname + url.search, this.service.baseUrl);
			target.searchParams.set('page', String(n));
			return target.toString();
		};
		return new HttpAnswer(200, {
			meta: {
				...(options.omitNext ? {} : { next: page < pages ? link(page + 1) : null }),
				prev: page > 1 ? link(page - 1) : null,
				page,
				...(options.omitCount ? {} : { count: items.length }),
				status: 200,
			},
			response: items.slice((page - 1) * perPage, page * perPage).map(shown),
		});
	}
}
