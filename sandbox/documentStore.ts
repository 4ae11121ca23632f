/**
 * The documents of each partner: create, change, delete, list with filters, and render as JSON
 * or as a PDF. Validation rules and totals are in documents.ts.
 */
import {
	CURRENCY_PLACES,
	DOCUMENT_TYPES,
	documentFieldRules,
	templatesOf,
	totalsOf,
	validateLines,
	type LineRules,
	type FieldErrors,
	type SandboxDocument,
} from './documents';
import { pdfOf } from './pdf';
import { newMid, ValidationError, type Partner, type Store } from './store';

const { textField, dateField, timestampField } = documentFieldRules;

const isObject = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

const TEXTS = {
	title: 255,
	note: 5000,
	message: 5000,
	project_name: 255,
	external_id: 255,
} as const;

export class DocumentStore {
	constructor(
		private readonly store: Store,
		/** How lines are read and taxed (sandbox switches). */
		private readonly rules: LineRules = {},
	) {}

	private urls() {
		return this.store.urls;
	}

	url(p: Partner, mid: string) {
		return `${this.urls().baseUrl}/api/partner/${p.mid}/document/${mid}/`;
	}

	/** POST: a new document, totals computed when `autocalculate` is set. */
	create(p: Partner, body: unknown): SandboxDocument {
		if (!isObject(body))
			throw new ValidationError({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
		const errors: FieldErrors = {};
		const type = String(body.document_type ?? '');
		if (body.document_type === undefined) errors.document_type = ['This field is required.'];
		else if (!(DOCUMENT_TYPES as readonly string[]).includes(type))
			errors.document_type = [`"${type}" is not a valid choice.`];
		const document: SandboxDocument = {
			mid: newMid(),
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
			subtotal: '0',
			tax: '0',
			total: '0',
			mixed_tax_rate_totals: {},
		};
		if (body.client === undefined) errors.client = ['This field is required.'];
		if (this.rules.requireTemplate && body.document_template === undefined)
			errors.document_template = ['This field is required.'];
		if (body.lineitems === undefined) errors.lineitems = ['This field is required.'];
		this.apply(p, document, body, errors);
		if (!errors.document_number && document.document_number === '')
			document.document_number = this.nextNumber(p, type);
		if (Object.keys(errors).length) throw new ValidationError(errors);
		p.documents.set(document.mid, document);
		return document;
	}

	/** PATCH (partial) or PUT: the fields given; lines replace the lines. */
	update(p: Partner, document: SandboxDocument, body: unknown): SandboxDocument {
		if (!isObject(body))
			throw new ValidationError({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
		const errors: FieldErrors = {};
		if (body.document_type !== undefined && body.document_type !== document.document_type) {
			errors.document_type = ['The type of a document cannot be changed.'];
		}
		const copy: SandboxDocument = { ...document, lineitems: [...document.lineitems] };
		this.apply(p, copy, body, errors);
		if (Object.keys(errors).length) throw new ValidationError(errors);
		Object.assign(document, copy);
		return document;
	}

	delete(p: Partner, document: SandboxDocument) {
		p.documents.delete(document.mid);
	}

	/** Copies the fields of `body` onto `document`, collecting field errors. */
	private apply(
		p: Partner,
		document: SandboxDocument,
		body: Record<string, unknown>,
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
		if (body.document_number !== undefined) {
			const number = textField(body.document_number, 64);
			if (number.error) errors.document_number = number.error;
			else if (number.value && this.numberTaken(p, document, number.value)) {
				errors.document_number = ['A document with this number already exists.'];
			} else if (number.value) document.document_number = number.value;
		}
		for (const [key, max] of Object.entries(TEXTS) as Array<[keyof typeof TEXTS, number]>) {
			if (body[key] === undefined) continue;
			const text = textField(body[key], max);
			if (text.error) errors[key] = text.error;
			else document[key] = text.value!;
		}
		for (const key of ['date', 'date_due'] as const) {
			if (body[key] === undefined) continue;
			const date = dateField(body[key]);
			if (date.error) errors[key] = date.error;
			else if (key === 'date' && date.value === null) errors.date = ['This field may not be null.'];
			else document[key] = date.value as string;
		}
		for (const key of ['date_sent', 'date_paid', 'date_cancelled'] as const) {
			if (body[key] === undefined) continue;
			const stamp = timestampField(body[key]);
			if (stamp.error) errors[key] = stamp.error;
			else document[key] = stamp.value ?? null;
		}
		if (body.tags !== undefined) {
			if (!Array.isArray(body.tags) || body.tags.some((t) => typeof t !== 'string'))
				errors.tags = ['Expected a list of strings.'];
			else document.tags = body.tags as string[];
		}
		if (body.client !== undefined) {
			const clientMid = this.urls().parse(body.client, p.mid, 'client');
			if (!clientMid || !p.clients.has(clientMid))
				errors.client = ['Invalid hyperlink - Object does not exist.'];
			else {
				document.clientMid = clientMid;
				document.clientContactMid = p.clients.get(clientMid)!.defaultContactMid;
			}
		}
		if (body.client_contact !== undefined && body.client_contact !== null) {
			const contactMid = this.urls().parse(body.client_contact, p.mid, 'contact');
			const owner = contactMid ? p.contacts.get(contactMid)?.ownerMid : undefined;
			if (!owner || owner !== document.clientMid)
				errors.client_contact = ['Invalid hyperlink - Object does not exist.'];
			else document.clientContactMid = contactMid!;
		}
		if (body.lineitems !== undefined) {
			const lines = validateLines(body.lineitems, document.currency, this.rules);
			if (lines.error) errors.lineitems = lines.error;
			else document.lineitems = lines.value!;
		}
		if (body.autocalculate === true || body.lineitems !== undefined) {
			if (!errors.lineitems && !errors.currency)
				Object.assign(document, totalsOf(document.lineitems, document.currency, this.rules));
		}
	}

	private numberTaken(p: Partner, document: SandboxDocument, number: string) {
		return [...p.documents.values()].some(
			(other) =>
				other.mid !== document.mid &&
				other.document_type === document.document_type &&
				other.document_number === number,
		);
	}

	/** The next free number of a type: the highest plain number of that type plus one. */
	private nextNumber(p: Partner, type: string) {
		const numbers = [...p.documents.values()]
			.filter((d) => d.document_type === type && /^\d+$/.test(d.document_number))
			.map((d) => Number(d.document_number));
		return String(Math.max(0, ...numbers) + 1).padStart(4, '0');
	}

	/** The documents a list request asks for, in creation order. */
	list(p: Partner, query: URLSearchParams): SandboxDocument[] {
		const flag = (name: string) => (query.has(name) ? query.get(name) === 'true' : undefined);
		const sent = flag('sent');
		const paid = flag('paid');
		const cancelled = flag('cancelled');
		const search = query.get('search')?.toLowerCase();
		const client = query.get('client');
		return [...p.documents.values()].filter((d) => {
			if (query.get('document_type') && d.document_type !== query.get('document_type'))
				return false;
			if (client && d.clientMid !== client && this.urls().client(p.mid, d.clientMid) !== client)
				return false;
			if (query.get('date__gte') && d.date < query.get('date__gte')!) return false;
			if (query.get('date__lte') && d.date > query.get('date__lte')!) return false;
			if (sent !== undefined && (d.date_sent !== null) !== sent) return false;
			if (paid !== undefined && (d.date_paid !== null) !== paid) return false;
			if (cancelled !== undefined && (d.date_cancelled !== null) !== cancelled) return false;
			if (search) {
				const client = p.clients.get(d.clientMid);
				const text = [
					d.document_number,
					d.title,
					d.external_id,
					client ? this.store.displayName(p, client) : '',
				]
					.join('\n')
					.toLowerCase();
				if (!text.includes(search)) return false;
			}
			return true;
		});
	}

	json(p: Partner, d: SandboxDocument, expand: string[] = []) {
		const urls = this.urls();
		const client = p.clients.get(d.clientMid);
		const label = d.document_type.charAt(0).toUpperCase() + d.document_type.slice(1);
		return {
			url: this.url(p, d.mid),
			mid: d.mid,
			document_number: d.document_number,
			document_type: d.document_type,
			document_template: d.document_template,
			display_name: `${label} #${d.document_number}`,
			title: d.title,
			project_name: d.project_name,
			message: d.message,
			note: d.note,
			external_id: d.external_id,
			currency: d.currency,
			subtotal: d.subtotal,
			tax: d.tax,
			total: d.total,
			mixed_tax_rate_totals: d.mixed_tax_rate_totals,
			lineitems: d.lineitems,
			tags: d.tags,
			pdf_content_url: `${this.url(p, d.mid)}pdf/`,
			client:
				expand.includes('client') && client
					? this.store.clientJson(p, client)
					: urls.client(p.mid, d.clientMid),
			client_contact: !d.clientContactMid
				? null
				: expand.includes('client_contact') && p.contacts.has(d.clientContactMid)
					? this.store.contactJson(p, p.contacts.get(d.clientContactMid)!)
					: urls.contact(p.mid, d.clientContactMid),
			date: d.date,
			date_due: d.date_due,
			date_sent: d.date_sent,
			date_paid: d.date_paid,
			date_cancelled: d.date_cancelled,
		};
	}

	/** A real PDF naming the document number, the client, the lines and the total. */
	pdf(p: Partner, d: SandboxDocument): Buffer {
		const client = p.clients.get(d.clientMid);
		const label = d.document_type.charAt(0).toUpperCase() + d.document_type.slice(1);
		const lines = d.lineitems.map((line) =>
			line.kind === 'normal'
				? `${line.description}  ${line.quantity} x ${line.unit_cost} = ${line.price} ${d.currency}`
				: line.kind === 'simple'
					? `${line.description}  ${line.price} ${d.currency}`
					: line.description,
		);
		return pdfOf([
			`${label} ${d.document_number}`,
			`Client: ${client ? this.store.displayName(p, client) : d.clientMid}`,
			`Date: ${d.date}${d.date_due ? `   Due: ${d.date_due}` : ''}`,
			...(d.title ? [`Title: ${d.title}`] : []),
			'',
			...lines,
			'',
			`Subtotal: ${d.subtotal} ${d.currency}   Tax: ${d.tax} ${d.currency}`,
			`Total: ${d.total} ${d.currency}`,
		]);
	}
}
