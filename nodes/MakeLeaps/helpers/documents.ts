/**
 * The document domain with its requests: create (never twice), read, change, and the PDF.
 */
import type { IDataObject, INodeParameterResourceLocator } from 'n8n-workflow';

import type { OperationContext } from './context';
import { createRecord } from './creates';
import { today } from './dates';
import { documentBody } from './documentBody';
import type { FieldTable } from './fields';
import { lineItems, linesFromList } from './lineItems';
import { contactMidOf, contactUrl, pickedValue, recordMidOf } from './locators';
import { checkText, InvalidInput } from './validation';

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
	const values = op.fieldValues(table);
	const type = documentTypeOf(op);
	const lines = lineItemsOf(op, values.currency ?? 'JPY');
	const clientMid = op.clientMid('client', partnerMid);
	const { baseUrl } = op.run.transport;
	const contact = pickedValue(op.parameter('clientContact'));
	const contactMid =
		contact === undefined
			? ''
			: contactMidOf(contact, op.label('clientContact'), baseUrl, partnerMid);
	const template = checkText(
		(op.parameter('template') as INodeParameterResourceLocator | undefined)?.value,
		op.label('template'),
	);
	if (template && !TEMPLATE_CODE.test(template)) {
		throw new InvalidInput(
			`${op.label('template')} "${template}" is not a template code such as ja_JP_2`,
		);
	}
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

export const documentsPath = (partnerMid: string) => `/api/partner/${partnerMid}/document/`;
export const documentPath = (partnerMid: string, mid: string) =>
	`${documentsPath(partnerMid)}${mid}/`;

/** The MID a document locator names: from the list, by URL or by ID. */
export function documentMidOf(op: OperationContext, partnerMid: string): string {
	const locator = op.parameter('document') as INodeParameterResourceLocator | undefined;
	const prefix = op.run.transport.url(documentsPath(partnerMid));
	return recordMidOf(locator, op.label('document'), prefix, 'document');
}

/** A document as MakeLeaps returns it. */
export async function getDocument(op: OperationContext, partnerMid: string, mid: string) {
	const answer = await op.request('GET', documentPath(partnerMid, mid), {
		subject: `document ${mid}`,
	});
	return answer.response ?? {};
}

/** POSTs a new document, never twice (see creates.ts). */
export async function createDocument(
	op: OperationContext,
	partnerMid: string,
	body: IDataObject,
): Promise<IDataObject> {
	const externalId = body.external_id as string | undefined;
	const type = String(body.document_type);
	return await createRecord(op, partnerMid, documentsPath(partnerMid), body, () => ({
		externalId,
		index: op.run.documentIndex(partnerMid, type),
		scope: `${partnerMid} ${type}`,
		notFound: `No ${type} with External ID "${externalId}" was found right after.`,
	}));
}

/** The default contact of a client, as MakeLeaps gives it (its URL), read once per run and client. */
export async function defaultContactUrl(
	op: OperationContext,
	partnerMid: string,
	clientMid: string,
): Promise<string | undefined> {
	const client = await op.run.once(`client ${clientMid}`, async () => {
		const answer = await op.request('GET', `/api/partner/${partnerMid}/client/${clientMid}/`, {
			subject: `client ${clientMid}`,
		});
		return answer.response ?? {};
	});
	const contact = client.default_contact;
	if (typeof contact === 'string') return contact;
	if (typeof contact === 'object' && contact !== null)
		return String((contact as IDataObject).url ?? '') || undefined;
	return undefined;
}
