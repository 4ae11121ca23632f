/**
 * What a document's lines come to, computed with exact decimals, to check the totals MakeLeaps
 * answers after a write. MakeLeaps' own rounding is not known (per line or per tax rate, half up
 * or down), so the check allows one minor unit of the currency per line and per tax rate: a
 * difference beyond that is not rounding but lines read otherwise than sent (a field name
 * guessed wrong, a price taken as something else).
 *
 * What the node does not know, it leaves to MakeLeaps rather than guess: the withholding tax
 * (源泉徴収) of lines that have it is MakeLeaps' own `jp_withholding_tax`, which must be given,
 * and its total may or may not be less that amount; a document with a tax-inclusive line is not
 * checked at all (how MakeLeaps takes the tax out of such a price is not known). The lines
 * MakeLeaps answers must carry the yes/no fields sent on. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { flagOn, LINE_FLAGS } from './lineItems';
import { isRecord } from './locators';
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
	/** What the lines with a withholding tax come to, before tax; only when there are such lines. */
	withheld?: string;
}

/**
 * What lines in MakeLeaps' shape (as the node sends them) come to; undefined if it cannot tell:
 * a line it cannot read, or a tax-inclusive one.
 */
export function expectedTotals(lines: IDataObject[], currency: string): Expected | undefined {
	const decimals = currencyDecimals(currency);
	let subtotal = ZERO;
	let priced = 0;
	let withheld: bigint | undefined;
	const byRate = new Map<string, bigint>();
	for (const line of lines) {
		const kind = String(line.kind ?? 'normal');
		if (kind !== 'normal' && kind !== 'simple') continue;
		if (flagOn(line, 'is_tax_inclusive')) return undefined;
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
		if (flagOn(line, 'has_jp_withholding_tax')) withheld = (withheld ?? ZERO) + price;
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
		...(withheld === undefined ? {} : { withheld: shown(withheld, decimals) }),
	};
}

/** How a message names a document: its type and number (or MID). */
const documentName = (document: IDataObject) =>
	`${String(document.document_type ?? 'document')} ${String(document.document_number ?? document.mid)}`;

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
	if (expected === undefined) return undefined;
	const what = documentName(document);
	// with withheld lines, MakeLeaps' withholding tax is taken as it is (a deduction, whichever
	// its sign), but it must be given
	const given = expected.withheld === undefined ? ZERO : units(document.jp_withholding_tax);
	const withholding = given !== undefined && given < ZERO ? -given : given;
	if (withholding === undefined) {
		const answered = document.jp_withholding_tax;
		const shownTax =
			answered === undefined || answered === null
				? 'no withholding tax (jp_withholding_tax)'
				: `a withholding tax (jp_withholding_tax) of ${JSON.stringify(answered)}`;
		return `MakeLeaps gave ${what} ${shownTax}, though lines of ${expected.withheld} ${currency} have one`;
	}
	const total = units(document.total);
	if (total === undefined) return undefined;
	const full = units(expected.total) as bigint;
	const allowed = units(expected.tolerance) as bigint;
	const near = (value: bigint) => (total > value ? total - value : value - total) <= allowed;
	// whether MakeLeaps' total is before or after its withholding tax is not known: either holds
	if (near(full) || (expected.withheld !== undefined && near(full - withholding))) return undefined;
	const decimals = currencyDecimals(currency);
	const less =
		expected.withheld === undefined
			? ''
			: `, or ${shown(full - withholding, decimals)} ${currency} less MakeLeaps' withholding tax of ${String(document.jp_withholding_tax)}`;
	return `MakeLeaps computed a total of ${String(document.total)} ${currency} for ${what}, but its lines come to ${expected.total} ${currency} (subtotal ${expected.subtotal}, tax ${expected.tax})${less}`;
}

/**
 * Why the lines MakeLeaps answers after a write do not carry a yes/no field sent on (a withholding
 * tax, or a tax-inclusive price Convert copied), or undefined when they do or none was sent on.
 * Lines it gives otherwise than in full cannot show it: that is a problem too.
 */
export function answeredLinesProblem(
	document: IDataObject,
	lines: IDataObject[],
): string | undefined {
	const answered = Array.isArray(document.lineitems) ? (document.lineitems as unknown[]) : [];
	for (const [index, line] of lines.entries()) {
		for (const flag of LINE_FLAGS.filter((name) => flagOn(line, name))) {
			const given = answered[index];
			if (isRecord(given) && given[flag] === true) continue;
			const shown = !isRecord(given)
				? 'without this line in full'
				: `with ${flag} ${JSON.stringify(given[flag] ?? null)} on it`;
			return `MakeLeaps answered line ${index + 1} of ${documentName(document)} ${shown}, though it was sent with ${flag} true`;
		}
	}
	return undefined;
}
