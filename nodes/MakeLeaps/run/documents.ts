/**
 * The document domain with its requests: create (never twice), read, change, and the PDF.
 */
import type { IDataObject, INodeParameterResourceLocator } from 'n8n-workflow';

import type { OperationContext } from './context';
import { createRecord } from './creates';
import { today } from '../model/dates';
import { documentBody, documentChanges } from '../model/documentBody';
import type { RecordIndex } from './recordIndex';
import { withDefaults, type FieldTable, type FieldValues } from '../model/fields';
import { lineItems, linesFromList } from '../model/lineItems';
import {
	contactMidOf,
	contactUrl,
	linkedMid,
	midOfUrl,
	pickedValue,
	recordMidOf,
} from '../model/locators';
import { findInList } from './listLookup';
import { chooseDefaultTemplate, refusedField, templateChosenInRun } from './templates';
import { totalsProblem } from '../model/totals';
import { checkText, InvalidInput } from '../model/validation';
import { MAX_PAGE_SIZE, outcomeOf } from '../transport';
import { documentPath, documentsPath } from '../api/documents';

/** The document types MakeLeaps makes, with the names the editor shows. */
export const DOCUMENT_TYPES: Record<string, string> = {
	invoice: 'Invoice',
	quote: 'Quote',
	order: 'Order',
	orderslip: 'Order Slip',
	orderconfirmation: 'Order Confirmation',
	deliveryslip: 'Delivery Slip',
	acceptance: 'Acceptance',
	receipt: 'Receipt',
	timesheet: 'Timesheet',
};
const TEMPLATE_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** The document type parameter, checked (an expression can give anything). */
export function documentTypeOf(op: OperationContext): string {
	const type = checkText(op.parameter('documentType', 'invoice'), op.label('documentType'));
	if (!Object.keys(DOCUMENT_TYPES).includes(type)) {
		throw new InvalidInput(
			`${op.label('documentType')} "${type}" is not one of ${Object.keys(DOCUMENT_TYPES).join(', ')}`,
		);
	}
	return type;
}

/** The line items of the item, from the editor's fields or a list in the input, checked. */
export function lineItemsOf(op: OperationContext, currency: string): IDataObject[] {
	const from = op.parameter('lineItemsFrom', 'fields');
	const label = op.label('lineItems');
	const lines =
		from === 'json'
			? linesFromList(op.parameter('lineItemsJson'), op.label('lineItemsJson'))
			: ((op.collection('lineItems').line as IDataObject[] | undefined) ?? []);
	return lineItems(lines, label, currency);
}

/**
 * The lines of a document made of a group of items (Options > Group Rows By): each item's lines,
 * in input order, each named by its item in errors.
 */
export function groupLineItems(op: OperationContext, group: number[], currency: string) {
	return group.flatMap((item) => {
		const member = op.forItem(item);
		const from = member.parameter('lineItemsFrom', 'fields');
		const lines =
			from === 'json'
				? linesFromList(
						member.parameter('lineItemsJson'),
						`${op.label('lineItemsJson')} of item ${item}`,
					)
				: ((member.collection('lineItems').line as IDataObject[] | undefined) ?? []);
		return lineItems(lines, `${op.label('lineItems')} of item ${item}`, currency);
	});
}

/** What an item gives for the parts a document has once (all but its lines), checked. */
export interface DocumentParts {
	values: FieldValues;
	type: string;
	clientMid: string;
	/** The Client Contact picked; empty for the client's default contact. */
	contactMid: string;
	template: string;
}

