/** The credential's secrets taken out of every text the node gives: errors, error items, logs. */
import type { IDataObject } from 'n8n-workflow';

const MIN_SECRET_LENGTH = 4;
/** The shortest beginning of a secret, cut short by an excerpt, taken for one (fewer tell little). */
const MIN_CUT_LENGTH = 8;
const REDACTED = '[redacted]';

/** A URL's query in a text: from its `?` to the next blank or quote. */
const QUERY = /\?[^\s"'<>]+/g;

/**
 * A credential by its key, in JSON, a form or a query: a quoted value up to its quote, another one
 * up to a separator or a closing bracket (a URL quoted in a sentence ends there).
 */
const KEYED =
	/("?(?:access_token|refresh_token|client_secret|clientSecret|accessToken)"?\s*[:=]\s*)("[^"]*"|[^"&\s,})\]]+)/gi;

/**
 * A query parameter whose name says it holds a credential (`access_token`, `token`,
 * `client_secret`, `X-Amz-Signature`, `client_id`, `api_key`…): its value is never shown, known
 * or not. The value stops at a bracket or a comma, which end a URL quoted in a sentence.
 */
const CREDENTIAL_PARAMETER =
	/([?&](?:[\w.-]*(?:token|secret|signature|password)|client_?id|api_?key)=)[^&#\s"'<>()[\]{},]+/gi;

/** The values worth looking for, each as written and as a URL's query carries it. */
function searched(values: Iterable<string>): string[] {
	const usable = [...values].filter((value) => value && value.length >= MIN_SECRET_LENGTH);
	const encoded = usable
		.map((value) => encodeURIComponent(value))
		.filter((e) => !usable.includes(e));
	// longest first: a value inside another (a token inside a Basic value) leaves no piece behind
	return [...usable, ...encoded].sort((a, b) => b.length - a.length);
}

/**
 * The beginning of a known value where an excerpt cut it short (`…` after it): what is left of a
 * token or a secret is not shown either.
 */
function cutShort(text: string, values: string[]): string {
	if (!text.includes('…')) return text;
	return text.replace(/([^\s"'…]*)…/g, (whole, before: string) => {
		for (const value of values) {
			for (let k = Math.min(value.length - 1, before.length); k >= MIN_CUT_LENGTH; k--) {
				if (before.endsWith(value.slice(0, k))) return `${before.slice(0, -k)}${REDACTED}…`;
			}
		}
		return whole;
	});
}

function replaced(text: string, values: string[]): string {
	let result = text;
	for (const value of values) result = result.split(value).join(REDACTED);
	return result;
}

/**
 * Replaces the client secret, the Basic credentials, access tokens and anything shaped like an
 * Authorization header or a credential in a URL's query in a text, so that no error, description
 * or output carries them. `inQueries` are taken out of URLs' queries only: the Client ID, which
 * the node's own words may name but a link MakeLeaps gives must not carry.
 */
export function redactText(
	text: string,
	secrets: Iterable<string> = [],
	inQueries: Iterable<string> = [],
): string {
	const queryValues = searched(inQueries);
	let result = text;
	if (queryValues.length > 0) {
		result = result.replace(QUERY, (query) => replaced(query, queryValues));
	}
	const values = searched(secrets);
	return cutShort(replaced(result, values), values)
		.replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{4,}/gi, `$1 ${REDACTED}`)
		.replace(KEYED, (_, key: string, value: string) =>
			value.startsWith('"') ? `${key}"${REDACTED}"` : `${key}${REDACTED}`,
		)
		.replace(CREDENTIAL_PARAMETER, `$1${REDACTED}`);
}

/** Deep copy of a value with every string passed through redactText. */
export function redactValue<T>(
	value: T,
	secrets: Iterable<string> = [],
	depth = 0,
	inQueries: Iterable<string> = [],
): T {
	const list = [...secrets];
	const queries = [...inQueries];
	if (typeof value === 'string') return redactText(value, list, queries) as T;
	if (depth > 8 || typeof value !== 'object' || value === null || Buffer.isBuffer(value)) {
		return value;
	}
	const deeper = (v: unknown) => redactValue(v, list, depth + 1, queries);
	if (Array.isArray(value)) return value.map(deeper) as T;
	const copy: Record<string, unknown> = {};
	for (const [key, v] of Object.entries(value)) copy[key] = deeper(v);
	return copy as T;
}

/** The places of an error a user, n8n's log or its database may show. */
type ShownError = Error & {
	description?: string | null;
	messages?: string[];
	errorResponse?: unknown;
	context?: IDataObject;
	extra?: unknown;
	cause?: unknown;
};

/**
 * The secrets of one credential that must never be shown: the client secret, the Basic value,
 * every access token the run saw, and the Client ID where a URL's query carries it.
 */
export class SecretSet {
	private readonly secrets = new Set<string>();
	private readonly inQueries = new Set<string>();

	/** `credential`: the run's, whose token n8n replaces when it refreshes it, read at each use. */
	constructor(private readonly credential?: { data?: IDataObject }) {}

	/** Keeps the credential's values as they are now: every token the run sees is redacted. */
	noteCurrent(): void {
		if (this.credential?.data) this.addCredential(this.credential.data);
	}

	/** Adds the secrets of decrypted credential data (a token refreshed mid-run included). */
	addCredential(credentials: IDataObject): void {
		const { clientId, clientSecret, accessToken } = credentials;
		if (typeof clientSecret === 'string' && clientSecret) {
			this.secrets.add(clientSecret);
			this.secrets.add(Buffer.from(`${String(clientId ?? '')}:${clientSecret}`).toString('base64'));
		}
		if (typeof accessToken === 'string' && accessToken) this.secrets.add(accessToken);
		if (typeof clientId === 'string' && clientId) this.inQueries.add(clientId);
	}

	/** A text without any secret. */
	redactText(text: string): string {
		this.noteCurrent();
		return redactText(text, this.secrets, this.inQueries);
	}

	/** A deep copy of a value with every secret, and the `also` values, replaced in its texts. */
	redactValue<T>(value: T, also: string[] = []): T {
		this.noteCurrent();
		return redactValue(value, [...this.secrets, ...also], 0, this.inQueries);
	}

	/**
	 * Strips every secret from an error in place: message, description, response, context,
	 * extra, stack, and its causes the same way (an error the node wrapped keeps its own texts).
	 */
	redactError<T>(error: T): T {
		this.noteCurrent();
		this.redactErrorIn(error, new Set());
		return error;
	}

	private redactErrorIn(error: unknown, seen: Set<unknown>): void {
		if (!(error instanceof Error) || seen.has(error) || seen.size > 8) return;
		seen.add(error);
		const target = error as ShownError;
		const text = (value: string) => this.redactText(value);
		target.message = text(target.message);
		if (typeof target.stack === 'string') target.stack = text(target.stack);
		if (typeof target.description === 'string') target.description = text(target.description);
		if (Array.isArray(target.messages))
			target.messages = target.messages.map((m) => text(String(m)));
		for (const key of ['errorResponse', 'context', 'extra'] as const) {
			if (target[key] !== undefined) target[key] = this.redactValue(target[key]) as never;
		}
		if (target.cause instanceof Error) this.redactErrorIn(target.cause, seen);
		else if (target.cause !== undefined) target.cause = this.redactValue(target.cause);
	}
}
