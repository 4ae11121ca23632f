/**
 * The documents of each partner: create, change, delete, list with filters, and answer as JSON
 * or as a PDF. What a valid document is lives in rules/documents.ts; its tags are the tag store's.
 */
import { pdfOf } from '../pdf';
import {
	applyCurrencyAndTemplate,
	applyLines,
	applyTextsAndDates,
	blankDocument,
	documentFieldsTaken,
	isDocumentType,
	type DocumentRules,
} from '../rules/documents';
import { objectBody, textField, ValidationError, type FieldErrors } from '../rules/fields';
import type { ClientStore } from './clients';
import type { ContactStore } from './contacts';
import { PickupLinkStore } from './pickupLinks';
import { newMid, type Partner, type SandboxDocument } from './records';
import type { TagStore } from './tags';
import type { Urls } from './urls';

type Body = Record<string, unknown>;

/**
 * What a user or the client does to a document in MakeLeaps, outside the API: records a payment,
 * accepts or confirms it, converts it into another document, opens it (its pickup link), cancels it.
 */
export type DocumentMark = 'paid' | 'accepted' | 'confirmed' | 'converted' | 'viewed' | 'cancelled';

const noObject = () => ['Invalid hyperlink - Object does not exist.'];

export class DocumentStore {
	/**
	 * The highest plain number of each type per partner, while no document was changed or deleted
	 * since it was counted: an account seeded with thousands of documents numbers each at once.
	 */
	private readonly highest = new WeakMap<Partner, Map<string, number>>();
	/** Each document's pickup links. */
	readonly pickupLinks: PickupLinkStore;

	constructor(
		private readonly records: {
			urls: Urls;
			clients: ClientStore;
			contacts: ContactStore;
			tags: TagStore;
		},
		/** How documents are read and taxed (sandbox switches). */
		private readonly rules: DocumentRules = {},
	) {
		this.pickupLinks = new PickupLinkStore(records.urls);
	}

	/** POST: a new document, totals computed when `autocalculate` is set. */
	create(p: Partner, body: unknown): SandboxDocument {
		const fields = objectBody(body, false);
		const errors: FieldErrors = {};
		const type = String(fields.document_type ?? '');
		if (fields.document_type === undefined) errors.document_type = ['This field is required.'];
		else if (!isDocumentType(type)) errors.document_type = [`"${type}" is not a valid choice.`];
		const document = blankDocument(newMid(), type);
		if (fields.client === undefined) errors.client = ['This field is required.'];
		if (this.rules.requireTemplate && fields.document_template === undefined)
			errors.document_template = ['This field is required.'];
		if (fields.lineitems === undefined) errors.lineitems = ['This field is required.'];
		this.apply(p, document, fields, errors);
		if (!errors.document_number && document.document_number === '')
			document.document_number = this.nextNumber(p, type);
		if (Object.keys(errors).length) throw new ValidationError(errors);
		p.documents.set(document.mid, document);
		this.counted(p, document);
		return document;
	}

	/** PATCH (partial) or PUT: the fields given; lines replace the lines. */
	update(p: Partner, document: SandboxDocument, body: unknown): SandboxDocument {
		const fields = objectBody(body, false);
		const errors: FieldErrors = {};
		if (fields.document_type !== undefined && fields.document_type !== document.document_type) {
			errors.document_type = ['The type of a document cannot be changed.'];
		}
		const copy: SandboxDocument = { ...document, lineitems: [...document.lineitems] };
		this.apply(p, copy, fields, errors);
		if (Object.keys(errors).length) throw new ValidationError(errors);
		Object.assign(document, copy);
		this.highest.delete(p);
		return document;
	}

	delete(p: Partner, document: SandboxDocument) {
		p.documents.delete(document.mid);
		this.highest.delete(p);
		this.pickupLinks.forget(document.mid);
	}

