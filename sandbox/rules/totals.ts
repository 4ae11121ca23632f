/**
 * The totals `autocalculate` computes, as the sandbox computes them (the real service may round
 * differently):
 * - a `normal` line's price is quantity × unit cost, rounded half up to the currency's decimals;
 *   a `simple` line's price is given; `text` and `subtotal` lines carry no amount;
 * - tax is computed once per tax rate (and tax type), on the sum of that rate's line prices,
 *   rounded down to the currency's decimals (as Japan's qualified-invoice rules ask); lines of a
 *   tax-free type (non_taxable, untaxable, duty_free, legacy_no_tax) carry no tax;
 * - a tax-inclusive line's price holds its tax (a guess: the field is recorded, its meaning is
 *   not): its rate's tax is the sum × rate / (100 + rate), rounded down, and the subtotal takes
 *   the price less it;
 * - the withholding tax (源泉徴収, `jp_withholding_tax`) of the lines that have it, as Japanese
 *   practice computes it for a freelancer's or professional's fees: 10.21 % of their amount up to
 *   1,000,000 and 20.42 % of the rest, rounded down (a guess: MakeLeaps' own arithmetic is not
 *   known); `subtotal_withholding_tax` is what those lines come to before tax;
 * - total = subtotal + tax − withholding tax (the amount the client pays), or subtotal + tax
 *   under the `totalBeforeWithholding` switch.
 */
import { add, format, multiply, parseDecimal, round, ZERO, type Decimal } from '../decimal';
import type { LineItem } from '../stores/records';
import { CURRENCY_PLACES, TAX_FREE, type LineRules } from './lines';

type RateGroup = { rate: string; free: boolean; inclusive: boolean; subtotal: Decimal };

/** Prices the normal lines, and sums the lines' prices in all, per tax rate and withheld. */
function priced(lines: LineItem[], places: number, rules: LineRules) {
	const groups = new Map<string, RateGroup>();
	let withheld = ZERO;
	for (const line of lines) {
		if (line.kind === 'normal') {
			const amount = multiply(parseDecimal(line.quantity), parseDecimal(line.unit_cost));
			line.price = format(round(amount, places, 'halfUp'));
		}
		if (line.kind !== 'normal' && line.kind !== 'simple') continue;
		const price = parseDecimal(line.price);
		if (line.has_jp_withholding_tax) withheld = add(withheld, price);
		// per line: each line's own group, so its tax is rounded on its own
		const key = `${line.tax_rate}|${line.tax_type}|${line.is_tax_inclusive}${rules.taxPerLine ? `|${groups.size}` : ''}`;
		const group = groups.get(key) ?? {
			rate: line.tax_rate,
			free: TAX_FREE.includes(line.tax_type),
			inclusive: line.is_tax_inclusive,
			subtotal: ZERO,
		};
		group.subtotal = add(group.subtotal, price);
		groups.set(key, group);
	}
	return { groups: [...groups.values()], withheld };
}

/** A group's tax, rounded down: on its prices, or within them when they include it. */
function groupTax(group: RateGroup, places: number): Decimal {
	if (group.free) return { units: 0n, scale: places };
	const rate = parseDecimal(group.rate);
	if (!group.inclusive) return round(multiply(group.subtotal, percent(rate)), places, 'down');
	// price × rate / (100 + rate), towards zero at `places` decimals
	const { units, scale } = group.subtotal;
	const numerator = units * rate.units * 10n ** BigInt(places);
	const denominator = (100n * 10n ** BigInt(rate.scale) + rate.units) * 10n ** BigInt(scale);
	return { units: numerator / denominator, scale: places };
}

/** A rate in percent as a factor: 10 → 0.10. */
const percent = (rate: Decimal): Decimal => ({ units: rate.units, scale: rate.scale + 2 });

/** The tax of each rate group, in all and per rate, and the subtotal before tax. */
function taxed(groups: RateGroup[], places: number) {
	let tax = ZERO;
	let subtotal = ZERO;
	const mixed: Record<string, { subtotal: string; tax: string }> = {};
	for (const group of groups) {
		const taxOf = groupTax(group, places);
		const before = group.inclusive ? add(group.subtotal, negative(taxOf)) : group.subtotal;
		tax = add(tax, taxOf);
		subtotal = add(subtotal, before);
		const previous = mixed[group.rate];
		mixed[group.rate] = previous
			? {
					subtotal: format(add(parseDecimal(previous.subtotal), before)),
					tax: format(add(parseDecimal(previous.tax), taxOf)),
				}
			: { subtotal: format(round(before, places, 'halfUp')), tax: format(taxOf) };
	}
	return { tax, subtotal, mixed };
}

const negative = (value: Decimal): Decimal => ({ units: -value.units, scale: value.scale });

/** Japan's withholding on fees: 10.21 % up to 1,000,000, 20.42 % of the rest, rounded down. */
function withholdingOf(amount: Decimal, places: number): Decimal {
	if (amount.units <= 0n) return { units: 0n, scale: places };
	const limit: Decimal = { units: 1_000_000n, scale: 0 };
	const over = add(amount, negative(limit));
	const exact =
		over.units > 0n
			? add(multiply(limit, parseDecimal('0.1021')), multiply(over, parseDecimal('0.2042')))
			: multiply(amount, parseDecimal('0.1021'));
	return round(exact, places, 'down');
}

/** The totals `autocalculate` computes (see the top of this file). */
export function totalsOf(lines: LineItem[], currency: string, rules: LineRules = {}) {
	const places = CURRENCY_PLACES[currency] ?? 2;
	const { groups, withheld } = priced(lines, places, rules);
	const { tax, subtotal, mixed } = taxed(groups, places);
	const withholding = withholdingOf(withheld, places);
	const fixed = (value: Decimal) => format(round(value, places, 'halfUp'));
	const beforeWithholding = add(subtotal, tax);
	return {
		subtotal: fixed(subtotal),
		tax: fixed(tax),
		total: fixed(
			rules.totalBeforeWithholding
				? beforeWithholding
				: add(beforeWithholding, negative(withholding)),
		),
		mixed_tax_rate_totals: mixed,
		jp_withholding_tax: fixed(withholding),
		subtotal_withholding_tax: fixed(withheld),
	};
}
