/**
 * How a secret may be written in a text that comes back from a service or anything between: as
 * it is, in a URL, a query or a form (percent-encoded in either case, a space as `+`), in JSON
 * (`\u007e`, `\"`), as HTML entities, in base64 or base64url (whole, or inside a longer encoded
 * text): what redact.ts finds and takes out, with one search for most texts.
 */

/** Values shorter than this are not looked for: they would shred ordinary text. */
const MIN_SECRET_LENGTH = 4;

/** The shortest piece of a value's base64, read inside a longer base64 text, taken for it. */
const MIN_BASE64_PIECE = 16;
/** Patterns kept for the value sets last used (one run uses one or two). */
const MAX_KEPT_PATTERNS = 16;

/** The values worth looking for: long enough to tell, longest first. */
export function usable(values: Iterable<string>): string[] {
	return [...new Set(values)]
		.filter((value) => value && value.length >= MIN_SECRET_LENGTH)
		.sort((a, b) => b.length - a.length);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** A hexadecimal number in either case (`7[Ee]`), at least `digits` long with its zeros. */
const hexEither = (code: number, digits: number) =>
	code
		.toString(16)
		.padStart(digits, '0')
		.replace(/[a-f]/g, (digit) => `[${digit}${digit.toUpperCase()}]`);

/** How JSON writes a character it escapes short, and HTML's names of one. */
const JSON_SHORT: Record<string, string> = {
	'"': '\\"',
	'\\': '\\\\',
	'/': '\\/',
	'\n': '\\n',
	'\r': '\\r',
	'\t': '\\t',
	'\b': '\\b',
	'\f': '\\f',
};
const HTML_NAMED: Record<string, string[]> = {
	'&': ['&amp;'],
	'<': ['&lt;'],
	'>': ['&gt;'],
	'"': ['&quot;'],
	"'": ['&apos;', '&#39;'],
};

/**
 * A character as a text may carry it: as written, percent-encoded (UTF-8, hex in either case; a
 * space also as `+`: a URL, a query, a form), JSON-escaped (`\u007e`, `\"`) or an HTML entity.
 */
function characterForms(character: string): string {
	const forms = [escaped(character)];
	const bytes = [...Buffer.from(character, 'utf8')];
	forms.push(bytes.map((byte) => `%${hexEither(byte, 2)}`).join(''));
	if (character === ' ') forms.push('\\+');
	const units = Array.from({ length: character.length }, (_, k) => character.charCodeAt(k));
	forms.push(units.map((unit) => `\\\\u${hexEither(unit, 4)}`).join(''));
	if (JSON_SHORT[character]) forms.push(escaped(JSON_SHORT[character]));
	const code = character.codePointAt(0)!;
	forms.push(`&#0*${code};`, `&#[xX]0*${hexEither(code, 1)};`, ...(HTML_NAMED[character] ?? []));
	return `(?:${forms.join('|')})`;
}

/** A value in any of the forms its characters may take (characterForms), as a pattern. */
const anyEncoding = (value: string) => [...value].map(characterForms).join('');

/**
 * The value's base64 and base64url, whole and as they read inside a longer base64 text (an
 * encoded JSON holding the value): for each of the three alignments of its first byte, the
 * characters its bytes alone decide.
 */
function base64Forms(value: string): string[] {
	const bytes = Buffer.from(value, 'utf8');
	const forms = [bytes.toString('base64'), bytes.toString('base64url')];
	for (let shift = 0; shift < 3; shift++) {
		const text = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
		const piece = text.slice(
			Math.ceil((8 * shift) / 6),
			Math.floor((8 * (shift + bytes.length)) / 6),
		);
		if (piece.length >= MIN_BASE64_PIECE) {
			forms.push(piece, piece.replace(/\+/g, '-').replace(/\//g, '_'));
		}
	}
	return forms;
}

/**
 * How to find a set of values: `full` finds them in every encoding; `quick`, a plain search for
 * their forms as written, tells first (in the text, or in it with its escapes decoded) whether a
 * text can hold one, so that most texts cost one plain search. Values holding an escape's own
 * characters are always searched in full.
 */
export interface Finder {
	full: RegExp;
	quick?: RegExp;
	/** Whether a `+` stands for a space (some value holds one). */
	plusIsSpace: boolean;
}

/** The escapes a text may carry a character in: percent (a run of UTF-8 bytes), JSON, HTML. */
const ESCAPES =
	/(?:%[0-9a-fA-F]{2})+|\\u[0-9a-fA-F]{4}|\\["\\/nrtbf]|&(?:#\d+|#[xX][0-9a-fA-F]+|amp|lt|gt|quot|apos);/g;
const JSON_DECODED: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
const HTML_DECODED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** One escape, decoded (an invalid one as U+FFFD). */
function decodedEscape(escape: string): string {
	if (escape.startsWith('%')) return Buffer.from(escape.replace(/%/g, ''), 'hex').toString('utf8');
	if (escape.startsWith('\\u')) return String.fromCharCode(parseInt(escape.slice(2), 16));
	if (escape.startsWith('\\')) return JSON_DECODED[escape[1]] ?? escape[1];
	const entity = escape.slice(1, -1);
	if (!entity.startsWith('#')) return HTML_DECODED[entity];
	const code =
		entity[1] === 'x' || entity[1] === 'X'
			? parseInt(entity.slice(2), 16)
			: Number(entity.slice(1));
	return code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
}

/** Whether the text may hold one of the values (a plain search, escapes decoded too). */
export function mayHold(text: string, { quick, plusIsSpace }: Finder): boolean {
	if (!quick) return true;
	if (quick.test(text)) return true;
	if (!/[%\\&]/.test(text) && !(plusIsSpace && text.includes('+'))) return false;
	let decoded = text.replace(ESCAPES, decodedEscape);
	if (plusIsSpace) decoded = decoded.replace(/\+/g, ' ');
	return quick.test(decoded);
}

const kept = new Map<string, Finder>();

/**
 * How to find the values in every encoding a URL, a query, a form, JSON, HTML or base64 may give
 * them; undefined when there is none to look for. Kept per set of values.
 */
export function finderOf(values: Iterable<string>): Finder | undefined {
	const list = usable(values);
	if (list.length === 0) return undefined;
	const key = list.join('\n');
	const known = kept.get(key);
	if (known) return known;
	// a value inside encoded JSON: its bytes as JSON escapes them (a quote, a backslash)
	const inJson = (value: string) => JSON.stringify(value).slice(1, -1);
	const forms = usable(
		list.flatMap((value) => [value, ...base64Forms(value), ...base64Forms(inJson(value))]),
	);
	const plusIsSpace = list.some((value) => value.includes(' '));
	const plain = !list.some((value) => /[%\\&]/.test(value) || (plusIsSpace && value.includes('+')));
	const finder: Finder = {
		full: new RegExp(forms.map(anyEncoding).join('|'), 'g'),
		quick: plain ? new RegExp(forms.map(escaped).join('|')) : undefined,
		plusIsSpace,
	};
	if (kept.size >= MAX_KEPT_PATTERNS) kept.delete(kept.keys().next().value!);
	kept.set(key, finder);
	return finder;
}

/** The text with every one of the values, in any encoding, replaced by `replacement`. */
export function withoutValues(text: string, values: Iterable<string>, replacement: string): string {
	const finder = finderOf(values);
	return finder && mayHold(text, finder) ? text.replace(finder.full, replacement) : text;
}