	/**
	 * The documents a list request asks for, in creation order; `tagsBy`: what the `tags` filter's
	 * values are (the `tagFilter` switch).
	 */
	list(
		p: Partner,
		query: URLSearchParams,
		tagsBy: 'name' | 'mid' = 'name',
		tagsJoin: 'or' | 'and' = 'or',
	): SandboxDocument[] {
		const flag = (name: string) => (query.has(name) ? query.get(name) === 'true' : undefined);
		const stamps = [
			['date_sent', flag('sent')],
			['date_paid', flag('paid')],
			['date_cancelled', flag('cancelled')],
			['date_accepted', flag('accepted')],
			['date_confirmed', flag('confirmed')],
			['date_converted', flag('converted')],
			['date_viewed', flag('viewed')],
		] as const;
		const search = query.get('search')?.toLowerCase();
		const client = query.get('client');
		const type = query.get('document_type');
		const number = query.get('document_number');
		const [from, to] = [query.get('date__gte'), query.get('date__lte')];
		// tags: names (or MIDs) separated by commas, any of them (as written), or all under a switch
		const tags = query.get('tags')?.split(',');
		const tagsOf = (d: SandboxDocument) =>
			tagsBy === 'mid' ? d.tags : this.records.tags.names(p, d.tags);
		return [...p.documents.values()].filter(
			(d) =>
				(!type || d.document_type === type) &&
				(!number || d.document_number === number) &&
				(!client ||
					d.clientMid === client ||
					this.records.urls.client(p.mid, d.clientMid) === client) &&
				(!from || d.date >= from) &&
				(!to || d.date <= to) &&
				stamps.every(([key, wanted]) => wanted === undefined || (d[key] !== null) === wanted) &&
				(!search || this.searchText(p, d).includes(search)) &&
				(!tags ||
					(tagsJoin === 'and'
						? tags.every((value) => tagsOf(d).includes(value))
						: tagsOf(d).some((value) => tags.includes(value)))),
		);
	}

	json(p: Partner, d: SandboxDocument, expand: string[] = []) {
		const { urls, clients, contacts } = this.records;
		const client = p.clients.get(d.clientMid);
		const contact = d.clientContactMid ? p.contacts.get(d.clientContactMid) : undefined;
		const url = urls.document(p.mid, d.mid);
		return {
			url,
			mid: d.mid,
			document_number: d.document_number,
			document_type: d.document_type,
			document_template: d.document_template,
			display_name: `${label(d)} #${d.document_number}`,
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
			tags: d.tags.map((mid) => urls.tag(p.mid, mid)),
			pdf_content_url: `${url}pdf/`,
			client:
				expand.includes('client') && client
					? clients.json(p, client)
					: urls.client(p.mid, d.clientMid),
			client_contact: !d.clientContactMid
				? null
				: expand.includes('client_contact') && contact
					? contacts.json(p, contact)
					: urls.contact(p.mid, d.clientContactMid),
			date: d.date,
			date_due: d.date_due,
			...statusFields(d),
			jp_withholding_tax: d.jp_withholding_tax,
			subtotal_withholding_tax: d.subtotal_withholding_tax,
		};
	}

	/**
	 * Marks a document paid, accepted, confirmed, converted, viewed or cancelled at `at`, or
	 * unmarks it (`null`). Viewed: the client opened its newest pickup link (one is made when it
	 * has none, as a send would), which then gives `date_clicked`; undone, none of its links has.
	 */
	mark(p: Partner, documentMid: string, mark: DocumentMark, at: string | null) {
		const document = p.documents.get(documentMid);
		if (!document) throw new Error(`no document ${documentMid}`);
		document[`date_${mark}`] = at;
		if (mark !== 'viewed') return;
		if (at === null) for (const link of this.pickupLinks.of(documentMid)) link.date_clicked = null;
		else
			this.pickupLinks.open(
				this.pickupLinks.of(documentMid).at(-1) ?? this.pickupLinks.add(documentMid),
				at,
			);
	}

	/** A real PDF naming the document number, the client, the lines and the total. */
	pdf(p: Partner, d: SandboxDocument): Buffer {
		const client = p.clients.get(d.clientMid);
		const lines = d.lineitems.map((line) =>
			line.kind === 'normal'
				? `${line.description}  ${line.quantity} x ${line.unit_cost} = ${line.price} ${d.currency}`
				: line.kind === 'simple'
					? `${line.description}  ${line.price} ${d.currency}`
					: line.description,
		);
		return pdfOf([
			`${label(d)} ${d.document_number}`,
			`Client: ${client ? this.records.clients.displayName(p, client) : d.clientMid}`,
			`Date: ${d.date}${d.date_due ? `   Due: ${d.date_due}` : ''}`,
			...(d.title ? [`Title: ${d.title}`] : []),
			'',
			...lines,
			'',
			`Subtotal: ${d.subtotal} ${d.currency}   Tax: ${d.tax} ${d.currency}`,
			`Total: ${d.total} ${d.currency}`,
		]);
	}

