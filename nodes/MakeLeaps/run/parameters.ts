/**
 * A field mapped straight from the incoming item, as n8n's editor writes it when a column is
 * dragged onto a field: `{{ $json.name }}` or `{{ $json["Column name"] }}`. n8n evaluates every
 * expression in its sandbox (about half a millisecond each, the node's largest cost per item);
 * reading such a field from the item gives the same value without it.
 */
import type { IDataObject } from 'n8n-workflow';

/** Keys whose reading n8n's sandbox may treat specially: always left to it. */
const UNUSUAL_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const MAPPED =
	/^=\{\{\s*\$json(?:\.([A-Za-z_$][\w$]*)|\[\s*(?:"([^"\\]*)"|'([^'\\]*)')\s*\])\s*\}\}$/;

/** The key a parameter reads from the item when it is nothing but `$json.key`; else undefined. */
export function mappedKey(raw: unknown): string | undefined {
	if (typeof raw !== 'string') return undefined;
	const match = MAPPED.exec(raw);
	const key = match ? (match[1] ?? match[2] ?? match[3]) : undefined;
	return key === undefined || UNUSUAL_KEYS.has(key) ? undefined : key;
}

/**
 * The item's value under `key`, when n8n's evaluation is certain to give exactly that value: the
 * item has the key itself (not through its prototype) and the value is text, a number, yes/no or
 * null. Objects, arrays, dates and missing keys are left to n8n (found: false).
 */
export function mappedValue(
	item: IDataObject | undefined,
	key: string,
): { found: true; value: unknown } | { found: false } {
	if (!item || !Object.prototype.hasOwnProperty.call(item, key)) return { found: false };
	const value = item[key];
	const plain =
		value === null ||
		typeof value === 'string' ||
		typeof value === 'boolean' ||
		(typeof value === 'number' && Number.isFinite(value));
	return plain ? { found: true, value } : { found: false };
}
