/** The credential's secrets taken out of every text the node gives: errors, error items, logs. */
import type { IDataObject } from 'n8n-workflow';

import { finderOf, mayHold, usable, withoutValues } from './secretForms';

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

const replaced = (text: string, values: Iterable<string>) => withoutValues(text, values, REDACTED);

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
	const queryValues = usable(inQueries);
	let result = text;
	if (queryValues.length > 0) {
		result = result.replace(QUERY, (query) => replaced(query, queryValues));
	}
	const values = usable(secrets);
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

/** Levels of an output value searched one by one; a deeper part is searched as one text. */
const MAX_DEPTH = 100;

/**
 * A value as it leaves the node (an output item's JSON, a trigger's event): every text in it,
 * keys included, without the values in any encoding. Only known values are taken out, never
 * anything by its shape (a pickup link's own token stays). Parts without any are the same
 * objects; only those holding one are copied.
 */
export function scrubbed<T>(value: T, secrets: Iterable<string>): T {
	const finder = finderOf(secrets);
	if (!finder) return value;
	// one search of the whole value as JSON (which holds every text) tells most values apart
	const whole = outcomeOfStringify(value);
	if (whole !== undefined && !mayHold(whole, finder)) return value;
	const text = (t: string) => (mayHold(t, finder) ? t.replace(finder.full, REDACTED) : t);
	return scrubbedIn(value, text, 0) as T;
}

function scrubbedIn(value: unknown, text: (t: string) => string, depth: number): unknown {
	if (typeof value === 'string') return text(value);
	if (typeof value !== 'object' || value === null) return value;
	const prototype = Object.getPrototypeOf(value) as unknown;
	const plain = Array.isArray(value) || prototype === Object.prototype || prototype === null;
	if (!plain) return value;
	if (depth >= MAX_DEPTH) {
		// as deep as no record goes (or a cycle): shown only when no secret is in it at all
		const whole = outcomeOfStringify(value);
		return whole !== undefined && text(whole) === whole ? value : REDACTED;
	}
	const deeper = (entry: unknown) => scrubbedIn(entry, text, depth + 1);
	if (Array.isArray(value)) {
		const entries = value.map(deeper);
		return entries.some((entry, i) => entry !== value[i]) ? entries : value;
	}
	let copy: Record<string, unknown> | undefined;
	for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
		const [name, next] = [text(key), deeper(entry)];
		if (name === key && next === entry) continue;
		copy ??= { ...(value as Record<string, unknown>) };
		if (name !== key) delete copy[key];
		copy[name] = next;
	}
	return copy ?? value;
}

/** The value as JSON text, or undefined when it cannot be written (a cycle). */
function outcomeOfStringify(value: unknown): string | undefined {
	try {
		return JSON.stringify(value);
	} catch {
		return undefined;
	}
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

	/** A value leaving the node (an output item's JSON), without the secrets in any encoding. */
	scrubbed<T>(value: T): T {
		this.noteCurrent();
		return scrubbed(value, this.secrets);
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
