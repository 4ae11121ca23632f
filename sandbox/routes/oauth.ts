/**
 * The OAuth 2.0 endpoints: `POST /user/oauth2/token/` (client credentials, the key given by Basic
 * auth) and `POST /user/oauth2/revoke-token/`.
 */
import { HttpAnswer } from '../http/answer';
import type { ApiCall } from './call';

const noStore = () => ({ 'Cache-Control': 'no-store, private', Pragma: 'no-cache' });

const oauthError = (status: number, error: string, extra: Record<string, string> = {}) =>
	new HttpAnswer(status, { error }, { ...noStore(), ...extra });

export function tokenRoute(call: ApiCall): HttpAnswer {
	call.allow('POST');
	const { keys, options } = call.service;
	const key = keys.fromBasic(call.headers.authorization);
	if (!key)
		return oauthError(401, 'invalid_client', {
			'WWW-Authenticate': 'Bearer, error="invalid_client"',
		});
	const type = String(call.headers['content-type'] ?? '');
	if (!type.startsWith('application/x-www-form-urlencoded'))
		return oauthError(400, 'invalid_request');
	const grantType = new URLSearchParams(call.body).get('grant_type');
	if (grantType === null) return oauthError(400, 'invalid_request');
	if (grantType !== 'client_credentials') return oauthError(400, 'unsupported_grant_type');

	const ttl = options.tokenTtlSeconds ?? 36000;
	const accessToken = keys.issue(key, ttl, Boolean(options.oneActiveToken));
	return new HttpAnswer(
		200,
		{ access_token: accessToken, expires_in: ttl, token_type: 'Bearer', scope: 'read write' },
		noStore(),
	);
}

export function revokeRoute(call: ApiCall): HttpAnswer {
	call.allow('POST');
	const { keys } = call.service;
	if (!keys.fromBasic(call.headers.authorization))
		return new HttpAnswer(401, { error: 'invalid_client' });
	const token = new URLSearchParams(call.body).get('token') ?? call.url.searchParams.get('token');
	if (token) keys.revokeToken(token);
	return new HttpAnswer(200, '');
}
