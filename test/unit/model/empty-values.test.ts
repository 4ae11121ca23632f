/**
 * The one rule for empty values of every write (fields.ts): an empty value is not sent, so the
 * record keeps what it has; a new record gets the field's default.
 */
import { clientFields } from '../../../nodes/MakeLeaps/actions/client/client.fields';
import { documentFields } from '../../../nodes/MakeLeaps/model/documentFields';
import { contactEdits } from '../../../nodes/MakeLeaps/model/clientBody';
import {
	isEmpty,
	readFieldValues,
	withDefaults,
	type FieldSpec,
	type FieldTable,
} from '../../../nodes/MakeLeaps/model/fields';
import { pickedValue } from '../../../nodes/MakeLeaps/model/locators';

const valuesOf = (table: FieldTable, input: Record<string, unknown>) =>
	readFieldValues(table, (spec: FieldSpec) => input[spec.name]);

describe('isEmpty: what a blank cell gives', () => {
	test('nothing, null, and a text of spaces only are empty', () => {
		for (const value of [undefined, null, '', ' ', '\t\n ', '\u3000'])
			expect(isEmpty(value)).toBe(true);
	});

	test('any other value is given, 0 and false included', () => {
		for (const value of ['a', ' a ', '0', 0, false, [], {}]) expect(isEmpty(value)).toBe(false);
	});
});

describe('readFieldValues: an empty field is not given', () => {
	test('empty, blank and null fields are left out, with no default put in their place', () => {
		const values = valuesOf(clientFields, {
			clientExternalId: '  ',
			organizationName: 'Co',
			personTitle: null,
			addressCountry: '',
			addressFormat: ' ',
			addressStreet: '\t',
		});
		expect(values).toEqual({ 'organization.name': 'Co' });
	});

	test('a key given empty is never sent as empty: Client External ID, External ID', () => {
		expect(
			valuesOf(clientFields, { clientExternalId: '', organizationName: 'Co' }),
		).not.toHaveProperty('client_external_id');
		expect(valuesOf(documentFields, { externalId: ' ', title: null })).toEqual({});
	});

	test('a blank date or currency is not refused as malformed: it is not given', () => {
		expect(valuesOf(documentFields, { dueDate: '  ', currency: ' ', date: null })).toEqual({});
	});

	test('the rules between fields look at given values only', () => {
		expect(() => valuesOf(clientFields, { organizationName: ' ', personFamilyName: '' })).toThrow(
			'Organization Name and Person Family Name are both empty',
		);
		expect(valuesOf(clientFields, { organizationName: 'Co', personEmail: '  ' })).toEqual({
			'organization.name': 'Co',
		});
	});
});

describe('withDefaults: the values of a new record', () => {
	test('each field not given takes its default; a given value is kept', () => {
		expect(withDefaults(documentFields, {})).toEqual({ currency: 'JPY' });
		expect(withDefaults(documentFields, { currency: 'USD', title: 'T' })).toEqual({
			currency: 'USD',
			title: 'T',
		});
		expect(withDefaults(clientFields, { 'address.country_name': 'US' })).toEqual({
			'address.format': 'jp_default',
			'address.country_name': 'US',
		});
	});
});

describe('pickedValue: a picker left blank', () => {
	test('a locator or a plain value of spaces only picks nothing', () => {
		expect(pickedValue({ __rl: true, mode: 'id', value: '  ' })).toBeUndefined();
		expect(pickedValue(' ')).toBeUndefined();
		expect(pickedValue({ __rl: true, mode: 'id', value: '123' })).toBe('123');
	});
});

describe('contactEdits: an update changes only what is given', () => {
	const organization = {
		contact_type: 'organization',
		name: 'Co',
		addresses: [
			{
				format: 'default',
				country_name: 'US',
				postal_code: '10001',
				region: 'NY',
				locality: 'New York',
				street_address: '1 Main St',
				extended_address: 'Floor 2',
			},
		],
	};
	const defaults = withDefaults(clientFields, {});

	test('an address part not given keeps its value, and the defaults never replace what is there', () => {
		const [edit] = contactEdits({ 'address.locality': 'Brooklyn' }, [organization], defaults);
		expect(edit.addresses).toEqual([{ ...organization.addresses[0], locality: 'Brooklyn' }]);
	});

	test('a contact without an address gets one with the defaults for a part that locates it', () => {
		const bare = { contact_type: 'organization', name: 'Co', addresses: [] };
		const [edit] = contactEdits({ 'address.locality': 'Minato' }, [bare], defaults);
		expect(edit.addresses).toEqual([
			{
				format: 'jp_default',
				country_name: 'JP',
				postal_code: '',
				region: '',
				locality: 'Minato',
				street_address: '',
				extended_address: '',
			},
		]);
		// a format or country alone does not make an address
		expect(contactEdits({ 'address.country_name': 'JP' }, [bare], defaults)).toEqual([]);
	});
});
