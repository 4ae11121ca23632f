/**
 * Account → Check, the client list and its contacts: the page size and the next-page link the
 * node pages by, contacts given in full and at their own address, and the key Create or Update
 * finds a client by.
 */
import type { IDataObject } from 'n8n-workflow';

import { apiUrl, excerpt, MAX_PAGE_SIZE, outcomeOf } from '../../../transport';
import {
	differs,
	held,
	listKeyVerdict,
	pageSizeVerdict,
	plural,
	undecided,
	type Verdict,
} from './verdicts';
import { notFoundAt } from './failedReads';
import type { Check, Probe } from './probe';
import { clientPage } from '../../../api/clients';
import { readContact } from '../../../api/contacts';
import { contactUrl, isRecord, linkedMid } from '../../../model/locators';

/** `meta.count`, when a page gives it as a number. */
const countOf = (meta: { count?: unknown } | undefined) =>
	typeof meta?.count === 'number' ? meta.count : undefined;

export const pageSize: Check = {
	id: 'page_size',
	async run(probe) {
		const { meta, response = [] } = await probe.clients();
		const page = { length: response.length, count: countOf(meta), next: meta?.next };
		return pageSizeVerdict(page, MAX_PAGE_SIZE, 'client');
	},
};

/** A first page of one client that links no next page: wrong only when there are more. */
function withoutNextLink(count: number | undefined): Verdict {
	if (count === undefined)
		undecided('The first page gave neither meta.count nor meta.next: no second page to see');
	if (count < 2) undecided(`The account has ${plural(count, 'client')}: no second page`);
	return differs(
		`Asked for 1 client a page of ${count}: the first page has no link in meta.next, so the node would read that page only`,
	);
}

/** The page `next` links to, after a first page of `list`: on, of the same size, no repeats. */
async function followNextLink(probe: Probe, list: IDataObject[], next: string): Promise<Verdict> {
	const second = (await probe.nextPage(next, 'the client list')).response ?? [];
	const linked = `Asked for 1 client a page, got ${list.length}; meta.next (${probe.shown(next)})`;
	if (second.length === 0) return differs(`${linked} leads to an empty page`);
	// a link that drops per_page gives the node's later pages the default size, not 100
	if (second.length > list.length)
		return differs(`${linked} leads to a page of ${second.length}: the link drops per_page`);
	const firstMids = new Set(list.map((client) => client.mid));
	if (second.some((client) => firstMids.has(client.mid)))
		return differs(`${linked} leads back to a client of the first page`);
	return held(`${linked} led on to the next page, of ${plural(second.length, 'client')}`);
}

export const nextPageLink: Check = {
	id: 'next_page_link',
	async run(probe) {
		const first = await probe.page(clientPage, { per_page: 1 }, 'the client list');
		const list = first.response ?? [];
		const next = first.meta?.next;
		// an empty link ends a list, as the node reads it
		if (next === undefined || next === null || next === '')
			return withoutNextLink(countOf(first.meta));
		if (typeof next !== 'string') return differs(`meta.next is not a link: ${excerpt(next, 60)}`);
		if (list.length === 0)
			return differs('The first page is empty but links a next page: the node refuses such a list');
		if (apiUrl(probe.baseUrl, next) === undefined) {
			return differs(
				`meta.next leads outside the Base URL (${probe.shown(next)}): the node refuses to follow it`,
			);
		}
		return await followNextLink(probe, list, next);
	},
};

/** The first listed client that has contacts; without one, the check cannot tell. */
function clientWithContacts(listed: IDataObject[] | undefined): IDataObject {
	const clients = (listed ?? []).filter(isRecord);
	const client = clients.find((c) => Array.isArray(c.contacts) && c.contacts.length > 0);
	if (client) return client;
	undecided(
		clients.length === 0 ? 'The account has no clients' : 'None of the first clients has a contact',
	);
}

export const expandContacts: Check = {
	id: 'expand_contacts',
	async run(probe) {
		const qs = { per_page: 5, expand: 'contacts' };
		const page = await probe.page(clientPage, qs, 'the client list');
		const client = clientWithContacts(page.response);
		const contacts = client.contacts as unknown[];
		const whose = `client ${String(client.mid)}`;
		if (contacts.every((c) => isRecord(c) && (c.mid !== undefined || c.url !== undefined)))
			return held(`The ${plural(contacts.length, 'contact')} of ${whose} came in full`);
		if (contacts.every((c) => typeof c === 'string'))
			return differs(
				`The contacts of ${whose} came as links (such as ${probe.shown(contacts[0] as string)})`,
			);
		return differs(`The contacts of ${whose} came as ${excerpt(contacts[0], 80)}`);
	},
};

export const contactOwnUrl: Check = {
	id: 'contact_own_url',
	async run(probe) {
		const client = clientWithContacts((await probe.clients()).response);
		const given = (client.contacts as unknown[])[0];
		const mid = linkedMid(given);
		if (!/^[A-Za-z0-9_-]{1,64}$/.test(mid))
			return differs(
				`A contact is given as ${excerpt(given, 80)}, not as a link ending in its MID`,
			);
		const partnerMid = probe.partnerMid();
		// the contact's own address, as the verdict shows it
		const url = contactUrl(probe.baseUrl, partnerMid, mid);
		const givenAt = typeof given === 'string' ? given : String((given as IDataObject).url ?? '');
		const elsewhere =
			givenAt && givenAt !== url ? `; the client gives it as ${probe.shown(givenAt)}` : '';
		const answer = await outcomeOf(readContact(probe.op, partnerMid, mid));
		if (!answer.ok) return notFoundAt(answer.error, probe.shown(url), elsewhere);
		if (String(answer.value.mid ?? mid) !== mid)
			return differs(`${probe.shown(url)} answered another record${elsewhere}`);
		return held(
			`Contact ${mid} of client ${String(client.mid)} answers at ${probe.shown(url)}${elsewhere} (read only: the check sends no change)`,
		);
	},
};

/** Whether every client of the first page carries the key Create or Update finds one by. */
export const clientListKeys: Check = {
	id: 'client_list_keys',
	async run(probe) {
		const clients = ((await probe.clients()).response ?? []).filter(isRecord);
		return listKeyVerdict(clients, 'client_external_id', 'client');
	},
};
