/**
 * What the credential says when its token exchange fails, and when its Base URL cannot be used.
 * The transport decides which (transport/token.ts, transport/baseUrl.ts); this file words them.
 * `said` is MakeLeaps' own short error code, already redacted.
 */

const withSaid = (said: string | undefined) => (said === undefined ? '' : ` ${said}`);

/** The Client ID or Client Secret refused (a 401, or `invalid_client`). */
export const rejectedSecret = (status: number | undefined, said: string | undefined) =>
	`MakeLeaps rejected the Client ID or Client Secret (HTTP ${status ?? 400}${withSaid(said)}). Copy both again from MakeLeaps > API settings into this credential.`;

/** A redirect of the token request, to `host` (words/transport.ts's hostOf). */
export const tokenRedirect = (status: number, host: string) =>
	`MakeLeaps answered the token request with a redirect (HTTP ${status}) to ${host}; it is not followed, so the Client Secret never goes to another address. Check the Base URL (normally https://api.makeleaps.com).`;

/** Any other status of the token request, sent to `tokenUrl`. */
export const noTokenIssued = (status: number, said: string | undefined, tokenUrl: string) =>
	`MakeLeaps did not issue an access token (HTTP ${status}${withSaid(said)}) at ${tokenUrl}`;

/** No answer at all; `code` is the failure's code (ECONNREFUSED…), when there is one. */
export const tokenUnreachable = (baseUrl: string, code: string | undefined) =>
	`Could not reach MakeLeaps at ${baseUrl} (${code ?? 'no response'}). Check the Base URL and the network.`;

export const tokenTooSlow = (baseUrl: string, seconds: number) =>
	`MakeLeaps did not answer the token request at ${baseUrl} within ${seconds} seconds`;

export const noAccessToken = (baseUrl: string) =>
	`MakeLeaps answered the token request at ${baseUrl} without an access token`;

/** The credential's Base URL, refused before any request. */
export const BASE_URL_PROBLEMS = {
	invalid: (raw: string) => `The Base URL "${raw}" is not a valid URL`,
	notHttp: 'The Base URL must start with https://',
	plainHttp: 'The Base URL must use https:// (plain http:// is only allowed for localhost)',
	extraParts: 'The Base URL must not contain a user name, password, query or fragment',
};
