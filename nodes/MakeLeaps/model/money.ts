/**
 * Money and quantities as exact decimal texts, never floating-point arithmetic. Amounts may not
 * have more decimals than their currency (JPY has none); a number from an expression is taken by
 * its shortest exact spelling (0.1 stays "0.1"). Pure.
 */
import { InvalidInput } from './validation';

/** ISO 4217 minor units of the currencies documents are made in; others have 2. */
const CURRENCY_DECIMALS: Record<string, number> = {
	JPY: 0,
	KRW: 0,
	VND: 0,
	CLP: 0,
	ISK: 0,
	BHD: 3,
	KWD: 3,
	OMR: 3,
	JOD: 3,
	TND: 3,
};

/**
 * The account's own currency: a document's when it gives none, and the only one a catalog item's
 * price without a stated currency is taken in. The partner record names no currency (see
 * docs/known-guesses.md): a MakeLeaps account is taken to be a Japanese one.
 */
export const ACCOUNT_CURRENCY = 'JPY';

/** Decimals a quantity may have in any currency (1.5 hours, 0.25 person-months). */
export const QUANTITY_DECIMALS = 4;

export function currencyDecimals(currency: string): number {
	return CURRENCY_DECIMALS[currency] ?? 2;
}

/** The active ISO 4217 currency codes (2026). */
const ISO_4217 = new Set(
	(
		'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP ' +
		'BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP ' +
		'GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR ' +
		'KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK ' +
		'MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR ' +
		'SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS ' +
		'UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG'
	).split(' '),
);

/** An ISO 4217 currency code, upper-cased: a code MakeLeaps could not mean is refused. */
export function checkCurrency(value: string, label: string): string {
	const code = value.toUpperCase();
	if (!/^[A-Z]{3}$/.test(code))
		throw new InvalidInput(`${label} "${value}" is not a three-letter currency code`);
	if (!ISO_4217.has(code)) {
		throw new InvalidInput(
			`${label} "${value}" is not an ISO 4217 currency code`,
			'Use the code of a currency, such as JPY, USD or EUR',
		);
	}
	return code;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** What a number stands for, for the hint of a refusal that fits the field. */
type NumberKind = 'amount' | 'quantity' | 'rate';

const NUMBER_HINTS: Record<NumberKind, string> = {
	amount:
		'Use digits with an optional decimal point, such as 1200, 12,000 or 12.50, without a currency sign',
	quantity: 'Use digits with an optional decimal point, such as 2 or 1.5',
	rate: 'Use the percentage in digits, such as 10, 8 or 10%',
};

/**
 * A number as a person types it, in digits: full-width digits, point, comma, minus and percent
 * as their ASCII forms (１０ → 10), thousands separators dropped where they can mean nothing else
 * (a comma every three digits: 12,000 → 12000; 12,5 stays refused), and for a rate one percent
 * sign at the end (10% → 10).
 */
function asDigits(text: string, kind: NumberKind): string {
	let digits = text
		.replace(/[\uFF10-\uFF19\uFF0E\uFF0C\uFF0D\uFF05]/g, (c) =>
			String.fromCharCode(c.charCodeAt(0) - 0xfee0),
		)
		.replace(/\u2212/g, '-')
		.trim();
	if (kind === 'rate') digits = digits.replace(/\s*%$/, '');
	if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(digits)) digits = digits.replace(/,/g, '');
	return digits;
}

/**
 * A decimal text from a number or text: a typed one read as asDigits does (`given` 'input'),
 * one MakeLeaps recorded taken as it is ('recorded'); "¥1200" and "12,5" are refused, not
 * guessed at, with a hint for the field.
 */
function decimalText(
	value: unknown,
	label: string,
	kind: NumberKind = 'amount',
	given: 'input' | 'recorded' = 'input',
): string {
	if (typeof value === 'number') {
		if (!Number.isFinite(value)) throw new InvalidInput(`${label} must be a number, not ${value}`);
		const text = String(value);
		if (/e/i.test(text))
			throw new InvalidInput(`${label} ${text} is too large or too small to be exact`);
		// past 2^53 a number has already lost its last digits before the node sees it
		if (Math.abs(value) > Number.MAX_SAFE_INTEGER) {
			throw new InvalidInput(
				`${label} ${text} came as a number too large to be exact`,
				'Give it as text: in the expression, read the value as a string (for example from a column formatted as text)',
			);
		}
		return text;
	}
	const typed = typeof value === 'string' ? value.trim() : '';
	const text = given === 'input' ? asDigits(typed, kind) : typed;
	if (!DECIMAL.test(text)) {
		const shown = typeof value === 'string' ? `"${value}"` : String(value);
		throw new InvalidInput(`${label} ${shown} is not a number`, NUMBER_HINTS[kind]);
	}
	return text.replace(/^(-?)0+(?=\d)/, '$1');
}

