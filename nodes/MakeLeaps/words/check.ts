/**
 * Account → Check in the user's words (pure): each check's plain name, what each result means
 * for the user's workflows and what to do. The API's words stay in the row's `details`, which
 * starts with the check's id and shows long IDs shortened, for a report.
 */

/** A check's result, as its row shows it. */
export type CheckResult = 'held' | 'differs' | 'could not tell';

export const REPORT_URL = 'https://github.com/n8n-nodes-makeleaps/n8n-nodes-makeleaps/issues/new';

interface CheckWords {
	/** What the node relies on, as a user would name it. */
	name: string;
	held: string;
	differs: string;
	/** The account did not show the case (no documents, too few clients…). */
	unshown: string;
	/** What to do then. */
	whenUnshown: string;
	/** A setting that avoids what differs, where there is one. */
	setting?: string;
}

const later = (what: string) => `Nothing now; run Check again once ${what}.`;

export const CHECK_WORDS = {
	token_and_partner: {
		name: 'Your credential signs in and finds your MakeLeaps account',
		held: 'The node signs in with your credential and reaches your MakeLeaps account (the Partner), which every operation needs.',
		differs:
			'The node signs in but does not find your MakeLeaps account as it expects, so operations with an empty Partner may fail.',
		unshown:
			'The Partner chosen in this node is not among the accounts your credential reaches, so this could not be checked.',
		whenUnshown:
			'Choose another setting: pick the Partner From List, or leave it empty when your credential reaches one account.',
	},
	page_size: {
		name: 'Lists are read 100 records at a time',
		held: 'Long lists (Get Many with Return All, the trigger, Create or Update) are read 100 records a request, the fewest requests possible.',
		differs:
			'MakeLeaps gives fewer records a request than the node asks for, so long lists still come whole but cost more requests and take longer.',
		unshown:
			'Your clients all fit in one read, so how many MakeLeaps gives at a time does not show; it matters only for lists of more than 100.',
		whenUnshown: later('you have more than 100 clients'),
	},
	next_page_link: {
		name: 'Long lists are read to their end',
		held: 'A list longer than one read is followed to its end, so Get Many with Return All, the trigger and Create or Update see every record.',
		differs:
			'A long list may not be followed to its end: Get Many and the trigger may miss records or stop with an error, and Create or Update may not find a record it made before and make it again.',
		unshown: 'Your account has too few clients to show how a long list goes on.',
		whenUnshown: later('you have two clients or more'),
	},
	expand_contacts: {
		name: "A client's contacts come with the client",
		held: 'A client is read with its contacts in one request.',
		differs:
			"A client's contacts are read with one request more: Client → Get with Include Contacts, Client → Update and Create or Update cost one more request a client, and still work.",
		unshown: 'None of your first clients has a contact, so this does not show.',
		whenUnshown: later('a client has a contact'),
	},
	contact_own_url: {
		name: "A client's contacts can be changed",
		held: "A contact can be reached on its own, where Client → Update, Create or Update and Contact → Update send changes to a client's names, e-mail, phone or address (the check only reads it).",
		differs:
			"Changes to a client's names, e-mail, phone or address (Client → Update, Create or Update, Contact → Update) may fail; such a row then fails with MakeLeaps' answer and nothing else is changed.",
		unshown: 'None of your first clients has a contact, so this does not show.',
		whenUnshown: later('a client has a contact'),
	},
	client_filter_form: {
		name: 'Documents can be listed for one client',
		held: 'Document → Get Many with a Client, Client → Delete, and Create or Update and Convert on a large account read only the documents of that client: one event costs the same however many documents the account holds.',
		differs:
			'Listing the documents of one client costs more requests or fails: Document → Get Many with a Client may read more, give fewer than its Limit, or stop with an error, and Create or Update and Convert on a large account read every document of the type (never a wrong one: each is checked).',
		unshown:
			'Your account has no documents, or its first ones are all of one client, so this does not show.',
		whenUnshown: later('you have documents of two clients'),
	},
	document_type_filter: {
		name: 'Documents can be listed by type',
		held: 'Listing documents of one type (Get Many with a Document Type, Create or Update, the trigger) reads only that type.',
		differs:
			'Listing documents of one type reads others too or leaves some out: it costs more requests, or Get Many and the trigger may miss documents and Create or Update may make one again.',
		unshown: 'Your account has no documents, or documents of one type only, so this does not show.',
		whenUnshown: later('you have documents of two types (an invoice and a quote, say)'),
	},
	date_filter: {
		name: 'Documents can be listed from a date',
		held: "Listing documents from a date (the trigger's Look Back, Get Many with Date From, Create or Update with Only Documents Dated From) reads only those.",
		differs:
			'Listing documents from a date reads older ones too or leaves some out: it costs more requests, or the trigger and Get Many may miss documents.',
		unshown: 'Your account has no documents, or documents of one day only, so this does not show.',
		whenUnshown: later('you have documents of two different days'),
	},
	tag_filter_form: {
		name: 'Documents can be listed by tag',
		held: 'Listing documents by tag (Document → Get Many with Tags, the trigger with Tags) reads only the documents that have those tags.',
		differs:
			'Listing documents by tag reads others too or finds fewer: Get Many and the trigger with Tags cost more requests, or may miss documents that have the tags (never one without them: each is checked).',
		unshown: 'None of your first documents has a tag, so this does not show.',
		whenUnshown: later('one of your newest documents has a tag'),
	},
	templates: {
		name: 'Invoice templates can be listed',
		held: 'The Template list of Document → Create and Create or Update shows your templates; with Template empty, a new document is sent the template the details name.',
		differs:
			'The Template list may be empty or fail, and a document made without a Template may fail where MakeLeaps asks for one.',
		unshown: 'Your account lists no invoice templates, so this does not show.',
		whenUnshown: later('you have an invoice template'),
		setting: "in Template, choose By Code and type the template's code",
	},
	line_item_shape: {
		name: 'Document lines are read and written as the node expects',
		held: 'The lines the node sends with a document (quantity, unit price, tax rate) are the ones MakeLeaps keeps, and MakeLeaps works out their price.',
		differs:
			'Document lines may be sent or read wrongly: Document → Create and Update may fail or store other lines, and Create or Update may update documents that did not change.',
		unshown:
			'Your newest document has no line with a quantity and a unit price, so this does not show.',
		whenUnshown: later('a document has a line with a quantity and a unit price'),
	},
	list_line_items: {
		name: "Document lists include each document's lines",
		held: 'Document → Create or Update compares your rows with documents without reading each one again.',
		differs:
			'Document → Create or Update reads each document it compares once more (one request more a row), or, where the list shows other lines than the document has, may misjudge what changed.',
		unshown: 'Your newest document has no lines, so this does not show.',
		whenUnshown: later('a document has lines'),
	},
	catalog_item_fields: {
		name: 'Items of your line item catalog give their code, description, price and tax rate',
		held: 'A document line that names an item of your catalog (Catalog Item, By Code or From List) takes its description, price and tax rate, and Item → Get Many shows them.',
		differs:
			'A document line that names a catalog item may fail, naming the item and what it lacks, unless the row gives that value itself, and Item → Get Many shows those values empty (a price is never guessed).',
		unshown: 'Your line item catalog has no items, so this does not show.',
		whenUnshown: later('your line item catalog has an item'),
		setting:
			"give each line's Description, Rate (Unit Price) and Tax Rate in the row rather than taking them from the catalog",
	},
	client_list_keys: {
		name: "Client lists show every client's External ID, even an empty one",
		held: 'Client → Create or Update, and finding a client by its External ID, tell clients apart by their External ID.',
		differs:
			'Client → Create or Update, and finding a client by its External ID, stop with an error rather than risk making a client twice.',
		unshown:
			'All your first clients have an External ID, so how MakeLeaps lists a client without one does not show.',
		whenUnshown: later('a client without an External ID is among your first 100'),
		setting:
			'pick clients From List or By ID, and use Client → Create and Client → Update rather than Create or Update',
	},
	document_list_keys: {
		name: "Document lists show every document's External ID, even an empty one",
		held: 'Document → Create or Update tells documents apart by their External ID.',
		differs:
			'Document → Create or Update stops with an error rather than risk making a document twice.',
		unshown:
			'Your account has no documents, or all its first ones have an External ID, so how MakeLeaps lists one without it does not show.',
		whenUnshown: later('a document without an External ID is among your first 100'),
		setting:
			'use Document → Create, and Document → Update with the document picked From List or By ID, rather than Create or Update',
	},
	accepted_fields: {
		name: 'Documents show whether your client accepted them',
		held: "The trigger's Document Accepted sees when your client accepts a quote or an order.",
		differs:
			"The trigger's Document Accepted may report nothing for documents that do not say it, or stop with an error (never an event that did not happen).",
		unshown: 'Your account has no documents, so this does not show.',
		whenUnshown: later('you have a document'),
	},
	confirmed_fields: {
		name: 'Documents show whether your client confirmed them',
		held: "The trigger's Document Confirmed sees when your client confirms an order.",
		differs:
			"The trigger's Document Confirmed may report nothing for documents that do not say it, or stop with an error (never an event that did not happen).",
		unshown: 'Your account has no documents, so this does not show.',
		whenUnshown: later('you have a document'),
	},
	converted_fields: {
		name: 'Documents show whether they were converted',
		held: 'Document → Convert sees a document already converted in MakeLeaps or elsewhere, and makes no second document from it unless you ask.',
		differs:
			'Document → Convert refuses a document that does not say whether it was converted, and makes nothing, unless you ask it to convert anyway.',
		unshown: 'Your account has no documents, so this does not show.',
		whenUnshown: later('you have a document'),
		setting:
			'turn on Convert Even If Converted in the Options of Document → Convert, for documents you know were not converted yet',
	},
	pdf_form: {
		name: 'Document PDFs can be downloaded',
		held: "Document → Download PDF gets your documents' PDFs.",
		differs: 'Document → Download PDF may fail.',
		unshown: 'Your account has no documents, so no PDF could be tried.',
		whenUnshown: later('you have a document'),
	},
	attachment_upload: {
		name: 'Attachments go where MakeLeaps takes them',
		held: "Document → Send with Attachments sends each file where MakeLeaps takes one, with your credential, as a form holding the file as MakeLeaps' own example does; Check only reads, so whether MakeLeaps takes a file shows at your first Send with Attachments, where a file it does not take fails that row with its answer and nothing is sent.",
		differs:
			"MakeLeaps takes files elsewhere than its own example shows, so Document → Send with Attachments sends each file there as the file alone, without your credential, or refuses an address it does not trust; a row whose file does not go in fails with MakeLeaps' answer, and nothing is sent.",
		unshown:
			"None of your recent sending orders carries a file, so where MakeLeaps takes one does not show; Document → Send with Attachments sends each file as MakeLeaps' own example does, and your first Send with Attachments shows MakeLeaps' answer: a row whose file MakeLeaps does not take fails with it, and nothing is sent.",
		whenUnshown: later('you have sent a document with an attachment'),
	},
	pickup_link_address: {
		name: 'Pickup links give the address to share',
		held: "Document → Get Pickup Links and Create Pickup Link give each link's address to share.",
		differs:
			'Document → Get Pickup Links and Create Pickup Link may give links without their address to share (whom a link went to, whether it was opened and when it expires still show), or fail.',
		unshown: 'Your newest documents have no pickup link, so this does not show.',
		whenUnshown: later('your newest document has a pickup link'),
	},
} satisfies Record<string, CheckWords>;

