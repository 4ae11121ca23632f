/**
 * Every field of a document an item gives, once: the document field table. Each entry says what
 * the editor shows (label, type, section), where the value goes (`api`), how it is checked, and
 * where else it counts: the writes that show it (`on`), its column in a flat row (`columnAfter`),
 * whether Convert keeps it (`kept`), the document types that have it (`types`) and whether a
 * write's answer is checked for it (`checkAnswer`). Create, Create or Update, Update, Simplify,
 * Convert and the checks of a write's answer all read this table, so a new document field is one
 * entry here. Pure: the editor's pickers and the Document Type are in actions/document/fields/.
 */
import type { IDataObject } from 'n8n-workflow';

import { checkDate } from './dates';
import type { FieldSpec, FieldTable, FieldValues } from './fields';
import { checkCurrency } from './money';
import { parseTagNames } from './tags';
import { InvalidInput, LONG_TEXT } from './validation';

/** The operations that write a document's own fields. */
export type DocumentWrite = 'create' | 'createOrUpdate' | 'update';

export interface DocumentFieldSpec extends FieldSpec {
	/** The writes that show it (every one unless given). */
	on?: DocumentWrite[];
	/**
	 * A column of a document's flat row (Simplify), named by the field's API name and placed right
	 * after this column (another field's API name, or one of the row's own: model/simplify.ts).
	 */
	columnAfter?: string;
	/** Whether a document Convert makes keeps the value of the one it comes from. */
	kept?: boolean;
	/** The document types that have it (every type unless given): another type fails the item. */
	types?: string[];
	/**
	 * Whether how MakeLeaps takes it is a guess (docs/known-guesses.md): the answer to a write
	 * must give it back as sent, else the item fails naming what MakeLeaps answered.
	 */
	checkAnswer?: boolean;
}

export interface DocumentFieldTable extends FieldTable {
	fields: DocumentFieldSpec[];
}

/** What a write changes of a document, not what finds it or what its lines were checked in. */
const NOT_ON_UPDATE: DocumentWrite[] = ['create', 'createOrUpdate'];

export const documentFields: DocumentFieldTable = {
	additional: { name: 'additionalFields', displayName: 'Additional Fields' },
	fields: [
		{
			displayName: 'Document Number',
			name: 'documentNumber',
			type: 'string',
			default: '',
			placeholder: 'e.g. INV-2026-001',
			description:
				'Unique among the documents of this type. Leave empty to let MakeLeaps number it.',
			api: 'document_number',
			section: 'main',
			// what finds a document (Convert's earlier External IDs name it): Update leaves it
			on: NOT_ON_UPDATE,
			columnAfter: 'external_id',
		},
		{
			displayName: 'Date',
			name: 'date',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-11-30',
			description: 'Date of the document (YYYY-MM-DD). Leave empty for today.',
			api: 'date',
			section: 'main',
			parse: checkDate,
			// Create or Update's Only Documents Dated From finds documents by it: Update leaves it
			on: NOT_ON_UPDATE,
			columnAfter: 'total',
		},
		{
			displayName: 'Due Date',
			name: 'dueDate',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-12-31',
			description: 'When payment is due (YYYY-MM-DD)',
			api: 'date_due',
			section: 'main',
			parse: checkDate,
			columnAfter: 'date',
		},
		{
			displayName: 'Currency',
			name: 'currency',
			type: 'string',
			default: 'JPY',
			placeholder: 'e.g. JPY',
			description:
				'Three-letter currency code of the amounts, such as JPY (the default) or USD. JPY amounts are whole yen.',
			api: 'currency',
			section: 'main',
			check: checkCurrency,
			// the document's lines were checked in it: Update leaves it
			on: NOT_ON_UPDATE,
			columnAfter: 'client_name',
			kept: true,
		},
		{
			displayName: 'External ID',
			name: 'externalId',
			type: 'string',
			default: '',
			placeholder: 'e.g. ORDER-1042',
			description:
				'Your own identifier for the document, such as the row or order it comes from. Create or Update finds the document by it: the same ID is always the same document.',
			api: 'external_id',
			section: 'additional',
			// what Create or Update finds a document by: Update leaves it
			on: NOT_ON_UPDATE,
			columnAfter: 'mid',
		},
		{
			displayName: 'Message',
			name: 'message',
			type: 'string',
			default: '',
			description: 'Text shown to the client on the document',
			api: 'message',
			section: 'additional',
			maxLength: LONG_TEXT,
			kept: true,
		},
		{
			displayName: 'Note',
			name: 'note',
			type: 'string',
			default: '',
			description: 'Remarks printed on the document',
			api: 'note',
			section: 'additional',
			maxLength: LONG_TEXT,
			kept: true,
		},
		{
			displayName: 'Project Name',
			name: 'projectName',
			type: 'string',
			default: '',
			api: 'project_name',
			section: 'additional',
			kept: true,
		},
		{
			displayName: 'Tag Names or IDs',
			name: 'tags',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getTags', loadOptionsDependsOn: ['partner.value'] },
			// an expression's names (a list, or a text with commas, any capitals) are checked when the
			// node runs: the editor does not mark them as values it does not support
			allowArbitraryValues: true,
			default: [],
			description:
				'The tags the document has, from the account\'s tags; an expression gives their names (a list, or a text with commas), in any capitals. A name the account has no tag of fails the item, unless Options → Create Missing Tags is on. Empty: the tags are left as they are. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			api: 'tags',
			section: 'additional',
			parse: parseTagNames,
			columnAfter: 'date_paid',
		},
		{
			displayName: 'Title',
			name: 'title',
			type: 'string',
			default: '',
			placeholder: 'e.g. Website maintenance, November',
			api: 'title',
			section: 'additional',
			columnAfter: 'template',
			kept: true,
		},
		{
			displayName: 'Valid Until',
			name: 'validUntil',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-12-31',
			description:
				"The last day a quote's offer holds (YYYY-MM-DD). Quotes only: on another type of document it fails the item.",
			api: 'date_valid',
			section: 'additional',
			parse: checkDate,
			columnAfter: 'date_due',
			types: ['quote'],
			checkAnswer: true,
		},
	],
};

