/**
 * Field tables: each input field of a resource described once (its UI, where its value goes in the
 * request, how it is checked). The editor's properties and the checked values of an item are both
 * derived from the table, so adding a field means adding one entry.
 */
import type { INodeProperties } from 'n8n-workflow';

import { checkText, InvalidInput, isEmpty } from './validation';

export { isEmpty };

export interface FieldSpec
	extends Pick<
		INodeProperties,
		| 'displayName'
		| 'name'
		| 'type'
		| 'default'
		| 'placeholder'
		| 'description'
		| 'hint'
		| 'options'
		| 'typeOptions'
		| 'allowArbitraryValues'
	> {
	/** Where the value goes in the request, as a dotted path such as `person.family_name`. */
	api: string;
	/** A field of its own, or an option of the table's collection of additional fields. */
	section: 'main' | 'additional';
	/** A further check of the trimmed text (an e-mail, a country code); returns the clean value. */
	check?: (value: string, label: string) => string;
	/** Reads a value that need not be text (a date object from an expression); replaces the text check. */
	parse?: (value: unknown, label: string) => string;
	/** Another field (by name) that must be set when this one is. */
	requires?: string;
	/** The most characters the text may have (255 unless set). */
	maxLength?: number;
}

export interface FieldTable {
	fields: FieldSpec[];
	/** The collection that holds the fields of the `additional` section. */
	additional: { name: string; displayName: string };
	/** Fields of which at least one must be set, and why. */
	atLeastOne?: { names: string[]; description: string };
}

type Show = { resource: string[]; operation: string[] };

/** Changes to a field's UI for one operation, such as `required` or another description. */
export type FieldOverrides = Record<string, Partial<INodeProperties>>;

const UI_KEYS = [
	'displayName',
	'name',
	'type',
	'default',
	'placeholder',
	'description',
	'hint',
	'options',
	'typeOptions',
	'allowArbitraryValues',
] as const;

/** The editor property of a field: its UI keys only. */
function property(spec: FieldSpec): INodeProperties {
	const ui: Partial<INodeProperties> = {};
	for (const key of UI_KEYS) if (spec[key] !== undefined) Object.assign(ui, { [key]: spec[key] });
	return ui as INodeProperties;
}

/**
 * Additional Fields are listed alphabetically, as n8n lists a collection, except the parts of an
 * address: they share one name here, so the (stable) sort keeps them in the table's postal order.
 */
const sortName = (spec: FieldSpec) =>
	spec.api.startsWith('address.') ? 'Address' : spec.displayName;

/** The editor properties of a table for the operations in `show`. */
export function fieldProperties(
	table: FieldTable,
	show: Show,
	overrides: FieldOverrides = {},
): INodeProperties[] {
	const main = table.fields
		.filter((spec) => spec.section === 'main')
		.map((spec) => ({ ...property(spec), ...overrides[spec.name], displayOptions: { show } }));
	const additional = table.fields
		.filter((spec) => spec.section === 'additional')
		.sort((a, b) => sortName(a).localeCompare(sortName(b)))
		.map(property);
	return [
		...main,
		{
			displayName: table.additional.displayName,
			name: table.additional.name,
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			displayOptions: { show },
			options: additional,
		},
	];
}

/** The table with some additional fields made main fields (an operation that needs them). */
export function withMainFields(table: FieldTable, names: string[]): FieldTable {
	const fields = table.fields.map((spec) =>
		names.includes(spec.name) ? { ...spec, section: 'main' as const } : spec,
	);
	return { ...table, fields };
}

/** One field of a table, as an option of another operation's collection (e.g. Update Fields). */
export function fieldOption(table: FieldTable, name: string): INodeProperties {
	const spec = table.fields.find((field) => field.name === name);
	if (!spec) throw new Error(`No field "${name}" in the table`);
	return property(spec);
}

export function labelOf(table: FieldTable, name: string): string {
	return table.fields.find((field) => field.name === name)?.displayName ?? name;
}

/** The values an item gives, keyed by their API path: empty fields are left out (isEmpty). */
export type FieldValues = Record<string, string>;

/**
 * Reads every field of a table through `read` (raw values, as n8n gives them), checks the given
 * ones and the rules between them, and returns them by API path. Throws InvalidInput.
 */
export function readFieldValues(
	table: FieldTable,
	read: (spec: FieldSpec) => unknown,
): FieldValues {
	const byName: Record<string, string> = {};
	for (const spec of table.fields) {
		const raw = read(spec);
		if (isEmpty(raw)) continue;
		const text = spec.parse
			? spec.parse(raw, spec.displayName)
			: checkText(raw, spec.displayName, spec.maxLength);
		byName[spec.name] = spec.check ? spec.check(text, spec.displayName) : text;
	}
	const given = (name: string) => Boolean(byName[name]);
	const rule = table.atLeastOne;
	if (rule && !rule.names.some(given)) {
		const labels = rule.names.map((name) => labelOf(table, name));
		const listed = `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
		throw new InvalidInput(
			`${listed} are ${labels.length === 2 ? 'both' : 'all'} empty`,
			rule.description,
		);
	}
	for (const spec of table.fields) {
		if (spec.requires && given(spec.name) && !given(spec.requires)) {
			const required = labelOf(table, spec.requires);
			throw new InvalidInput(
				`${spec.displayName} is set but ${required} is empty`,
				`Fill in ${required} too, or leave ${spec.displayName} empty`,
			);
		}
	}
	const values: FieldValues = {};
	for (const spec of table.fields) if (given(spec.name)) values[spec.api] = byName[spec.name];
	return values;
}

/**
 * The values of a new record: each field not given takes its default (Address Country JP,
 * Currency JPY). Only a create uses them; an update sends what is given, nothing else.
 */
export function withDefaults(table: FieldTable, values: FieldValues): FieldValues {
	const all: FieldValues = {};
	for (const spec of table.fields) {
		const value = values[spec.api] ?? (typeof spec.default === 'string' ? spec.default : '');
		if (value) all[spec.api] = value;
	}
	return { ...all, ...values };
}
