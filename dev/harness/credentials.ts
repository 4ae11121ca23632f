/**
 * The credentials helper of the harness, as n8n's own (packages/cli credentials-helper):
 * preAuthentication when the expirable field is empty, on a 401 (then once more) or on a test,
 * its output persisted; `authenticate` applied to every request.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeProperties,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';

import { MakeLeapsApi } from '../../credentials/MakeLeapsApi.credentials';

export const CREDENTIAL_TYPE = 'makeLeapsApi';

/** Stores credentials as n8n does (by id), applying property defaults when they are read. */
export class CredentialsHelper extends ICredentialsHelper {
	private readonly store = new Map<string, ICredentialDataDecryptedObject>();

	/** The credential type as n8n loads it (a test may build it with a shorter token deadline). */
	constructor(readonly credentialType: ICredentialType = new MakeLeapsApi()) {
		super();
	}

	private typeOf(name: string): ICredentialType {
		if (name !== this.credentialType.name) throw new Error(`unknown credential type ${name}`);
		return this.credentialType;
	}
	/** Every persisted update, as n8n would write it to its database. */
	readonly updates: ICredentialDataDecryptedObject[] = [];

	set(id: string, data: ICredentialDataDecryptedObject) {
		this.store.set(id, { ...data });
	}

	get(id: string): ICredentialDataDecryptedObject {
		return this.withDefaults(CREDENTIAL_TYPE, this.store.get(id) ?? {});
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.typeOf(typeName);
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (authenticate) throw new Error('the harness supports only function authenticate');
		return requestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.typeOf(typeName);
		const expirable = type.properties.find(
			(p) => p.type === 'hidden' && p.typeOptions?.expirable === true,
		);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		const isTestingCredentials =
			node?.parameters?.temp === '' && node?.type === 'n8n-nodes-base.noOp';
		if (credentials[expirable.name] !== '' && !credentialsExpired && !isTestingCredentials)
			return undefined;

		const output = await type.preAuthentication.call(
			{ helpers: { httpRequest: helpers.helpers.httpRequest } },
			credentials,
		);
		if (output[expirable.name] === undefined) return undefined;
		const reference = node.credentials?.[typeName];
		if (reference?.id) {
			const persisted = {
				...(this.store.get(reference.id) ?? {}),
				...output,
			} as ICredentialDataDecryptedObject;
			this.store.set(reference.id, persisted);
			this.updates.push(persisted);
		}
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used by the harness');
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		if (!nodeCredentials.id || !this.store.has(nodeCredentials.id)) {
			throw new Error(`Credential ${nodeCredentials.id} of type ${type} does not exist`);
		}
		return this.get(nodeCredentials.id);
	}

	async updateCredentials(
		nodeCredentials: INodeCredentialsDetails,
		_type: string,
		data: ICredentialDataDecryptedObject,
	) {
		this.set(nodeCredentials.id!, data);
	}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.typeOf(type).properties;
	}

	private withDefaults(
		type: string,
		data: ICredentialDataDecryptedObject,
	): ICredentialDataDecryptedObject {
		const result: ICredentialDataDecryptedObject = {};
		for (const property of this.typeOf(type).properties)
			result[property.name] = property.default as string;
		return { ...result, ...data };
	}
}
