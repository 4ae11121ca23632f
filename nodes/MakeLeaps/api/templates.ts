/**
 * MakeLeaps' document templates: where they are, and the list of one document type's. The only
 * place their paths are written.
 */
import type { IDataObject } from 'n8n-workflow';

import { isRecord } from '../model/locators';
import { MAX_PAGE_SIZE } from '../transport';
import { partnerPath } from './accountPartners';
import type { ItemRequests } from './requests';

/** The templates of one document type (`invoice`, `quote`…). */
export const templatesPath = (partnerMid: string, documentType: string) =>
	`${partnerPath(partnerMid)}template/${documentType}/`;

/** The first page of a document type's templates (a type has a few), in MakeLeaps' order. */
export async function listTemplates(
	requests: ItemRequests,
	partnerMid: string,
	documentType: string,
): Promise<IDataObject[]> {
	const answer = await requests.request<IDataObject[]>(
		'GET',
		templatesPath(partnerMid, documentType),
		{ qs: { per_page: MAX_PAGE_SIZE }, expect: 'list', subject: `the ${documentType} templates` },
	);
	return Array.isArray(answer.response) ? answer.response.filter(isRecord) : [];
}
