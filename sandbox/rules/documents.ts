/**
 * What a valid document is: its types and templates, a new document's defaults, and the checks
 * of the fields that need nothing but the document (numbers, clients and contacts need the
 * partner's records: the document store checks those).
 */
import type { SandboxDocument } from '../stores/records';
import {
	assign,
	dateField,
	refuseUnknown,
	textField,
	timestampField,
	type FieldErrors,
} from './fields';
import { CURRENCY_PLACES, taken, validateLines, type LineRules } from './lines';
import { totalsOf } from './totals';

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

export const isDocumentType = (type: string) =>
	(DOCUMENT_TYPES as readonly string[]).includes(type);

/** How a service may read documents differently from what the node guesses (sandbox switches). */
export interface DocumentRules extends LineRules {
	/** A create without `document_template` is refused (400), as a service without a default may. */
	requireTemplate?: boolean;
}

/** The fields of a document the sandbox reads from a create or a change. */
const WRITTEN = [
	'document_type',
	'document_template',
	'document_number',
	'client',
	'client_contact',
	'currency',
	'title',
	'note',
	'message',
	'project_name',
	'external_id',
	'date',
	'date_due',
	'date_valid',
	'date_sent',
	'date_paid',
	'date_cancelled',
	'tags',
	'lineitems',
	'autocalculate',
];
/** The fields it answers and computes, which a request may carry and a serializer ignores. */
const ANSWERED = [
	'url',
	'mid',
	'display_name',
	'subtotal',
	'tax',
	'total',
	'mixed_tax_rate_totals',
	'jp_withholding_tax',
	'subtotal_withholding_tax',
	'pdf_content_url',
	// the recorded status fields (makeleaps-evidence R5d), and the old guesses under guessedMarks
	'date_shipped',
	'date_removed',
	'date_accepted',
	'date_confirmed',
	'date_converted',
	'is_accepted',
	'is_confirmed',
	'is_converted',
	'approval_status',
	'accepted',
	'viewed',
	'date_viewed',
];
const KNOWN = [...WRITTEN, ...ANSWERED];

/**
 * The fields of a create or a change the service takes: a field it does not know is ignored, as
 * DRF does, or refused under `refuseUnknownFields`; one the `ignoredFields` switch names, ignored.
 */
export function documentFieldsTaken(body: Body, rules: DocumentRules, errors: FieldErrors): Body {
	if (rules.refuseUnknownFields) refuseUnknown(body, KNOWN, errors);
	return taken(body, rules);
}

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

const TEXTS = {
	title: 255,
	note: 5000,
	message: 5000,
	project_name: 255,
	external_id: 255,
} as const;

type Body = Record<string, unknown>;

/** A new document of a type before its fields are applied: today, in JPY, with no lines. */
export const blankDocument = (mid: string, type: string): SandboxDocument => ({
	mid,
	document_type: type,
	document_template: templatesOf(type)[0].code,
	document_number: '',
	date: new Date().toISOString().slice(0, 10),
	date_due: null,
	clientMid: '',
	clientContactMid: null,
	currency: 'JPY',
	lineitems: [],
	title: '',
	note: '',
	message: '',
	project_name: '',
	external_id: '',
	tags: [],
	date_sent: null,
	date_paid: null,
	date_cancelled: null,
	date_valid: null,
	date_shipped: null,
	date_removed: null,
	approval_status: null,
	date_accepted: null,
	date_confirmed: null,
	date_converted: null,
	date_viewed: null,
	subtotal: '0',
	tax: '0',
	total: '0',
	mixed_tax_rate_totals: {},
	jp_withholding_tax: '0',
	subtotal_withholding_tax: '0',
});

/** The currency (one the sandbox knows) and the template (one of the type's). */
export function applyCurrencyAndTemplate(
	document: SandboxDocument,
	body: Body,
	errors: FieldErrors,
) {
	if (body.currency !== undefined) {
		const currency = String(body.currency);
		if (CURRENCY_PLACES[currency] === undefined)
			errors.currency = [`"${currency}" is not a valid choice.`];
		else document.currency = currency;
	}
	if (body.document_template !== undefined) {
		const codes = templatesOf(document.document_type).map((t) => t.code);
		if (!codes.includes(String(body.document_template)))
			errors.document_template = ['Invalid template for this document type.'];
		else document.document_template = String(body.document_template);
	}
}

/** Texts, dates, and the sent, paid and cancelled stamps (tags: the document store). */
export function applyTextsAndDates(document: SandboxDocument, body: Body, errors: FieldErrors) {
	for (const [key, max] of Object.entries(TEXTS) as Array<[keyof typeof TEXTS, number]>) {
		if (body[key] !== undefined) assign(document, key, textField(body[key], max), errors);
	}
	for (const key of ['date', 'date_due', 'date_valid'] as const) {
		if (body[key] === undefined) continue;
		const date = dateField(body[key]);
		const missing = key === 'date' && !date.error && date.value === null;
		assign(document, key, missing ? { error: ['This field may not be null.'] } : date, errors);
	}
	for (const key of ['date_sent', 'date_paid', 'date_cancelled'] as const) {
		if (body[key] !== undefined) assign(document, key, timestampField(body[key]), errors);
	}
}

/** The lines (in the document's currency), and the totals whenever lines or `autocalculate` come. */
export function applyLines(
	document: SandboxDocument,
	body: Body,
	errors: FieldErrors,
	rules: LineRules,
) {
	if (body.lineitems !== undefined) {
		const lines = validateLines(body.lineitems, document.currency, rules);
		if (lines.error) errors.lineitems = lines.error;
		else document.lineitems = lines.value!;
	}
	if (body.autocalculate === true || body.lineitems !== undefined) {
		if (!errors.lineitems && !errors.currency)
			Object.assign(document, totalsOf(document.lineitems, document.currency, rules));
	}
}
