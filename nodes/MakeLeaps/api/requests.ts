/**
 * What the calls of api/ need of the item they are made for: requests that name the item in
 * errors (an OperationContext is one), and the transport's page walk for whole lists.
 */
import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import type { Envelope, MakeLeapsTransport, RequestOptions } from '../transport';

/** Requests on behalf of one item: every error names it. */
export interface ItemRequests {
	readonly itemIndex: number;
	request<T = IDataObject>(
		method: IHttpRequestMethods,
		path: string,
		options?: Omit<RequestOptions, 'itemIndex'>,
	): Promise<Envelope<T>>;
}

/** A list read page by page, following `meta.next` (the transport's `getAll`). */
export type PageWalk = Pick<MakeLeapsTransport, 'getAll'>;

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