const decimalsOf = (text: string) => (text.split('.')[1] ?? '').length;

/** An amount of money in a currency: at most the currency's decimals; negative allowed (a discount). */
export function checkAmount(value: unknown, label: string, currency: string): string {
	const text = decimalText(value, label);
	const allowed = currencyDecimals(currency);
	if (decimalsOf(text) > allowed) {
		throw new InvalidInput(
			allowed === 0
				? `${label} ${text} has decimals, but ${currency} amounts have none`
				: `${label} ${text} has more than ${allowed} decimals, the most ${currency} allows`,
		);
	}
	return text;
}

/**
 * An amount as MakeLeaps writes it, where its decimals may run past the currency's ("1000.00"
 * for 1000 yen): zeros past them are dropped, which changes nothing, then it is checked as any
 * amount (a fraction of a yen is still refused).
 */
export function checkRecordedAmount(value: unknown, label: string, currency: string): string {
	const text = decimalText(value, label, 'amount', 'recorded');
	const [whole, fraction = ''] = text.split('.');
	const trimmed = fraction.replace(/0+$/, '');
	if (fraction.length <= currencyDecimals(currency) || trimmed.length > currencyDecimals(currency))
		return checkAmount(text, label, currency);
	return trimmed ? `${whole}.${trimmed}` : whole;
}

/** A number as its exact decimal text, for a cell (a text stays as MakeLeaps wrote it). */
export function decimalCell<T>(value: T): T | string {
	if (typeof value !== 'number') return value;
	try {
		return decimalText(value, '');
	} catch {
		return String(value);
	}
}

/** Significant digits a number holds exactly, whatever its decimals (IEEE 754 doubles hold 15). */
const EXACT_DIGITS = 15;

/**
 * An amount for a cell of a flat row (Simplify): a number, so that n8n's Filter and a sheet
 * compare and add it as one, where that number is exactly the amount MakeLeaps wrote ("11000" →
 * 11000, "1000.50" → 1000.5); else its text as MakeLeaps wrote it (more digits than a number
 * holds exactly, or not a decimal at all). The raw output keeps MakeLeaps' text.
 */
export function amountCell<T>(value: T): T | number {
	if (typeof value !== 'string' || !DECIMAL.test(value.trim())) return value;
	const significant = value
		.trim()
		.replace(/^-/, '')
		.replace(/(\.\d*?)0+$/, '$1')
		.replace('.', '')
		.replace(/^0+/, '');
	return significant.length <= EXACT_DIGITS ? Number(value) : value;
}

/** A quantity: not negative, at most QUANTITY_DECIMALS decimals. */
export function checkQuantity(value: unknown, label: string): string {
	const text = decimalText(value, label, 'quantity');
	if (text.startsWith('-'))
		throw new InvalidInput(
			`${label} ${text} is negative; use a negative unit price for a discount`,
		);
	if (decimalsOf(text) > QUANTITY_DECIMALS) {
		throw new InvalidInput(`${label} ${text} has more than ${QUANTITY_DECIMALS} decimals`);
	}
	return text;
}

/** A tax rate in percent, 0 to 100, at most 2 decimals ("10", "8", "0"). */
export function checkTaxRate(value: unknown, label: string): string {
	const text = decimalText(value, label, 'rate');
	const [whole] = text.split('.');
	if (
		text.startsWith('-') ||
		Number(whole) > 100 ||
		(Number(whole) === 100 && /\.\d*[1-9]/.test(text))
	) {
		throw new InvalidInput(`${label} ${text} is not a percentage between 0 and 100`);
	}
	if (decimalsOf(text) > 2) throw new InvalidInput(`${label} ${text} has more than 2 decimals`);
	// a rate below 1 % is almost always a fraction written for a percentage (0.1 for 10 %)
	if (/^0(\.\d+)?$/.test(text) && /[1-9]/.test(text)) {
		throw new InvalidInput(
			`${label} ${text} is below 1 %: did you mean ${percentOf(text)}?`,
			'Tax Rate is a percentage: 10 for 10 %, 8 for 8 %',
		);
	}
	return text;
}

/** A fraction as a percentage, exactly: "0.1" → "10", "0.08" → "8", "0.125" → "12.5". */
function percentOf(fraction: string): string {
	const decimals = (fraction.split('.')[1] ?? '').padEnd(2, '0');
	const whole = decimals.slice(0, 2).replace(/^0(?=\d)/, '');
	const rest = decimals.slice(2);
	return rest ? `${whole}.${rest}` : whole;
}
