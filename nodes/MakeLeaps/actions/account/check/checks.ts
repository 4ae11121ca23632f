/**
 * Account → Check: the guesses the node makes about MakeLeaps, each tested against the user's own
 * account with GET requests only. A check reads at most a page or two; its failure is its own
 * result (`could not tell`, or `differs` where the failure is the answer), never the others'.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	apiUrl,
	excerpt,
	MAX_PAGE_SIZE,
	outcomeOf,
	type Envelope,
	type Outcome,
} from '../../../transport';
import {
	differs,
	held,
	listKeyVerdict,
	pageSizeVerdict,
	plural,
	typeFilterVerdict,
	undecided,
	Undecided,
	type CheckResult,
	type Verdict,
} from './verdicts';
import { rowDetails, rowWords, type CheckId } from './words';
import type { OperationContext } from '../../../run/context';
import { DOCUMENT_TYPES, documentPath, documentsPath } from '../../../api/documents';
import { contactUrl, isRecord, linkedMid } from '../../../model/locators';
import { partnerMidOf } from '../../../api/accountPartners';

/** One output item: flat, one row of a sheet, in the user's words but for its details. */
export interface CheckReport extends IDataObject {
	check: string;
	result: CheckResult;
	what_it_means: string;
	what_to_do: string;
	details: string;
}

interface Check {
	id: CheckId;
	run(probe: Probe): Promise<Verdict>;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const KINDS = ['normal', 'simple', 'text', 'subtotal'];
/** The fields the node reads and writes on a line of each kind. */
const LINE_FIELDS: Record<string, string[]> = {
	normal: ['description', 'quantity', 'unit_cost', 'tax_rate', 'price'],
	simple: ['description', 'price', 'tax_rate'],
	text: ['description'],
	subtotal: [],
};
const AMOUNTS = ['quantity', 'unit_cost', 'price', 'tax_rate'];

/** An HTTP status a failure carries, if any. */
const statusOf = (error: unknown): string => {
	const code = (error as { httpCode?: unknown }).httpCode;
	return typeof code === 'string' ? code : '';
};

/** What went wrong, in one short line (the transport has already stripped every secret). */
function failureText(error: unknown): string {
	const message = String((error as { message?: unknown }).message ?? error).replace(
		/ \[item \d+\]$/,
		'',
	);
	const status = statusOf(error);
	return /^\d{3}$/.test(status) && !message.includes(status)
		? `HTTP ${status}: ${message}`
		: message;
}

/** The calendar day of a record's `date`, if it has one. */
function dayOf(record: IDataObject): string | undefined {
	const day = typeof record.date === 'string' ? record.date.slice(0, 10) : '';
	return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined;
}

const nextDay = (day: string) =>
	new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const hasNormalLine = (document: IDataObject) =>
	Array.isArray(document.lineitems) &&
	document.lineitems.some((line) => isRecord(line) && line.kind === 'normal');

/** A document named for a user: its number and MID. */
const named = (document: IDataObject) =>
	`document ${typeof document.document_number === 'string' && document.document_number ? `${document.document_number} ` : ''}(${String(document.mid)})`;

/** Same values, whatever the order of their keys. */
function sameValue(a: unknown, b: unknown): boolean {
	if (Array.isArray(a) || Array.isArray(b)) {
		return (
			Array.isArray(a) &&
			Array.isArray(b) &&
			a.length === b.length &&
			a.every((item, i) => sameValue(item, b[i]))
		);
	}
	if (isRecord(a) && isRecord(b)) {
		const keys = Object.keys(a);
		return keys.length === Object.keys(b).length && keys.every((key) => sameValue(a[key], b[key]));
	}
	return a === b;
}

/**
 * What the checks share, each read at most once per run: the partner, the first page of clients
 * and of documents, and documents read on their own.
 */
class Probe {
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

