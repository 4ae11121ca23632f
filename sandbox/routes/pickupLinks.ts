/**
 * `/document/<mid>/pickup-link/`: the document's links, paged like every list; a POST makes one
 * (`{email}` or `{}`, 201), unless the `pickupLinksReadOnly` switch plays a service that only
 * lists them (405, as DRF answers a method a view does not take); and the address a link shares.
 */
import { envelope, HttpAnswer } from '../http/answer';
import type { Partner, SandboxDocument } from '../stores/records';
import type { ApiCall } from './call';

export function pickupLinkRoute(
	call: ApiCall,
	partner: Partner,
	document: SandboxDocument,
): HttpAnswer {
	const { options } = call;
	if (options.pickupLinksReadOnly) call.allow('GET');
	else call.allow('GET', 'POST');
	const links = call.service.documents.pickupLinks;
	const json = (link: ReturnType<typeof links.add>) =>
		links.json(partner.mid, link, options.pickupLinkField ?? 'url');
	if (call.method === 'POST') {
		// DRF reads an empty body as no fields (n8n sends none for `{}`)
		const body = call.body.trim() === '' ? {} : call.input();
		return envelope(201, json(links.create(document.mid, body)));
	}
	return call.page(links.of(document.mid).map((link) => call.listed(json(link))));
}

/**
 * `/pickup/<token>/`: the address a link shares, opened as the client opens it (no token):
 * answers the document's PDF, and from then on the link gives `date_clicked` (its first opening).
 */
export function pickupPageRoute(call: ApiCall): HttpAnswer {
	const token = /^\/pickup\/([0-9a-f]+)\/$/.exec(call.url.pathname)?.[1];
	const { documents, store } = call.service;
	const link = token && call.method === 'GET' ? documents.pickupLinks.byToken(token) : undefined;
	const partner = link && store.partners.all().find((p) => p.documents.has(link.documentMid));
	if (!link || !partner) return new HttpAnswer(404, '<h1>Not Found</h1>');
	documents.pickupLinks.open(link);
	const pdf = documents.pdf(partner, partner.documents.get(link.documentMid)!);
	return new HttpAnswer(200, pdf, { 'Content-Type': 'application/pdf' });
}
