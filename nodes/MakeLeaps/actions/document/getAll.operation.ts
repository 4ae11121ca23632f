/** Document → Get Many: the partner's documents, each filter checked again on what comes back. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../run/context';
import { checkDate } from '../../model/dates';
import { documentsMatching, type DocumentFilters } from '../../run/document/documentList';
import { pickedValue } from '../../model/locators';
import { simpleDocument } from '../../model/simplify';
import { readTagNames } from '../../run/document/documentTags';
import { parseTagNames, splitTagNames, tagFilterOf } from '../../model/tags';
import { checkText, InvalidInput } from '../../model/validation';
import { clientLocator, pagingFields } from '../common.fields';
import { DOCUMENT_TYPE_OPTIONS } from './fields/document.fields';
import { pickedClientMid } from '../../run/client/clientByExternalId';

const show = { resource: ['document'], operation: ['getAll'] };
const STATES = [
	{ name: 'Any', value: '' },
	{ name: 'Yes', value: 'true' },
	{ name: 'No', value: 'false' },
];

export const description: INodeProperties[] = [
	...pagingFields(show),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Cancelled',
				name: 'cancelled',
				type: 'options',
				options: STATES,
				default: '',
			},
			clientLocator('client', 'Client', 'Only the documents of this client'),
			{
				displayName: 'Date From',
				name: 'dateFrom',
				type: 'string',
				default: '',
				placeholder: 'e.g. 2026-11-01',
			},
			{
				displayName: 'Date To',
				name: 'dateTo',
				type: 'string',
				default: '',
				placeholder: 'e.g. 2026-11-30',
			},
			{
				displayName: 'Document Type',
				name: 'documentType',
				type: 'options',
				options: [{ name: 'Any', value: '' }, ...DOCUMENT_TYPE_OPTIONS],
				default: '',
			},
			{ displayName: 'Paid', name: 'paid', type: 'options', options: STATES, default: '' },
			{
				displayName: 'Search',
				name: 'search',
				type: 'string',
				default: '',
				placeholder: 'e.g. INV-2026',
				description: 'Only documents whose number, title or client contains this text',
			},
			{ displayName: 'Sent', name: 'sent', type: 'options', options: STATES, default: '' },
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				placeholder: 'e.g. monthly, web',
				description:
					'Only documents with at least one of these tags (names separated by commas). The tag list is read once more for it.',
			},
		],
	},
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: 'Whether to return a simplified version of the response instead of the raw data',
		displayOptions: { show },
	},
];

export async function execute(op: OperationContext): Promise<IDataObject[]> {
	const partnerMid = await op.partnerMid();
	const filters = op.collection('filters');
	const label = (name: string) => op.label(`filters.${name}`);
	const wanted: DocumentFilters = {};
	const type = checkText(filters.documentType, label('documentType'));
	if (type) wanted.document_type = type;
	if (pickedValue(filters.client) !== undefined) {
		// named under its own parameter: how many clients the run names decides hints or the list
		const parameter = 'filters.client';
		wanted.client = await pickedClientMid(
			op,
			filters.client,
			label('client'),
			partnerMid,
			parameter,
		);
	}
	const from = checkDate(filters.dateFrom, label('dateFrom'));
	const to = checkDate(filters.dateTo, label('dateTo'));
	if (from) wanted.date__gte = from;
	if (to) wanted.date__lte = to;
	for (const state of ['sent', 'paid', 'cancelled'] as const) {
		const value = checkText(filters[state], label(state));
		if (value && value !== 'true' && value !== 'false') {
			throw new InvalidInput(`${label(state)} must be true or false, not "${value}"`);
		}
		if (value) wanted[state] = value as 'true' | 'false';
	}
	const qs: IDataObject = {};
	const search = checkText(filters.search, label('search'));
	if (search) qs.search = search;
	const tagNames = splitTagNames(parseTagNames(filters.tags, label('tags')));
	const tags =
		tagNames.length > 0
			? tagFilterOf(await op.run.tagBook(partnerMid).list(op.itemIndex), tagNames, label('tags'))
			: undefined;
	const simplify = op.flag('simplify', true);
	if (simplify) qs.expand = 'client';
	const limit = op.listLimit();
	// what comes back is checked against the filters: a document the service should not have
	// listed is left out (so a Limit may give fewer)
	const documents =
		(await documentsMatching(op, partnerMid, wanted, qs, limit, 'throw', tags)) ?? [];
	if (!simplify) return documents;
	await readTagNames(op, documents);
	const nameOf = (kind: string, mid: string) => op.run.nameOf(kind, mid);
	return documents.map((document) => simpleDocument(document, { nameOf }));
}

/** Items may run a few at a time (see run/loop/inFlight.ts). */
export const overlaps = true;
