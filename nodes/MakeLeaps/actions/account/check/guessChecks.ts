/**
 * Account → Check, guesses of the later operations: the form of the document list's tags filter,
 * how a listed document tells it was accepted, confirmed or converted, the names of a catalog item's values,
 * and the field a pickup link gives its address in.
 */
import type { IDataObject } from 'n8n-workflow';

import { excerpt, MAX_PAGE_SIZE, outcomeOf } from '../../../transport';
import { differs, held, plural, undecided, type Verdict } from './verdicts';
import { failureText, notFoundAt, statusOf } from './failedReads';
import { named, type Check, type Probe } from './probe';
import { documentPage } from '../../../api/documents';
import { tagPage } from '../../../api/tags';
import { catalogItemPage, catalogItemsPath } from '../../../api/catalogItems';
import { pickupLinkPage, pickupLinksPath } from '../../../api/pickupLinks';
import { isRecord } from '../../../model/locators';
import {
	carriesTagOf,
	TagList,
	tagFilterOf,
	tagOf,
	type TagFilter,
	type TagRecord,
} from '../../../model/tags';
import {
	amountKey,
	CATALOG_FIELDS,
	catalogItemName,
	type CatalogValue,
	catalogValues,
} from '../../../model/catalog';
import { LINK_FIELDS, pickupAddress } from '../../document/pickupLinks/links';
import {
	fieldsOfMark,
	fieldsText,
	MARK_FIELDS,
	markOfFields,
	type DocumentMark,
} from '../../../model/marks';
import type { CheckId } from '../../../words/check';

/**
 * How the document list took the tags filter given as `value`, in a few words: applied when
 * every document that came back carries one of the filter's tags and each of `taggedMids` came.
 */
async function tagFilterTake(
	probe: Probe,
	value: string,
	filter: TagFilter,
	taggedMids: string[],
): Promise<{ applied: boolean; text: string }> {
	const qs = { per_page: MAX_PAGE_SIZE, tags: value };
	const read = await outcomeOf(probe.page(documentPage, qs, 'the document list'));
	if (!read.ok) {
		if (statusOf(read.error) !== '400') throw read.error;
		return { applied: false, text: `refused (${failureText(read.error)})` };
	}
	const found = (read.value.response ?? []).filter(isRecord);
	const without = found.filter((d) => carriesTagOf(d, filter) !== true).length;
	if (without > 0)
		return {
			applied: false,
			text: `accepted but not applied (${without} of ${found.length} documents do not show the tag)`,
		};
	const missing = taggedMids.filter((mid) => !found.some((d) => String(d.mid) === mid));
	if (missing.length > 0) {
		const which =
			taggedMids.length === 1
				? 'the tagged document is not'
				: `${missing.length} of the ${taggedMids.length} tagged documents are not`;
		const came =
			found.length === 0
				? 'no document came back'
				: `${which} among the ${plural(found.length, 'document')} that came back`;
		const join = taggedMids.length > 1 ? ': a comma is not read as "either"' : '';
		return { applied: false, text: `accepted, but ${came}${join}` };
	}
	return { applied: true, text: `applied (${plural(found.length, 'document')}, all with the tag)` };
}

/**
 * A second listed document with a tag the first does not carry, itself without the first's tag:
 * a filter of both names must give both documents when a comma means "either".
 */
function otherTagged(
	list: TagList,
	tagged: IDataObject[],
	first: IDataObject,
	tag: TagRecord,
): { document: IDataObject; tag: TagRecord } | undefined {
	const mids = (document: IDataObject) =>
		new Set((document.tags as unknown[]).map((ref) => list.ofRef(ref)?.mid).filter(Boolean));
	const firstMids = mids(first);
	for (const document of tagged) {
		const own = mids(document);
		if (document === first || own.has(tag.mid)) continue;
		const other = [...own].find((mid) => !firstMids.has(mid));
		const record = list.all().find((candidate) => candidate.mid === other);
		if (record) return { document, tag: record };
	}
	return undefined;
}

