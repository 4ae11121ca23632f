/**
 * `/tag/` (list, create) and `/tag/<mid>/` (get). Under `refuseTagCreate` the list allows GET
 * only, so a create answers 405, as a service that does not let the API make tags would.
 */
import { detail, envelope, type HttpAnswer } from '../http/answer';
import type { Partner } from '../stores/records';
import type { ApiCall } from './call';

export function tagRoutes(call: ApiCall, partner: Partner, rest: string[]): HttpAnswer {
	const { tags } = call.service.store;
	if (rest.length === 0) {
		if (call.options.refuseTagCreate) call.allow('GET');
		else call.allow('GET', 'POST');
		if (call.method === 'POST')
			return envelope(201, tags.json(partner, tags.create(partner, call.input())));
		return call.page([...tags.of(partner).values()].map((tag) => tags.json(partner, tag)));
	}
	const tag = tags.of(partner).get(rest[0]);
	if (!tag || rest.length > 1) throw detail(404, 'Not found.');
	call.allow('GET');
	return envelope(200, tags.json(partner, tag));
}
