/**
 * `/client/` (list with search and archived filters, and `client_external_id` under its switch; create), `/client/<mid>/` (get, change,
 * delete) and `/client/<mid>/contact/` (the client's contacts).
 */
import { detail, envelope, HttpAnswer } from '../http/answer';
import type { Client, Partner } from '../stores/records';
import type { ApiCall } from './call';

function clientList(call: ApiCall, partner: Partner): HttpAnswer {
	call.allow('GET', 'POST');
	const { clients } = call.service.store;
	if (call.method === 'POST')
		return envelope(201, clients.json(partner, clients.create(partner, call.input())));
	const filters = call.filters();
	const search = filters.get('search')?.toLowerCase();
	const externalId =
		call.options.clientExternalIdFilter === 'exact' ? filters.get('client_external_id') : null;
	const archived = filters.get('archived') === 'true';
	// a service that ignores the filter lists archived and active clients alike
	const ignoresArchived = call.options.ignoreFilters?.includes('archived');
	const found = [...partner.clients.values()].filter(
		(c) =>
			(ignoresArchived || (c.date_archived !== null) === archived) &&
			(!search || clients.searchText(partner, c).includes(search)) &&
			(externalId === null || c.client_external_id === externalId),
	);
	const expand = call.expand();
	return call.page(found, (c) => call.listed(clients.json(partner, c, expand)));
}

function clientContacts(call: ApiCall, partner: Partner, client: Client): HttpAnswer {
	call.allow('GET');
	const { contacts } = call.service.store;
	return call.page(
		client.contactMids.map((mid) => contacts.json(partner, partner.contacts.get(mid)!)),
	);
}

function clientRoute(call: ApiCall, partner: Partner, client: Client): HttpAnswer {
	call.allow('GET', 'PUT', 'PATCH', 'DELETE');
	const { clients } = call.service.store;
	if (call.method === 'DELETE') {
		clients.delete(partner, client);
		return new HttpAnswer(204);
	}
	if (call.method === 'PUT' || call.method === 'PATCH')
		clients.update(partner, client, call.input(), call.method === 'PATCH');
	return envelope(200, clients.json(partner, client, call.expand()));
}

export function clientRoutes(call: ApiCall, partner: Partner, rest: string[]): HttpAnswer {
	if (rest.length === 0) return clientList(call, partner);
	const client = partner.clients.get(rest[0]);
	if (!client || rest.length > 2) throw detail(404, 'Not found.');
	if (rest.length === 1) return clientRoute(call, partner, client);
	if (rest[1] !== 'contact') throw detail(404, 'Not found.');
	return clientContacts(call, partner, client);
}
