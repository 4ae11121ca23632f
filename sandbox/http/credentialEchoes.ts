/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev code: an HTTP server for tests, never inside n8n */
/**
 * The `credentialEchoes` switch: records answer with the caller's credential written into a
 * text, as a careless service (or a template quoting the request) may: a document's note or
 * title, a pickup link's address. Each echo says what (the access token, the client secret, the
 * Basic value) and in which encoding (`ENCODINGS`: every form a URL, a query, a form, JSON, HTML
 * or base64 may give a text). The tests' leak check looks for the same forms.
 */
import type http from 'node:http';

import type { ApiKeyStore } from '../stores/apiKeys';
import { HttpAnswer } from './answer';

/** Every character as %XX, upper or lower hex. */
const percentAll = (value: string, lower = false) =>
	[...Buffer.from(value, 'utf8')]
		.map((byte) => {
			const hex = byte.toString(16).padStart(2, '0');
			return `%${lower ? hex : hex.toUpperCase()}`;
		})
		.join('');

/** How a text may carry a value, each as a service, a proxy or a template may write it. */
export const ENCODINGS = {
	raw: (value: string) => value,
	uriComponent: (value: string) => encodeURIComponent(value),
	uri: (value: string) => encodeURI(value),
	/** A form or URLSearchParams: a space as `+`, `~` as %7E. */
	form: (value: string) => new URLSearchParams({ v: value }).toString().slice(2),
	/** Unreserved characters encoded too (`~` as %7E), in lower-case hex. */
	lowerHex: (value: string) => percentAll(value, true),
	percentAll: (value: string) => percentAll(value),
	base64: (value: string) => Buffer.from(value, 'utf8').toString('base64'),
	base64url: (value: string) => Buffer.from(value, 'utf8').toString('base64url'),
	/** Inside a longer base64 text: an encoded JSON holding the value. */
	base64InJson: (value: string) => Buffer.from(JSON.stringify({ token: value })).toString('base64'),
	/** JSON-escaped as an encoder that writes every non-ASCII character and `/` escaped. */
	json: (value: string) =>
		JSON.stringify(value)
			.slice(1, -1)
			.replace(/\//g, '\\/')
			.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
	html: (value: string) =>
		value.replace(
			/[&<>"']/g,
			(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
		),
	/** Every character as a numeric HTML entity. */
	htmlEntities: (value: string) =>
		[...value].map((c) => `&#x${c.codePointAt(0)!.toString(16)};`).join(''),
} as const;

export type EchoEncoding = keyof typeof ENCODINGS;

/** What a record echoes, where and how. */
export interface CredentialEcho {
	what: 'token' | 'secret' | 'basic';
	/** A document's `note` or `title`, or a pickup link's address (its query's `session`). */
	into: 'documentNote' | 'documentTitle' | 'pickupLinkUrl';
	as: EchoEncoding;
}

/** A document record, as the API gives it. */
const isDocument = (value: Record<string, unknown>) =>
	typeof value.document_type === 'string' && 'lineitems' in value;

/** A pickup link record: its document and its expiry beside its address. */
const isPickupLink = (value: Record<string, unknown>) =>
	'document' in value && 'expiration_date' in value;

/** The answer with each echo written into the records it names, for the caller's key. */
export function withCredentialEchoes(
	answer: HttpAnswer,
	headers: http.IncomingHttpHeaders,
	keys: ApiKeyStore,
	echoes: CredentialEcho[],
	linkField = 'url',
): HttpAnswer {
	const token = /^Bearer (\S+)$/.exec(headers.authorization ?? '')?.[1] ?? '';
	const clientId = keys.token(token)?.clientId;
	const key = keys.issuedSecrets.find((issued) => issued.clientId === clientId);
	if (!key) return answer;
	const values = {
		token,
		secret: key.clientSecret,
		basic: Buffer.from(`${key.clientId}:${key.clientSecret}`).toString('base64'),
	};
	const echoed = (echo: CredentialEcho) => ENCODINGS[echo.as](values[echo.what]);
	const record = (value: Record<string, unknown>) => {
		const copy = { ...value };
		for (const echo of echoes) {
			if (
				echo.into === 'pickupLinkUrl' &&
				isPickupLink(copy) &&
				typeof copy[linkField] === 'string'
			)
				copy[linkField] = `${String(copy[linkField])}?session=${echoed(echo)}`;
			const field = echo.into === 'documentNote' ? 'note' : 'title';
			if (echo.into !== 'pickupLinkUrl' && isDocument(copy))
				copy[field] = `${String(copy[field] ?? '')} (requested by ${echoed(echo)})`;
		}
		return copy;
	};
	const walk = (value: unknown): unknown => {
		if (Array.isArray(value)) return value.map(walk);
		if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return value;
		const entries = Object.entries(value).map(([k, v]) => [k, walk(v)]);
		return record(Object.fromEntries(entries) as Record<string, unknown>);
	};
	return new HttpAnswer(answer.status, walk(answer.body), answer.headers);
}
