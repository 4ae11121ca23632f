/**
 * Document → Create or Update: the document of a type with an External ID made, changed or left.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../run/context';
import { documentsOverlap } from '../../run/document/numbersGiven';
import { checkDate } from '../../model/dates';
import { documentChanges } from '../../model/documentBody';
import {
	clientDocumentIndex,
	documentScope,
	documentWithExternalId,
} from '../../run/document/clientDocuments';
import { settleCreate } from '../../run/document/documentCreate';
import { documentCheck } from '../../run/memory';
import { linkedMid } from '../../model/locators';
import { AfterItsClient } from '../../run/client/clientMadeEarlier';
import { checkTagsNamed, tagsToMake, withTagNames } from '../../run/document/documentTags';
import { changeDocument, checkAnswer, getDocument } from '../../run/document/pickedDocument';
import { withMainFields } from '../../model/fields';
import { fieldsOn } from '../../model/documentFields';
import { createMissingTagsOption } from './fields/document.fields';
import { documentFromInput, documentTypeOf } from './fromItem';
import { checkGroupAgrees, groupsBy, refuseSharedExternalId } from './groups';
import { documentInputs, groupByOption } from './fields/inputs';

export { groupsBy };

const show = { resource: ['document'], operation: ['createOrUpdate'] };
const fields = withMainFields(fieldsOn('createOrUpdate'), ['externalId']);

export const description = [
	...documentInputs(fields, show).map((property) =>
		property.name === 'externalId'
			? {
					...property,
					required: true,
					description:
						'Your own identifier for the document, such as the row or order it comes from. The document of this type with this ID is updated; when there is none, it is made.',
				}
			: property,
	),
];

export const options: INodeProperties[] = [
	createMissingTagsOption,
	groupByOption,
	{
		displayName: 'Rows With One External ID',
		name: 'sameExternalId',
		type: 'options',
		options: [
			{
				name: 'Refuse Them',
				value: 'refuse',
				description:
					'Rows that give one External ID and differ fail, and nothing is written for them: set Group Rows By, or give each row its own ID',
			},
			{
				name: 'Each Updates in Turn',
				value: 'inTurn',
				description:
					"Each row makes or changes the document in input order: the last row's values win, its lines replacing the others'",
			},
		],
		default: 'refuse',
		description:
			'What to do when several rows of a run give one External ID without Group Rows By and differ',
	},
	{
		displayName: 'Only Documents Dated From',
		name: 'scanFrom',
		type: 'string',
		default: '',
		placeholder: 'e.g. 2026-01-01',
		description:
			'Look for the external ID only among documents dated from this day (YYYY-MM-DD): fewer documents to read when the account has many. Every row then needs a Date on or after this day.',
	},
];

export const previewable = true;

/** A new client has no documents: a row for one that an earlier node would create makes it. */
export const createsForNewClient = true;

export const simplifies = true;

/**
 * A few documents at a time when every document gives its number and no row meets another
 * through one (run/document/numbersGiven.ts): the rows' documents are those of the list the
 * first item read.
 */
export const overlaps = async (first: OperationContext, count: number) =>
	await documentsOverlap(first, count, {
		table: fields,
		groupsBy,
		byExternalId: { listOf, documents: listRead },
	});

/** What decides the list a row's document is found in: its Partner, type and first day. */
const listOf = (op: OperationContext) => {
	const ahead = (name: string, fallback?: unknown) =>
		op.run.parameters.readAhead(name, op.itemIndex, fallback);
	const options = ahead('options', {}) as IDataObject | undefined;
	return JSON.stringify([ahead('partner'), ahead('documentType', 'invoice'), options?.scanFrom]);
};

/** The documents of the first item's list as the run knows them, when it was read. */
async function listRead(first: OperationContext) {
	const partnerMid = await first.run.knownPartner(first.itemIndex);
	if (partnerMid === undefined) return undefined;
	const since = checkDate(first.collection('options').scanFrom, first.label('options.scanFrom'));
	const type = documentTypeOf(first);
	const read = await first.run
		.wholeDocumentList(partnerMid, type, since ?? '')
		.current()
		?.catch(() => undefined);
	// each client's documents read on their own: the run cannot tell which numbers others hold
	const records = read?.records as IDataObject[] | undefined;
	return records?.filter((document) => documentCheck(type, since ?? '')(document) === true);
}

/**
 * Finds the document of this type by its external ID and decides: make it, change what differs,
 * or leave it. A document already sent or paid is not changed. Rows with the same ID in other
 * executions of this n8n process wait for each other.
 */
