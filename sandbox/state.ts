/**
 * What the sandbox holds, as tests and the demo read and change it in process without a request:
 * records as the API would answer them, records put in place directly, and the changes a user
 * makes in MakeLeaps' own screens (a payment, an archive). The server (server.ts) builds on it.
 */
import type { PartnerCredentials } from './stores/apiKeys';
import type { DocumentMark, DocumentStore } from './stores/documents';
import type { NewCatalogItem } from './stores/items';
import type { Client, Delivery, Partner } from './stores/records';
import type { SendingOrderStore, UploadedContent } from './stores/sendingOrders';
import type { Store } from './stores/store';

export abstract class SandboxState {
	store!: Store;
	documents!: DocumentStore;
	sending!: SendingOrderStore;
	/** Credentials of the first partner. */
	credentials!: PartnerCredentials;

	partner(mid = this.credentials.partnerMid): Partner {
		return this.store.partners.get(mid)!;
	}

	/** Clients of a partner as the API would return them. */
	clients(partnerMid = this.credentials.partnerMid) {
		const p = this.partner(partnerMid);
		return [...p.clients.values()].map((c) => this.store.clients.json(p, c, ['contacts']));
	}

	/** Creates a client directly in the state (no request is recorded). */
	seedClient(body: unknown, partnerMid = this.credentials.partnerMid): Client {
		return this.store.clients.create(this.partner(partnerMid), body);
	}

	/** Documents of a partner as the API would return them. */
	documentsOf(partnerMid = this.credentials.partnerMid) {
		this.sending.catchUp();
		const p = this.partner(partnerMid);
		return [...p.documents.values()].map((d) => this.documents.json(p, d));
	}

	/** Creates a document directly in the state (no request is recorded). */
	seedDocument(body: unknown, partnerMid = this.credentials.partnerMid) {
		const p = this.partner(partnerMid);
		return this.documents.json(p, this.documents.create(p, body));
	}

	/**
	 * An account of realistic size, made in process in a second or so: `clients` clients
	 * (Client External ID `C-<n>`, organization `Company <n>`), each with `documentsPerClient`
	 * invoices (External ID `E-<n>-<k>`, numbered in order), dated from `date` on.
	 */
	seedAccount(clients: number, documentsPerClient: number, date = '2026-01-01') {
		const partnerMid = this.credentials.partnerMid;
		const partner = this.partner(partnerMid);
		for (let n = 0; n < clients; n++) {
			const client = this.seedClient({
				client_external_id: `C-${n}`,
				contacts: [{ contact_type: 'organization', name: `Company ${n}` }],
			});
			const url = this.store.urls.client(partnerMid, client.mid);
			for (let k = 0; k < documentsPerClient; k++) {
				this.documents.create(partner, {
					document_type: 'invoice',
					external_id: `E-${n}-${k + 1}`,
					client: url,
					date,
					lineitems: [{ kind: 'simple', description: 'Work', price: '1000', tax_rate: '10' }],
					autocalculate: true,
				});
			}
		}
	}

	/** Puts a product in a partner's line item catalog (no request is recorded); its MID. */
	seedItem(item: NewCatalogItem, partnerMid = this.credentials.partnerMid): string {
		return this.store.catalog.add(partnerMid, item).mid;
	}

	/** Makes tags of the first partner directly (no request); answers its tags as the API would. */
	seedTags(...names: string[]) {
		const [p, { tags }] = [this.partner(), this.store];
		for (const name of names) tags.create(p, { name });
		return [...tags.of(p).values()].map((tag) => tags.json(p, tag));
	}

	/** Sending orders of a partner as the API would return them. */
	sendingOrdersOf(partnerMid = this.credentials.partnerMid) {
		const p = this.partner(partnerMid);
		return this.sending.ordersOf(p).map((order) => this.sending.json(p, order));
	}

	/**
	 * Sends a document as MakeLeaps' web app or another n8n would, outside the run under test: an
	 * order executed at once (`date_sent` shows after `sentLagMs`); answers the order.
	 */
	sendElsewhere(documentMid: string, partnerMid = this.credentials.partnerMid) {
		const p = this.partner(partnerMid);
		return this.sending.json(p, this.sending.sendAtOnce(p, documentMid));
	}

	/**
	 * An unsent sending order of a document with files whose content is in, made directly (no
	 * request), as a user leaves one in MakeLeaps' web app; answers the order as the API would.
	 */
	seedSendingOrder(
		documentMid: string,
		files: UploadedContent[] = [],
		partnerMid = this.credentials.partnerMid,
	) {
		const p = this.partner(partnerMid);
		return this.sending.json(p, this.sending.filledWith(p, documentMid, files));
	}

	/** What executed sending orders delivered, in order. */
	get deliveries(): readonly Delivery[] {
		return this.sending.deliveries;
	}

	/** Records a payment of a document, as a user does in MakeLeaps when the money arrives. */
	markPaid(documentMid: string, at?: string, partnerMid?: string) {
		this.mark(documentMid, 'paid', at, partnerMid);
	}

	/**
	 * Marks a document paid, accepted, confirmed, converted, viewed (its pickup link opened) or
	 * cancelled, as a user or the client does in MakeLeaps.
	 */
	mark(documentMid: string, mark: DocumentMark, at?: string | null, partnerMid?: string) {
		const when = at === undefined ? new Date().toISOString() : at; // null undoes it
		this.documents.mark(this.partner(partnerMid), documentMid, mark, when);
	}

	archiveClient(mid: string, partnerMid = this.credentials.partnerMid) {
		this.partner(partnerMid).clients.get(mid)!.date_archived = new Date().toISOString();
	}

	/** Takes a client out of the archive, as a user does in MakeLeaps. */
	restoreClient(mid: string, partnerMid = this.credentials.partnerMid) {
		this.partner(partnerMid).clients.get(mid)!.date_archived = null;
	}
}
