/**
 * Tags as the user names them: a text with commas, or a list from the input, read as names, each
 * once; two names are the same tag apart from case and the spaces around them. Pure.
 */
import { checkText, InvalidInput, LONG_TEXT } from '../validation';

/** What two names that are the same tag have in common. */
export const tagKey = (name: string) => name.trim().toLowerCase();

/** The names of a text with commas, trimmed, the empty ones left out. */
export const splitTagNames = (text: string): string[] =>
	text
		.split(',')
		.map((name) => name.trim())
		.filter(Boolean);

/**
 * The Tags an item gives, as one text of names joined by `, ` ('' for none): a text with commas,
 * or a list of names from the input. Each name once (apart from case), in the order given.
 */
export function parseTagNames(value: unknown, label: string): string {
	let names: string[];
	if (Array.isArray(value)) {
		names = value.map((member, index) => {
			const name = checkText(member, `${label} ${index + 1}`);
			if (name.includes(',')) {
				throw new InvalidInput(
					`${label} ${index + 1} "${name}" holds a comma`,
					'A tag name cannot hold a comma: the node reads commas as separators between names',
				);
			}
			return name;
		});
	} else names = splitTagNames(checkText(value, label, LONG_TEXT));
	const seen = new Set<string>();
	const kept: string[] = [];
	for (const name of names.filter(Boolean)) {
		checkText(name, `${label} "${name.slice(0, 20)}…"`);
		if (seen.has(tagKey(name))) continue;
		seen.add(tagKey(name));
		kept.push(name);
	}
	return kept.join(', ');
}

/** Whether two lists of names are the same tags, their order and case aside. */
export function sameTagNames(a: unknown, b: unknown): boolean {
	const keys = (list: unknown) =>
		new Set((Array.isArray(list) ? list : []).map((name) => tagKey(String(name))));
	const [left, right] = [keys(a), keys(b)];
	return left.size === right.size && [...left].every((key) => right.has(key));
}
