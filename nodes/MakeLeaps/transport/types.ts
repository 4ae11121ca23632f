/** The shapes the transport's parts share: the context, a request's options, an answer, an outcome. */
import type {
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import type { Expected } from './answers';

/** The credential type every request is authenticated with. */
export const CREDENTIAL_TYPE = 'makeLeapsApi';

/** How long the credential's token exchange may take in n8n (a test may build it shorter). */
export const TOKEN_DEADLINE_MS = 30_000;

/** The n8n functions a transport works in: an execution, a trigger's poll, or a list search. */
export type N8nContext = IExecuteFunctions | IPollFunctions | ILoadOptionsFunctions;

/** An HTTP answer as the transport sees it, before it is believed. */
export interface ApiResponse {
	status: number;
	body: unknown;
	headers: Record<string, string | string[] | undefined>;
}

/** A header of an answer, whatever its case. */
export function headerOf(response: ApiResponse, name: string): string | undefined {
	const value = response.headers[name] ?? response.headers[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
}

export interface PageMeta {
	next?: string | null;
	prev?: string | null;
	page?: number;
	count?: number;
	status?: number;
}

/** MakeLeaps wraps every JSON answer as `{ meta, response }`. */
export interface Envelope<T = IDataObject> {
	meta?: PageMeta;
	response?: T;
}

export interface RequestOptions {
	body?: IDataObject;
	qs?: IDataObject;
	/** The shape the answer must have (default: a record, or nothing for DELETE). */
	expect?: Expected;
	/** Item the request is made for; it is named in errors. */
	itemIndex?: number;
	/** What is being fetched, for "not found" messages (e.g. "client 123"). */
	subject?: string;
	/** For a file: the most bytes it may have (reading stops past it). */
	maxBytes?: number;
	/** What a POST does, for the message when its answer is lost (default: a create). */
	action?: 'create' | 'send';
	/** For an upload: the bytes that are the request's body (a form, or the file alone). */
	payload?: BytesBody;
}

/** A file sent as a request's body (a sending order item's bytes): its bytes, type and name. */
export interface UploadedFile {
	bytes: Buffer;
	mimeType: string;
	fileName: string;
}

/** A request body of bytes (an upload), sent as they are, with the headers that say what they are. */
export interface BytesBody {
	bytes: Buffer;
	headers: Record<string, string>;
}

/** How a promise settled, as a value: a failure can be looked at, and turned into another error. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export async function outcomeOf<T>(promise: Promise<T>): Promise<Outcome<T>> {
	return await promise.then(
		(value) => ({ ok: true as const, value }),
		(error: unknown) => ({ ok: false as const, error }),
	);
}
