/**
 * The OAuth 2.0 client-credentials exchange of the credential: Basic client credentials to
 * `/user/oauth2/token/`, within a deadline, never redirected, its errors redacted (their words:
 * words/credential.ts).
 */
import { createHash } from 'crypto';
import type { ICredentialDataDecryptedObject, IHttpRequestHelper } from 'n8n-workflow';
import { UserError } from 'n8n-workflow';

import { checkBaseUrl } from './baseUrl';
import { CredentialRefused, isLastingRefusalStatus } from './failures';
import { outcomeOf } from './types';
import { redactText } from './redact';
import { DeadlinePassed, withinDeadline } from './tries/httpAttempt';
import { hostOf } from '../words/transport';
import * as words from '../words/credential';

/**
 * Identifies the Base URL, Client ID and Client Secret a token was issued for, so that a token
 * kept from before the user edited the credential is never sent on behalf of the new values.
 */
export function tokenOwner(credentials: ICredentialDataDecryptedObject): string {
	const base = checkBaseUrl(credentials.baseUrl).url ?? '';
	return createHash('sha256')
		.update(`${base}\n${String(credentials.clientId)}\n${String(credentials.clientSecret)}`)
		.digest('hex');
}

/** How long a token without `expires_in` is lent to other executions. */
const DEFAULT_LEND_MS = 5 * 60 * 1000;

/** How many earlier tokens of an owner are remembered (see `issued`). */
const EARLIER_KEPT = 20;

/**
 * The tokens this n8n process was issued, by owner. MakeLeaps may keep only one token per API
 * key active: executions that refresh at the same time share one exchange, and an execution
 * whose token was refused takes a newer one another execution got, instead of exchanging again
 * (which would revoke that one in turn). Only a token known to be older than it is replaced so:
 * a refused token this process never issued (another n8n process got it, as in queue mode) may
 * be the newer one, and then only a new exchange helps.
 */
const issued = new Map<
	string,
	{ token?: string; usableUntil: number; pending?: Promise<Issued>; earlier: string[] }
>();

interface Issued {
	token: string;
	usableUntil: number;
}

/** The token MakeLeaps refused last, by the credential data it was refused for (see `forgetToken`). */
const refusedFor = new WeakMap<ICredentialDataDecryptedObject, string>();

/**
 * MakeLeaps refused the credential's token: it is blanked, so that n8n runs the credential's
 * preAuthentication before the next request, on every n8n line (1.x never refreshes a 401 that
 * comes back as an answer). The refused token is remembered beside the data, not in it (n8n
 * stores the data as it is), and is never lent again.
 */
export function forgetToken(credentials: ICredentialDataDecryptedObject): void {
	const token = credentials.accessToken;
	if (typeof token !== 'string' || token === '') return;
	refusedFor.set(credentials, token);
	const known = issued.get(tokenOwner(credentials));
	if (known?.token === token) known.usableUntil = 0;
	credentials.accessToken = '';
}

/** The token to lend instead of an exchange, if any: see `issued`. */
function lendable(owner: string, refused: unknown): string | undefined {
	const known = issued.get(owner);
	if (!known?.token || known.usableUntil <= Date.now()) return undefined;
	// no token yet: a request with the lent one can still refresh once if it is refused
	if (refused === undefined || refused === '') return known.token;
	return known.earlier.includes(String(refused)) ? known.token : undefined;
}

function describeTokenFailure(error: unknown, baseUrl: string, secrets: string[]): string {
	const failure = error as {
		response?: { status?: number; data?: unknown; headers?: Record<string, string> };
		code?: string;
	};
	const status = failure.response?.status;
	const data = failure.response?.data as { error?: unknown } | undefined;
	const said =
		typeof data?.error === 'string' ? redactText(data.error, secrets).slice(0, 100) : undefined;
	if (status === 401 || said === 'invalid_client') return words.rejectedSecret(status, said);
	if (status !== undefined && status >= 300 && status < 400) {
		return words.tokenRedirect(status, hostOf(failure.response?.headers?.location));
	}
	if (status !== undefined) return words.noTokenIssued(status, said, tokenUrl(baseUrl));
	return words.tokenUnreachable(baseUrl, failure.code);
}

