/**
 * `/api/partner/…`: the caller's partner (403 for another), and the way to its records, one
 * route module per resource.
 */
import { detail, envelope, type HttpAnswer } from '../http/answer';
import type { Partner } from '../stores/records';
import type { ApiCall } from './call';
import { clientRoutes } from './clients';
import { contactRoutes } from './contacts';
import { documentRoutes } from './documents';
import { itemRoutes } from './items';
import { sendingOrderRoutes } from './sendingOrders';
import { tagRoutes } from './tags';
import { templateRoute } from './templates';

/** A partner as the API gives it: the `partnerUrlNoSlash` and `echoCredentials` switches apply. */
function partnerJson(call: ApiCall, partner: Partner) {
	const { options } = call;
	const json: Record<string, unknown> = call.service.store.partners.json(partner);
	if (options.partnerUrlNoSlash) json.url = String(json.url).replace(/\/$/, '');
	if (!options.echoCredentials) return json;
	const token = /^Bearer (\S+)$/.exec(call.headers.authorization ?? '')?.[1] ?? '';
	return { requested_by: { client_id: call.service.keys.token(token)?.clientId, token }, ...json };
}

/** Every path under `/api/`, for the partner the caller's token belongs to. */
export function partnerRoutes(call: ApiCall, partnerMid: string): HttpAnswer {
	const path = call.url.pathname;
	const segments = path.split('/').filter(Boolean); // ['api', 'partner', mid, 'client', cmid, 'contact']
	if (!path.endsWith('/') || segments[1] !== 'partner') throw detail(404, 'Not found.');
	const { partners } = call.service.store;
	if (segments.length === 2) {
		call.allow('GET');
		return call.page([partnerJson(call, partners.get(partnerMid)!)]);
	}
	const partner = partners.get(segments[2]);
	if (!partner) throw detail(404, 'Not found.');
	if (partner.mid !== partnerMid)
		throw detail(403, 'You do not have permission to perform this action.');
	const [resource, ...rest] = segments.slice(3);
	if (resource === undefined) {
		call.allow('GET');
		return envelope(200, partnerJson(call, partner));
	}
	if (resource === 'client') return clientRoutes(call, partner, rest);
	if (resource === 'document') return documentRoutes(call, partner, rest);
	if (resource === 'item') return itemRoutes(call, partner, rest);
	if (resource === 'sending' && rest[0] === 'order')
		return sendingOrderRoutes(call, partner, rest.slice(1));
	if (resource === (call.options.templatePath ?? 'template') && rest.length === 1)
		return templateRoute(call, rest[0]);
	if (resource === 'contact' && rest.length <= 1) return contactRoutes(call, partner, rest);
	if (resource === 'tag') return tagRoutes(call, partner, rest);
	throw detail(404, 'Not found.');
}
