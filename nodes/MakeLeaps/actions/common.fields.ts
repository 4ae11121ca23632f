/** Editor fields several resources share: the partner, client and document pickers, Return All and Limit. */
import type { INodeProperties } from 'n8n-workflow';

import { clientPath } from '../api/clients';
import { contactPath } from '../api/contacts';
import { documentPath } from '../api/documents';
import { recordUrlPattern } from '../api/accountPartners';
import { sendingOrderPath } from '../api/sendingOrders';
import { MID } from '../model/validation';

export const partnerLocator: INodeProperties = {
	displayName: 'Partner',
	name: 'partner',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	description: 'The MakeLeaps company (partner) that owns the clients and documents',
	hint: 'Empty means the only partner of this credential, which most accounts have',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchPartners', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 1725857643916378083',
			validation: [
				{
					type: 'regex',
					properties: { regex: MID.source, errorMessage: 'Not a valid partner MID' },
				},
			],
		},
	],
};

/** The records a picker can name: the path of one, their name, their list search. */
const RECORDS = {
	client: { pathOf: clientPath, words: 'client', search: 'searchClients' },
	document: { pathOf: documentPath, words: 'document', search: 'searchDocuments' },
	sendingOrder: { pathOf: sendingOrderPath, words: 'sending order', search: 'searchSendingOrders' },
	/** a contact of the client chosen in the node's Client field */
	contact: { pathOf: contactPath, words: 'contact', search: 'searchContacts' },
};

/** A record's URL in a placeholder: MakeLeaps' host, an example partner and record. */
const exampleUrl = (pathOf: (partnerMid: string, mid: string) => string) =>
	`https://api.makeleaps.com${pathOf('1725857643916378083', '1734479364211706503')}`;

/** A picker of a partner's record: from the list, by URL or by ID. */
export function recordLocator(
	kind: keyof typeof RECORDS,
	name: string,
	displayName: string,
	description: string,
): INodeProperties {
	const { pathOf, words, search } = RECORDS[kind];
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: search, searchable: true },
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: `e.g. ${exampleUrl(pathOf)}`,
				validation: [
					{
						type: 'regex',
						properties: {
							regex: recordUrlPattern(pathOf),
							errorMessage: `Not a MakeLeaps ${words} URL`,
						},
					},
				],
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 1734479364211706503',
				validation: [
					{
						type: 'regex',
						properties: { regex: MID.source, errorMessage: `Not a valid ${words} MID` },
					},
				],
			},
			// a client by the user's own ID: the one key a sheet or a CRM already has ("Ext. ID": the
			// mode selector shows about as much as "By Code", and cut "By External ID" to "By Exter")
			...(kind === 'client'
				? [
						{
							displayName: 'Ext. ID',
							name: 'externalId',
							type: 'string' as const,
							placeholder: 'e.g. CLIENT-12345',
							hint: "The client's Client External ID: your own ID of it, such as a sheet's column",
						},
					]
				: []),
		],
	};
}

/** The record an operation acts on: a required picker, shown for that operation. */
export const operandLocator = (
	kind: keyof typeof RECORDS,
	description: string,
	show: { resource: string[]; operation: string[] },
): INodeProperties => {
	const name = kind === 'sendingOrder' ? 'Sending Order' : kind[0].toUpperCase() + kind.slice(1);
	return {
		...recordLocator(kind, kind, name, description),
		required: true,
		displayOptions: { show },
	};
};

export const clientLocator = (name: string, displayName: string, description: string) =>
	recordLocator('client', name, displayName, description);

/** Return All and Limit, as every n8n "Get Many" offers them. */
export function pagingFields(show: { resource: string[]; operation: string[] }): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: { show },
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { ...show, returnAll: [false] } },
		},
	];
}

/** Requests Per Minute: an option of every operation, for the whole run rather than per item. */
const requestsPerMinute: INodeProperties = {
	displayName: 'Requests Per Minute',
	name: 'requestsPerMinute',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 120,
	description:
		'Upper bound on the pace of requests for the whole run, shared with the other runs on this MakeLeaps account. MakeLeaps allows about 120 per minute.',
};

/**
 * Simplify on an operation that returns one record: on by default for nodes added from version 2
 * on; a node of version 1 keeps returning the record as MakeLeaps gives it.
 */
export const simplifyField = (resource: string, operation: string): INodeProperties => ({
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
	displayOptions: {
		show: { resource: [resource], operation: [operation], '@version': [{ _cnd: { gte: 2 } }] },
	},
});

/**
 * Preview Only: an option of the operations that write and can show what they would do. On when
 * added (n8n adds a collection's option with its default): adding it is asking for a preview, and
 * a run without it writes, as before (n8n fills in no option that was not added).
 */
export const previewOnly: INodeProperties = {
	displayName: 'Preview Only',
	name: 'previewOnly',
	type: 'boolean',
	default: true,
	description:
		'Whether to only read and show what each item would do (would create, would update with each change, unchanged, would delete, or the error it would fail with), changing nothing in MakeLeaps',
	hint: 'On: nothing is written, each row says what it would do. Off (or this option removed): the run writes.',
};

/**
 * The one Options collection of an operation: its own options and Requests Per Minute, in
 * alphabetical order as n8n lists them.
 */
export function optionsCollection(
	resource: string,
	operation: string,
	own: INodeProperties[] = [],
): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: [resource], operation: [operation] } },
		options: [...own, requestsPerMinute].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

/** A picker of one of the chosen client's contacts (the node's Client field). */
export const contactPicker = (name: string, displayName: string, description: string) =>
	recordLocator('contact', name, displayName, description);
