/**
 * The records the sandbox keeps, as it stores them (the stores give them as the API answers
 * them), and the MIDs that name them.
 */

export interface Address {
	format: string;
	country_name: string;
	street_address: string;
	extended_address: string;
	locality: string;
	region: string;
	postal_code: string;
}

export interface Contact {
	mid: string;
	ownerMid: string;
	contact_type: 'organization' | 'person';
	name: string;
	family_name: string;
	given_name: string;
	title: string;
	department: string;
	phone_number: string;
	email: { address: string } | null;
	addresses: Address[];
}

/** A contact as a request gives it, before it belongs to a client. */
export type NewContact = Omit<Contact, 'mid' | 'ownerMid'>;

export interface Client {
	mid: string;
	client_external_id: string;
	contactMids: string[];
	defaultContactMid: string | null;
	default_client?: string;
	date_archived: string | null;
}

export interface LineItem {
	kind: string;
	description: string;
	quantity: string;
	unit_cost: string;
	price: string;
	tax_rate: string;
	tax_type: string;
	quantity_unit: string;
	/** 源泉徴収: income tax withheld on the line (recorded, `false` by default). */
	has_jp_withholding_tax: boolean;
	/** The price includes its tax (recorded, `false` by default; what it means is a guess). */
	is_tax_inclusive: boolean;
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
	/** The MIDs of its tags. */
	tags: string[];
	date_sent: string | null;
	date_paid: string | null;
	date_cancelled: string | null;
	/** Recorded status fields MakeLeaps gives and the sandbox only shows (null). */
	date_valid: string | null;
	date_shipped: string | null;
	date_removed: string | null;
	approval_status: string | null;
	/**
	 * When the client accepted (a quote or an order) or confirmed it (an order), when it was
	 * converted into another document: shown with `is_accepted`, `is_confirmed`, `is_converted`.
	 */
	date_accepted: string | null;
	date_confirmed: string | null;
	date_converted: string | null;
	/**
	 * When the client first opened it: no field of the document shows it (its pickup links'
	 * `date_clicked` do); the `guessedMarks` switch shows it as the node once guessed.
	 */
	date_viewed: string | null;
	subtotal: string;
	tax: string;
	total: string;
	mixed_tax_rate_totals: Record<string, { subtotal: string; tax: string }>;
	/** The income tax withheld from the lines that have it, and what those lines come to. */
	jp_withholding_tax: string;
	subtotal_withholding_tax: string;
}

/** A tag of a partner: documents are filed under it. */
export interface SandboxTag {
	mid: string;
	name: string;
}

/** A partner (a MakeLeaps account) and the records it holds. */
export interface Partner {
	mid: string;
	name: string;
	clients: Map<string, Client>;
	contacts: Map<string, Contact>;
	documents: Map<string, SandboxDocument>;
}

export interface SendingOrder {
	mid: string;
	recipientMid: string;
	securesend_selected: boolean;
	send_to_clientinbox_selected: boolean;
	sendbypost_selected: boolean;
	enable_cc_payments: boolean;
	to_emails: string[];
	subject: string;
	message: string;
	/**
	 * Its documents, and its files (Attachments: a name, then the file PUT to its upload_url: its
	 * bytes, and the name and type the upload gave them, as tests check them).
	 */
	items: Array<{
		mid: string;
		position: number;
		documentMid: string | null;
		filename: string | null;
		bytes: Buffer | null;
		uploadedName: string | null;
		uploadedType: string | null;
	}>;
	/** When the validation of the current content ends. */
	validatedAt: number;
	status: 'draft' | 'sent' | 'cancelled';
	date_created: string;
	date_sent: string | null;
	date_cancelled: string | null;
}

/** What an executed order delivered, as tests inspect it. */
export interface Delivery {
	orderMid: string;
	recipientMid: string;
	channels: string[];
	to_emails: string[];
	documentMids: string[];
	/** The names of the files it carried with them. */
	files: string[];
	at: string;
}

let midCounter = 0n;
/** 19-digit decimal MIDs like the real service issues. */
export function newMid(): string {
	midCounter += 1n;
	return (1734479364000000000n + BigInt(Date.now() % 1000000) * 1000n + midCounter).toString();
}
