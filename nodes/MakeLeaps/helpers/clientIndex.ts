import type { IDataObject } from 'n8n-workflow';

import { SharedRead } from './sharedRead';

type ByExternalId = Map<string, IDataObject[]>;

/** Reads every client of the partner; the item index names the item in errors. */
export type ClientLoader = (itemIndex: number) => Promise<IDataObject[]>;

/**
 * The clients of one partner keyed by client_external_id. MakeLeaps cannot filter by external
 * ID, so the client list is read once per run and kept current as the run's items create and
 * update clients. When that read fails, every item that needs it fails with its reason, and the
 * list is not read again.
 */
export class ClientIndex {
	private readonly scan = new SharedRead<ByExternalId>('The client list');
	/** When the run's first read of the list began: clients created since may be missing from it. */
	firstReadAt?: number;

	constructor(private readonly load: ClientLoader) {}

	/** Clients holding this external ID (more than one only if the account already has duplicates). */
	async find(externalId: string, itemIndex: number): Promise<IDataObject[]> {
		const byExternalId = await this.scan.get(async () => await this.read(itemIndex));
		return byExternalId.get(externalId) ?? [];
	}

	/** Records a client this run created or changed (once the list has been read). */
	async record(client: IDataObject): Promise<void> {
		const externalId = String(client.client_external_id ?? '');
		if (!externalId) return;
		const byExternalId = await this.scan.current()?.catch(() => undefined);
		if (!byExternalId) return;
		const others = (byExternalId.get(externalId) ?? []).filter((c) => c.mid !== client.mid);
		byExternalId.set(externalId, [...others, client]);
	}

	/** Drops what was read, so that the next lookup reads the list afresh. */
	forget(): void {
		this.scan.reset();
	}

	private async read(itemIndex: number): Promise<ByExternalId> {
		this.firstReadAt ??= Date.now();
		const byExternalId: ByExternalId = new Map();
		for (const client of await this.load(itemIndex)) {
			const externalId = String(client.client_external_id ?? '');
			if (!externalId) continue;
			const same = byExternalId.get(externalId);
			if (same) same.push(client);
			else byExternalId.set(externalId, [client]);
		}
		return byExternalId;
	}
}
