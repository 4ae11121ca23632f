/** `/contact/` (list, create) and `/contact/<mid>/` (get, change; 404 under `noContactUrl`). */
import { detail, envelope, type HttpAnswer } from '../http/answer';
import type { Partner } from '../stores/records';
import type { ApiCall } from './call';

export function contactRoutes(call: ApiCall, partner: Partner, rest: string[]): HttpAnswer {
	const { contacts } = call.service.store;
	if (rest.length === 0) {
		call.allow('GET', 'POST');
		if (call.method === 'POST')
			return envelope(201, contacts.json(partner, contacts.create(partner, call.input())));
		return call.page([...partner.contacts.values()].map((c) => contacts.json(partner, c)));
	}
	call.allow('GET', 'PATCH');
	const contact = partner.contacts.get(rest[0]);
	if (!contact || call.options.noContactUrl) throw detail(404, 'Not found.');
	if (call.method === 'PATCH') contacts.update(contact, call.input());
	return envelope(200, contacts.json(partner, contact));
}
