/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev code: an HTTP server for tests, never inside n8n */
/**
 * The `credentialsInLinks` switch: the links an answer gives (a list's `meta.next` and
 * `meta.prev`, an order's `items_url`, a file item's `upload_url`, a PDF's redirect) carry the
 * caller's access token, Client ID and Client Secret in their query, as a careless service may.
 */
import type http from 'node:http';

import type { ApiKeyStore } from '../stores/apiKeys';
import { HttpAnswer } from './answer';

/** The fields of an answer that hold a link the caller follows. */
const LINKS = new Set(['next', 'prev', 'items_url', 'upload_url']);

export function withCredentialsInLinks(
	answer: HttpAnswer,
	headers: http.IncomingHttpHeaders,
	keys: ApiKeyStore,
): HttpAnswer {
	const token = /^Bearer (\S+)$/.exec(headers.authorization ?? '')?.[1] ?? '';
	const clientId = keys.token(token)?.clientId;
	const key = keys.issuedSecrets.find((issued) => issued.clientId === clientId);
	if (!key) return answer;
	const carrying = (link: string) => {
		if (!URL.canParse(link)) return link;
		const url = new URL(link);
		// names that say nothing: only the values tell what they are
		url.searchParams.set('session', token);
		url.searchParams.set('app', key.clientId);
		url.searchParams.set('key', key.clientSecret);
		return url.toString();
	};
	const withLinks = (value: unknown, name = ''): unknown => {
		if (typeof value === 'string') return LINKS.has(name) ? carrying(value) : value;
		if (Array.isArray(value)) return value.map((item) => withLinks(item));
		if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return value;
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withLinks(v, k)]));
	};
	const { Location } = answer.headers;
	const moved = Location ? { ...answer.headers, Location: carrying(Location) } : answer.headers;
	return new HttpAnswer(answer.status, withLinks(answer.body), moved);
}
