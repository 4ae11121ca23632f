/**
 * MakeLeaps' document templates: where they are, and the list of one document type's. The only
 * place their paths are written.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE } from '../transport';
import { partnerPath } from './accountPartners';
import { pageAt, type ItemRequests, type Requests } from './requests';

/** The templates of one document type (`invoice`, `quote`…). */
export const templatesPath = (partnerMid: string, documentType: string) =>
	`${partnerPath(partnerMid)}template/${documentType}/`;

/** One page of a document type's templates, as MakeLeaps gives it. */
export async function templatePage(
	requests: Requests,
	partnerMid: string,
	documentType: string,
	qs?: IDataObject,
	subject?: string,
) {
	return await pageAt(requests, templatesPath(partnerMid, documentType), qs, subject);
}

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
	const templates: unknown[] = Array.isArray(answer.response) ? answer.response : [];
	// only records: a template given as anything else is no template
	return templates.filter(
		(template): template is IDataObject =>
			typeof template === 'object' && template !== null && !Array.isArray(template),
	);
}