/** The parts of its document an item gives (the rows of a group must give the same, see groups.ts). */
export async function documentPartsOf(
	op: OperationContext,
	table: FieldTable,
	partnerMid: string,
): Promise<DocumentParts> {
	const values = op.fieldValues(table);
	const type = documentTypeOf(op);
	const clientMid = await op.clientMid('client', partnerMid);
	const contact = pickedValue(op.parameter('clientContact'));
	const contactMid =
		contact === undefined
			? ''
			: contactMidOf(contact, op.label('clientContact'), op.run.transport.baseUrl, partnerMid);
	const template = checkText(
		(op.parameter('template') as INodeParameterResourceLocator | undefined)?.value,
		op.label('template'),
	);
	if (template && !TEMPLATE_CODE.test(template)) {
		throw new InvalidInput(
			`${op.label('template')} "${template}" is not a template code such as ja_JP_2`,
		);
	}
	return { values, type, clientMid, contactMid, template };
}

/**
 * The document an item asks for, as a create body. A new document gets today's date and the
 * client's default contact when none is given; for a comparison with an existing one, only what
 * the item sets is in the body.
 */
export async function documentFromInput(
	op: OperationContext,
	table: FieldTable,
	partnerMid: string,
	isNew: boolean,
): Promise<IDataObject> {
	const parts = await documentPartsOf(op, table, partnerMid);
	const { type, clientMid, contactMid, template } = parts;
	// a new document gets the fields' defaults; for a comparison, only what the item gives counts
	const values = isNew ? withDefaults(table, parts.values) : parts.values;
	const currency = values.currency ?? 'JPY';
	const group = op.group.length > 1 ? op.group : undefined;
	const lines = group ? groupLineItems(op, group, currency) : lineItemsOf(op, currency);
	const { baseUrl } = op.run.transport;
	if (isNew && !values.date) values.date = today(op.run.n8n.getTimezone());
	const contactUrlOf = async () =>
		contactMid
			? contactUrl(baseUrl, partnerMid, contactMid)
			: isNew
				? await defaultContactUrl(op, partnerMid, clientMid)
				: undefined;
	return documentBody(values, {
		type,
		clientUrl: op.clientUrl(partnerMid, clientMid),
		contactUrl: await contactUrlOf(),
		template: template || undefined,
		lines,
	});
}

export { documentPath, documentsPath };

/** The MID a document locator names: from the list, by URL or by ID. */
export function documentMidOf(op: OperationContext, partnerMid: string): string {
	const locator = op.parameter('document') as INodeParameterResourceLocator | undefined;
	const prefix = op.run.transport.url(documentsPath(partnerMid));
	return recordMidOf(locator, op.label('document'), prefix, 'document');
}

/**
 * What a read of a document the item outputs as a flat row (Simplify) asks for: its client in
 * full, so the row names it with no read more (ignored, the row gives the client's MID alone).
 */
export const clientNamed = (op: OperationContext): IDataObject | undefined =>
	op.simplify ? { expand: 'client' } : undefined;

/** A document as MakeLeaps returns it. */
export async function getDocument(
	op: OperationContext,
	partnerMid: string,
	mid: string,
	qs?: IDataObject,
) {
	return await documentAnswer(op, 'GET', partnerMid, mid, { qs });
}

/** Changes a document (PATCH); answers it as MakeLeaps gives it back. */
export async function patchDocument(
	op: OperationContext,
	partnerMid: string,
	mid: string,
	body: IDataObject,
): Promise<IDataObject> {
	const document = await documentAnswer(op, 'PATCH', partnerMid, mid, { body });
	op.run.recordWrite('updated', mid);
	return document;
}

/** A request on one document, answered as MakeLeaps gives it. */
async function documentAnswer(
	op: OperationContext,
	method: 'GET' | 'PATCH',
	partnerMid: string,
	mid: string,
	options: { qs?: IDataObject; body?: IDataObject },
): Promise<IDataObject> {
	const answer = await op.request(method, documentPath(partnerMid, mid), {
		...options,
		subject: `document ${mid}`,
	});
	// a client given in full (`expand=client`) names the documents of the run that are its
	op.run.noteClient(answer.response?.client);
	return answer.response ?? {};
}

/**
 * POSTs a new document, never twice (see creates.ts). Without a template, a create MakeLeaps
 * refuses for its missing template (nothing stored) is made once more with the type's default
 * (templates.ts).
 */
