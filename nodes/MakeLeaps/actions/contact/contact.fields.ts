/** The fields of one contact (an organization or a person of a client), described once. */
import type { INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../run/context';
import { fieldOption, labelOf, readFieldValues, type FieldTable } from '../../model/fields';
import { checkEmail, InvalidInput } from '../../model/validation';

/** A field of a contact: its editor name and label, and the contact field it sets. */
const field = (name: string, displayName: string, api: string, placeholder: string) => ({
	name,
	displayName,
	type: 'string' as const,
	default: '',
	placeholder,
	api,
	section: 'additional' as const,
});

/**
 * A contact's fields, in a collection of the operation (Contact Fields, Update Fields). A field
 * only one kind of contact has says which (Person Family Name, Organization Name), as the client's
 * fields do; one either kind has is named alone (Email, Phone Number).
 */
export const contactFields: FieldTable = {
	additional: { name: 'contactFields', displayName: 'Contact Fields' },
	fields: [
		field('department', 'Department', 'department', 'e.g. Accounting'),
		{ ...field('email', 'Email', 'email', 'e.g. name@email.com'), check: checkEmail },
		field('familyName', 'Person Family Name', 'family_name', 'e.g. Sato'),
		field('givenName', 'Person Given Name', 'given_name', 'e.g. Hanako'),
		field('name', 'Organization Name', 'name', 'e.g. Example Co., Ltd.'),
		field('phoneNumber', 'Phone Number', 'phone_number', 'e.g. 03-1234-5678'),
		field('title', 'Title', 'title', 'e.g. Manager'),
	],
};

/** The contact fields as options of a collection (Contact Fields, Update Fields), alphabetical. */
export const contactFieldOptions: INodeProperties[] = contactFields.fields
	.map((spec) => fieldOption(contactFields, spec.name))
	.sort((a, b) => a.displayName.localeCompare(b.displayName));

/**
 * The contact fields an item gives in a collection, checked, as MakeLeaps names them; an empty
 * one (a blank cell) is left out, so the contact keeps what it has (see isEmpty).
 */
export function contactValues(op: OperationContext, collection: string): Record<string, string> {
	const given = op.collection(collection);
	return readFieldValues(contactFields, (spec) => given[spec.name]);
}

/** A contact body from checked values: the e-mail as MakeLeaps nests it. */
export function contactBody(type: string, values: Record<string, string>): Record<string, unknown> {
	const { email, ...texts } = values;
	const name = type === 'organization' ? texts.name : texts.family_name;
	if (!name) {
		throw new InvalidInput(
			`${labelOf(contactFields, type === 'organization' ? 'name' : 'familyName')} is empty`,
			`A${type === 'organization' ? 'n organization' : ' person'} contact needs it`,
		);
	}
	return {
		contact_type: type,
		...texts,
		...(email === undefined ? {} : { email: email ? { address: email } : null }),
	};
}
