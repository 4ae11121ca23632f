import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

import { tokenFor, tokenOwner } from '../nodes/MakeLeaps/transport/token';
import { departing } from '../nodes/MakeLeaps/transport/tries/departure';
import { TOKEN_DEADLINE_MS } from '../nodes/MakeLeaps/transport/types';

export class MakeLeapsApi implements ICredentialType {
	name = 'makeLeapsApi';

	displayName = 'MakeLeaps API';

	icon: Icon = { light: 'file:../icons/makeleaps.svg', dark: 'file:../icons/makeleaps.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-makeleaps/n8n-nodes-makeleaps#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. aBcD1234eFgH5678',
			description: 'The Client ID of a MakeLeaps API key',
			hint: 'In MakeLeaps, open Settings > API and create an API key (or open one): its Client ID is shown there',
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The Client Secret of the same API key',
			hint: 'Shown next to the Client ID when you create the API key in MakeLeaps > Settings > API. Copy it then: MakeLeaps may not show it again.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.makeleaps.com',
			required: true,
			description: 'Address of the MakeLeaps API',
			hint: 'Keep https://api.makeleaps.com. Change it only to try the node against the local MakeLeaps sandbox (http://127.0.0.1:…).',
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

	/**
	 * OAuth 2.0 client-credentials exchange; n8n calls it when the token is empty or was refused
	 * (also for the credential's Test), with `this` holding only its request helpers.
	 */
	preAuthentication: NonNullable<ICredentialType['preAuthentication']>;

	/** n8n creates the credential without arguments; tests pass a shorter deadline. */
	constructor(tokenDeadlineMs = TOKEN_DEADLINE_MS) {
		this.preAuthentication = async function (this: IHttpRequestHelper, credentials) {
			return await tokenFor(this.helpers, credentials, tokenDeadlineMs);
		};
	}

	/**
	 * Sends the Bearer token. A token issued for other credential values is withheld: the API
	 * then answers 401 and n8n fetches a fresh token for the current values. n8n calls it after
	 * the token exchange, right before it sends: the node's request leaves then, on its pace.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		await departing(requestOptions);
		if (!credentials.accessToken || credentials.tokenOwner !== tokenOwner(credentials)) {
			return requestOptions;
		}
		return {
			...requestOptions,
			headers: {
				...requestOptions.headers,
				Authorization: `Bearer ${String(credentials.accessToken)}`,
			},
		};
	}

	/** The token exchange (n8n runs it first), then the partner list: redirects are not followed. */
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.trim().replace(/\\/+$/, "")}}',
			url: '/api/partner/',
			disableFollowRedirect: true,
		},
		rules: [301, 302, 303, 307, 308].map((code) => ({
			type: 'responseCode' as const,
			properties: {
				value: code,
				message: `MakeLeaps answered with a redirect (HTTP ${code}); it is not followed, so the access token never goes to another address. Check the Base URL (normally https://api.makeleaps.com).`,
			},
		})),
	};
}
