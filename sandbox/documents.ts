/**
 * Documents of the sandbox (invoices, quotes…): validation as Django REST Framework answers it,
 * templates per type, numbers unique per type, and the totals `autocalculate` computes.
 *
 * Totals, as the sandbox computes them (the real service may round differently):
 * - a `normal` line's price is quantity × unit cost, rounded half up to the currency's decimals;
 *   a `simple` line's price is given; `text` and `subtotal` lines carry no amount;
 * - tax is computed once per tax rate (and tax type), on the sum of that rate's line prices,
 *   rounded down to the currency's decimals (as Japan's qualified-invoice rules ask); lines of a
 *   tax-free type (non_taxable, untaxable, duty_free, legacy_no_tax) carry no tax;
 * - total = subtotal + tax.
 */
import {
	add,
	decimalPlaces,
	format,
	isDecimal,
	multiply,
	parseDecimal,
	round,
	ZERO,
	type Decimal,
} from './decimal';

export const DOCUMENT_TYPES = [
	'invoice',
	'quote',
	'order',
	'orderslip',
	'orderconfirmation',
	'deliveryslip',
	'acceptance',
	'receipt',
	'timesheet',
] as const;

/** Decimals of the currencies the sandbox accepts (ISO 4217 minor units). */
export const CURRENCY_PLACES: Record<string, number> = {
	JPY: 0,
	KRW: 0,
	USD: 2,
	EUR: 2,
	GBP: 2,
	CNY: 2,
	AUD: 2,
	CAD: 2,
	CHF: 2,
	HKD: 2,
	SGD: 2,
	TWD: 2,
	THB: 2,
	BHD: 3,
};

const LINE_KINDS = ['normal', 'simple', 'text', 'subtotal'];
const TAX_TYPES = [
	'standard',
	'reduced',
	'non_taxable',
	'untaxable',
	'duty_free',
	'legacy_tax',
	'legacy_no_tax',
];
const TAX_FREE = ['non_taxable', 'untaxable', 'duty_free', 'legacy_no_tax'];

/** Two templates per document type, as an account starts with. */
export const templatesOf = (type: string) => [
	{
		code: 'ja_JP_2',
		name: `${type} (Japanese)`,
		document_type: type,
		use_advanced_tax_settings: false,
	},
	{
		code: 'en_US_2',
		name: `${type} (English)`,
		document_type: type,
		use_advanced_tax_settings: true,
	},
];

export interface LineItem {
	kind: string;
	description: string;
	quantity: string;
	unit_cost: string;
	price: string;
	tax_rate: string;
	tax_type: string;
	quantity_unit: string;
}

export interface SandboxDocument {
	mid: string;
	document_type: string;
	document_template: string;
	document_number: string;
	date: string;
	date_due: string | null;
	clientMid: string;
	clientContactMid: string | null;
	currency: string;
	lineitems: LineItem[];
	title: string;
	note: string;
	message: string;
	project_name: string;
	external_id: string;
	tags: string[];
	date_sent: string | null;
	date_paid: string | null;
	date_cancelled: string | null;
	subtotal: string;
	tax: string;
	total: string;
	mixed_tax_rate_totals: Record<string, { subtotal: string; tax: string }>;
}

export type FieldErrors = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

/** A DRF DecimalField: a number or numeric text, with at most `places` decimals (if given). */
function decimalField(
	value: unknown,
	places?: number,
	min?: string,
): { value?: string; error?: string[] } {
	if (value === undefined || value === null || value === '')
		return { error: ['This field is required.'] };
	const text =
		typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (!isDecimal(text)) return { error: ['A valid number is required.'] };
	if (places !== undefined && decimalPlaces(text) > places) {
		return { error: [`Ensure that there are no more than ${places} decimal places.`] };
	}
	if (min !== undefined && parseDecimal(text).units < 0n && min === '0') {
		return { error: ['Ensure this value is greater than or equal to 0.'] };
	}
	return { value: text };
}

function textField(
	value: unknown,
	max: number,
	required = false,
): { value?: string; error?: string[] } {
	if (value === undefined || value === null)
		return required ? { error: ['This field is required.'] } : { value: '' };
	if (typeof value !== 'string' && typeof value !== 'number')
		return { error: ['Not a valid string.'] };
	const text = String(value).trim();
	if (required && text === '') return { error: ['This field may not be blank.'] };
	if ([...text].length > max)
		return { error: [`Ensure this field has no more than ${max} characters.`] };
	return { value: text };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dateField(value: unknown): { value?: string | null; error?: string[] } {
	if (value === null) return { value: null };
	const text = typeof value === 'string' ? value.trim() : '';
	const real = DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
	if (!real || new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) !== text) {
		return { error: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] };
	}
	return { value: text };
}

function timestampField(value: unknown): { value?: string | null; error?: string[] } {
	if (value === null) return { value: null };
	if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) {
		return {
			error: [
				'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
			],
		};
	}
	return { value: new Date(value).toISOString() };
}

