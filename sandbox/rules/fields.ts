/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev code: the sandbox, never inside n8n */
/**
 * Django REST Framework's field checks, as the real API is taken to answer them: the field
 * kinds (text, decimal, date, timestamp, e-mail) and the error a request's fields add up to.
 */
import { domainToASCII } from 'node:url';

import { decimalPlaces, isDecimal, parseDecimal } from '../decimal';

export type FieldErrors = { [field: string]: unknown };

/** A request refused field by field: answered 400 with the errors as the response. */
export class ValidationError extends Error {
	constructor(readonly errors: FieldErrors) {
		super('validation failed');
	}
}

/** What a field check gives: the value, or the field's errors. */
export type Checked<T> = { value?: T; error?: string[] };

export const isObject = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

/** The Python name of a JSON value's type, as DRF's messages quote it. */
export function typeName(v: unknown): string {
	if (v === null) return 'NoneType';
	if (Array.isArray(v)) return 'list';
	if (typeof v === 'object') return 'dict';
	if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
	if (typeof v === 'boolean') return 'bool';
	return 'str';
}

/** DRF's error for a value that is not an object; the client and contact serializers name what came. */
export const notADictionary = (value: unknown, named = true): FieldErrors => ({
	non_field_errors: [
		named
			? `Invalid data. Expected a dictionary, but got ${typeName(value)}.`
			: 'Invalid data. Expected a dictionary.',
	],
});

/** The body of a request as an object, or the 400 DRF answers for anything else. */
export function objectBody(body: unknown, named = true): Record<string, unknown> {
	if (!isObject(body)) throw new ValidationError(notADictionary(body, named));
	return body;
}

/** Puts a checked field's value on `target`, or its errors under its name. */
export function assign<T extends object, K extends keyof T & string>(
	target: T,
	key: K,
	checked: Checked<T[K]>,
	errors: FieldErrors,
) {
	if (checked.error) errors[key] = checked.error;
	else target[key] = checked.value as T[K];
}

/** DRF's error for a value that is not a list. */
export const notAList = (value: unknown) => [
	`Expected a list of items but got type "${typeName(value)}".`,
];

/** Items checked one by one: when any is wrong, DRF answers one error object per item. */
export function eachItem<T>(
	items: unknown[],
	check: (item: unknown) => { value?: T; errors?: FieldErrors },
): { value?: T[]; error?: FieldErrors[] } {
	const checked = items.map(check);
	if (checked.some((c) => c.errors)) return { error: checked.map((c) => c.errors ?? {}) };
	return { value: checked.map((c) => c.value!) };
}

const MAX_LENGTH = 255;

/** DRF CharField: strings and numbers are accepted, other types are not. */
export function charField(
	value: unknown,
	opts: { required?: boolean; allowBlank?: boolean } = {},
): Checked<string> {
	if (value === undefined) return opts.required ? { error: ['This field is required.'] } : {};
	if (value === null) return { error: ['This field may not be null.'] };
	if (typeof value !== 'string' && typeof value !== 'number')
		return { error: ['Not a valid string.'] };
	const text = String(value).trim();
	if (text === '' && !opts.allowBlank) return { error: ['This field may not be blank.'] };
	if ([...text].length > MAX_LENGTH) {
		// Python counts code points
		return { error: [`Ensure this field has no more than ${MAX_LENGTH} characters.`] };
	}
	return { value: text };
}

/** A document's text field: null is empty, a required one may not be blank. */
export function textField(value: unknown, max: number, required = false): Checked<string> {
	if (value === undefined || value === null)
		return required ? { error: ['This field is required.'] } : { value: '' };
	if (typeof value !== 'string' && typeof value !== 'number')
		return { error: ['Not a valid string.'] };
	const text = String(value).trim();
	if (required && text === '') return { error: ['This field may not be blank.'] };
	if ([...text].length > max)
		return { error: [`Ensure this field has no more than ${max} characters.`] };
	return { value: text };
}

/** A DRF DecimalField: a number or numeric text, with at most `places` decimals (if given). */
export function decimalField(value: unknown, places?: number, min?: string): Checked<string> {
	if (value === undefined || value === null || value === '')
		return { error: ['This field is required.'] };
	const text =
		typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (!isDecimal(text)) return { error: ['A valid number is required.'] };
	if (places !== undefined && decimalPlaces(text) > places) {
		return { error: [`Ensure that there are no more than ${places} decimal places.`] };
	}
	if (min !== undefined && parseDecimal(text).units < 0n && min === '0') {
		return { error: ['Ensure this value is greater than or equal to 0.'] };
	}
	return { value: text };
}

/** DRF's BooleanField: true and false, and the texts and numbers it reads as them. */
const BOOLEANS: Record<string, boolean> = {
	true: true,
	t: true,
	yes: true,
	y: true,
	on: true,
	'1': true,
	false: false,
	f: false,
	no: false,
	n: false,
	off: false,
	'0': false,
};

export function booleanField(value: unknown): Checked<boolean> {
	if (value === undefined) return { value: false };
	const key = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
	const known = typeof value === 'boolean' ? value : BOOLEANS[key.toLowerCase()];
	return known === undefined ? { error: ['Must be a valid boolean.'] } : { value: known };
}

/**
 * A strict serializer's refusal of the fields of `body` it does not know, each under its name.
 * DRF itself ignores them (the sandbox's default, see `refuseUnknownFields` in options.ts).
 */
export function refuseUnknown(
	body: Record<string, unknown>,
	known: readonly string[],
	errors: FieldErrors,
) {
	for (const key of Object.keys(body)) if (!known.includes(key)) errors[key] = ['Unknown field.'];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function dateField(value: unknown): Checked<string | null> {
	if (value === null) return { value: null };
	const text = typeof value === 'string' ? value.trim() : '';
	const real = DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
	if (!real || new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) !== text) {
		return { error: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] };
	}
	return { value: text };
}

export function timestampField(value: unknown): Checked<string | null> {
	if (value === null) return { value: null };
	if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) {
		return {
			error: [
				'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
			],
		};
	}
	return { value: new Date(value).toISOString() };
}

/**
 * Django's EmailValidator, which MakeLeaps' API (Django REST Framework) is taken to use: an ASCII
 * local part, and a domain that is valid once internationalised labels are punycode-encoded
 * (so `ueda@例え.jp` passes and `ユーザー@example.jp` does not).
 */
const EMAIL_USER = /^[-!#$%&'*+/=?^_`{}|~0-9A-Z]+(\.[-!#$%&'*+/=?^_`{}|~0-9A-Z]+)*$/i;
const EMAIL_DOMAIN =
	/^((?=[a-z0-9-]{1,63}\.)(xn--)?[a-z0-9]+(-[a-z0-9]+)*\.)+[a-z0-9-]{2,63}(?<!-)$/i;

export function isEmail(value: string): boolean {
	const at = value.lastIndexOf('@');
	if (at <= 0 || /\s/.test(value)) return false;
	const domain = domainToASCII(value.slice(at + 1));
	return EMAIL_USER.test(value.slice(0, at)) && domain !== '' && EMAIL_DOMAIN.test(domain);
}
