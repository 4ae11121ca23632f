/**
 * A new document: created once, with the type's default template when MakeLeaps requires one,
 * its answer checked (its tags, totals and guessed fields) against what was sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { postDocument } from '../../api/documents';
import { documentChanges } from '../../model/documentBody';
import { linkedMid, midOfUrl } from '../../model/locators';
import { outcomeOf } from '../../transport';
import type { OperationContext } from '../context';
import { clientDocumentIndex, documentScope } from './clientDocuments';
import { createRecord } from '../createRecord';
import type { CreateOnce } from '../creates';
import {
	chooseDefaultTemplate,
	forgetTemplate,
	learnTemplate,
	refusedField,
	templateToSend,
} from './defaultTemplate';
import { checkTags, tagsToMake, withAccountTagNames, withTagUrls } from './documentTags';
import { checkAnswer } from './pickedDocument';

/**
 * POSTs a new document, never twice (see creates.ts), its tags sent as their URLs and checked on
 * the answer (documentTags.ts).
 */
export async function createDocument(
	op: OperationContext,
	partnerMid: string,
	asked: IDataObject,
): Promise<IDataObject> {
	const { body, tags } = await withTagUrls(op, partnerMid, asked);
	const created = await createWithTemplate(op, partnerMid, body);
	checkTags(op, partnerMid, created, tags, 'created');
	return created;
}

/**
 * Without a template, the type's default is sent from the first create on (defaultTemplate.ts);
 * a create MakeLeaps refuses for its template (nothing stored) is made once more with the default
 * read now.
 */
async function createWithTemplate(
	op: OperationContext,
	partnerMid: string,
	body: IDataObject,
): Promise<IDataObject> {
	if (body.document_template !== undefined) return await postOnce(op, partnerMid, body);
	const type = String(body.document_type);
	const template = await templateToSend(op, partnerMid, type);
	const sent = template ? { ...body, document_template: template.code } : body;
	const first = await outcomeOf(postOnce(op, partnerMid, sent));
	if (first.ok) {
		learnTemplate(op, partnerMid, type, first.value);
		return first.value;
	}
	const again = refusedField(first.error, 'document_template') && template?.learnt !== false;
	if (!again) throw first.error;
	// the template the process learnt is no longer taken, or none was sent: read the templates
	forgetTemplate(op, partnerMid, type);
	const code = await chooseDefaultTemplate(op, partnerMid, type);
	const created = await postOnce(op, partnerMid, { ...body, document_template: code });
	learnTemplate(op, partnerMid, type, created);
	return created;
}

/**
 * POSTs the document, never twice: a lost answer is looked up by its External ID, and a document
 * found is this create's only when it is of the type and for the client sent.
 */
async function postOnce(
	op: OperationContext,
	partnerMid: string,
	body: IDataObject,
): Promise<IDataObject> {
	const externalId = body.external_id as string | undefined;
	const type = String(body.document_type);
	const created = await createRecord(
		op,
		async () => await postDocument(op, partnerMid, body),
		() => ({
			externalId,
			index: clientDocumentIndex(op, partnerMid, type, midOfUrl(body.client)),
			scope: documentScope(partnerMid, type, midOfUrl(body.client)),
			// of this type and for this client, as sent
			holdsSent: async (found) =>
				found.filter(
					(document) =>
						document.document_type === type && linkedMid(document.client) === midOfUrl(body.client),
				),
			noun: type,
			keyName: 'External ID',
		}),
	);
	checkAnswer(op, created, body, 'created');
	return created;
}

/**
 * Makes the document with this External ID (or says it would), telling the run what it made; a
 * tag it names that MakeLeaps does not have fails the item first, unless it asks to make it.
 */
export async function settleCreate(
	op: OperationContext,
	partnerMid: string,
	body: IDataObject,
	once: CreateOnce,
	externalId: string,
): Promise<IDataObject> {
	const newTags = await tagsToMake(op, partnerMid, body);
	const named = await withAccountTagNames(op, partnerMid, body);
	return await once.settle(op, externalId, {
		record: named,
		changes: documentChanges(named, {}).changes,
		make: async () => await createDocument(op, partnerMid, named),
		newTags,
	});
}