export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	await checkGroupAgrees(op, fields, partnerMid);
	const type = documentTypeOf(op);
	// checked before the document's client is looked for: a refused row costs no request
	const externalId = op.fieldValues(fields).external_id as string | undefined;
	if (!externalId)
		op.fail('External ID is empty', 'Create or Update finds the document by this ID');
	if (op.collection('options').sameExternalId !== 'inTurn')
		await refuseSharedExternalId(op, type, externalId);
	const since = checkDate(op.collection('options').scanFrom, op.label('options.scanFrom'));
	if (since) checkInWindow(op, op.fieldValues(fields).date, since);
	const wanted = await documentFromInput(op, fields, partnerMid, false).catch(
		async (error: unknown) => {
			// a preview's client an earlier node would create: what the row fails on anyway first
			if (error instanceof AfterItsClient) await checkTagsNamed(op, partnerMid, fields);
			throw error;
		},
	);
	const clientMid = linkedMid(wanted.client);
	const index = clientDocumentIndex(op, partnerMid, type, clientMid, since);
	const once = op.run.creates(documentScope(partnerMid, type, clientMid), index);
	return await once.inTurn(op, externalId, async () => {
		const listed = await documentWithExternalId(op, once, type, externalId);
		if (!listed) {
			const body = await documentFromInput(op, fields, partnerMid, true);
			return await settleCreate(op, partnerMid, body, once, externalId);
		}
		const existing =
			listed.mid !== undefined && needsOwnRead(wanted, listed)
				? await getDocument(op, partnerMid, String(listed.mid))
				: listed;
		const named = await withTagNames(op, partnerMid, wanted, existing);
		const { patch, changes } = documentChanges(named.wanted, named.document);
		const changed = Object.keys(changes);
		if (changed.length === 0) return await op.settle({ action: 'unchanged', record: existing });
		refuseIfSentOrPaid(op, existing, type, externalId, changed);
		const newTags = await tagsToMake(op, partnerMid, patch);
		return await op.settle({
			action: 'update',
			record: existing,
			changes,
			newTags,
			apply: async () => {
				const mid = String(existing.mid);
				// read again just before writing: one sent or paid since the scan is left alone
				refuseIfSentOrPaid(op, await getDocument(op, partnerMid, mid), type, externalId, changed);
				const result = await changeDocument(op, partnerMid, mid, patch);
				await index.record(result);
				checkAnswer(op, result, { ...patch, currency: existing.currency }, 'changed');
				return result;
			},
		});
	});
}

/**
 * Rows are found only among documents dated from Only Documents Dated From: a row dated before
 * it, or without a date (its document would be dated the day it is made), could not be found
 * by a later run and would be made again.
 */
function checkInWindow(op: OperationContext, date: unknown, since: string) {
	const option = op.label('options.scanFrom');
	if (typeof date !== 'string' || date === '') {
		op.fail(
			`Date is empty, and ${option} is set: the document could not be found again by its date`,
			`With ${option}, give every document its Date (on or after ${since}), or leave ${option} empty.`,
		);
	}
	if (date < since) {
		op.fail(
			`Date ${date} is before ${option} (${since}): a document with this date is not looked for, so it is not made`,
			`Choose a day of ${option} on or before the earliest Date of your documents.`,
		);
	}
}

/** A document already sent or paid is never changed. */
function refuseIfSentOrPaid(
	op: OperationContext,
	document: IDataObject,
	type: string,
	externalId: string,
	changed: string[],
) {
	if (!document.date_sent && !document.date_paid) return;
	op.fail(
		`The ${type} "${String(document.document_number)}" with External ID "${externalId}" was already ${document.date_paid ? 'paid' : 'sent'}; it is not changed`,
		`What was asked for differs from it in: ${changed.join(', ')}. Change the ${type} in MakeLeaps itself, or give another External ID for a new ${type}.`,
	);
}

/**
 * Whether a document as a list gave it lacks what the comparison with the row needs: its line
 * items (missing, empty or given as links) or a field the row sets. Deciding from such a record
 * would rewrite what is already there; the document read on its own is compared instead.
 */
function needsOwnRead(wanted: IDataObject, listed: IDataObject): boolean {
	const lines = listed.lineitems;
	if (!Array.isArray(lines) || lines.length === 0) return true;
	if (!lines.every((line) => typeof line === 'object' && line !== null && !Array.isArray(line)))
		return true;
	return Object.keys(wanted).some(
		(key) => key !== 'autocalculate' && key !== 'document_type' && !(key in listed),
	);
}
