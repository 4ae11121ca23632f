/**
 * The switches a sandbox starts with (`sandbox.options`): its limits, and the ways it may differ
 * from the real API. Those that shape answers are read on every request, so a test may change them.
 */
import type { CredentialEcho } from './http/credentialEchoes';

export interface SandboxOptions {
	/** Port to listen on; 0 (default) picks a free one. */
	port?: number;
	/**
	 * The Base URL the sandbox names itself by (records' URLs, `meta.next`, storage redirects)
	 * when something sits in front of it, such as dev/farLink.ts playing a far link; its own
	 * address by default.
	 */
	publicUrl?: string;
	/** Lifetime of issued tokens in seconds (the real API uses 36000). */
	tokenTtlSeconds?: number;
	/** At most `limit` API requests per `windowMs`; further ones get 429 with Retry-After. */
	throttle?: { limit: number; windowMs: number };
	/**
	 * A far link's round trip, in ms: every API request waits half of it before it is applied and
	 * its answer half of it before it leaves (0 by default). `sandbox.maxInFlight` then shows how
	 * many requests a run had under way at once.
	 */
	latencyMs?: number;
	/** Requests allowed per day before every request gets 429 until midnight UTC. */
	dailyLimit?: number;
	/** Default and maximum page sizes of list endpoints. */
	pageSize?: number;
	maxPageSize?: number;
	/** Fixed credentials for the first partner (random when omitted). */
	clientId?: string;
	clientSecret?: string;
	partnerName?: string;
	/** Clock of the throttle and the daily limit (tests move the day without waiting for it). */
	now?: () => number;
	/** Answers every referenced record as its URL, whatever `expand` asks (a server without expand). */
	ignoreExpand?: boolean;
	/** Issuing a token revokes every earlier token of the same API key. */
	oneActiveToken?: boolean;
	/** Serves document PDFs through a redirect to storage (`/_storage/`), as a cloud service may. */
	pdfRedirect?: boolean;
	/**
	 * File items of sending orders give an `upload_url` at a signed storage address outside the
	 * Base URL (`sandbox.storageUrl`, another port), which takes the file's bytes as the body of a
	 * PUT without a token, as the node first guessed MakeLeaps' uploads. Without it (the default,
	 * as recorded), `upload_url` is under the API and takes a form with the file in `content_file`.
	 * Read at start: the storage address listens only when it is set then.
	 */
	uploadToStorage?: boolean;
	/** How long a sending order takes to be validated after its last change (1500 ms by default). */
	sendingValidationMs?: number;
	/**
	 * How long after a sending order is executed its documents show `date_sent` (0 by default), as
	 * a service that marks documents sent in the background may.
	 */
	sentLagMs?: number;
	/**
	 * The field a normal line's unit price is read from (`unit_cost` by default): another name
	 * plays a service whose field the node guessed wrong; it takes such lines as free of charge.
	 */
	unitCostField?: string;
	/** Tax rounded down on each line instead of once per tax rate (another rounding, same lines). */
	taxPerLine?: boolean;
	/**
	 * A document's or a line's field the sandbox does not know is answered
	 * `400 {"<field>": ["Unknown field."]}`, as a strict serializer would. Off by default: Django
	 * REST Framework, which MakeLeaps' API is taken to be, ignores unknown fields, and so does the
	 * sandbox then. The tests that check a document's fields arrive turn it on, so that nothing
	 * the node sends is dropped unseen.
	 */
	refuseUnknownFields?: boolean;
	/**
	 * A document's `total` is before its withholding tax (`jp_withholding_tax` shown apart) instead
	 * of less it: which one MakeLeaps answers is not known.
	 */
	totalBeforeWithholding?: boolean;
	/**
	 * Fields of a document or of its lines the service does not take, such as `['date_valid']` or
	 * `['has_jp_withholding_tax']`: ignored as DRF ignores a read-only field, answered as their
	 * default (a service whose field the node guessed wrong).
	 */
	ignoredFields?: string[];
	/** List filters the lists ignore (`date__gte`, `document_type`, `recipient_organization`…). */
	ignoreFilters?: string[];
	/**
	 * List filters answered with an empty page (200, no records) whenever a request gives them,
	 * such as `['client']`: a service whose filter reads another field than the node believes.
	 */
	emptyFilters?: string[];
	/**
	 * How the client list takes `client_external_id`: ignored like any filter it does not know
	 * (by default, as Django REST framework does), or `'exact'`: only the clients carrying it.
	 */
	clientExternalIdFilter?: 'exact';
	/**
	 * The one form the document list's `client` filter accepts (both by default); the other is
	 * answered `400 {"client": ["Select a valid choice. …"]}`, as a Django filter expecting it does.
	 */
	clientFilter?: 'mid' | 'url';
	/**
	 * The form the document list's `tags` filter reads: the tags' names (default) or, as a filter
	 * on the tags' keys would, their MIDs (a name then matches nothing).
	 */
	tagFilter?: 'name' | 'mid';
	/** How the `tags` filter reads names separated by commas: any of them (default), or all. */
	tagFilterJoin?: 'or' | 'and';
	/** How the document list gives line items: in full (default), as an empty list, or as links. */
	listLineItems?: 'full' | 'empty' | 'links';
	/**
	 * Documents tell their client's acceptance and view as the node once guessed, instead of the
	 * recorded `is_accepted` beside `date_accepted` (and no viewed field of any kind): `yesNo` by
	 * the yes/no `accepted` and `viewed` the list filters name (no `date_accepted`), `dates` by
	 * `date_accepted` and `date_viewed`. The other recorded fields stay.
	 */
	guessedMarks?: 'yesNo' | 'dates';
	/**
	 * Fields the client, document and pickup-link lists leave out of each record (the record itself
	 * has them).
	 */
	listOmits?: string[];
	/** Contacts do not answer at their own URL (`/contact/<mid>/` answers 404), only in their client. */
	noContactUrl?: boolean;
	/** Lists answer without `meta.next`, as a service paging another way may. */
	omitNext?: boolean;
	/** Lists answer without `meta.count`. */
	omitCount?: boolean;
	/** Partner addresses given without their final `/` (`…/api/partner/<mid>`). */
	partnerUrlNoSlash?: boolean;
	/**
	 * A partner answers with the caller's Client ID and access token in it (`requested_by`), as a
	 * debugging proxy or a careless service may.
	 */
	echoCredentials?: boolean;
	/**
	 * The links answers give (a list's `meta.next` and `meta.prev`, an order's `items_url`, a file
	 * item's `upload_url`, a PDF's redirect) carry the caller's access token, Client ID and Client
	 * Secret in their query (`session`, `app`, `key`), as a careless service may.
	 */
	credentialsInLinks?: boolean;
	/**
	 * Records answer with the caller's access token, Client Secret or Basic value written into a
	 * text (a document's note or title, a pickup link's address), each in an encoding of
	 * http/credentialEchoes.ts's `ENCODINGS`, as a careless service or a template may.
	 */
	credentialEchoes?: CredentialEcho[];
	/** The path segment templates are listed under instead of `template` (which then answers 404). */
	templatePath?: string;
	/** A document create without `document_template` is answered 400 "This field is required.". */
	requireTemplate?: boolean;
	/** A tag create (`POST /tag/`) answers 405: a service that does not let the API make tags. */
	refuseTagCreate?: boolean;
	/** Line item fields a document gives under other names, such as `{ unit_cost: 'unit_price' }`. */
	lineItemNames?: Record<string, string>;
	/**
	 * Lines answered without `tax_rate` and `tax_type`, the document with a `tax_rate` of its own,
	 * as MakeLeaps' recorded document list of 2019 gave them (before Japan's reduced rate of October
	 * 2019 made a rate per line needed; the default keeps one per line, as the node sends them).
	 */
	linesWithoutTaxRate?: boolean;
	/** Fields the line item catalog's items leave out, such as `['unit_cost']` (an item without a price). */
	catalogItemOmits?: string[];
	/** Fields the catalog's items give under other names, such as `{ unit_cost: 'price' }`. */
	catalogItemNames?: Record<string, string>;
	/** A document's pickup links are only listed: a POST answers 405 (a service without the create). */
	pickupLinksReadOnly?: boolean;
	/** The field a pickup link gives its address in (`url` by default; empty: none). */
	pickupLinkField?: string;
}
