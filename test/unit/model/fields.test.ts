import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { clientFields } from '../../../nodes/MakeLeaps/actions/client/client.fields';
import {
	answeredFieldsProblem,
	checkFieldsOfType,
	documentFields,
	fieldsOn,
	KEPT_ON_CONVERT,
} from '../../../nodes/MakeLeaps/model/documentFields';
import { DOCUMENT_COLUMNS } from '../../../nodes/MakeLeaps/model/simplify';
import { clientBody } from '../../../nodes/MakeLeaps/model/clientBody';
import {
	fieldOption,
	fieldProperties,
	labelOf,
	readFieldValues,
	withDefaults,
	withMainFields,
	type FieldSpec,
	type FieldTable,
} from '../../../nodes/MakeLeaps/model/fields';

const show = { resource: ['client'], operation: ['create'] };

/** Reads values the way n8n hands them over: main fields by name, additional ones in the collection. */
const valuesOf = (table: FieldTable, input: Record<string, unknown>) =>
	readFieldValues(table, (spec: FieldSpec) => input[spec.name]);

describe('The client field table', () => {
	test('every field once: a unique name and a unique API path', () => {
		const names = clientFields.fields.map((field) => field.name);
		const paths = clientFields.fields.map((field) => field.api);
		expect(new Set(names).size).toBe(names.length);
		expect(new Set(paths).size).toBe(paths.length);
	});

	test('the editor fields of an operation are derived from it: main fields, then Additional Fields', () => {
		const properties = fieldProperties(clientFields, show);
		const main = clientFields.fields.filter((field) => field.section === 'main');
		expect(properties.map((p) => p.name)).toEqual([
			...main.map((field) => field.name),
			'additionalFields',
		]);
		for (const property of properties) expect(property.displayOptions).toEqual({ show });
		const collection = properties.at(-1)!;
		const options = (collection.options as INodeProperties[]).map((option) => option.displayName);
		// alphabetical, the address's parts together in the table's postal order
		const sorted = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b));
		const address = options.filter((name) => name.startsWith('Address '));
		expect(address).toEqual(
			clientFields.fields.filter((f) => f.api.startsWith('address.')).map((f) => f.displayName),
		);
		expect(options).toEqual([...address, ...sorted(options.slice(address.length))]);
		expect(options).toHaveLength(clientFields.fields.length - main.length);
		// only editor keys reach n8n
		expect(Object.keys(properties[0]).sort()).toEqual([
			'default',
			'description',
			'displayName',
			'displayOptions',
			'name',
			'placeholder',
			'type',
		]);
	});

	test('the Additional Fields collection is one n8n collection, empty until a field is added', () => {
		const collection = fieldProperties(clientFields, show).at(-1)!;
		expect(collection).toMatchObject({
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
		});
	});

	test('an operation can make additional fields main ones (Create or Update: External ID)', () => {
		const table = withMainFields(documentFields, ['externalId']);
		const names = fieldProperties(table, show).map((property) => property.name);
		expect(names).toContain('externalId');
		expect(names.indexOf('externalId')).toBeLessThan(names.indexOf('additionalFields'));
		const collection = fieldProperties(table, show).at(-1)!;
		expect((collection.options as INodeProperties[]).map((o) => o.name)).not.toContain(
			'externalId',
		);
		// the table given is left as it was
		expect(documentFields.fields.find((f) => f.name === 'externalId')?.section).toBe('additional');
	});

	test('an operation can override a field (Create or Update requires the external ID)', () => {
		const properties = fieldProperties(clientFields, show, {
			clientExternalId: { required: true, description: 'Key' },
		});
		expect(properties[0]).toMatchObject({
			name: 'clientExternalId',
			required: true,
			description: 'Key',
		});
		expect(fieldProperties(clientFields, show)[0]).not.toHaveProperty('required');
	});

	test('a field can serve another collection (Update Fields)', () => {
		expect(fieldOption(clientFields, 'clientExternalId')).toMatchObject({
			displayName: 'Client External ID',
			name: 'clientExternalId',
		});
		expect(() => fieldOption(clientFields, 'nope')).toThrow('No field "nope"');
	});

	test('adding a field is one table entry: it appears in the editor and in the request', () => {
		const withDepartment: FieldTable = {
			...clientFields,
			fields: [
				...clientFields.fields,
				{
					displayName: 'Organization Department',
					name: 'organizationDepartment',
					type: 'string',
					default: '',
					api: 'organization.department',
					section: 'additional',
					requires: 'organizationName',
				},
			],
		};
		const collection = fieldProperties(withDepartment, show).at(-1)!;
		expect((collection.options as INodeProperties[]).map((o) => o.name)).toContain(
			'organizationDepartment',
		);
		const values = valuesOf(withDepartment, {
			organizationName: 'Co',
			organizationDepartment: 'Sales',
		});
		expect(clientBody(values).contacts).toEqual([
			{ contact_type: 'organization', name: 'Co', department: 'Sales', addresses: [], email: null },
		]);
		expect(() =>
			valuesOf(withDepartment, { personFamilyName: 'Sato', organizationDepartment: 'Sales' }),
		).toThrow('Organization Department is set but Organization Name is empty');
	});
});

