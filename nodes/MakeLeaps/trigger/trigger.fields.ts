/**
 * The MakeLeaps Trigger's panel: what the editor shows, and the defaults n8n gives a saved trigger
 * that left a field as it was (n8n does not save a default value, so a default is never changed
 * in place: a new one comes with a new version of the node).
 */
import type { INodeProperties } from 'n8n-workflow';

import { partnerLocator } from '../actions/common.fields';
import { DOCUMENT_TYPE_OPTIONS } from '../actions/document/fields/document.fields';
import type { WatchEvent } from './marks';

/** The events of any document type; Document Accepted and Confirmed have a Document Type of their own. */
const ANY_TYPE_EVENTS = ['newDocument', 'documentSent', 'documentPaid', 'documentCancelled'];
const DOCUMENT_EVENTS = [...ANY_TYPE_EVENTS, 'documentAccepted', 'documentConfirmed'];
export const MAX_LOOK_BACK_DAYS = 366;

/**
 * The types of documents of the events a client marks, the first the default: a client accepts
 * quotes and orders, and confirms orders.
 */
export const CLIENT_MARK_TYPES: Partial<Record<WatchEvent, string[]>> = {
	documentAccepted: ['quote', 'order'],
	documentConfirmed: ['order'],
};

/** Document Type's default: Any ('') in versions 1 and 2, Invoice from version 3 on. */
export const documentTypeDefault = (version: number) => (version >= 3 ? 'invoice' : '');

/** Document Type as the versions from `since` show it: 1 (versions 1 and 2) or 3 (3 on). */
function documentTypeField(since: 1 | 3): INodeProperties {
	const versions = since === 1 ? [{ _cnd: { lt: 3 } }] : [{ _cnd: { gte: 3 } }];
	return {
		displayName: 'Document Type',
		name: 'documentType',
		type: 'options',
		options: [{ name: 'Any', value: '' }, ...DOCUMENT_TYPE_OPTIONS],
		default: documentTypeDefault(since),
		description: 'The type of the documents to watch',
		displayOptions: { show: { event: ANY_TYPE_EVENTS, '@version': versions } },
	};
}

/** Document Type of an event a client marks, in every version: the types it applies to. */
function clientMarkTypeField(event: WatchEvent, description: string): INodeProperties {
	const types = CLIENT_MARK_TYPES[event]!;
	const [byDefault] = types;
	return {
		displayName: 'Document Type',
		name: 'documentType',
		type: 'options',
		options: DOCUMENT_TYPE_OPTIONS.filter((option) => types.includes(option.value)),
		default: byDefault,
		description,
		displayOptions: { show: { event: [event] } },
	};
}

export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			'Each poll costs one request per 100 records it reads (documents of the look-back window, or the first page of clients). MakeLeaps allows about 5,000 requests a day per account: polling every minute spends at least 1,440 of them, every 15 minutes 96. Choose the Poll Times above with that in mind.',
		name: 'pollCost',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Document Accepted',
				value: 'documentAccepted',
				description: 'A quote or an order is accepted by the client',
			},
			{
				name: 'Document Cancelled',
				value: 'documentCancelled',
				description: 'A document is cancelled',
			},
			{
				name: 'Document Confirmed',
				value: 'documentConfirmed',
				description: 'An order is confirmed by the client',
			},
			{
				name: 'Document Paid',
				value: 'documentPaid',
				description: 'A document is marked paid',
			},
			{
				name: 'Document Sent',
				value: 'documentSent',
				description: 'A document is sent or marked sent',
			},
			{ name: 'New Client', value: 'newClient', description: 'A client is added' },
			{ name: 'New Document', value: 'newDocument', description: 'A document is made' },
		],
		default: 'documentPaid',
	},
	partnerLocator,
	documentTypeField(1),
	documentTypeField(3),
	clientMarkTypeField(
		'documentAccepted',
		'The type of the documents to watch: the client accepts quotes and orders',
	),
	clientMarkTypeField(
		'documentConfirmed',
		'The type of the documents to watch: the client confirms orders',
	),
	{
		displayName:
			"Document Viewed is no longer offered, and this trigger stops with an error until another Event is chosen: MakeLeaps' documents do not say whether the client opened them. Each pickup link says when it was opened (date_clicked), at one request per document: Document → Get Pickup Links reads them for the documents you choose, on a schedule you choose.",
		name: 'viewedWithdrawn',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: ['documentViewed'] } },
	},
	{
		displayName:
			'Any reads the documents of every type at each poll (quotes, orders, delivery slips…): more requests on a large account. Choose the type you need; after a change the trigger starts watching anew, and its first poll reports nothing.',
		name: 'anyTypeCost',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: ANY_TYPE_EVENTS, documentType: [''] } },
	},
	{
		displayName: 'Look Back (Days)',
		name: 'lookBackDays',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_LOOK_BACK_DAYS },
		default: 90,
		description:
			'Watch documents dated this many days back at most. Fewer days read fewer pages at every poll; a document dated earlier is not reported.',
		displayOptions: { show: { event: DOCUMENT_EVENTS } },
	},
	// versions 1 to 3: the names typed; from 4 on, picked from the account's tags
	{
		displayName: 'Tags',
		name: 'tags',
		type: 'string',
		default: '',
		placeholder: 'e.g. monthly, web',
		description:
			'Watch only documents with at least one of these tags (names separated by commas). Each poll then reads the tag list too: one request more.',
		displayOptions: { show: { event: DOCUMENT_EVENTS, '@version': [{ _cnd: { lt: 4 } }] } },
	},
	{
		displayName: 'Tag Names or IDs',
		name: 'tags',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getTags', loadOptionsDependsOn: ['partner.value'] },
		// an expression's names (a list, or a text with commas) are checked when the trigger polls
		allowArbitraryValues: true,
		default: [],
		description:
			'Watch only documents with at least one of these tags. Each poll then reads the tag list too: one request more. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: { event: DOCUMENT_EVENTS, '@version': [{ _cnd: { gte: 4 } }] } },
	},
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: 'Whether to return a simplified version of the response instead of the raw data',
		displayOptions: { show: { '@version': [{ _cnd: { gte: 2 } }] } },
	},
];

/** The trigger's subtitle on the canvas: its Event by the name the panel gives it. */
export const eventSubtitle = `={{ ${JSON.stringify(
	Object.fromEntries(
		(
			(triggerProperties.find((property) => property.name === 'event')?.options ?? []) as Array<{
				name: string;
				value: string;
			}>
		).map((option) => [option.value, option.name]),
	),
)}[$parameter["event"]] || $parameter["event"] }}`;
