/**
 * How a run reads its items' parameters. A field mapped straight from the incoming item, as n8n's
 * editor writes it when a column is dragged onto a field (`{{ $json.name }}` or
 * `{{ $json["Column name"] }}`), is read from the item: n8n evaluates every expression in its
 * sandbox (about half a millisecond each, the node's largest cost per item), and reading such a
 * field from the item gives the same value without it. Any other parameter is read as n8n gives
 * it. The items grouped by an option's value (Group Rows By) are worked out once per run, and a
 * value read before the items start (to decide how the run goes) is kept for the item's own read.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

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

/** The parameters of one run's items, read as above. */
export class RunParameters {
	/** Per parameter name, the item key it is mapped from, or null. */
	private readonly mappedKeys = new Map<string, string | null>();
	/** Per option (such as `options.groupBy`), the items by the value they give it. */
	private readonly groups = new Map<string, Map<string, number[]>>();
	/** Values read ahead (`readAhead`), by item and parameter name. */
	private readonly ahead = new Map<string, unknown>();

	constructor(private readonly n8n: IExecuteFunctions) {}

	/**
	 * A parameter of an item: read from the item when the parameter only maps one of its keys,
	 * else as n8n gives it (an expression's result can be of any type).
	 */
	read(name: string, itemIndex: number, fallback?: unknown): unknown {
		const kept = `${itemIndex} ${name}`;
		if (this.ahead.has(kept)) {
			const value = this.ahead.get(kept);
			// a fresh copy, as n8n gives one on every read
			return typeof value === 'object' && value !== null ? deepCopy(value) : value;
		}
		let key = this.mappedKeys.get(name);
		if (key === undefined) {
			const raw = this.n8n.getNodeParameter(name, 0, '', { rawExpressions: true });
			this.mappedKeys.set(name, (key = mappedKey(raw) ?? null));
		}
		if (key !== null) {
			const mapped = mappedValue(this.n8n.getInputData()[itemIndex]?.json, key);
			if (mapped.found) return mapped.value;
		}
		return this.n8n.getNodeParameter(name, itemIndex, fallback) as unknown;
	}

	/**
	 * A parameter read before the items start, to decide how the run goes: kept, so that the
	 * item's own read costs no second evaluation. `fallback` is the one the item's own read gives.
	 */
	readAhead(name: string, itemIndex: number, fallback: unknown): unknown {
		const value = this.read(name, itemIndex, fallback);
		this.ahead.set(`${itemIndex} ${name}`, value);
		return value;
	}

	/**
	 * The run's items by the value `keyOf` gives each for the option `path`, in input order;
	 * worked out once per run. An item whose value is empty, refused or whose expression fails is
	 * in no group: it fails on its own turn, and only it.
	 */
	groupsBy(path: string, keyOf: (item: number) => string): Map<string, number[]> {
		let groups = this.groups.get(path);
		if (groups) return groups;
		groups = new Map();
		const count = this.n8n.getInputData().length;
		for (let item = 0; item < count; item++) {
			let key: string;
			try {
				key = keyOf(item);
			} catch {
				continue; // the item's own turn reads its value again and fails with it
			}
			if (!key) continue;
			const members = groups.get(key);
			if (members) members.push(item);
			else groups.set(key, [item]);
		}
		this.groups.set(path, groups);
		return groups;
	}
}
