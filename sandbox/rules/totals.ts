/**
 * The totals `autocalculate` computes, as the sandbox computes them (the real service may round
 * differently):
 * - a `normal` line's price is quantity × unit cost, rounded half up to the currency's decimals;
 *   a `simple` line's price is given; `text` and `subtotal` lines carry no amount;
 * - tax is computed once per tax rate (and tax type), on the sum of that rate's line prices,
 *   rounded down to the currency's decimals (as Japan's qualified-invoice rules ask); lines of a
 *   tax-free type (non_taxable, untaxable, duty_free, legacy_no_tax) carry no tax;
 * - total = subtotal + tax.
 */
import { add, format, multiply, parseDecimal, round, ZERO, type Decimal } from '../decimal';
import type { LineItem } from '../stores/records';
import { CURRENCY_PLACES, TAX_FREE, type LineRules } from './lines';

type RateGroup = { rate: string; free: boolean; subtotal: Decimal };

/** Prices the normal lines, and sums the lines' prices in all and per tax rate. */
function priced(lines: LineItem[], places: number, rules: LineRules) {
	const groups = new Map<string, RateGroup>();
	let subtotal = ZERO;
	for (const line of lines) {
		if (line.kind === 'normal') {
			const amount = multiply(parseDecimal(line.quantity), parseDecimal(line.unit_cost));
			line.price = format(round(amount, places, 'halfUp'));
		}
		if (line.kind !== 'normal' && line.kind !== 'simple') continue;
		const price = parseDecimal(line.price);
		subtotal = add(subtotal, price);
		// per line: each line's own group, so its tax is rounded on its own
		const key = `${line.tax_rate}|${line.tax_type}${rules.taxPerLine ? `|${groups.size}` : ''}`;
		const group = groups.get(key) ?? {
			rate: line.tax_rate,
			free: TAX_FREE.includes(line.tax_type),
			subtotal: ZERO,
		};
		group.subtotal = add(group.subtotal, price);
		groups.set(key, group);
	}
	return { subtotal, groups: [...groups.values()] };
}

/** The tax of each rate group, rounded down, in all and per rate. */
function taxed(groups: RateGroup[], places: number) {
	let tax = ZERO;
	const mixed: Record<string, { subtotal: string; tax: string }> = {};
	for (const group of groups) {
		const rate = parseDecimal(group.rate);
		const exact = {
			units: group.subtotal.units * rate.units,
			scale: group.subtotal.scale + rate.scale + 2,
		};
		const groupTax = group.free ? { units: 0n, scale: places } : round(exact, places, 'down');
		tax = add(tax, groupTax);
		const previous = mixed[group.rate];
		mixed[group.rate] = previous
			? {
					subtotal: format(add(parseDecimal(previous.subtotal), group.subtotal)),
					tax: format(add(parseDecimal(previous.tax), groupTax)),
				}
			: { subtotal: format(round(group.subtotal, places, 'halfUp')), tax: format(groupTax) };
	}
	return { tax, mixed };
}

/** The totals `autocalculate` computes (see the top of this file). */
export function totalsOf(lines: LineItem[], currency: string, rules: LineRules = {}) {
	const places = CURRENCY_PLACES[currency] ?? 2;
	const { subtotal, groups } = priced(lines, places, rules);
	const { tax, mixed } = taxed(groups, places);
	const fixed = (value: Decimal) => format(round(value, places, 'halfUp'));
	return {
		subtotal: fixed(subtotal),
		tax: fixed(tax),
		total: fixed(add(subtotal, tax)),
		mixed_tax_rate_totals: mixed,
	};
}
