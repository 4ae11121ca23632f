/**
 * What the calls of api/ need of the item they are made for: requests that name the item in
 * errors (an OperationContext is one), and the transport's page walk for whole lists; the reads
 * every resource shares (one page of a list, a record at a link MakeLeaps gave).
 */
import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import type { Enough, Envelope, MakeLeapsTransport, RequestOptions } from '../transport';

/** Requests on behalf of one item: every error names it. */
export interface ItemRequests {
	readonly itemIndex: number;
	request<T = IDataObject>(
		method: IHttpRequestMethods,
		path: string,
		options?: Omit<RequestOptions, 'itemIndex'>,
	): Promise<Envelope<T>>;
}

/** Requests that may name no item (the editor's pickers, the trigger): the transport too. */
export type Requests = Pick<ItemRequests, 'request'>;

/** A list read page by page, following `meta.next` (the transport's `getAll`). */
export type PageWalk = Pick<MakeLeapsTransport, 'getAll'>;

/**
 * A list of the partner's records read page by page with `query` as given (its `per_page`
 * too): `limit` records at most, or until `enough` says so.
 */
export type PartnerList = (
	walk: PageWalk,
	partnerMid: string,
	query: IDataObject,
	limit: number,
	itemIndex?: number,
	enough?: Enough<IDataObject>,
) => Promise<IDataObject[]>;

/** One page of a list of the partner's records, with `qs` as given (`subject` names it in errors). */
export type PartnerPage = (
	requests: Requests,
	partnerMid: string,
	qs?: IDataObject,
	subject?: string,
) => Promise<Envelope<IDataObject[]>>;

/** A request of one item through the run's transport: the handle an OperationContext gives. */
export async function requestFor<T = IDataObject>(
	transport: Pick<MakeLeapsTransport, 'request'>,
	itemIndex: number,
	method: IHttpRequestMethods,
	path: string,
	options: Omit<RequestOptions, 'itemIndex'>,
): Promise<Envelope<T>> {
	return await transport.request<T>(method, path, { ...options, itemIndex });
}

/** One page of a list at `pathOrUrl` (a path of api/, or a `meta.next` link as MakeLeaps gave it). */
export async function pageAt(
	requests: Requests,
	pathOrUrl: string,
	qs: IDataObject | undefined,
	subject?: string,
): Promise<Envelope<IDataObject[]>> {
	return await requests.request<IDataObject[]>('GET', pathOrUrl, { qs, expect: 'list', subject });
}

/** A record at a link MakeLeaps gave (such as a client's `default_contact`), as it answers it. */
export async function readAt(
	requests: ItemRequests,
	url: string,
	subject: string,
): Promise<IDataObject | undefined> {
	const answer = await requests.request('GET', url, { subject });
	return answer.response;
}

/**
 * A request about one record (`subject`, such as `client 123`, names it in errors), answered
 * with the record MakeLeaps gives back: an empty one when it gives none (a DELETE).
 */
export async function recordAnswer(
	requests: ItemRequests,
	method: IHttpRequestMethods,
	path: string,
	subject: string,
	options: Pick<RequestOptions, 'qs' | 'body'> = {},
): Promise<IDataObject> {
	const answer = await requests.request(method, path, { ...options, subject });
	return answer.response ?? {};
}
