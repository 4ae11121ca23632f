/**
 * `/document/<mid>/pickup-link/`: the document's links, paged like every list; a POST makes one
 * (`{email}` or `{}`, 201), unless the `pickupLinksReadOnly` switch plays a service that only
 * lists them (405, as DRF answers a method a view does not take).
 */
import { envelope, type HttpAnswer } from '../http/answer';
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
