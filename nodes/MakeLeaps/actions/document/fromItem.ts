/**
 * A document as an item gives it (Create, Create or Update, and Update's lines): its type,
 * client, contact, template, fields and lines, checked, and the create body made of them.
 */
import type { IDataObject, INodeParameterResourceLocator } from 'n8n-workflow';

import { DOCUMENT_TYPES } from '../../api/documents';
import { today } from '../../model/dates';
import { documentBody } from '../../model/documentBody';
import { checkFieldsOfType } from '../../model/documentFields';
import { withDefaults, type FieldTable, type FieldValues } from '../../model/fields';
import { linesFromList, typedLine } from '../../model/lineItems';
import { ACCOUNT_CURRENCY } from '../../model/money';
import { contactMidOf, contactUrl, pickedValue } from '../../model/locators';
import { checkText, InvalidInput } from '../../model/validation';
import type { OperationContext } from '../../run/context';
import { catalogLineItems } from '../../run/document/catalogLines';
import { defaultContactUrl } from '../../run/document/defaultContact';
import { namedClientMid } from '../../run/client/clientByExternalId';
import { itemNamed } from '../../words/transport';

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

/**
 * The lines one item gives, from the editor's fields or a list in the input, checked, those
 * naming a catalog item filled from it; `named` says which item in the fields' labels of errors.
 */
async function linesOf(
	item: OperationContext,
	partnerMid: string,
	currency: string,
	named = (label: string) => label,
): Promise<IDataObject[]> {
	// the lines are named after the field they come from, as the editor shows it
	const field =
		item.parameter('lineItemsFrom', 'fields') === 'json' ? 'lineItemsJson' : 'lineItems';
	const label = named(item.label(field));
	const lines =
		field === 'lineItemsJson'
			? linesFromList(item.parameter(field), label)
			: ((item.collection(field).line as IDataObject[] | undefined) ?? []).map(typedLine);
	return await catalogLineItems(item, partnerMid, lines, label, currency);
}

/** The line items of the item, from the editor's fields or a list in the input, checked. */
export const lineItemsOf = async (
	op: OperationContext,
	partnerMid: string,
	currency: string,
): Promise<IDataObject[]> => await linesOf(op, partnerMid, currency);

/**
 * The lines of a document made of a group of items (Options > Group Rows By): each item's lines,
 * in input order, each named by its item in errors.
 */
async function groupLineItems(op: OperationContext, partnerMid: string, currency: string) {
	const lines: IDataObject[] = [];
	for (const item of op.group) {
		const named = (label: string) => `${label} of ${itemNamed(item)}`;
		lines.push(...(await linesOf(op.forItem(item), partnerMid, currency, named)));
	}
	return lines;
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
	const parts = partsWithoutClient(op, table, partnerMid);
	return { ...parts, clientMid: await namedClientMid(op, 'client', partnerMid) };
}

/** The parts an item gives that need no request: checked before the client is looked for. */
function partsWithoutClient(
	op: OperationContext,
	table: FieldTable,
	partnerMid: string,
): Omit<DocumentParts, 'clientMid'> {
	const values = op.fieldValues(table);
	const type = documentTypeOf(op);
	checkFieldsOfType(table, values, type);
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
	return { values, type, contactMid, template };
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
	const parts = partsWithoutClient(op, table, partnerMid);
	const { type, contactMid, template } = parts;
	// a new document gets the fields' defaults; for a comparison, only what the item gives counts
	const values = isNew ? withDefaults(table, parts.values) : parts.values;
	const currency = values.currency ?? ACCOUNT_CURRENCY;
	// the lines before the client: a refused amount costs no client look-up
	const lines =
		op.group.length > 1
			? await groupLineItems(op, partnerMid, currency)
			: await lineItemsOf(op, partnerMid, currency);
	const clientMid = await namedClientMid(op, 'client', partnerMid);
	const { baseUrl } = op.run.transport;
	if (isNew && !values.date) values.date = today(op.timeZone);
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