describe('The document field table drives every list', () => {
	const names = (table: FieldTable) => table.fields.map((field) => field.name);

	test('every field once: a unique name and a unique API path', () => {
		const paths = documentFields.fields.map((field) => field.api);
		expect(new Set(names(documentFields)).size).toBe(documentFields.fields.length);
		expect(new Set(paths).size).toBe(paths.length);
	});

	test('Create and Create or Update show every field; Update those it may change, all in Update Fields', () => {
		expect(names(fieldsOn('create'))).toEqual(names(documentFields));
		expect(names(fieldsOn('createOrUpdate'))).toEqual(names(documentFields));
		const update = fieldsOn('update', { name: 'updateFields', displayName: 'Update Fields' });
		expect(names(update)).toEqual([
			'dueDate',
			'message',
			'note',
			'projectName',
			'tags',
			'title',
			'validUntil',
		]);
		expect(update.additional.name).toBe('updateFields');
		expect(update.fields.every((field) => field.section === 'additional')).toBe(true);
		// the table itself keeps its sections
		expect(documentFields.fields.find((f) => f.name === 'dueDate')?.section).toBe('main');
	});

	test("Simplify's columns: each table column right after the column it names, the others in the row's own order", () => {
		for (const spec of documentFields.fields.filter((field) => field.columnAfter)) {
			const at = DOCUMENT_COLUMNS.indexOf(spec.api);
			const before = DOCUMENT_COLUMNS[at - 1];
			const sibling = documentFields.fields.find((f) => f.api === before)?.columnAfter;
			expect([spec.api, before === spec.columnAfter || sibling === spec.columnAfter]).toEqual([
				spec.api,
				true,
			]);
		}
		expect(new Set(DOCUMENT_COLUMNS).size).toBe(DOCUMENT_COLUMNS.length);
		expect(DOCUMENT_COLUMNS.slice(0, 3)).toEqual(['mid', 'external_id', 'document_number']);
	});

	test("Convert keeps the fields marked kept: a quote's Valid Until is not an invoice's", () => {
		expect(KEPT_ON_CONVERT).toEqual(['currency', 'message', 'note', 'project_name', 'title']);
	});

	test('a field of some types only fails an item of another type, naming both', () => {
		const values = { date_valid: '2026-12-31' };
		expect(() => checkFieldsOfType(documentFields, values, 'quote')).not.toThrow();
		expect(() => checkFieldsOfType(documentFields, {}, 'invoice')).not.toThrow();
		expect(() => checkFieldsOfType(documentFields, values, 'invoice')).toThrow(
			"Valid Until is set, but the document's type is invoice: only documents of type quote have it",
		);
	});

	test("a guessed field's answer must give it back as sent", () => {
		const sent = { date_valid: '2026-12-31', title: 'T' };
		const check = (answer: IDataObject) =>
			answeredFieldsProblem(answer, sent, 'quote 0001', 'created');
		expect(check({ date_valid: '2026-12-31', title: 'other' })).toBeUndefined();
		expect(check({ date_valid: null })).toBe(
			'MakeLeaps answered the quote 0001 with date_valid null after it was created, not 2026-12-31 as asked (Valid Until)',
		);
		expect(check({})).toMatch(/with no date_valid after it was created/);
		expect(check({ date_valid: '2026-12-31T00:00:00+09:00' })).toMatch(
			/with date_valid "2026-12-31T00:00:00\+09:00"/,
		);
		expect(answeredFieldsProblem({}, {}, 'quote 0001', 'changed')).toBeUndefined();
	});
});

