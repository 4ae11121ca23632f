/**
 * Account → Check: how the checks read the account. The Probe sends GETs only, through the
 * operation's transport, and reads what the checks share (the partner, the first page of clients
 * and of documents, a document on its own) at most once per run.
 */
import type { IDataObject } from 'n8n-workflow';

import { excerpt, MAX_PAGE_SIZE, type Envelope, type Outcome } from '../../../transport';
import { undecided, type Verdict } from './verdicts';
import type { OperationContext } from '../../../run/context';
import { clientPage } from '../../../api/clients';
import { documentPage, readDocument } from '../../../api/documents';
import { pageAt, type PartnerPage } from '../../../api/requests';
import { isRecord } from '../../../model/locators';
import type { CheckId } from '../../../words/check';

/** One guess tried on the account: its id, and the read and judgement that test it. */
export interface Check {
	id: CheckId;
	run(probe: Probe): Promise<Verdict>;
}

/** The calendar day of a record's `date`, if it has one. */
export function dayOf(record: IDataObject): string | undefined {
	const day = typeof record.date === 'string' ? record.date.slice(0, 10) : '';
	return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined;
}

/** A document named for a user: its number and MID. */
export const named = (document: IDataObject) =>
	`document ${typeof document.document_number === 'string' && document.document_number ? `${document.document_number} ` : ''}(${String(document.mid)})`;

export class Probe {
	private readonly reads = new Map<string, Promise<unknown>>();

	constructor(
		readonly op: OperationContext,
		private readonly partner: Outcome<string>,
	) {}

	get baseUrl() {
		return this.op.run.transport.baseUrl;
	}

	/** The partner checked; without one, a check that needs it fails as its read did. */
	partnerMid(): string {
		if (this.partner.ok) return this.partner.value;
		throw this.partner.error;
	}

	/** An address as a user reads it: a path under the Base URL, or only the site elsewhere. */
	shown(url: string): string {
		if (url.startsWith(`${this.baseUrl}/`)) return url.slice(this.baseUrl.length).split('?')[0];
		return URL.canParse(url) ? `${new URL(url).origin}/…` : excerpt(url, 60);
	}

	/**
	 * One page of the partner's `list` (a page of api/) with a query; without a partner, it throws
	 * at once, as the partner's read did.
	 */
	page(list: PartnerPage, qs: IDataObject, subject: string): Promise<Envelope<IDataObject[]>> {
		return list(this.op, this.partnerMid(), qs, subject);
	}

	/** The page a `meta.next` link (as MakeLeaps gave it) leads to. */
	async nextPage(url: string, subject: string) {
		return await pageAt(this.op, url, undefined, subject);
	}

	private async once<T>(key: string, read: () => Promise<T>): Promise<T> {
		let shared = this.reads.get(key) as Promise<T> | undefined;
		if (!shared) this.reads.set(key, (shared = read()));
		return await shared;
	}

	/** The first page of clients, 100 a page. */
	async clients(): Promise<Envelope<IDataObject[]>> {
		const partnerMid = this.partnerMid();
		const qs = { per_page: MAX_PAGE_SIZE };
		return await this.once(
			'clients',
			async () => await clientPage(this.op, partnerMid, qs, 'the client list'),
		);
	}

	/** The first page of documents, 100 a page; none: the check cannot tell. */
	async documents(): Promise<IDataObject[]> {
		const partnerMid = this.partnerMid();
		const qs = { per_page: MAX_PAGE_SIZE };
		const page = await this.once(
			'documents',
			async () => await documentPage(this.op, partnerMid, qs, 'the document list'),
		);
		const documents = (page.response ?? []).filter(isRecord);
		if (documents.length === 0) undecided('The account has no documents to look at');
		return documents;
	}

	/** The newest document of the first page (by date; `prefer` first, when one matches). */
	async newest(prefer?: (document: IDataObject) => boolean): Promise<IDataObject> {
		const documents = (await this.documents())
			.map((document, position) => ({ document, position, day: dayOf(document) ?? '' }))
			.sort((a, b) => b.day.localeCompare(a.day) || b.position - a.position)
			.map(({ document }) => document);
		return (prefer && documents.find(prefer)) || documents[0];
	}

	/** A document read on its own. */
	async document(mid: string): Promise<IDataObject> {
		const partnerMid = this.partnerMid();
		return await this.once(
			`document ${mid}`,
			async () => await readDocument(this.op, partnerMid, mid),
		);
	}
}