export type CheckId = keyof typeof CHECK_WORDS;

/** Where and how to report a difference. */
const REPORT = `${REPORT_URL}, with this row.`;
const READ_FAILED = {
	what_it_means:
		'The check could not read what it needed from your account, so whether this holds is not known.',
	what_to_do:
		"Run Check again; if the same read fails, the details give MakeLeaps' answer (a rejected Client Secret, say, or MakeLeaps unavailable).",
};

/**
 * What a row says to the user. `readFailed`: the check could not tell because a read failed, not
 * because the account has nothing to show.
 */
export function rowWords(id: CheckId, result: CheckResult, readFailed: boolean) {
	const words: CheckWords = CHECK_WORDS[id];
	const row = (what_it_means: string, what_to_do: string) => ({
		check: words.name,
		result,
		what_it_means,
		what_to_do,
	});
	if (result === 'held') return row(words.held, 'Nothing');
	if (result === 'differs')
		return row(
			words.differs,
			words.setting
				? `Choose another setting: ${words.setting}. And report it: ${REPORT}`
				: `Report it: ${REPORT}`,
		);
	if (readFailed) return row(READ_FAILED.what_it_means, READ_FAILED.what_to_do);
	return row(words.unshown, words.whenUnshown);
}

const MAX_DETAILS = 400;

