/**
 * `/document/` (list with filters, create), `/document/<mid>/` (get, change, delete),
 * `/document/<mid>/pickup-link/` (routes/pickupLinks.ts) and `/document/<mid>/pdf/`, served as it
 * is or, under `pdfRedirect`, behind a redirect to `/_storage/`, which answers without
 * authorization as signed storage URLs do.
 */
import { randomBytes } from 'node:crypto';

import { detail, envelope, HttpAnswer } from '../http/answer';
import type { Partner, SandboxDocument } from '../stores/records';
import type { ApiCall } from './call';
import { pickupLinkRoute } from './pickupLinks';

/**
 * A document with its line items' fields under the names the `lineItemNames` switch gives; under
 * `linesWithoutTaxRate`, its lines without `tax_rate` and `tax_type` and the document with a
 * `tax_rate` of its own (its first line's), as MakeLeaps' recorded document list of 2019 gave them.
 */
function lineNames<T extends { lineitems: object[] }>(call: ApiCall, document: T): T {
	const names = call.options.lineItemNames ?? {};
	const bare = call.options.linesWithoutTaxRate === true;
	if (!bare && Object.keys(names).length === 0) return document;
	const lineitems = document.lineitems.map((line) =>
		Object.fromEntries(
			Object.entries(line)
				.filter(([key]) => !bare || (key !== 'tax_rate' && key !== 'tax_type'))
				.map(([key, value]) => [names[key] ?? key, value]),
		),
	);
	const rate = (document.lineitems[0] as { tax_rate?: unknown } | undefined)?.tax_rate;
	return { ...document, lineitems, ...(bare ? { tax_rate: rate ?? '0' } : {}) };
}

/**
 * A document as the switches shape it: its line item fields named by `lineItemNames`, and under
 * `guessedMarks` the client's acceptance and view as the node once guessed them instead of the
 * recorded `is_accepted` (`yesNo`: `accepted` and `viewed`, without `date_accepted`; `dates`:
 * `date_accepted` and `date_viewed`).
 */
function shown(call: ApiCall, partner: Partner, document: SandboxDocument, expand: string[]) {
	const json: Record<string, unknown> = lineNames(
		call,
		call.service.documents.json(partner, document, expand),
	);
	const guessed = call.options.guessedMarks;
	if (!guessed) return json;
	delete json.is_accepted;
	if (guessed === 'dates') return { ...json, date_viewed: document.date_viewed };
	delete json.date_accepted;
	return {
		...json,
		accepted: document.date_accepted !== null,
		viewed: document.date_viewed !== null,
	};
}

/** Refuses the form of the `client` filter the `clientFilter` switch does not accept. */
function checkClientFilter(call: ApiCall, value: string | null) {
	const form = call.options.clientFilter;
	if (!value || !form) return;
	if ((form === 'mid') === /^\d+$/.test(value)) return;
	throw new HttpAnswer(400, {
		meta: { status: 400 },
		response: {
			client: ['Select a valid choice. That choice is not one of the available choices.'],
		},
	});
}

function documentList(call: ApiCall, partner: Partner, expand: string[]): HttpAnswer {
	call.allow('GET', 'POST');
	const { documents } = call.service;
	if (call.method === 'POST') {
		const document = documents.create(partner, call.input());
		return envelope(201, shown(call, partner, document, expand));
	}
	const filters = call.filters();
	checkClientFilter(call, filters.get('client'));
	const found = documents.list(
		partner,
		filters,
		call.options.tagFilter,
		call.options.tagFilterJoin,
	);
	return call.page(found, (d) => call.listed(shown(call, partner, d, expand)));
}

function pdfRoute(call: ApiCall, partner: Partner, document: SandboxDocument): HttpAnswer {
	call.allow('GET');
	const { documents, files, baseUrl } = call.service;
	if (!call.options.pdfRedirect) {
		return new HttpAnswer(200, documents.pdf(partner, document), {
			'Content-Type': 'application/pdf',
			'Content-Disposition': `inline; filename="${document.document_number}.pdf"`,
		});
	}
	const key = randomBytes(12).toString('hex');
	files.set(key, documents.pdf(partner, document));
	return new HttpAnswer(302, undefined, { Location: `${baseUrl}/_storage/${key}.pdf` });
}

export function documentRoutes(call: ApiCall, partner: Partner, rest: string[]): HttpAnswer {
	const expand = call.expand();
	if (rest.length === 0) return documentList(call, partner, expand);
	const document = partner.documents.get(rest[0]);
	if (
		!document ||
		rest.length > 2 ||
		(rest.length === 2 && !['pdf', 'pickup-link'].includes(rest[1]))
	)
		throw detail(404, 'Not found.');
	if (rest[1] === 'pickup-link') return pickupLinkRoute(call, partner, document);
	if (rest.length === 2) return pdfRoute(call, partner, document);
	call.allow('GET', 'PUT', 'PATCH', 'DELETE');
	const { documents } = call.service;
	if (call.method === 'DELETE') {
		documents.delete(partner, document);
		return new HttpAnswer(204);
	}
	if (call.method === 'PUT' || call.method === 'PATCH')
		documents.update(partner, document, call.input());
	return envelope(200, shown(call, partner, document, expand));
}

/** `/_storage/<key>.pdf`: the files a PDF redirect points to. */
export function storageRoute(call: ApiCall): HttpAnswer {
	const key = call.url.pathname.slice('/_storage/'.length).replace(/\.pdf$/, '');
	const file = call.service.files.get(key);
	if (call.method !== 'GET' || !file) return new HttpAnswer(404, '<h1>Not Found</h1>');
	return new HttpAnswer(200, file, { 'Content-Type': 'application/pdf' });
}
