/**
 * Checks of input values, as pure functions: each returns the clean value or throws InvalidInput
 * naming the field. The router adds the item and turns it into n8n's NodeOperationError.
 */

/** Input refused before anything is sent. */
export class InvalidInput extends Error {
	constructor(
		message: string,
		readonly description?: string,
	) {
		super(message);
		this.name = 'InvalidInput';
	}
}

/** Longest text MakeLeaps accepts in a field. */
export const MAX_TEXT = 255;

/** MIDs are opaque; these characters are all they use, and all that is safe in a URL path. */
export const MID = /^[A-Za-z0-9_-]{1,64}$/;

const EMAIL =
	/^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** A text value, trimmed; numbers from expressions are accepted, other types are not. */
export function checkText(value: unknown, label: string): string {
	if (value === undefined || value === null) return '';
	if (typeof value !== 'string' && typeof value !== 'number') {
		throw new InvalidInput(
			`${label} must be text, not ${Array.isArray(value) ? 'a list' : typeof value}`,
		);
	}
	const text = String(value).trim();
	const characters = [...text].length; // code points, as MakeLeaps counts them: an emoji is one
	if (characters > MAX_TEXT) {
		throw new InvalidInput(
			`${label} is ${characters} characters long; MakeLeaps allows at most ${MAX_TEXT}`,
		);
	}
	return text;
}

/** An e-mail address, or empty. */
export function checkEmail(value: string, label: string): string {
	if (value !== '' && !EMAIL.test(value)) {
		throw new InvalidInput(`${label} "${value}" is not a valid e-mail address`);
	}
	return value;
}

/** A two-letter country code, upper-cased, or empty. */
export function checkCountryCode(value: string, label: string): string {
	const code = value.toUpperCase();
	if (code !== '' && !/^[A-Z]{2}$/.test(code)) {
		throw new InvalidInput(`${label} "${value}" is not a two-letter country code`);
	}
	return code;
}

/** A MakeLeaps ID: never empty, and nothing that could change a URL path. */
export function checkMid(value: unknown, label: string): string {
	const text = checkText(value, label);
	if (!MID.test(text)) {
		throw new InvalidInput(
			text === '' ? `${label} is empty` : `${label} "${text}" is not a valid MakeLeaps ID`,
			'A MakeLeaps ID (MID) is made of digits, such as 1734479364211706503',
		);
	}
	return text;
}