/**
 * A row's details: its check id, then the evidence on one line with every long number (a MID,
 * 12 digits or more) shortened to its last 7 digits, cut to a length a sheet shows.
 */
export function rowDetails(id: CheckId, evidence: string): string {
	const text = `${id}: ${evidence}`
		.replace(/\s+/g, ' ')
		.trim()
		.replace(/\d{12,}/g, (digits) => `…${digits.slice(-7)}`);
	return text.length > MAX_DETAILS ? `${text.slice(0, MAX_DETAILS - 1)}…` : text;
}

/** How many checks a summary names by name, at most. */
const MAX_NAMED = 3;

/** Checks by name, the first few, then how many more. */
const named = (names: string[]) =>
	names.length > MAX_NAMED
		? `${names.slice(0, MAX_NAMED).join('; ')}; and ${names.length - MAX_NAMED} more`
		: names.join('; ');

/**
 * The first row of Check: whether anything needs doing, from the results of every check (each by
 * its plain name and id): a row differs (report it, and change what its row says), some could
 * not tell (nothing now, or run Check again when a read failed), or all held (nothing).
 */
export function summaryRow(
	rows: Array<{ id: string; name: string; result: CheckResult; readFailed: boolean }>,
) {
	const of = (result: CheckResult) => rows.filter((row) => row.result === result);
	const [held, differs, untold] = [of('held'), of('differs'), of('could not tell')];
	const counts = [
		`${held.length} held`,
		...(differs.length > 0 ? [`${differs.length} differ${differs.length === 1 ? 's' : ''}`] : []),
		...(untold.length > 0 ? [`${untold.length} could not tell`] : []),
	].join(', ');
	const result: CheckResult =
		differs.length > 0 ? 'differs' : untold.length > 0 ? 'could not tell' : 'held';
	const what = {
		held: [
			`All ${rows.length} checks held: the node works with your account as it expects.`,
			'Nothing',
		],
		differs: [
			`${rows.length} checks: ${counts}. Differs: ${named(differs.map((row) => row.name))}.`,
			`Read the rows that say differs: each says what to change meanwhile. And report each at ${REPORT_URL}, with its row.`,
		],
		'could not tell': [
			`${rows.length} checks: ${counts}. Not known yet: ${named(untold.map((row) => row.name))}.`,
			untold.some((row) => row.readFailed)
				? READ_FAILED.what_to_do
				: 'Nothing needs doing now: the rows that could not tell say when to run Check again.',
		],
	}[result];
	const ids = (list: typeof rows) => list.map((row) => row.id).join(', ');
	return {
		check: 'Summary: does anything need doing?',
		result,
		what_it_means: what[0],
		what_to_do: what[1],
		details: `summary: ${counts}${differs.length > 0 ? `; differs: ${ids(differs)}` : ''}${untold.length > 0 ? `; could not tell: ${ids(untold)}` : ''}`,
	};
}