describe('readFieldValues', () => {
	test('keeps the given values by API path, trimmed; a new record adds the defaults', () => {
		const values = valuesOf(clientFields, {
			organizationName: ' Example Co ',
			clientExternalId: 'C-1',
			personEmail: undefined,
		});
		expect(values).toEqual({ client_external_id: 'C-1', 'organization.name': 'Example Co' });
		expect(withDefaults(clientFields, values)).toEqual({
			client_external_id: 'C-1',
			'organization.name': 'Example Co',
			'address.format': 'jp_default',
			'address.country_name': 'JP',
		});
	});

	test('checks each field: e-mail, country code (upper-cased), type and length', () => {
		const base = { personFamilyName: 'Sato' };
		expect(valuesOf(clientFields, { ...base, addressCountry: 'us' })['address.country_name']).toBe(
			'US',
		);
		expect(() => valuesOf(clientFields, { ...base, personEmail: 'sato@' })).toThrow(
			'Person Email "sato@" is not a valid e-mail address',
		);
		expect(() => valuesOf(clientFields, { ...base, addressCountry: 'Japan' })).toThrow(
			'Address Country "Japan" is not a two-letter country code',
		);
		expect(() => valuesOf(clientFields, { ...base, personTitle: ['a'] })).toThrow(
			'Person Title must be text, not a list',
		);
		expect(() => valuesOf(clientFields, { ...base, addressStreet: 'x'.repeat(256) })).toThrow(
			'Address Street is 256 characters long',
		);
	});

	test('a client needs an organization name or a person family name', () => {
		expect(() => valuesOf(clientFields, { organizationName: ' ', personFamilyName: null })).toThrow(
			'Organization Name and Person Family Name are both empty',
		);
	});

	test('a rule over three fields names them all', () => {
		const names = ['organizationName', 'personFamilyName', 'personEmail'];
		const table = { ...clientFields, atLeastOne: { names, description: 'One of them' } };
		expect(() => valuesOf(table, {})).toThrow(
			'Organization Name, Person Family Name and Person Email are all empty',
		);
	});

	test('a name the table does not have is its own label', () => {
		expect(labelOf(clientFields, 'organizationName')).toBe('Organization Name');
		expect(labelOf(clientFields, 'nope')).toBe('nope');
	});

	test('a detail without its contact says what to fill in', () => {
		expect(() => valuesOf(clientFields, { organizationName: 'Co', personEmail: 'a@b.co' })).toThrow(
			expect.objectContaining({
				description: 'Fill in Person Family Name too, or leave Person Email empty',
			}),
		);
	});

	test('details of a contact need that contact', () => {
		expect(() => valuesOf(clientFields, { organizationName: 'Co', personEmail: 'a@b.co' })).toThrow(
			'Person Email is set but Person Family Name is empty',
		);
		expect(() =>
			valuesOf(clientFields, { organizationName: 'Co', personGivenName: 'Taro' }),
		).toThrow('Person Given Name is set but Person Family Name is empty');
		expect(() =>
			valuesOf(clientFields, { personFamilyName: 'Sato', organizationPhoneNumber: '03' }),
		).toThrow('Organization Phone Number is set but Organization Name is empty');
	});
});
