/**
 * The partner's documents with filters, each filter checked again on what comes back (a service
 * that ignores one gives documents it should not); the client filter sent in the form MakeLeaps
 * accepts; the tags filter sent as the tags' names.
 */
import type { IDataObject } from 'n8n-workflow';

import { listDocuments } from '../../api/documents';
import { linkedMid } from '../../model/locators';
import { carriesTagOf, type TagFilter } from '../../model/tags';
import type { OperationContext } from '../context';
import { byClient } from './clientFilter';

/** What the document list is asked to filter by, checked again on each document it gives. */
export interface DocumentFilters {
	document_type?: string;
	/** A client MID. */
	client?: string;
	date__gte?: string;
	date__lte?: string;
	sent?: 'true' | 'false';
	paid?: 'true' | 'false';
	cancelled?: 'true' | 'false';
}

/**
 * Whether a document MakeLeaps listed contradicts a filter it was asked for (the service ignored
 * it). A field the document does not carry cannot contradict: the caller decides what that means.
 */
export function contradicts(document: IDataObject, filters: DocumentFilters): boolean {
	const has = (field: string) => document[field] !== undefined;
	const day = typeof document.date === 'string' ? document.date.slice(0, 10) : undefined;
	const mark = (field: string, wanted?: string) =>
		wanted !== undefined && has(field) && Boolean(document[field]) !== (wanted === 'true');
	return (
		(filters.document_type !== undefined &&
			has('document_type') &&
			document.document_type !== filters.document_type) ||
		(filters.client !== undefined &&
			has('client') &&
			linkedMid(document.client) !== filters.client) ||
		(filters.date__gte !== undefined && day !== undefined && day < filters.date__gte) ||
		(filters.date__lte !== undefined && day !== undefined && day > filters.date__lte) ||
		mark('date_sent', filters.sent) ||
		mark('date_paid', filters.paid) ||
		mark('date_cancelled', filters.cancelled)
	);
}

/**
 * Documents of the list with these filters, as many as `limit`, re-checked on what comes back.
 * The `client` filter is sent in the form MakeLeaps accepts (clientFilter.ts): the client's MID,
 * or its URL when the MID is refused as a bad request (400), the form that worked kept. When
 * MakeLeaps refuses both, a read made only to decide answers `undefined` (`refused: 'tell'`);
 * otherwise MakeLeaps' own answer is the error.
 */
export async function documentsMatching(
	op: OperationContext,
	partnerMid: string,
	filters: DocumentFilters,
	qs: IDataObject,
	limit: number,
	refused: 'tell' | 'throw',
	tags?: TagFilter,
): Promise<IDataObject[] | undefined> {
	const read = async (query: IDataObject) => {
		const asked = tags ? { ...query, tags: tags.sent } : query;
		return await listDocuments(op.run.transport, partnerMid, asked, limit, op.itemIndex);
	};
	let documents: IDataObject[];
	if (filters.client === undefined) documents = await read({ ...qs, ...filters });
	else {
		const { baseUrl } = op.run.transport;
		const found = await byClient(
			op.run.account(partnerMid),
			baseUrl,
			partnerMid,
			filters.client,
			async (client) => await read({ ...qs, ...filters, client }),
		);
		if (!found.ok) {
			if (refused === 'throw') throw found.refusal;
			return undefined;
		}
		documents = found.value;
	}
	const kept = documents.filter((document) => !contradicts(document, filters));
	return tags ? withTagOf(op, kept, tags) : kept;
}

/**
 * The documents carrying one of the filter's tags (a comma means OR); a document listed without
 * its tags fails the item: the filter cannot be checked on it.
 */
function withTagOf(op: OperationContext, documents: IDataObject[], tags: TagFilter) {
	return documents.filter((document) => {
		const carries = carriesTagOf(document, tags);
		if (carries === undefined) {
			op.fail(
				"MakeLeaps' document list gave documents without their tags, so the Tags filter cannot be checked",
				'Nothing was output for this item. Run Account → Check and report what it says.',
			);
		}
		return carries;
	});
}
