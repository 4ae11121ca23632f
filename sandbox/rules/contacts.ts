/**
 * What a valid contact and postal address are, as the contact serializer answers them; the
 * contact store and the client store (a client's inline contacts) both check with it.
 */
import type { Address, NewContact } from '../stores/records';
import {
	charField,
	eachItem,
	isEmail,
	isObject,
	notADictionary,
	notAList,
	type Checked,
	type FieldErrors,
} from './fields';

const CONTACT_TYPES = ['organization', 'person'];
const ADDRESS_FORMATS = ['default', 'jp_default'];
const ADDRESS_TEXTS = ['street_address', 'extended_address', 'locality', 'region', 'postal_code'];
const CONTACT_TEXTS = ['name', 'family_name', 'given_name', 'title', 'department', 'phone_number'];

type Valid<T> = { value?: T; errors?: FieldErrors };

/** A required text that must be one of `choices`. */
function choiceField(value: unknown, choices: string[]): Checked<string> {
	const field = charField(value, { required: true });
	if (field.error || choices.includes(field.value!)) return field;
	return { value: field.value, error: [`"${field.value}" is not a valid choice.`] };
}

/** Text fields, each checked as `required` says (blank allowed unless required). */
function texts(
	raw: Record<string, unknown>,
	keys: string[],
	errors: FieldErrors,
	required: (key: string) => boolean = () => false,
): Record<string, string> {
	const text: Record<string, string> = {};
	for (const key of keys) {
		const field = charField(raw[key], { required: required(key), allowBlank: !required(key) });
		if (field.error) errors[key] = field.error;
		else text[key] = field.value ?? '';
	}
	return text;
}

function validateAddress(raw: unknown): Valid<Address> {
	if (!isObject(raw)) return { errors: notADictionary(raw) };
	const errors: FieldErrors = {};
	const format = choiceField(raw.format, ADDRESS_FORMATS);
	if (format.error) errors.format = format.error;
	const country = charField(raw.country_name, { required: true });
	if (country.error) errors.country_name = country.error;
	else if (!/^[A-Z]{2}$/.test(country.value!))
		errors.country_name = ['Enter a two-letter country code.'];
	const text = texts(raw, ADDRESS_TEXTS, errors);
	if (Object.keys(errors).length) return { errors };
	return {
		value: { format: format.value!, country_name: country.value!, ...text } as Address,
	};
}

/** The e-mail object of a contact: absent or null is none. */
function contactEmail(raw: unknown, errors: FieldErrors): { address: string } | null {
	if (raw === undefined || raw === null) return null;
	if (!isObject(raw)) {
		errors.email = notADictionary(raw);
		return null;
	}
	const address = charField(raw.address, { required: true });
	if (address.error) errors.email = { address: address.error };
	else if (!isEmail(address.value!)) errors.email = { address: ['Enter a valid email address.'] };
	else return { address: address.value! };
	return null;
}

function contactAddresses(raw: unknown, errors: FieldErrors): Address[] {
	if (raw === undefined) return [];
	if (!Array.isArray(raw)) {
		errors.addresses = notAList(raw);
		return [];
	}
	const addresses = eachItem(raw, validateAddress);
	if (addresses.error) errors.addresses = addresses.error;
	return addresses.value ?? [];
}

export function validateContact(raw: unknown): Valid<NewContact> {
	if (!isObject(raw)) return { errors: notADictionary(raw) };
	const errors: FieldErrors = {};
	const type = choiceField(raw.contact_type, CONTACT_TYPES);
	if (type.error) errors.contact_type = type.error;
	// an organization needs its name, a person a family name
	const required = (key: string) =>
		(key === 'name' && type.value === 'organization') ||
		(key === 'family_name' && type.value === 'person');
	const text = texts(raw, CONTACT_TEXTS, errors, required);
	const email = contactEmail(raw.email, errors);
	const addresses = contactAddresses(raw.addresses, errors);
	if (Object.keys(errors).length) return { errors };
	const contactType = type.value as NewContact['contact_type'];
	return { value: { contact_type: contactType, ...text, email, addresses } as NewContact };
}