export async function createDocument(
	op: OperationContext,
	partnerMid: string,
	body: IDataObject,
): Promise<IDataObject> {
	if (body.document_template !== undefined) return await postDocument(op, partnerMid, body);
	const type = String(body.document_type);
	const chosen = await templateChosenInRun(op, partnerMid, type);
	if (chosen) return await postDocument(op, partnerMid, { ...body, document_template: chosen });
	const first = await outcomeOf(postDocument(op, partnerMid, body));
	if (first.ok) return first.value;
	if (!refusedField(first.error, 'document_template')) throw first.error;
	const template = await chooseDefaultTemplate(op, partnerMid, type);
	return await postDocument(op, partnerMid, { ...body, document_template: template });
}

async function postDocument(
	op: OperationContext,
	partnerMid: string,
	body: IDataObject,
): Promise<IDataObject> {
	const externalId = body.external_id as string | undefined;
	const type = String(body.document_type);
	const created = await createRecord(op, partnerMid, documentsPath(partnerMid), body, () => ({
		externalId,
		index: op.run.documentIndex(partnerMid, type),
		scope: `${partnerMid} ${type}`,
		// of this type and for this client, as sent
		holdsSent: async (found) =>
			found.filter(
				(document) =>
					document.document_type === type && linkedMid(document.client) === midOfUrl(body.client),
			),
		noun: type,
		keyName: 'External ID',
	}));
	checkTotals(op, created, body, 'created');
	return created;
}

/**
 * Fails the item when the totals MakeLeaps answers for a document just written are not what the
 * lines sent come to (beyond rounding): the lines were read otherwise than sent. The document
 * exists, and the message says so.
 */
export function checkTotals(
	op: OperationContext,
	document: IDataObject,
	sent: IDataObject,
	done: 'created' | 'changed',
): void {
	if (!Array.isArray(sent.lineitems)) return;
	const currency = String(sent.currency ?? document.currency ?? 'JPY');
	const problem = totalsProblem(document, sent.lineitems as IDataObject[], currency);
	if (problem === undefined) return;
	op.fail(
		problem,
		`The document was ${done} in MakeLeaps (MID ${String(document.mid)}): check its lines there. A difference this large is not rounding: MakeLeaps read the lines otherwise than they were sent. Run Account → Check and report what its line_item_shape row says.`,
	);
}

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
 * The `client` filter is sent in the form MakeLeaps accepts: the client's MID, or its URL when
 * the MID is refused as a bad request (400), the form that worked kept for the run. When
 * MakeLeaps refuses both, a read made only to decide answers `undefined` (`refused: 'tell'`);
 * otherwise MakeLeaps' own answer is the error.
 */
export async function listDocuments(
	op: OperationContext,
	partnerMid: string,
	filters: DocumentFilters,
	qs: IDataObject,
	limit: number,
	refused: 'tell' | 'throw',
): Promise<IDataObject[] | undefined> {
	const { transport } = op.run;
	const perPage = Math.min(limit, MAX_PAGE_SIZE);
	const read = async (query: IDataObject) =>
		await transport.getAll<IDataObject>(
			documentsPath(partnerMid),
			{ per_page: perPage, ...query },
			limit,
			op.itemIndex,
		);
	let documents: IDataObject[];
	if (filters.client === undefined) documents = await read({ ...qs, ...filters });
	else {
		const forms = { mid: filters.client, url: op.clientUrl(partnerMid, filters.client) };
		const order: Array<'mid' | 'url'> =
			op.run.clientFilterForm === 'url' ? ['url', 'mid'] : ['mid', 'url'];
		let found: IDataObject[] | undefined;
		let refusal: unknown;
		for (const form of order) {
			const result = await outcomeOf(read({ ...qs, ...filters, client: forms[form] }));
			if (result.ok) {
				op.run.clientFilterForm = form;
				found = result.value;
				break;
			}
			if ((result.error as { httpCode?: string }).httpCode !== '400') throw result.error;
			refusal = result.error;
		}
		if (found === undefined) {
			if (refused === 'throw') throw refusal;
			return undefined;
		}
		documents = found;
	}
	return documents.filter((document) => !contradicts(document, filters));
}

