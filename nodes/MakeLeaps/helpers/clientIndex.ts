import type { IDataObject } from 'n8n-workflow';

type ByExternalId = Map<string, IDataObject[]>;

/** Reads every client of the partner (contacts inlined); the item index names the item in errors. */
export type ClientLoader = (itemIndex: number) => Promise<IDataObject[]>;

/**
 * The clients of one partner keyed by client_external_id. MakeLeaps cannot filter by external
 * ID, so the client list is read once per run and kept current as the run's items create and
 * update clients.
 */
export class ClientIndex {
	private scan?: Promise<ByExternalId>;
	/** External IDs whose create in this run may or may not have happened. */
	private readonly uncertain = new Set<string>();

	constructor(private readonly load: ClientLoader) {}

	/** Clients holding this external ID (more than one only if the account already has duplicates). */
	async find(externalId: string, itemIndex: number): Promise<IDataObject[]> {
		if (!this.scan) {
			const scan = this.read(itemIndex);
			this.scan = scan;
			// A failed scan is not reused: the next item reads the list again.
			scan.catch(() => {
				if (this.scan === scan) this.scan = undefined;
			});
		}
		return (await this.scan).get(externalId) ?? [];
	}

	/** Records a client this run created or changed. */
	async record(client: IDataObject): Promise<void> {
		const externalId = String(client.client_external_id ?? '');
		if (!this.scan || !externalId) return;
		const byExternalId = await this.scan;
		const others = (byExternalId.get(externalId) ?? []).filter((c) => c.mid !== client.mid);
		byExternalId.set(externalId, [...others, client]);
	}

	markUncertain(externalId: string): void {
		this.uncertain.add(externalId);
	}

	isUncertain(externalId: string): boolean {
		return this.uncertain.has(externalId);
	}

	/** Drops what was read, so that the next lookup reads the list afresh. */
	forget(): void {
		this.scan = undefined;
	}

	private async read(itemIndex: number): Promise<ByExternalId> {
		const byExternalId: ByExternalId = new Map();
		for (const client of await this.load(itemIndex)) {
			const externalId = String(client.client_external_id ?? '');
			if (externalId)
				byExternalId.set(externalId, [...(byExternalId.get(externalId) ?? []), client]);
		}
		return byExternalId;
	}
}
