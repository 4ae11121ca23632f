/** The credential's secrets taken out of every error and every value shown. */
import type { IDataObject } from 'n8n-workflow';

const MIN_SECRET_LENGTH = 4;

/**
 * Replaces the client secret, the Basic credentials, access tokens and anything shaped like an
 * Authorization header in a text, so that no error, description or output carries them.
 */
export function redactText(text: string, secrets: Iterable<string> = []): string {
	let result = text;
	for (const secret of secrets) {
		if (secret && secret.length >= MIN_SECRET_LENGTH)
			result = result.split(secret).join('[redacted]');
	}
	return result
		.replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{4,}/gi, '$1 [redacted]')
		.replace(
			/("?(?:access_token|refresh_token|client_secret|clientSecret|accessToken)"?\s*[:=]\s*"?)[^"&\s,}]+/gi,
			'$1[redacted]',
		);
}

/** Deep copy of a value with every string passed through redactText. */
export function redactValue<T>(value: T, secrets: Iterable<string> = [], depth = 0): T {
	const list = [...secrets];
	if (typeof value === 'string') return redactText(value, list) as T;
	if (depth > 8 || typeof value !== 'object' || value === null) return value;
	if (Array.isArray(value)) return value.map((v) => redactValue(v, list, depth + 1)) as T;
	const copy: Record<string, unknown> = {};
	for (const [key, v] of Object.entries(value)) copy[key] = redactValue(v, list, depth + 1);
	return copy as T;
}

/** The secrets of one credential that must never be shown: secret, Basic value, tokens. */
export class SecretSet {
	private readonly secrets = new Set<string>();

	/** Adds the secrets of decrypted credential data (a token refreshed mid-run included). */
	addCredential(credentials: IDataObject): void {
		const { clientId, clientSecret, accessToken } = credentials;
		if (typeof clientSecret === 'string' && clientSecret) {
			this.secrets.add(clientSecret);
			this.secrets.add(Buffer.from(`${String(clientId ?? '')}:${clientSecret}`).toString('base64'));
		}
		if (typeof accessToken === 'string' && accessToken) this.secrets.add(accessToken);
	}

	/** A deep copy of a value with every secret, and the `also` values, replaced in its texts. */
	redactValue<T>(value: T, also: string[] = []): T {
		return redactValue(value, [...this.secrets, ...also]);
	}

	/** Strips every secret from an error in place: message, description, response, context, stack. */
	redactError<T>(error: T): T {
		if (!(error instanceof Error)) return error;
		const secrets = [...this.secrets];
		const target = error as Error & {
			description?: string | null;
			messages?: string[];
			errorResponse?: unknown;
			context?: IDataObject;
		};
		target.message = redactText(target.message, secrets);
		if (typeof target.description === 'string') {
			target.description = redactText(target.description, secrets);
		}
		if (Array.isArray(target.messages)) {
			target.messages = target.messages.map((m) => redactText(String(m), secrets));
		}
		if (target.errorResponse !== undefined) {
			target.errorResponse = redactValue(target.errorResponse, secrets);
		}
		if (target.context !== undefined) target.context = redactValue(target.context, secrets);
		if (typeof target.stack === 'string') target.stack = redactText(target.stack, secrets);
		return error;
	}
}
