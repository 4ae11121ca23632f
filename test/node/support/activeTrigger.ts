/**
 * The MakeLeaps Trigger in an active workflow, as n8n runs it, for the trigger's node tests: the
 * static data lives in memory between polls and is written to n8n's database as n8n does.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { type CredentialsHelper } from '../../../dev/harness/credentials';
import { runPoll, type PollResult } from '../../../dev/harness/poll';
import type { Sandbox } from '../../../sandbox/server';
import { FAST, type TestBed } from './bed';

/**
 * When n8n writes the trigger's static data to its database: by default when the workflow is
 * activated and when a poll emits; with n8n 2.x's durable poll cursors
 * (N8N_POLLER_DURABLE_CURSORS_ENABLED) after every poll, quiet ones included.
 */
export type Saving = 'when emitting' | 'every poll';
export const SAVINGS: Saving[] = ['when emitting', 'every poll'];

/** Where the trigger's credential and Partner come from (a test bed, or a sandbox of its own). */
export type TriggerBed = Pick<TestBed, 'credentials' | 'partner'>;

export interface TriggerOptions {
	/** When n8n saves the static data: when emitting by default. */
	saving?: Saving;
	/** The trigger's version: 1 by default. */
	typeVersion?: number;
	/**
	 * The trigger's pace: fast by default, as `bed.run` (the sandbox does not throttle); a test
	 * about the pace, or one at n8n's (120 requests a minute), sets it.
	 */
	requestsPerMinute?: number;
}

/** An active workflow with the trigger, as n8n runs one. */
export class ActiveTrigger {
	private memory: IDataObject = {};
	private saved: IDataObject = {};
	private activated = false;

	constructor(
		private readonly bed: TriggerBed,
		private parameters: INodeParameters,
		private readonly options: TriggerOptions = {},
	) {}

	/** The user changes the trigger's settings and saves the workflow. */
	reconfigure(parameters: INodeParameters) {
		this.parameters = parameters;
	}

	async poll(mode: 'trigger' | 'manual' = 'trigger'): Promise<PollResult> {
		const result = await runPoll({
			parameters: { partner: this.bed.partner, ...this.parameters },
			credentials: this.bed.credentials,
			staticData: this.memory,
			mode,
			typeVersion: this.options.typeVersion,
			requestsPerMinute: this.options.requestsPerMinute ?? FAST,
		});
		const everyPoll = this.options.saving === 'every poll';
		const saves = !this.activated || result.items !== null || everyPoll;
		if (mode === 'trigger' && saves) this.save();
		this.activated = true;
		return result;
	}

	/** n8n restarts: what it had in memory is gone, what it saved is read back. */
	restart() {
		this.memory = asJson(this.saved);
	}

	/** Changes the state n8n saved (as an earlier version of the node wrote it, say). */
	editSaved(change: (state: IDataObject) => void) {
		change(((this.saved[NODE_DATA] as IDataObject).watch ?? {}) as IDataObject);
	}

	/** The state as a later poll finds it (tests move its clock). */
	get state() {
		return (this.memory[NODE_DATA] as IDataObject | undefined)?.watch as IDataObject | undefined;
	}

	private save() {
		this.saved = asJson(this.memory);
	}
}

/** Where n8n keeps the trigger's static data within the workflow's. */
const NODE_DATA = 'node:MakeLeaps Trigger';

/** What n8n writes to its database and reads back. */
const asJson = (data: IDataObject) => JSON.parse(JSON.stringify(data)) as IDataObject;

/**
 * The user makes a new API key of the same partner in MakeLeaps and puts it in the credential
 * (n8n keeps the token stored unless told otherwise); the old key may then be deleted.
 */
export function rotateKey(
	bed: { sandbox: Sandbox; credentials: CredentialsHelper },
	{ keepToken = false, revokeOld = false }: { keepToken?: boolean; revokeOld?: boolean } = {},
) {
	const stored = bed.credentials.get('cred-1');
	const { clientId, clientSecret } = bed.sandbox.addApiKey();
	const { accessToken, tokenOwner } = stored;
	bed.credentials.set('cred-1', {
		baseUrl: stored.baseUrl,
		clientId,
		clientSecret,
		...(keepToken ? { accessToken, tokenOwner } : {}),
	});
	if (revokeOld) bed.sandbox.revokeApiKey(String(stored.clientId));
}

/** The document numbers of what a poll reported. */
export const numbers = (result: PollResult) =>
	(result.items ?? []).map((item) => item.json.document_number);

/** Invoices of a client (of the sandbox's first partner unless `partnerMid`), stored directly. */
export function seedDocuments(
	bed: { sandbox: Sandbox },
	clientMid: string,
	numbersOf: string[],
	extra: IDataObject = {},
	partnerMid = bed.sandbox.credentials.partnerMid,
) {
	const client = `${bed.sandbox.baseUrl}/api/partner/${partnerMid}/client/${clientMid}/`;
	return numbersOf.map((number) =>
		bed.sandbox.seedDocument(
			{
				document_type: 'invoice',
				document_number: number,
				client,
				lineitems: [{ kind: 'simple', description: 'Work', price: '1000', tax_rate: '10' }],
				autocalculate: true,
				...extra,
			},
			partnerMid,
		),
	);
}

/** A client with an organization contact, stored directly (of the first partner unless `partnerMid`). */
export function seedCompany(
	sandbox: Sandbox,
	externalId: string,
	partnerMid = sandbox.credentials.partnerMid,
): string {
	const organization = { contact_type: 'organization', name: `${externalId} Co`, addresses: [] };
	return sandbox.seedClient(
		{ client_external_id: externalId, contacts: [{ ...organization, email: null }] },
		partnerMid,
	).mid;
}