/** A token for the credential: shared with executions exchanging at the same time (see `issued`). */
export async function tokenFor(
	helpers: IHttpRequestHelper['helpers'],
	credentials: ICredentialDataDecryptedObject,
	deadlineMs: number,
) {
	const base = checkBaseUrl(credentials.baseUrl);
	if (base.problem !== undefined) throw new UserError(base.problem);
	const owner = tokenOwner(credentials);
	const known = issued.get(owner);
	if (known?.pending) return { accessToken: (await known.pending).token, tokenOwner: owner };
	const lent = lendable(owner, credentials.accessToken || refusedFor.get(credentials));
	refusedFor.delete(credentials);
	if (lent !== undefined) return { accessToken: lent, tokenOwner: owner };
	const earlier = [...(known?.earlier ?? []), ...(known?.token ? [known.token] : [])].slice(
		-EARLIER_KEPT,
	);
	const pending = exchange(helpers, base.url, credentials, deadlineMs);
	issued.set(owner, { usableUntil: 0, pending, earlier });
	const exchanged = await outcomeOf(pending);
	if (!exchanged.ok) {
		issued.set(owner, { usableUntil: 0, earlier });
		throw exchanged.error;
	}
	issued.set(owner, { ...exchanged.value, earlier });
	return { accessToken: exchanged.value.token, tokenOwner: owner };
}

const tokenUrl = (baseUrl: string) => `${baseUrl}/user/oauth2/token/`;

/** POST /user/oauth2/token/ with Basic client credentials, within a deadline, never redirected. */
async function exchange(
	helpers: IHttpRequestHelper['helpers'],
	baseUrl: string,
	credentials: ICredentialDataDecryptedObject,
	deadlineMs: number,
): Promise<Issued> {
	const clientId = String(credentials.clientId);
	const clientSecret = String(credentials.clientSecret);
	const secrets = [clientSecret, Buffer.from(`${clientId}:${clientSecret}`).toString('base64')];
	const answered = await outcomeOf(
		withinDeadline(deadlineMs, undefined, async (signal) =>
			helpers.httpRequest({
				method: 'POST',
				url: tokenUrl(baseUrl),
				auth: { username: clientId, password: clientSecret },
				headers: {
					'Content-Type': 'application/x-www-form-urlencoded',
					Accept: 'application/json',
				},
				body: 'grant_type=client_credentials',
				disableFollowRedirect: true,
				timeout: deadlineMs + 1000,
				abortSignal: signal,
			}),
		),
	);
	// A UserError: n8n neither retries the exchange nor shows request internals. A refusal that
	// would be met again is marked, so that the run's later items do not exchange again.
	if (!answered.ok) {
		const { error } = answered;
		if (error instanceof DeadlinePassed) {
			throw new UserError(words.tokenTooSlow(baseUrl, deadlineMs / 1000));
		}
		const status = (error as { response?: { status?: number } }).response?.status;
		const Failure = isLastingRefusalStatus(status) ? CredentialRefused : UserError;
		throw new Failure(describeTokenFailure(error, baseUrl, secrets));
	}
	const response = answered.value as { access_token?: unknown; expires_in?: unknown };
	if (typeof response?.access_token !== 'string' || response.access_token === '') {
		throw new UserError(words.noAccessToken(baseUrl));
	}
	const lifetime =
		typeof response.expires_in === 'number' ? response.expires_in * 1000 : DEFAULT_LEND_MS;
	return {
		token: response.access_token,
		usableUntil: Date.now() + Math.min(lifetime, DEFAULT_LEND_MS),
	};
}