	/** Copies the fields it takes of `given` onto `document`, collecting errors (in DRF's order). */
	private apply(p: Partner, document: SandboxDocument, given: Body, errors: FieldErrors) {
		const body = documentFieldsTaken(given, this.rules, errors);
		applyCurrencyAndTemplate(document, body, errors);
		this.applyNumber(p, document, body, errors);
		applyTextsAndDates(document, body, errors);
		this.applyClient(p, document, body, errors);
		if (body.tags !== undefined) {
			const tags = this.records.tags.parse(p, body.tags);
			if (tags.error) errors.tags = tags.error;
			else document.tags = tags.mids!;
		}
		applyLines(document, body, errors, this.rules);
	}

	/** A number given must be free among the partner's documents of the same type. */
	private applyNumber(p: Partner, document: SandboxDocument, body: Body, errors: FieldErrors) {
		if (body.document_number === undefined) return;
		const number = textField(body.document_number, 64);
		if (number.error) errors.document_number = number.error;
		else if (number.value && this.numberTaken(p, document, number.value)) {
			errors.document_number = ['A document with this number already exists.'];
		} else if (number.value) document.document_number = number.value;
	}

	/** The client (its default contact comes along) and a contact of that client. */
	private applyClient(p: Partner, document: SandboxDocument, body: Body, errors: FieldErrors) {
		if (body.client !== undefined) {
			const clientMid = this.records.urls.parse(body.client, p.mid, 'client');
			if (!clientMid || !p.clients.has(clientMid)) errors.client = noObject();
			else {
				document.clientMid = clientMid;
				document.clientContactMid = p.clients.get(clientMid)!.defaultContactMid;
			}
		}
		if (body.client_contact !== undefined && body.client_contact !== null) {
			const contactMid = this.records.urls.parse(body.client_contact, p.mid, 'contact');
			const owner = contactMid ? p.contacts.get(contactMid)?.ownerMid : undefined;
			if (!owner || owner !== document.clientMid) errors.client_contact = noObject();
			else document.clientContactMid = contactMid!;
		}
	}

	// plain loops: an account seeded with thousands of documents checks each number in turn
	private numberTaken(p: Partner, document: SandboxDocument, number: string) {
		for (const other of p.documents.values()) {
			if (
				other.document_number === number &&
				other.mid !== document.mid &&
				other.document_type === document.document_type
			)
				return true;
		}
		return false;
	}

	/** The next free number of a type: the highest plain number of that type plus one. */
	private nextNumber(p: Partner, type: string) {
		const known = this.highest.get(p) ?? new Map<string, number>();
		this.highest.set(p, known);
		let highest = known.get(type);
		if (highest === undefined) {
			highest = 0;
			for (const d of p.documents.values()) {
				if (d.document_type === type && /^\d+$/.test(d.document_number))
					highest = Math.max(highest, Number(d.document_number));
			}
			known.set(type, highest);
		}
		return String(highest + 1).padStart(4, '0');
	}

	/** Keeps the highest number of the type counted, once a document is made. */
	private counted(p: Partner, document: SandboxDocument) {
		const known = this.highest.get(p);
		const highest = known?.get(document.document_type);
		if (highest === undefined || !/^\d+$/.test(document.document_number)) return;
		known!.set(document.document_type, Math.max(highest, Number(document.document_number)));
	}

	/** Text that the list's `search` filter matches against. */
	private searchText(p: Partner, d: SandboxDocument): string {
		const client = p.clients.get(d.clientMid);
		const name = client ? this.records.clients.displayName(p, client) : '';
		return [d.document_number, d.title, d.external_id, name].join('\n').toLowerCase();
	}
}

/**
 * The status fields of a document as the recorded list (2019) gives them, in its order: dates
 * (null until set), yes/no beside the client's marks and a conversion, the approval status.
 */
const statusFields = (d: SandboxDocument) => ({
	date_paid: d.date_paid,
	date_sent: d.date_sent,
	date_valid: d.date_valid,
	date_cancelled: d.date_cancelled,
	date_shipped: d.date_shipped,
	date_removed: d.date_removed,
	date_accepted: d.date_accepted,
	date_confirmed: d.date_confirmed,
	date_converted: d.date_converted,
	is_accepted: d.date_accepted !== null,
	is_confirmed: d.date_confirmed !== null,
	is_converted: d.date_converted !== null,
	approval_status: d.approval_status,
});

/** The type's name as a title: `invoice` → `Invoice`. */
const label = (d: SandboxDocument) =>
	d.document_type.charAt(0).toUpperCase() + d.document_type.slice(1);
