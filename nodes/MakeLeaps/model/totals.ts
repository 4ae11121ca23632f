/**
 * What a document's lines come to, computed with exact decimals, to check the totals MakeLeaps
 * answers after a write. MakeLeaps' own rounding is not known (per line or per tax rate, half up
 * or down), so the check allows one minor unit of the currency per line and per tax rate: a
 * difference beyond that is not rounding but lines read otherwise than sent (a field name
 * guessed wrong, a price taken as something else). Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { currencyDecimals } from './money';

/** Decimal places every amount is computed with: enough for quantity × price × rate, exactly. */
const SCALE = 12;
// BigInt() rather than literals: the package is built for ES2019
const ZERO = BigInt(0);
const TWO = BigInt(2);
const TEN = BigInt(10);
const HUNDRED = BigInt(100);
const ONE = TEN ** BigInt(SCALE);

/** A decimal text as an integer of 10^-SCALE units; undefined when it is not a decimal. */
function units(value: unknown): bigint | undefined {
	const text =
		typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
	if (!match || (match[3] ?? '').length > SCALE) return undefined;
	const digits = BigInt(match[2] + (match[3] ?? '').padEnd(SCALE, '0'));
	return match[1] ? -digits : digits;
}

/** Rounded half away from zero to `decimals` places. */
function rounded(value: bigint, decimals: number): bigint {
	const step = TEN ** BigInt(SCALE - decimals);
	const half = step / TWO;
	const magnitude = value < ZERO ? -value : value;
	const result = ((magnitude + half) / step) * step;
	return value < ZERO ? -result : result;
}

/** An amount for a message: "1100", "19.99". */
function shown(value: bigint, decimals: number): string {
	const negative = value < ZERO;
	const digits = (negative ? -value : value).toString().padStart(SCALE + 1, '0');
	const whole = digits.slice(0, digits.length - SCALE);
	const fraction = digits.slice(digits.length - SCALE).slice(0, decimals);
	return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** Tax types on which no tax is charged. */
const TAX_FREE = ['non_taxable', 'untaxable', 'duty_free', 'legacy_no_tax'];

export interface Expected {
	subtotal: string;
	tax: string;
	total: string;
	/** How far MakeLeaps' total may be from `total` by rounding alone. */
	tolerance: string;
}

/** What lines in MakeLeaps' shape (as the node sends them) come to; undefined if it cannot tell. */
export function expectedTotals(lines: IDataObject[], currency: string): Expected | undefined {
	const decimals = currencyDecimals(currency);
	let subtotal = ZERO;
	let priced = 0;
	const byRate = new Map<string, bigint>();
	for (const line of lines) {
		const kind = String(line.kind ?? 'normal');
		if (kind !== 'normal' && kind !== 'simple') continue;
		let price: bigint | undefined;
		if (kind === 'normal') {
			const quantity = units(line.quantity ?? '1');
			const cost = units(line.unit_cost);
			if (quantity === undefined || cost === undefined) return undefined;
			price = rounded((quantity * cost) / ONE, decimals);
		} else price = units(line.price);
		if (price === undefined) return undefined;
		subtotal += price;
		priced++;
		if (TAX_FREE.includes(String(line.tax_type ?? ''))) continue;
		const rate = String(line.tax_rate ?? '0');
		byRate.set(rate, (byRate.get(rate) ?? ZERO) + price);
	}
	let tax = ZERO;
	for (const [rate, base] of byRate) {
		const percent = units(rate);
		if (percent === undefined) return undefined;
		tax += rounded((base * percent) / ONE / HUNDRED, decimals);
	}
	const minor = TEN ** BigInt(SCALE - decimals);
	return {
		subtotal: shown(subtotal, decimals),
		tax: shown(tax, decimals),
		total: shown(subtotal + tax, decimals),
		tolerance: shown(minor * BigInt(priced + byRate.size), decimals),
	};
}

/**
 * Why MakeLeaps' totals of a document are not what its lines come to, or undefined when they
 * agree within rounding, or when the answer carries no total to compare.
 */
export function totalsProblem(
	document: IDataObject,
	lines: IDataObject[],
	currency: string,
): string | undefined {
	const expected = expectedTotals(lines, currency);
	const total = units(document.total);
	if (expected === undefined || total === undefined) return undefined;
	const difference = total - (units(expected.total) as bigint);
	const allowed = units(expected.tolerance) as bigint;
	if ((difference < ZERO ? -difference : difference) <= allowed) return undefined;
	const what = `${String(document.document_type ?? 'document')} ${String(document.document_number ?? document.mid)}`;
	return `MakeLeaps computed a total of ${String(document.total)} ${currency} for ${what}, but its lines come to ${expected.total} ${currency} (subtotal ${expected.subtotal}, tax ${expected.tax})`;
}