/** The tag a document's first reference names, among the first page of the partner's tags. */
async function firstTagOf(
	probe: Probe,
	document: IDataObject,
): Promise<{ list: TagList; tag: TagRecord }> {
	const page = await probe.page(tagPage, { per_page: MAX_PAGE_SIZE }, 'the tags');
	const records = (page.response ?? []).map(tagOf).filter((tag) => tag !== undefined);
	const list = new TagList(records);
	const ref = (document.tags as unknown[])[0];
	const tag = list.ofRef(ref);
	if (!tag)
		undecided(
			`The tag ${excerpt(ref, 80)} of ${named(document)} is not among the first ${plural(records.length, 'tag')} listed`,
		);
	return { list, tag };
}

export const tagFilterForm: Check = {
	id: 'tag_filter_form',
	async run(probe) {
		const tagged = (await probe.documents()).filter(
			(d) => Array.isArray(d.tags) && d.tags.length > 0,
		);
		const document = tagged[0] ?? undecided('None of the first documents listed has a tag');
		const { list, tag } = await firstTagOf(probe, document);
		const other = otherTagged(list, tagged, document, tag);
		// the filter as Get Many and the trigger send it: the tags' names, a comma between them
		const names = other ? [tag.name, other.tag.name] : [tag.name];
		const filter = tagFilterOf(list, names, 'Tags');
		const mids = [document, ...(other ? [other.document] : [])].map((d) => String(d.mid));
		const byName = await tagFilterTake(probe, filter.sent, filter, mids);
		const of = other ? `${named(document)} and ${named(other.document)}` : named(document);
		const evidence = `Tags "${names.map((name) => excerpt(name, 40)).join('", "')}" of ${of}: by name ${byName.text}`;
		if (byName.applied)
			return held(
				other
					? evidence
					: `${evidence}; the first documents carry one tag, so two names were not tried`,
			);
		const single = tagFilterOf(list, [tag.name], 'Tags');
		const byMid = await tagFilterTake(probe, tag.mid, single, [String(document.mid)]);
		return differs(`${evidence}; by MID ${byMid.text}`);
	},
};

/**
 * How the first listed documents tell a mark (the client's acceptance or confirmation, a
 * conversion): which of its fields they give (`is_accepted`, `accepted`, `date_accepted`…) and
 * how many are marked; a document giving none of them, or a value that is no mark, differs.
 */
function markFieldsCheck(id: CheckId, mark: DocumentMark): Check {
	const fields = MARK_FIELDS[mark];
	return {
		id,
		async run(probe) {
			const documents = await probe.documents();
			const read = documents.map((document) => ({ document, ...markOfFields(fields, document) }));
			const wrong = read.find((r) => r.problem !== undefined);
			if (wrong) return differs(`${named(wrong.document)}: ${wrong.problem}`);
			const silent = read.filter((r) => r.mark === undefined);
			if (silent.length > 0)
				return differs(
					`${silent.length} of the first ${plural(documents.length, 'document')} listed give ${fieldsText(fields, 'nor')}, such as ${named(silent[0].document)}`,
				);
			const given = fieldsOfMark(fields).filter((field) => documents.some((d) => field in d));
			const marked = read.filter((r) => r.mark !== null).length;
			return held(
				`All ${plural(documents.length, 'document')} of the first page give ${given.join(' and ')} (${marked} marked)`,
			);
		},
	};
}

export const acceptedFields = markFieldsCheck('accepted_fields', 'accepted');
export const confirmedFields = markFieldsCheck('confirmed_fields', 'confirmed');
export const convertedFields = markFieldsCheck('converted_fields', 'converted');

/** The values a line takes from a catalog item, each read under the names CATALOG_FIELDS gives. */
const CATALOG_VALUES: CatalogValue[] = ['code', 'description', 'unitPrice', 'taxRate'];

