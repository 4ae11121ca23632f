/**
 * Checks of input values, as pure functions: each returns the clean value or throws InvalidInput
 * naming the field. The item loop adds the item and turns it into n8n's NodeOperationError.
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
/** The longest text of a message or a note (MakeLeaps takes the body of an e-mail there). */
export const LONG_TEXT = 5000;

/** MIDs are opaque; these characters are all they use, and all that is safe in a URL path. */
export const MID = /^[A-Za-z0-9_-]{1,64}$/;

/** Characters an e-mail local part may hold (RFC 5322 atext), beyond letters and digits. */
const ATEXT_SYMBOLS = "!#$%&'*+/=?^_`{|}~-";
/** Separators, controls, format and unassigned characters: never part of an address. */
const INVISIBLE = /[\p{Z}\p{C}]/u;
const DOMAIN_LABEL = /^[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?$/u;

/**
 * The one rule for empty values, for every field, numbers included: nothing (undefined, null) or
 * a text of spaces only is empty. An empty field is not sent, so the record keeps what it has (a
 * new record gets the field's default, see withDefaults); an empty option or number takes its
 * default. An empty value never clears a field, a key (Client External ID, a document's External
 * ID) least of all: a mapped cell left blank is not a choice.
 */
export function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || (typeof value === 'string' && !value.trim());
}

/** A text value, trimmed; numbers from expressions are accepted when they are exact, other types are not. */
export function checkText(value: unknown, label: string, max = MAX_TEXT): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'number') return String(exactNumber(value, label));
	if (typeof value !== 'string') {
		throw new InvalidInput(
			`${label} must be text, not ${Array.isArray(value) ? 'a list' : typeof value}`,
		);
	}
	const text = value.trim();
	const characters = [...text].length; // code points, as MakeLeaps counts them: an emoji is one
	if (characters > max) {
		throw new InvalidInput(
			`${label} is ${characters} characters long; MakeLeaps allows at most ${max}`,
		);
	}
	return text;
}

/**
 * A number from an expression that stands for itself: not NaN or infinite, and not an integer
 * beyond 2^53, which JavaScript cannot hold exactly (a 19-digit MID would turn into another one).
 */
function exactNumber(value: number, label: string): number {
	if (!Number.isFinite(value))
		throw new InvalidInput(`${label} must be a number or text, not ${value}`);
	if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
		throw new InvalidInput(
			`${label} ${value} came as a number too large to be exact`,
			'Give it as text: in the expression, read the value as a string (for example from a column formatted as text)',
		);
	}
	return value;
}

const YES_NO: Record<string, boolean> = {
	true: true,
	false: false,
	yes: true,
	no: false,
	'1': true,
	'0': false,
};

/**
 * A yes/no parameter: a boolean, 1 or 0, or the text "true"/"false", "yes"/"no" or "1"/"0" (any
 * case) from an expression or a sheet; empty is the default, anything else is refused.
 */
export function checkFlag(value: unknown, label: string, fallback: boolean): boolean {
	if (value === undefined || value === null || value === '') return fallback;
	if (typeof value === 'boolean') return value;
	const text =
		typeof value === 'string'
			? value.trim().toLowerCase()
			: value === 1 || value === 0
				? String(value)
				: undefined;
	if (text !== undefined && text in YES_NO) return YES_NO[text];
	const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
	throw new InvalidInput(`${label} must be true or false (yes or no, 1 or 0), not ${shown}`);
}

/**
 * A whole number of at least `min`: a number, or its digits as text from an expression
 * (full-width digits and a comma every three digits read as a person means them: １０, 1,000);
 * empty (isEmpty), the field's default.
 */
export function checkCount(value: unknown, label: string, min: number, fallback: number): number {
	if (isEmpty(value)) return fallback;
	const digits =
		typeof value === 'string'
			? value
					.replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
					.trim()
			: '';
	const whole = /^\d{1,3}(,\d{3})+$/.test(digits) ? digits.replace(/,/g, '') : digits;
	const number = typeof value === 'string' && whole !== '' ? Number(whole) : value;
	if (typeof number !== 'number' || !Number.isInteger(number) || number < min) {
		const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
		throw new InvalidInput(`${label} must be a whole number of ${min} or more, not ${shown}`);
	}
	return number;
}

/**
 * An e-mail address as RFC 6531 allows it (letters of any script in the local part and in the
 * domain, such as ueda@例え.jp), or empty. Spaces, control characters, quoted local parts,
 * address literals and a domain without a dot are refused.
 */
export function checkEmail(value: string, label: string): string {
	if (value !== '' && !isEmailAddress(value)) {
		throw new InvalidInput(`${label} "${value}" is not a valid e-mail address`);
	}
	return value;
}

function isEmailAddress(value: string): boolean {
	const at = value.lastIndexOf('@');
	if (at < 1 || value.length > 254) return false;
	const local = value.slice(0, at);
	const labels = value.slice(at + 1).split('.');
	const localAtoms = local.split('.');
	return (
		local.length <= 64 &&
		localAtoms.every((atom) => atom !== '' && [...atom].every(isLocalCharacter)) &&
		labels.length >= 2 &&
		labels.every((domainLabel) => DOMAIN_LABEL.test(domainLabel)) &&
		!/^\d+$/.test(labels[labels.length - 1])
	);
}

/** RFC 5322 atext, plus any visible non-ASCII character (RFC 6531). */
const isLocalCharacter = (character: string) =>
	/^[A-Za-z0-9]$/.test(character) ||
	ATEXT_SYMBOLS.includes(character) ||
	(character.codePointAt(0)! > 0x7f && !INVISIBLE.test(character));

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