/** How a service may read lines differently from what the node guesses (sandbox switches). */
export interface LineRules {
	/** The field a normal line's unit price is read from; a service that lacks it takes 0. */
	unitCostField?: string;
	/** Tax rounded down on each line rather than once per rate. */
	taxPerLine?: boolean;
	/** A create without `document_template` is refused (400), as a service without a default may. */
	requireTemplate?: boolean;
}

function validateLine(
	raw: unknown,
	places: number,
	rules: LineRules = {},
): { value?: LineItem; errors?: FieldErrors } {
	if (!isObject(raw))
		return { errors: { non_field_errors: ['Invalid data. Expected a dictionary.'] } };
	const errors: FieldErrors = {};
	const kind = typeof raw.kind === 'string' ? raw.kind : 'normal';
	if (!LINE_KINDS.includes(kind)) errors.kind = [`"${String(raw.kind)}" is not a valid choice.`];
	const line: LineItem = {
		kind,
		description: '',
		quantity: '',
		unit_cost: '',
		price: '',
		tax_rate: '',
		tax_type: '',
		quantity_unit: '',
	};
	const description = textField(raw.description, 1000, kind !== 'subtotal');
	if (description.error) errors.description = description.error;
	else line.description = description.value!;
	if (kind === 'normal') {
		const quantity = decimalField(raw.quantity, 4, '0');
		if (quantity.error) errors.quantity = quantity.error;
		else line.quantity = quantity.value!;
		const field = rules.unitCostField ?? 'unit_cost';
		// a service reading another field than the node sends takes the line as free of charge
		const given = field === 'unit_cost' ? raw.unit_cost : (raw[field] ?? '0');
		const unit = decimalField(given, places);
		if (unit.error) errors.unit_cost = unit.error;
		else line.unit_cost = unit.value!;
	}
	if (kind === 'simple') {
		const price = decimalField(raw.price, places);
		if (price.error) errors.price = price.error;
		else line.price = price.value!;
	}
	if (kind === 'normal' || kind === 'simple') {
		const rate = decimalField(raw.tax_rate, 2, '0');
		if (rate.error) errors.tax_rate = rate.error;
		else if (parseDecimal(rate.value!).units > 100n * 10n ** BigInt(decimalPlaces(rate.value!))) {
			errors.tax_rate = ['Ensure this value is less than or equal to 100.'];
		} else line.tax_rate = rate.value!;
		if (raw.tax_type !== undefined && raw.tax_type !== '') {
			if (!TAX_TYPES.includes(String(raw.tax_type)))
				errors.tax_type = [`"${String(raw.tax_type)}" is not a valid choice.`];
			else line.tax_type = String(raw.tax_type);
		}
	}
	const unit = textField(raw.quantity_unit, 20);
	line.quantity_unit = unit.value ?? '';
	return Object.keys(errors).length ? { errors } : { value: line };
}

/** Validates the line items of a document; throws field errors under `lineitems`. */
export function validateLines(
	raw: unknown,
	currency: string,
	rules: LineRules = {},
): { value?: LineItem[]; error?: unknown } {
	if (!Array.isArray(raw))
		return { error: [`Expected a list of items but got type "${typeof raw}".`] };
	if (raw.length === 0) return { error: ['This list may not be empty.'] };
	const places = CURRENCY_PLACES[currency] ?? 2;
	const perLine = raw.map((line) => validateLine(line, places, rules));
	if (perLine.some((l) => l.errors)) return { error: perLine.map((l) => l.errors ?? {}) };
	return { value: perLine.map((l) => l.value!) };
}

/** The totals `autocalculate` computes (see the top of this file). */
export function totalsOf(lines: LineItem[], currency: string, rules: LineRules = {}) {
	const places = CURRENCY_PLACES[currency] ?? 2;
	const groups = new Map<string, { rate: string; free: boolean; subtotal: Decimal }>();
	let subtotal = ZERO;
	for (const line of lines) {
		if (line.kind === 'normal') {
			line.price = format(
				round(
					multiply(parseDecimal(line.quantity), parseDecimal(line.unit_cost)),
					places,
					'halfUp',
				),
			);
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
	let tax = ZERO;
	const mixed: Record<string, { subtotal: string; tax: string }> = {};
	for (const group of groups.values()) {
		const rate = parseDecimal(group.rate);
		const groupTax = group.free
			? { units: 0n, scale: places }
			: round(
					{
						units: group.subtotal.units * rate.units,
						scale: group.subtotal.scale + rate.scale + 2,
					},
					places,
					'down',
				);
		tax = add(tax, groupTax);
		const previous = mixed[group.rate];
		mixed[group.rate] = previous
			? {
					subtotal: format(add(parseDecimal(previous.subtotal), group.subtotal)),
					tax: format(add(parseDecimal(previous.tax), groupTax)),
				}
			: { subtotal: format(round(group.subtotal, places, 'halfUp')), tax: format(groupTax) };
	}
	const fixed = (value: Decimal) => format(round(value, places, 'halfUp'));
	return {
		subtotal: fixed(subtotal),
		tax: fixed(tax),
		total: fixed(add(subtotal, tax)),
		mixed_tax_rate_totals: mixed,
	};
}

export const documentFieldRules = { textField, dateField, timestampField, decimalField };
