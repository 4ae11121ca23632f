/** What a valid line item of a document is: its kind, text, quantity, prices and tax. */
import { decimalPlaces, parseDecimal } from '../decimal';
import type { LineItem } from '../stores/records';
import {
	assign,
	booleanField,
	decimalField,
	eachItem,
	isObject,
	notADictionary,
	refuseUnknown,
	textField,
	type FieldErrors,
} from './fields';

/** How a service may read lines differently from what the node guesses (sandbox switches). */
export interface LineRules {
	/** The field a normal line's unit price is read from; a service that lacks it takes 0. */
	unitCostField?: string;
	/** Tax rounded down on each line rather than once per rate. */
	taxPerLine?: boolean;
	/** A field the sandbox does not know is refused (400) rather than ignored, as DRF does. */
	refuseUnknownFields?: boolean;
	/** The total is before the withholding tax (shown apart) rather than less it. */
	totalBeforeWithholding?: boolean;
	/** Fields of a document or a line the service does not take: ignored, answered as their default. */
	ignoredFields?: string[];
}

/** What the service takes of a document's or a line's fields (the `ignoredFields` switch). */
export const taken = (raw: Record<string, unknown>, rules: LineRules): Record<string, unknown> =>
	rules.ignoredFields
		? Object.fromEntries(Object.entries(raw).filter(([key]) => !rules.ignoredFields!.includes(key)))
		: raw;

/** The fields of a line the sandbox reads (the recorded ones it does not: `vendor_cost`…). */
const LINE_FIELDS = [
	'kind',
	'description',
	'quantity',
	'unit_cost',
	'price',
	'tax_rate',
	'tax_type',
	'quantity_unit',
	'has_jp_withholding_tax',
	'is_tax_inclusive',
];

/** The fields a line may have under the rules: the unit price under the `unitCostField` switch's name. */
const lineFields = (rules: LineRules) =>
	rules.unitCostField && rules.unitCostField !== 'unit_cost'
		? [...LINE_FIELDS.filter((field) => field !== 'unit_cost'), rules.unitCostField]
		: LINE_FIELDS;

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
/** The tax types whose lines carry no tax; the others are taxed at the line's rate. */
export const TAX_FREE = ['non_taxable', 'untaxable', 'duty_free', 'legacy_no_tax'];
const TAX_TYPES = ['standard', 'reduced', 'legacy_tax', ...TAX_FREE];

/** A line's tax rate (0 to 100, 2 decimals) and tax type. */
function checkTax(raw: Record<string, unknown>, line: LineItem, errors: FieldErrors) {
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

function validateLine(
	given: unknown,
	places: number,
	rules: LineRules = {},
): { value?: LineItem; errors?: FieldErrors } {
	if (!isObject(given)) return { errors: notADictionary(given, false) };
	const raw = taken(given, rules);
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
		has_jp_withholding_tax: false,
		is_tax_inclusive: false,
	};
	if (rules.refuseUnknownFields) refuseUnknown(raw, lineFields(rules), errors);
	assign(line, 'description', textField(raw.description, 1000, kind !== 'subtotal'), errors);
	if (kind === 'normal') {
		assign(line, 'quantity', decimalField(raw.quantity, 4, '0'), errors);
		const field = rules.unitCostField ?? 'unit_cost';
		// a service reading another field than the node sends takes the line as free of charge
		const given = field === 'unit_cost' ? raw.unit_cost : (raw[field] ?? '0');
		assign(line, 'unit_cost', decimalField(given, places), errors);
	}
	if (kind === 'simple') assign(line, 'price', decimalField(raw.price, places), errors);
	if (kind === 'normal' || kind === 'simple') checkTax(raw, line, errors);
	line.quantity_unit = textField(raw.quantity_unit, 20).value ?? '';
	assign(line, 'has_jp_withholding_tax', booleanField(raw.has_jp_withholding_tax), errors);
	assign(line, 'is_tax_inclusive', booleanField(raw.is_tax_inclusive), errors);
	return Object.keys(errors).length ? { errors } : { value: line };
}

/** Validates the line items of a document; the errors come per line, as DRF gives them. */
export function validateLines(
	raw: unknown,
	currency: string,
	rules: LineRules = {},
): { value?: LineItem[]; error?: unknown } {
	if (!Array.isArray(raw))
		return { error: [`Expected a list of items but got type "${typeof raw}".`] };
	if (raw.length === 0) return { error: ['This list may not be empty.'] };
	const places = CURRENCY_PLACES[currency] ?? 2;
	return eachItem(raw, (line) => validateLine(line, places, rules));
}
