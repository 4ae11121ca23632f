/**
 * Account → Check, the document list's filters: by client (which form of it MakeLeaps applies),
 * by document type and by date, each judged on what came back.
 */
import { MAX_PAGE_SIZE, outcomeOf } from '../../../transport';
import { differs, held, plural, typeFilterVerdict, undecided } from './verdicts';
import { failureText, statusOf } from './failedReads';
import { dayOf, named, type Check, type Probe } from './probe';
import { DOCUMENT_TYPES, documentPage } from '../../../api/documents';
import { isRecord, linkedMid } from '../../../model/locators';
import type { IDataObject } from 'n8n-workflow';

/** How the document list took one form of the client filter, and the evidence of it. */
interface FilterTake {
	take: 'applied' | 'ignored' | 'refused' | 'missing' | 'unclear';
	text: string;
}

/**
 * The document list asked for the documents of the client of `known` (one of its documents), the
 * filter given as `value`; `others`: how many documents of the unfiltered page are other clients'.
 */
async function clientFilterTake(
	probe: Probe,
	known: IDataObject,
	value: string,
	others: number,
): Promise<FilterTake> {
	const clientMid = linkedMid(known.client);
	const qs = { per_page: MAX_PAGE_SIZE, client: value };
	const read = await outcomeOf(probe.page(documentPage, qs, 'the document list'));
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
	// the client's own document must be among them: a filter that finds nothing is not applied
	if (!found.some((d) => d.mid === known.mid))
		return {
			take: 'missing',
			text: `accepted but the client's ${named(known)} is not among the ${plural(found.length, 'document')} it gave`,
		};
	if (others === 0)
		return { take: 'unclear', text: `accepted (${plural(found.length, 'document')})` };
	return {
		take: 'applied',
		text: `applied (${plural(found.length, 'document')}, all the client's)`,
	};
}

export const clientFilterForm: Check = {
	id: 'client_filter_form',
	async run(probe) {
		const documents = await probe.documents();
		const newest = await probe.newest();
		const clientMid = linkedMid(newest.client);
		if (!clientMid) undecided(`The newest ${named(newest)} does not name its client`);
		const others = documents.filter((d) => linkedMid(d.client) !== clientMid).length;
		const byMid = await clientFilterTake(probe, newest, clientMid, others);
		const clientUrl = probe.op.clientUrl(probe.partnerMid(), clientMid);
		const byUrl = await clientFilterTake(probe, newest, clientUrl, others);
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

export const documentTypeFilter: Check = {
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
		const page = await probe.page(documentPage, qs, 'the document list');
		return typeFilterVerdict(ask, seen, (page.response ?? []).filter(isRecord));
	},
};

const nextDay = (day: string) =>
	new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export const dateFilter: Check = {
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
		const page = await probe.page(documentPage, qs, 'the document list');
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