/** A run's share of Create or Update for one kind of document (see RunContext.imports). */
type Imports = ReturnType<OperationContext['run']['imports']>;

/**
 * The document of a type with an External ID, as the run knows it: the one the list holds, or
 * one this n8n process made a moment ago; none when there is none. Two such documents, or an
 * earlier create that may or may not have happened, fail the item rather than guess.
 */
export async function documentWithExternalId(
	op: OperationContext,
	index: RecordIndex,
	imports: Imports,
	type: string,
	externalId: string,
): Promise<IDataObject | undefined> {
	const found = await index.find(externalId, op.itemIndex);
	if (found.length > 1) {
		op.fail(
			`${found.length} documents of type ${type} have External ID "${externalId}"`,
			`Remove or renumber the duplicates in MakeLeaps first: ${found.map((d) => String(d.document_number)).join(', ')}`,
		);
	}
	const earlier = found.length === 0 ? imports.earlierCreate(externalId) : undefined;
	if (earlier?.uncertain) {
		op.fail(
			`An earlier create of the ${type} with External ID "${externalId}" may or may not have happened`,
			'It is not made again, to avoid a duplicate. Look for it in MakeLeaps, then run this item again.',
		);
	}
	return found[0] ?? earlier?.record;
}

/** Makes the document with this External ID (or says it would), telling the run what it made. */
export async function settleCreate(
	op: OperationContext,
	partnerMid: string,
	body: IDataObject,
	index: RecordIndex,
	imports: Imports,
	externalId: string,
): Promise<IDataObject> {
	imports.recordPlanned(externalId, body);
	return await op.settle({
		action: 'create',
		record: body,
		changes: documentChanges(body, {}).changes,
		apply: async () => {
			const created = await createDocument(op, partnerMid, body);
			imports.recordCreated(externalId, created);
			await index.record(created);
			return created;
		},
	});
}

/**
 * The default contact of a client, as MakeLeaps gives it (its URL), read once per run and client;
 * the clients of the run's items are first looked for together in the client list. What an
 * earlier node saw of the client is not used: the contact may have changed since.
 */
export async function defaultContactUrl(
	op: OperationContext,
	partnerMid: string,
	clientMid: string,
): Promise<string | undefined> {
	await op.run.plan(`clients listed ${partnerMid}`, async () => {
		await listClientsOfRun(op, partnerMid);
	});
	const client = await op.run.once(`client ${clientMid}`, async () => {
		const answer = await op.request('GET', `/api/partner/${partnerMid}/client/${clientMid}/`, {
			subject: `client ${clientMid}`,
		});
		return answer.response ?? {};
	});
	op.run.noteClient(client);
	const contact = client.default_contact;
	if (typeof contact === 'string') return contact;
	if (typeof contact === 'object' && contact !== null)
		return String((contact as IDataObject).url ?? '') || undefined;
	return undefined;
}

/**
 * The clients the run's items pick by ID, URL or from the list, found in the client list where
 * that saves reading each (see listLookup.ts); each one found stands for its read. Clients picked
 * By External ID are found through the client index instead.
 */
async function listClientsOfRun(op: OperationContext, partnerMid: string): Promise<void> {
	const named = await op.namedByItems(async (member) => {
		const picked = member.parameter('client') as INodeParameterResourceLocator | undefined;
		if (picked?.mode === 'externalId') return undefined;
		return await member.clientMidOfPicked(picked, member.label('client'), partnerMid);
	});
	const mids = named.filter((mid): mid is string => mid !== undefined);
	const path = `/api/partner/${partnerMid}/client/`;
	const found = await findInList(op, path, {}, mids, ['default_contact']);
	// a client listed without a default contact is read: its own answer may name one
	for (const [mid, client] of found)
		if (client.default_contact) await op.run.once(`client ${mid}`, async () => client);
}