	/** One page of a list (a path with a query, or a `meta.next` link as given). */
	async page(pathOrUrl: string, qs: IDataObject | undefined, subject: string) {
		return await this.op.request<IDataObject[]>('GET', pathOrUrl, { qs, expect: 'list', subject });
	}

	private async once<T>(key: string, read: () => Promise<T>): Promise<T> {
		let shared = this.reads.get(key) as Promise<T> | undefined;
		if (!shared) this.reads.set(key, (shared = read()));
		return await shared;
	}

	clientsPath() {
		return `/api/partner/${this.partnerMid()}/client/`;
	}

	/** The first page of clients, 100 a page. */
	async clients(): Promise<Envelope<IDataObject[]>> {
		const path = this.clientsPath();
		return await this.once(
			'clients',
			async () => await this.page(path, { per_page: MAX_PAGE_SIZE }, 'the client list'),
		);
	}

	/** The first page of documents, 100 a page; none: the check cannot tell. */
	async documents(): Promise<IDataObject[]> {
		const path = documentsPath(this.partnerMid());
		const page = await this.once(
			'documents',
			async () => await this.page(path, { per_page: MAX_PAGE_SIZE }, 'the document list'),
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
		const path = documentPath(this.partnerMid(), mid);
		return await this.once(`document ${mid}`, async () => {
			const answer = await this.op.request('GET', path, { subject: `document ${mid}` });
			return answer.response ?? {};
		});
	}
}

const tokenAndPartner: Check = {
	id: 'token_and_partner',
	async run(probe) {
		const page = await probe.page('/api/partner/', undefined, 'the partner list');
		const partners = (page.response ?? []).filter(isRecord);
		if (partners.length === 0) return differs('A token was issued, but the partner list is empty');
		// read as the node reads them (partners.ts): the final `/` may be there or not
		const mids = partners.map((p) => partnerMidOf(p.url));
		if (mids.some((mid) => mid === '')) {
			return differs(`A listed partner has no address ending in its MID: ${excerpt(partners[0])}`);
		}
		const mid = probe.partnerMid();
		const listed = `the API key reaches ${plural(mids.length, 'partner')} (${mids.join(', ')})`;
		if (!mids.includes(mid)) undecided(`Partner ${mid} is not listed: ${listed}`);
		const own = await probe.op.request('GET', `/api/partner/${mid}/`, {
			subject: `partner ${mid}`,
		});
		if (partnerMidOf(own.response?.url) !== mid) {
			return differs(`${listed}, but partner ${mid} answers as ${excerpt(own.response)}`);
		}
		return held(`A token was issued; ${listed}; partner ${mid} answers at its own address`);
	},
};

const pageSize: Check = {
	id: 'page_size',
	async run(probe) {
		const { meta, response = [] } = await probe.clients();
		const count = typeof meta?.count === 'number' ? meta.count : undefined;
		const page = { length: response.length, count, next: meta?.next };
		return pageSizeVerdict(page, MAX_PAGE_SIZE, 'client');
	},
};

const nextPageLink: Check = {
	id: 'next_page_link',
	async run(probe) {
		const path = probe.clientsPath();
		const first = await probe.page(path, { per_page: 1 }, 'the client list');
		const list = first.response ?? [];
		const count = typeof first.meta?.count === 'number' ? first.meta.count : undefined;
		const next = first.meta?.next;
		// an empty link ends a list, as the node reads it
		if (next === undefined || next === null || next === '') {
			if (count === undefined)
				undecided('The first page gave neither meta.count nor meta.next: no second page to see');
			if (count < 2) undecided(`The account has ${plural(count, 'client')}: no second page`);
			return differs(
				`Asked for 1 client a page of ${count}: the first page has no link in meta.next, so the node would read that page only`,
			);
		}
		if (typeof next !== 'string') return differs(`meta.next is not a link: ${excerpt(next, 60)}`);
		if (list.length === 0)
			return differs('The first page is empty but links a next page: the node refuses such a list');
		if (apiUrl(probe.baseUrl, next) === undefined) {
			return differs(
				`meta.next leads outside the Base URL (${probe.shown(next)}): the node refuses to follow it`,
			);
		}
		const second = (await probe.page(next, undefined, 'the client list')).response ?? [];
		const linked = `Asked for 1 client a page, got ${list.length}; meta.next (${probe.shown(next)})`;
		if (second.length === 0) return differs(`${linked} leads to an empty page`);
		// a link that drops per_page gives the node's later pages the default size, not 100
		if (second.length > list.length)
			return differs(`${linked} leads to a page of ${second.length}: the link drops per_page`);
		const firstMids = new Set(list.map((client) => client.mid));
		if (second.some((client) => firstMids.has(client.mid)))
			return differs(`${linked} leads back to a client of the first page`);
		return held(`${linked} led on to the next page, of ${plural(second.length, 'client')}`);
	},
};

/** The first listed client that has contacts; without one, the check cannot tell. */
function clientWithContacts(listed: IDataObject[] | undefined): IDataObject {
	const clients = (listed ?? []).filter(isRecord);
	const client = clients.find((c) => Array.isArray(c.contacts) && c.contacts.length > 0);
	if (client) return client;
	undecided(
		clients.length === 0 ? 'The account has no clients' : 'None of the first clients has a contact',
	);
}

const expandContacts: Check = {
	id: 'expand_contacts',
	async run(probe) {
		const path = probe.clientsPath();
		const page = await probe.page(path, { per_page: 5, expand: 'contacts' }, 'the client list');
		const client = clientWithContacts(page.response);
		const contacts = client.contacts as unknown[];
		const whose = `client ${String(client.mid)}`;
		if (contacts.every((c) => isRecord(c) && (c.mid !== undefined || c.url !== undefined)))
			return held(`The ${plural(contacts.length, 'contact')} of ${whose} came in full`);
		if (contacts.every((c) => typeof c === 'string'))
			return differs(
				`The contacts of ${whose} came as links (such as ${probe.shown(contacts[0] as string)})`,
			);
		return differs(`The contacts of ${whose} came as ${excerpt(contacts[0], 80)}`);
	},
};

const contactOwnUrl: Check = {
	id: 'contact_own_url',
	async run(probe) {
		const client = clientWithContacts((await probe.clients()).response);
		const given = (client.contacts as unknown[])[0];
		const mid = linkedMid(given);
		if (!/^[A-Za-z0-9_-]{1,64}$/.test(mid))
			return differs(
				`A contact is given as ${excerpt(given, 80)}, not as a link ending in its MID`,
			);
		const url = contactUrl(probe.baseUrl, probe.partnerMid(), mid);
		const givenAt = typeof given === 'string' ? given : String((given as IDataObject).url ?? '');
		const elsewhere =
			givenAt && givenAt !== url ? `; the client gives it as ${probe.shown(givenAt)}` : '';
		const answer = await outcomeOf(probe.op.request('GET', url, { subject: `contact ${mid}` }));
		if (!answer.ok) {
			if (['404', '405'].includes(statusOf(answer.error)))
				return differs(`${probe.shown(url)} answered HTTP ${statusOf(answer.error)}${elsewhere}`);
			throw answer.error;
		}
		if (String(answer.value.response?.mid ?? mid) !== mid)
			return differs(`${probe.shown(url)} answered another record${elsewhere}`);
		return held(
			`Contact ${mid} of client ${String(client.mid)} answers at ${probe.shown(url)}${elsewhere} (read only: the check sends no change)`,
		);
	},
};

/** How the document list took one form of the client filter. */
type FilterTake = 'applied' | 'ignored' | 'refused' | 'unclear';

const clientFilterForm: Check = {
	id: 'client_filter_form',
	async run(probe) {
		const documents = await probe.documents();
		const newest = await probe.newest();
		const clientMid = linkedMid(newest.client);
		if (!clientMid) undecided(`The newest ${named(newest)} does not name its client`);
		const others = documents.filter((d) => linkedMid(d.client) !== clientMid).length;
		const path = documentsPath(probe.partnerMid());
		const take = async (value: string): Promise<{ take: FilterTake; text: string }> => {
			const qs = { per_page: MAX_PAGE_SIZE, client: value };
			const read = await outcomeOf(probe.page(path, qs, 'the document list'));
			if (!read.ok) {
				if (statusOf(read.error) !== '400') throw read.error;
				return { take: 'refused', text: `refused (${failureText(read.error)})` };
			}
			const found = (read.value.response ?? []).filter(isRecord);
			const foreign = found.filter(
				(d) => d.client !== undefined && linkedMid(d.client) !== clientMid,
			).length;
			if (foreign > 0)
				return {
					take: 'ignored',
					text: `accepted but not applied (${foreign} of ${found.length} documents are other clients')`,
				};
			if (others === 0)
				return { take: 'unclear', text: `accepted (${plural(found.length, 'document')})` };
			return {
				take: 'applied',
				text: `applied (${plural(found.length, 'document')}, all the client's)`,
			};
		};
		const byMid = await take(clientMid);
		const byUrl = await take(probe.op.clientUrl(probe.partnerMid(), clientMid));
		const evidence = `Client ${clientMid}: by MID ${byMid.text}; by address ${byUrl.text}`;
		if (byMid.take === 'applied') return held(evidence);
		if (byMid.take === 'unclear')
			undecided(`${evidence}; the first page holds only this client's documents`);
		const after =
			byMid.take === 'refused' && byUrl.take === 'applied'
				? ' (the node switches to the address after one refused request a run)'
				: '';
		return differs(`${evidence}${after}`);
	},
};

const documentTypeFilter: Check = {
	id: 'document_type_filter',
	async run(probe) {
		const documents = await probe.documents();
		const newest = await probe.newest();
		if (typeof newest.document_type !== 'string')
			undecided(`The listed ${named(newest)} gives no document_type`);
		const seen = [...new Set(documents.map((d) => d.document_type).filter(Boolean))].map(String);
		const ask =
			seen.find((type) => type !== newest.document_type) ??
			['invoice', 'quote', ...Object.keys(DOCUMENT_TYPES)].find(
				(type) => type !== newest.document_type,
			)!;
		const qs = { per_page: MAX_PAGE_SIZE, document_type: ask };
		const page = await probe.page(documentsPath(probe.partnerMid()), qs, 'the document list');
		return typeFilterVerdict(ask, seen, (page.response ?? []).filter(isRecord));
	},
};

const dateFilter: Check = {
	id: 'date_filter',
	async run(probe) {
		const documents = await probe.documents();
		const days = documents.map(dayOf);
		if (days.some((day) => day === undefined))
			undecided('A listed document gives no date as YYYY-MM-DD');
		const latest = (days as string[]).reduce((a, b) => (b > a ? b : a));
		const earliest = (days as string[]).reduce((a, b) => (b < a ? b : a));
		const from = earliest < latest ? latest : nextDay(latest);
		const qs = { per_page: MAX_PAGE_SIZE, date__gte: from };
		const page = await probe.page(documentsPath(probe.partnerMid()), qs, 'the document list');
		const found = (page.response ?? []).filter(isRecord);
		const before = found.filter((d) => (dayOf(d) ?? from) < from);
		const asked = `Asked for documents dated ${from} or later (the list's first page runs from ${earliest} to ${latest})`;
		if (before.length > 0)
			return differs(
				`${asked}: ${before.length} of ${found.length} are dated earlier, such as ${dayOf(before[0])}`,
			);
		if (found.length === 0) {
			if (from === latest)
				return differs(`${asked}: none came back, though one is dated ${latest}`);
			undecided(
				`${asked}: none came back; every listed document is dated ${latest}, so whether later ones are kept is not known`,
			);
		}
		return held(`${asked}: ${plural(found.length, 'document')}, none earlier`);
	},
};

const templates: Check = {
	id: 'templates',
	async run(probe) {
		const path = `/api/partner/${probe.partnerMid()}/template/invoice/`;
		const read = await outcomeOf(
			probe.page(path, { per_page: MAX_PAGE_SIZE }, 'the invoice templates'),
		);
		if (!read.ok) {
			if (['404', '405'].includes(statusOf(read.error)))
				return differs(`${path} answered HTTP ${statusOf(read.error)}`);
			throw read.error;
		}
		const list = read.value.response ?? [];
		if (list.length === 0) undecided(`${path} lists no templates`);
		const bad = list.filter(
			(t) => !isRecord(t) || typeof t.code !== 'string' || typeof t.name !== 'string',
		);
		if (bad.length > 0) {
			const fields = isRecord(bad[0]) ? Object.keys(bad[0]).join(', ') : excerpt(bad[0], 60);
			return differs(
				`${bad.length} of ${list.length} templates lack a code or a name (one has: ${fields})`,
			);
		}
		const codes = list.slice(0, 3).map((t) => String(t.code));
		return held(`${plural(list.length, 'invoice template')}, such as ${codes.join(', ')}`);
	},
};

const lineItemShape: Check = {
	id: 'line_item_shape',
	async run(probe) {
		const chosen = await probe.newest(hasNormalLine);
		const document = await probe.document(String(chosen.mid));
		const lines = document.lineitems;
		const which = named(document);
		if (!Array.isArray(lines)) return differs(`${which} has no list of line items (lineitems)`);
		if (lines.length === 0) undecided(`${which} has no line items`);
		if (!lines.every(isRecord))
			return differs(`The line items of ${which} are not records: ${excerpt(lines[0], 80)}`);
		const problems: string[] = [];
		lines.forEach((line, i) => {
			const kind = String(line.kind);
			if (!KINDS.includes(kind)) {
				problems.push(`line ${i + 1} has kind ${excerpt(line.kind, 30)}`);
				return;
			}
			const missing = LINE_FIELDS[kind].filter((field) => line[field] === undefined);
			if (missing.length > 0) problems.push(`line ${i + 1} (${kind}) lacks ${missing.join(', ')}`);
			const notText = LINE_FIELDS[kind].filter(
				(field) =>
					AMOUNTS.includes(field) &&
					line[field] !== undefined &&
					!(typeof line[field] === 'string' && DECIMAL.test(line[field])),
			);
			if (notText.length > 0)
				problems.push(`line ${i + 1} (${kind}) has ${notText.join(', ')} not as decimal texts`);
		});
		const kinds = [...new Set(lines.map((line) => String(line.kind)))].join(', ');
		if (problems.length > 0) {
			const fields = Object.keys(lines[0]).join(', ');
			return differs(
				`${which}: ${problems.slice(0, 3).join('; ')} (line 1 has: ${fields})`.slice(0, 300),
			);
		}
		const normal = lines.find((line) => line.kind === 'normal');
		if (!normal)
			undecided(
				`${which} has ${kinds} lines and no normal one (quantity × unit price): its fields and computed price were not seen`,
			);
		return held(
			`${which}: ${plural(lines.length, 'line')} (${kinds}); a normal line has ${Object.keys(normal).join(', ')}, its price computed`,
		);
	},
};

const listLineItems: Check = {
	id: 'list_line_items',
	async run(probe) {
		const listed = await probe.newest();
		const own = (await probe.document(String(listed.mid))).lineitems;
		const which = named(listed);
		if (!Array.isArray(own) || own.length === 0)
			undecided(`${which} has no line items when read on its own`);
		const lines = listed.lineitems;
		const ownCount = `on its own it has ${plural(own.length, 'line')}`;
		if (lines === undefined)
			return differs(`The list leaves out the lines of ${which}; ${ownCount}`);
		if (!Array.isArray(lines))
			return differs(`The list gives the lines of ${which} as ${excerpt(lines, 60)}; ${ownCount}`);
		if (lines.length === 0) return differs(`The list gives ${which} with no lines; ${ownCount}`);
		if (lines.some((line) => typeof line === 'string'))
			return differs(
				`The list gives the lines of ${which} as links (such as ${probe.shown(String(lines[0]))}); ${ownCount}`,
			);
		if (!sameValue(lines, own))
			return differs(
				`The list gives ${plural(lines.length, 'line')} for ${which} that differ from the document's own (${ownCount})`,
			);
		return held(`The list gives the ${plural(own.length, 'line')} of ${which} in full`);
	},
};

/** Whether every record of a list's first page carries the field a Create or Update finds by. */
function listKeyCheck(
	id: CheckId,
	key: string,
	noun: string,
	records: (probe: Probe) => Promise<IDataObject[]>,
): Check {
	return {
		id,
		async run(probe) {
			return listKeyVerdict(await records(probe), key, noun);
		},
	};
}

const clientListKeys = listKeyCheck(
	'client_list_keys',
	'client_external_id',
	'client',
	async (probe) => ((await probe.clients()).response ?? []).filter(isRecord),
);

const documentListKeys = listKeyCheck(
	'document_list_keys',
	'external_id',
	'document',
	async (probe) => await probe.documents(),
);

const pdfForm: Check = {
	id: 'pdf_form',
	async run(probe) {
		const document = await probe.newest();
		const mid = String(document.mid);
		const path = `${documentPath(probe.partnerMid(), mid)}pdf/`;
		const given = document.pdf_content_url;
		const { transport } = probe.op.run;
		const elsewhere =
			typeof given === 'string' && given !== transport.url(path)
				? `; its pdf_content_url is ${probe.shown(given)}`
				: '';
		const read = await outcomeOf(
			transport.downloadTraced(path, {
				itemIndex: probe.op.itemIndex,
				subject: `PDF of document ${mid}`,
				maxBytes: 50 * 1024 * 1024,
			}),
		);
		const which = `The PDF of ${named(document)}`;
		if (!read.ok) {
			const status = statusOf(read.error);
			const answered =
				/^(3\d\d|404|405|410)$/.test(status) ||
				String((read.error as Error).message).startsWith('The answer of MakeLeaps could not');
			if (answered) return differs(`${which}: ${failureText(read.error)}${elsewhere}`);
			throw read.error;
		}
		const size = `${(read.value.file.length / 1024).toFixed(1)} kB`;
		const how = read.value.storedAt
			? `a redirect to ${new URL(read.value.storedAt).origin}/…, fetched without the token: a PDF of ${size}`
			: `the file itself (a PDF of ${size})`;
		return held(`${which} came as ${how}${elsewhere}`);
	},
};

/** Every check, in the order of the output. */
export const CHECKS: readonly Check[] = [
	tokenAndPartner,
	pageSize,
	nextPageLink,
	expandContacts,
	contactOwnUrl,
	clientFilterForm,
	documentTypeFilter,
	dateFilter,
	templates,
	lineItemShape,
	listLineItems,
	clientListKeys,
	documentListKeys,
	pdfForm,
];

/** Runs every check for the item, one after the other, each on its own. */
export async function checkAccount(op: OperationContext): Promise<CheckReport[]> {
	const probe = new Probe(op, await outcomeOf(op.partnerMid()));
	const reports: CheckReport[] = [];
	for (const check of CHECKS) {
		const outcome = await outcomeOf(check.run(probe));
		const verdict: Verdict = outcome.ok
			? outcome.value
			: { result: 'could not tell', evidence: failureText(outcome.error) };
		const readFailed = !outcome.ok && !(outcome.error instanceof Undecided);
		// every field without the credential's values, before IDs are shortened or the text cut
		const report = op.run.transport.shareable<CheckReport>({
			...rowWords(check.id, verdict.result, readFailed),
			details: verdict.evidence,
		});
		report.details = rowDetails(check.id, report.details);
		reports.push(report);
	}
	return reports;
}