/** What the catalog's first items lack or give twice, one text each. */
function catalogProblems(items: IDataObject[]): string[] {
	const problems: string[] = [];
	for (const key of CATALOG_VALUES) {
		const names = CATALOG_FIELDS[key];
		const lacking = items.filter((item) => !names.some((name) => name in item));
		if (lacking.length > 0)
			problems.push(
				`${lacking.length} of ${plural(items.length, 'item')} give none of ${names.join(', ')} (item ${catalogItemName(lacking[0])} has ${Object.keys(lacking[0]).join(', ')})`,
			);
	}
	const twoPrices = items.find(
		(item) => new Set(catalogValues(item, 'unitPrice').map((f) => amountKey(f.value))).size > 1,
	);
	if (twoPrices) {
		const given = catalogValues(twoPrices, 'unitPrice').map((f) => `${f.field} ${String(f.value)}`);
		problems.push(`item ${catalogItemName(twoPrices)} gives ${given.join(' and ')}`);
	}
	return problems;
}

export const catalogItemFields: Check = {
	id: 'catalog_item_fields',
	async run(probe) {
		// the address read, as the verdict shows it
		const path = catalogItemsPath(probe.partnerMid());
		const read = await outcomeOf(
			probe.page(catalogItemPage, { per_page: MAX_PAGE_SIZE }, 'the line item catalog'),
		);
		if (!read.ok) return notFoundAt(read.error, path);
		const listed = read.value.response ?? [];
		if (listed.length === 0) undecided(`${path} lists no items`);
		const items = listed.filter(isRecord);
		if (items.length < listed.length)
			return differs(
				`The catalog gives an item as ${excerpt(
					listed.find((i) => !isRecord(i)),
					60,
				)}`,
			);
		const problems = catalogProblems(items);
		if (problems.length > 0) return differs(problems.slice(0, 3).join('; ').slice(0, 300));
		const fields = CATALOG_VALUES.map((key) =>
			CATALOG_FIELDS[key].filter((name) => items.some((item) => name in item)).join('/'),
		);
		return held(`${plural(items.length, 'item')} of the catalog, each with ${fields.join(', ')}`);
	},
};

/** The field a link's shareable address came from. */
const addressField = (link: IDataObject) =>
	LINK_FIELDS.find((field) => link[field] === pickupAddress(link));

/** Whether every pickup link of `document` gives its address in a field the node reads. */
function pickupVerdict(document: IDataObject, links: unknown[]): Verdict {
	const which = named(document);
	const records = links.filter(isRecord);
	if (records.length < links.length)
		return differs(
			`The pickup links of ${which} come as ${excerpt(
				links.find((l) => !isRecord(l)),
				60,
			)}`,
		);
	const without = records.filter((link) => pickupAddress(link) === null);
	if (without.length > 0)
		return differs(
			`${without.length} of the ${plural(records.length, 'pickup link')} of ${which} give no address in ${LINK_FIELDS.join(', ')} (one has ${Object.keys(without[0]).join(', ')})`,
		);
	const fields = [...new Set(records.map(addressField))].join(', ');
	return held(
		`${plural(records.length, 'pickup link')} of ${which}, each with its address in ${fields}`,
	);
}

export const pickupLinkAddress: Check = {
	id: 'pickup_link_address',
	async run(probe) {
		const newest = await probe.newest();
		const next = await probe.newest((d) => d.mid !== newest.mid);
		const tried = next.mid === newest.mid ? [newest] : [newest, next];
		for (const document of tried) {
			const mid = String(document.mid);
			const partnerMid = probe.partnerMid();
			// the address read, as the verdict shows it
			const path = pickupLinksPath(partnerMid, mid);
			const qs = { per_page: MAX_PAGE_SIZE };
			const subject = `the pickup links of document ${mid}`;
			const read = await outcomeOf(pickupLinkPage(probe.op, partnerMid, mid, qs, subject));
			if (!read.ok) return notFoundAt(read.error, path);
			const links = read.value.response ?? [];
			if (links.length > 0) return pickupVerdict(document, links);
		}
		return undecided(`${tried.map(named).join(' and ')}: no pickup links`);
	},
};
