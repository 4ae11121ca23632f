import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox, type SandboxOptions } from '../sandbox/server';
import { CredentialsHelper, runNode, type RunOptions, type RunResult } from './harness';

/** Requests per minute for tests that are not about pacing (the sandbox does not throttle them). */
export const FAST = 60000;

export interface TestBed {
	sandbox: Sandbox;
	credentials: CredentialsHelper;
	partner: { __rl: true; mode: string; value: string };
	run(parameters: INodeParameters, items?: IDataObject[], options?: Partial<RunOptions>): Promise<RunResult>;
	/** Every secret a leak check must look for: the client secret, the Basic header and each token. */
	secrets(): string[];
}

/** A fresh sandbox and a stored credential pointing at it, for each test. */
export function useTestBed(options: SandboxOptions = {}): TestBed {
	const bed = {} as TestBed;
	beforeEach(async () => {
		bed.sandbox = await startSandbox(options);
		bed.credentials = new CredentialsHelper();
		const { clientId, clientSecret, partnerMid } = bed.sandbox.credentials;
		bed.credentials.set('cred-1', { baseUrl: bed.sandbox.baseUrl, clientId, clientSecret });
		bed.partner = { __rl: true, mode: 'id', value: partnerMid };
		bed.run = async (parameters, items = [{}], extra = {}) =>
			await runNode({
				credentials: bed.credentials,
				items,
				parameters: { resource: 'client', partner: bed.partner, options: { requestsPerMinute: FAST }, ...parameters },
				...extra,
			});
		bed.secrets = () => {
			const { clientId: id, clientSecret: secret } = bed.sandbox.credentials;
			return [secret, Buffer.from(`${id}:${secret}`).toString('base64'), ...bed.sandbox.issuedTokens];
		};
	});
	afterEach(async () => {
		await bed.sandbox.close();
	});
	return bed;
}

/** Fails when any secret appears in what the user can see of a run: items, errors, messages. */
export function expectNoSecrets(bed: TestBed, ...visible: unknown[]) {
	const text = JSON.stringify(visible, (_key, value: unknown) =>
		value instanceof Error ? { ...value, message: value.message, description: (value as { description?: string }).description, stack: value.stack } : value,
	);
	for (const secret of bed.secrets()) expect(text).not.toContain(secret);
}

export const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