/** The table of the fields a write shows, all in one collection (`collection`) when given. */
export function fieldsOn(
	operation: DocumentWrite,
	collection?: FieldTable['additional'],
): DocumentFieldTable {
	const fields = documentFields.fields.filter((spec) => spec.on?.includes(operation) ?? true);
	if (!collection) return { ...documentFields, fields };
	return {
		additional: collection,
		fields: fields.map((spec) => ({ ...spec, section: 'additional' as const })),
	};
}

/** The API names of the fields a document Convert makes keeps of the one it comes from. */
export const KEPT_ON_CONVERT = documentFields.fields
	.filter((spec) => spec.kept)
	.map((spec) => spec.api);

/**
 * Fails the item when it gives a field its document's type does not have (Valid Until on an
 * invoice): nothing has been sent. `type` is the document's type.
 */
export function checkFieldsOfType(table: FieldTable, values: FieldValues, type: string): void {
	for (const spec of table.fields as DocumentFieldSpec[]) {
		if (!spec.types || spec.types.includes(type) || values[spec.api] === undefined) continue;
		const types = spec.types.join(' or ');
		throw new InvalidInput(
			`${spec.displayName} is set, but the document's type is ${type}: only documents of type ${types} have it`,
			`Leave ${spec.displayName} empty for this ${type}. Nothing was sent for it.`,
		);
	}
}

/** Whether a write's body gives a field that only some types of document have. */
export const givesTypedField = (body: IDataObject): boolean =>
	documentFields.fields.some((spec) => spec.types && body[spec.api] !== undefined);

/**
 * Why the answer to a write does not give back as sent a field whose reading by MakeLeaps is a
 * guess (`checkAnswer`), or undefined when it does; `named` names the document.
 */
export function answeredFieldsProblem(
	document: IDataObject,
	sent: IDataObject,
	named: string,
	done: string,
): string | undefined {
	for (const spec of documentFields.fields) {
		const asked = sent[spec.api];
		if (!spec.checkAnswer || typeof asked !== 'string') continue;
		const given = document[spec.api];
		if (given === asked) continue;
		const shown = given === undefined ? `no ${spec.api}` : `${spec.api} ${JSON.stringify(given)}`;
		return `MakeLeaps answered the ${named} with ${shown} after it was ${done}, not ${asked} as asked (${spec.displayName})`;
	}
	return undefined;
}
