import { createHash } from 'crypto';
import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	Icon,
	INodeProperties,
} from 'n8n-workflow';
import { UserError } from 'n8n-workflow';

import { checkBaseUrl } from '../nodes/MakeLeaps/transport/baseUrl';

/**
 * Identifies the Base URL, Client ID and Client Secret a token was issued for, so that a token
 * kept from before the user edited the credential is never sent on behalf of the new values.
 */
function tokenOwner(credentials: ICredentialDataDecryptedObject): string {
	const base = checkBaseUrl(credentials.baseUrl).url ?? '';
	return createHash('sha256')
		.update(`${base}\n${String(credentials.clientId)}\n${String(credentials.clientSecret)}`)
		.digest('hex');
}

function describeTokenFailure(error: unknown, baseUrl: string): string {
	const failure = error as { response?: { status?: number; data?: unknown }; code?: string };
	const status = failure.response?.status;
	const data = failure.response?.data as { error?: unknown } | undefined;
	const apiError = typeof data?.error === 'string' ? ` ${data.error}` : '';
	if (status === 401 || apiError === ' invalid_client') {
		return `MakeLeaps rejected the Client ID or Client Secret (HTTP ${status ?? 400}${apiError}). Copy both again from MakeLeaps > API settings into this credential.`;
	}
	if (status !== undefined) {
		return `MakeLeaps did not issue an access token (HTTP ${status}${apiError}) at ${baseUrl}/user/oauth2/token/`;
	}
	return `Could not reach MakeLeaps at ${baseUrl} (${failure.code ?? 'no response'}). Check the Base URL and the network.`;
}

export class MakeLeapsApi implements ICredentialType {
	name = 'makeLeapsApi';

	displayName = 'MakeLeaps API';

	icon: Icon = { light: 'file:../icons/makeleaps.svg', dark: 'file:../icons/makeleaps.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-makeleaps/n8n-nodes-makeleaps#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.makeleaps.com',
			required: true,
			description:
				'Address of the MakeLeaps API. Keep the default unless you test against a local sandbox.',
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
			description: 'Client ID of your MakeLeaps API key (MakeLeaps > Settings > API)',
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
		{
			displayName: 'Token Owner',
			name: 'tokenOwner',
			type: 'hidden',
			typeOptions: { password: true },
			default: '',
		},
	];

	/** OAuth 2.0 client-credentials exchange; n8n calls it when the token is empty or rejected. */
	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const base = checkBaseUrl(credentials.baseUrl);
		if (base.problem !== undefined) throw new UserError(base.problem);
		let response: { access_token?: unknown };
		try {
			response = (await this.helpers.httpRequest({
				method: 'POST',
				url: `${base.url}/user/oauth2/token/`,
				auth: {
					username: String(credentials.clientId),
					password: String(credentials.clientSecret),
				},
				headers: {
					'Content-Type': 'application/x-www-form-urlencoded',
					Accept: 'application/json',
				},
				body: 'grant_type=client_credentials',
			})) as { access_token?: unknown };
		} catch (error) {
			// Rethrown as a UserError so n8n neither retries the exchange nor shows request internals.
			throw new UserError(describeTokenFailure(error, base.url));
		}
		if (typeof response?.access_token !== 'string' || response.access_token === '') {
			throw new UserError(
				`MakeLeaps answered the token request at ${base.url} without an access token`,
			);
		}
		return { accessToken: response.access_token, tokenOwner: tokenOwner(credentials) };
	}

	/**
	 * Sends the Bearer token. A token issued for other credential values is withheld: the API
	 * then answers 401 and n8n fetches a fresh token for the current values.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		if (!credentials.accessToken || credentials.tokenOwner !== tokenOwner(credentials))
			return requestOptions;
		return {
			...requestOptions,
			headers: {
				...requestOptions.headers,
				Authorization: `Bearer ${String(credentials.accessToken)}`,
			},
		};
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl}}',
			url: '/api/partner/',
		},
	};
}
