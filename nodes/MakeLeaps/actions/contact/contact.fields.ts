/** The fields of one contact (an organization or a person of a client), described once. */
import type { INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../helpers/context';
import { checkEmail, checkText, InvalidInput } from '../../helpers/validation';

/** A field of a contact: its editor name and label, and the contact field it sets. */
const FIELDS = [
	{
		name: 'department',
		displayName: 'Department',
		api: 'department',
		placeholder: 'e.g. Accounting',
	},
	{ name: 'email', displayName: 'Email', api: 'email', placeholder: 'e.g. name@email.com' },
	{ name: 'familyName', displayName: 'Family Name', api: 'family_name', placeholder: 'e.g. Sato' },
	{ name: 'givenName', displayName: 'Given Name', api: 'given_name', placeholder: 'e.g. Hanako' },
	{
		name: 'name',
		displayName: 'Organization Name',
		api: 'name',
		placeholder: 'e.g. Example Co., Ltd.',
	},
	{
		name: 'phoneNumber',
		displayName: 'Phone Number',
		api: 'phone_number',
		placeholder: 'e.g. 03-1234-5678',
	},
	{ name: 'title', displayName: 'Title', api: 'title', placeholder: 'e.g. Manager' },
] as const;

/** The contact fields as options of a collection (Contact Fields, Update Fields). */
export const contactFieldOptions: INodeProperties[] = FIELDS.map((field) => ({
	displayName: field.displayName,
	name: field.name,
	type: 'string',
	default: '',
	placeholder: field.placeholder,
}));

/** The contact fields an item sets in a collection, checked, as MakeLeaps names them. */
export function contactValues(op: OperationContext, collection: string): Record<string, string> {
	const given = op.collection(collection);
	const values: Record<string, string> = {};
	for (const field of FIELDS) {
		if (given[field.name] === undefined) continue;
		const label = op.label(`${collection}.${field.name}`);
		const text = checkText(given[field.name], label);
		values[field.api] = field.api === 'email' ? checkEmail(text, label) : text;
	}
	return values;
}

/** A contact body from checked values: the e-mail as MakeLeaps nests it. */
export function contactBody(type: string, values: Record<string, string>): Record<string, unknown> {
	const { email, ...texts } = values;
	const name = type === 'organization' ? texts.name : texts.family_name;
	if (!name) {
		throw new InvalidInput(
			type === 'organization' ? 'Organization Name is empty' : 'Family Name is empty',
			`A${type === 'organization' ? 'n organization' : ' person'} contact needs it`,
		);
	}
	return {
		contact_type: type,
		...texts,
		...(email === undefined ? {} : { email: email ? { address: email } : null }),
	};
}
