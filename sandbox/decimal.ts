/**
 * Exact decimal arithmetic for the sandbox's money, on BigInt: amounts are decimal strings, as
 * the API sends them, and are never put through floating point.
 */

/** A decimal number: `units` × 10^-`scale`. */
export interface Decimal {
	units: bigint;
	scale: number;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

export function isDecimal(text: string): boolean {
	return DECIMAL.test(text);
}

export function parseDecimal(text: string): Decimal {
	if (!isDecimal(text)) throw new Error(`not a decimal: ${text}`);
	const negative = text.startsWith('-');
	const [whole, fraction = ''] = text.replace('-', '').split('.');
	const units = BigInt(whole + fraction) * (negative ? -1n : 1n);
	return { units, scale: fraction.length };
}

/** Decimal places of a decimal text ("12.50" has 2). */
export const decimalPlaces = (text: string) => (text.split('.')[1] ?? '').length;

const rescale = (value: Decimal, scale: number): bigint =>
	value.units * 10n ** BigInt(scale - value.scale);

export function add(a: Decimal, b: Decimal): Decimal {
	const scale = Math.max(a.scale, b.scale);
	return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export function multiply(a: Decimal, b: Decimal): Decimal {
	return { units: a.units * b.units, scale: a.scale + b.scale };
}

export type Rounding = 'halfUp' | 'down';

/** Rounds to `places` decimal places: half away from zero, or towards zero ("down"). */
export function round(value: Decimal, places: number, mode: Rounding): Decimal {
	if (value.scale <= places) return { units: rescale(value, places), scale: places };
	const divisor = 10n ** BigInt(value.scale - places);
	const negative = value.units < 0n;
	const magnitude = negative ? -value.units : value.units;
	let quotient = magnitude / divisor;
	if (mode === 'halfUp' && (magnitude % divisor) * 2n >= divisor) quotient += 1n;
	return { units: negative ? -quotient : quotient, scale: places };
}

export function format(value: Decimal): string {
	const negative = value.units < 0n;
	const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
	const whole = digits.slice(0, digits.length - value.scale);
	const fraction = value.scale > 0 ? `.${digits.slice(-value.scale)}` : '';
	return `${negative ? '-' : ''}${whole}${fraction}`;
}

export const ZERO: Decimal = { units: 0n, scale: 0 };
