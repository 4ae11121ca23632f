/**
 * What an operation that writes decides for one item, before it writes anything. A real run
 * carries the plan out; Preview Only shows it instead. Both come from the same decision, so a
 * preview cannot say something other than what the run then does. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { isRecord, linkedMid } from './locators';

/** The name the run knows of a linked record (a client's display name), by its kind and MID. */
export type NameOf = (kind: string, mid: string) => string | undefined;

/** A field's value before and after, by the field's API path (`person.email`, `title`). */
export type Changes = Record<string, { from: unknown; to: unknown }>;

/** What a write that creates or changes a record decides. */
interface Write {
	record: IDataObject;
	changes: Changes;
	apply: () => Promise<IDataObject>;
	/** The tags the write makes first (a document's Create Missing Tags), by name. */
	newTags?: string[];
}

export type Plan =
	/** `record`: the body that would be sent; `changes`: the fields it sets, each from empty */
	| ({ action: 'create' } & Write)
	| ({ action: 'update' } & Write)
	/**
	 * `differences`: for a record a Create found already there and leaves as it is, each field the
	 * item gives otherwise (`from` what MakeLeaps has, `to` what the item says)
	 */
	| { action: 'unchanged'; record: IDataObject; differences?: Changes }
	| {
			action: 'delete';
			record: IDataObject;
			apply: () => Promise<IDataObject>;
			/** Why a preview cannot tell whether the delete would go through. */
			doubt?: string;
	  };

export const PREVIEW_WORDS: Record<Plan['action'], string> = {
	create: 'would create',
	update: 'would update',
	unchanged: 'unchanged',
	delete: 'would delete',
};

/** What Preview Only outputs for an item whose real run would fail. */
export const WOULD_FAIL = 'would fail';
/** What Preview Only outputs when the reads cannot tell what the run would do. */
export const CANNOT_TELL = 'cannot tell';
/**
 * What Preview Only outputs for a document whose client an earlier node of the same preview
 * would create: a new client has no documents, so the real run makes it, once its client exists.
 */
export const AFTER_ITS_CLIENT = 'would create after its client';

/**
 * The keys a preview row gives where its record has them, for a user to match it to the sheet
 * (a pickup link, a contact: by its e-mail).
 */
const KEYS = ['external_id', 'client_external_id', 'document_number', 'email'];

/** The columns of a preview's rows, in this order; another an operation gives comes after them. */
const PREVIEW_COLUMNS = [
	'preview',
	...KEYS,
	'client_name',
	'mid',
	'changes',
	'differences',
	'would_create_tags',
	'record',
	'error',
	'description',
];

/**
 * A preview's rows, each with every column any of them gives (null where it gives none), in one
 * order: n8n's table view shows a column a row lacks as a red `undefined`, which reads as a fault.
 */
export function sameColumns(rows: IDataObject[]): IDataObject[] {
	const given = new Set<string>();
	for (const row of rows) for (const key of Object.keys(row)) given.add(key);
	const rank = (key: string) => {
		const at = PREVIEW_COLUMNS.indexOf(key);
		return at === -1 ? PREVIEW_COLUMNS.length : at;
	};
	// a stable sort: the columns of no known rank keep the order they came in
	const columns = [...given].sort((a, b) => rank(a) - rank(b));
	return rows.map((row) => Object.fromEntries(columns.map((key) => [key, row[key] ?? null])));
}

/**
 * What a user finds a record's row by in the sheet: its External ID (or Client External ID), its
 * document number or e-mail, and its client's name (the client itself, a document's client, a
 * contact's owner) as the record gives it or the run knows it; null when neither does.
 */
export function rowKeys(record: IDataObject, nameOf?: NameOf): IDataObject {
	const keys: IDataObject = {};
	for (const key of KEYS) if (key in record) keys[key] = record[key] ?? null;
	// a contact's e-mail is a record: its address
	if (isRecord(keys.email)) keys.email = keys.email.address ?? null;
	if ('document_type' in record && !('document_number' in keys)) keys.document_number = null;
	keys.client_name = clientNameOf(record, nameOf) ?? null;
	return keys;
}

/** The name of the client a record is or links to (`client`, a contact's `owner`). */
function clientNameOf(record: IDataObject, nameOf?: NameOf): string | undefined {
	const link = record.client ?? record.owner;
	if (link === undefined || link === null) {
		// the client itself: its name, or a new one's organization (or person) as the body gives it
		if (typeof record.display_name === 'string' && record.display_name) return record.display_name;
		const contacts = Array.isArray(record.contacts) ? record.contacts.filter(isRecord) : [];
		const named = contacts.map((contact) => contact.name || contact.family_name).find(Boolean);
		return typeof named === 'string' ? named : undefined;
	}
	if (isRecord(link) && typeof link.display_name === 'string') return link.display_name;
	const mid = linkedMid(link);
	return mid ? nameOf?.('client', mid) : undefined;
}

/**
 * What a preview outputs for the item, one row of a sheet: the words, the keys a user finds the
 * row by (rowKeys), the record's MID, and the fields that would change with their values before
 * and after; for a delete, the record itself.
 */
export function previewOf(plan: Plan, nameOf?: NameOf): IDataObject {
	const { mid } = plan.record;
	const doubt = plan.action === 'delete' ? plan.doubt : undefined;
	return {
		preview: doubt === undefined ? PREVIEW_WORDS[plan.action] : CANNOT_TELL,
		...rowKeys(plan.record, nameOf),
		...(doubt === undefined
			? {}
			: { description: `${doubt}; the run would try, and MakeLeaps would decide` }),
		...(mid === undefined ? {} : { mid }),
		...(plan.action === 'delete'
			? { record: plan.record }
			: { changes: plan.action === 'unchanged' ? {} : plan.changes }),
		...differencesOf(plan),
		...newTagsOf(plan),
	};
}

/** Carries the plan out: the record as MakeLeaps answers it, with what was done to it. */
export async function carryOut(plan: Plan): Promise<IDataObject> {
	switch (plan.action) {
		case 'create':
			return { ...(await plan.apply()), operation: 'created', changes: plan.changes };
		case 'update':
			return { ...(await plan.apply()), operation: 'updated', changes: plan.changes };
		case 'unchanged':
			return { ...plan.record, operation: 'unchanged', changes: {}, ...differencesOf(plan) };
		case 'delete':
			return await plan.apply();
	}
}

/** The tags a write would make first, for a preview to name: `would_create_tags`. */
const newTagsOf = (plan: Plan) =>
	(plan.action === 'create' || plan.action === 'update') && plan.newTags?.length
		? { would_create_tags: plan.newTags }
		: {};

const differencesOf = (plan: Plan) =>
	plan.action === 'unchanged' && plan.differences ? { differences: plan.differences } : {};
