/**
 * The editor's pickers: partners, clients, a client's contacts, templates, documents, sending
 * orders, catalog items.
 */
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { catalogItemPage } from '../api/catalogItems';
import { clientPage } from '../api/clients';
import { clientContactPage } from '../api/contacts';
import { documentPage } from '../api/documents';
import { listPartners, onlyPartner } from '../api/accountPartners';
import type { PartnerPage } from '../api/requests';
import { sendingOrderPage } from '../api/sendingOrders';
import { templatePage } from '../api/templates';
import { catalogCode, catalogValue } from '../model/catalog';
import { linkedMid, midOfUrl } from '../model/locators';
import { MakeLeapsTransport } from '../transport';

/** The editor's pickers are not paced: a user waits for them. */
export const unpaced = async (context: ILoadOptionsFunctions) =>
	await MakeLeapsTransport.create(context, { unpaced: true });

/** A picker's parameter as text (the value of a resource locator). */
const current = (context: ILoadOptionsFunctions, name: string) =>
	String(context.getCurrentNodeParameter(name, { extractValue: true }) ?? '');

/** The partner chosen in the node, or the API key's only partner. */
export async function partnerOf(context: ILoadOptionsFunctions, transport: MakeLeapsTransport) {
	const chosen = current(context, 'partner');
	if (chosen) return encodeURIComponent(chosen);
	const found = await onlyPartner(transport);
	if (found.problem !== undefined) throw new NodeOperationError(context.getNode(), found.problem);
	return found.mid;
}

/** One page of a list for a picker, with MakeLeaps' page numbers as tokens. */
async function pageOf(
	context: ILoadOptionsFunctions,
	list: PartnerPage,
	qs: IDataObject,
	paginationToken: string | undefined,
	item: (record: IDataObject) => INodeListSearchItems,
): Promise<INodeListSearchResult> {
	const transport = await unpaced(context);
	const partnerMid = await partnerOf(context, transport);
	const query = { ...qs, page: paginationToken ?? '1' };
	const page = await list(transport, partnerMid, query);
	const next = page.meta?.next ? String(Number(query.page) + 1) : undefined;
	return { results: (page.response ?? []).map(item), paginationToken: next };
}

/** The results whose name contains the filter (lists MakeLeaps cannot search itself). */
function named(result: INodeListSearchResult, filter?: string): INodeListSearchResult {
	const wanted = filter?.toLowerCase();
	if (!wanted) return result;
	return {
		...result,
		results: result.results.filter((r) => r.name.toLowerCase().includes(wanted)),
	};
}

export async function searchPartners(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const partners = await listPartners(await unpaced(this));
	return named({ results: partners.map(({ name, mid }) => ({ name, value: mid })) }, filter);
}

export async function searchClients(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await pageOf(this, clientPage, filter ? { search: filter } : {}, paginationToken, (c) => ({
		name: c.client_external_id
			? `${String(c.display_name)} (${String(c.client_external_id)})`
			: String(c.display_name),
		// no link: the API gives only its own JSON address, not the record's page in MakeLeaps
		value: String(c.mid),
	}));
}

/** The contacts of the client chosen in the node. */
export async function searchContacts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const chosen = current(this, 'client');
	const client = encodeURIComponent(chosen.includes('/') ? midOfUrl(chosen) : chosen);
	if (!client) return { results: [] };
	const result = await pageOf(
		this,
		async (transport, partnerMid, qs) => await clientContactPage(transport, partnerMid, client, qs),
		{},
		paginationToken,
		(c) => ({
			name: `${String(c.display_name)}${(c.email as IDataObject | null)?.address ? ` <${String((c.email as IDataObject).address)}>` : ''}`,
			value: String(c.mid),
		}),
	);
	return named(result, filter);
}

/** The templates of the document type chosen in the node. */
export async function searchTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const type = encodeURIComponent(current(this, 'documentType') || 'invoice');
	const result = await pageOf(
		this,
		async (transport, partnerMid, qs) => await templatePage(transport, partnerMid, type, qs),
		{},
		paginationToken,
		(t) => ({
			name: `${String(t.name)} (${String(t.code)})`,
			value: String(t.code),
		}),
	);
	return named(result, filter);
}

export async function searchDocuments(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await pageOf(
		this,
		documentPage,
		filter ? { search: filter } : {},
		paginationToken,
		(d) => ({
			name: `${String(d.display_name ?? `${String(d.document_type)} ${String(d.document_number)}`)}${d.title ? ` – ${String(d.title)}` : ''}`,
			value: String(d.mid),
		}),
	);
}

export async function searchSendingOrders(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const result = await pageOf(this, sendingOrderPage, {}, paginationToken, (o) => ({
		name: [o.subject || 'Sending order', o.status, String(o.date_created ?? '').slice(0, 10)]
			.filter(Boolean)
			.map(String)
			.join(' · '),
		value: String(o.mid ?? midOfUrl(o.url)),
	}));
	return named(result, filter);
}

/** The items of the line item catalog, by code, description and price; a line takes the MID. */
export async function searchCatalogItems(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const result = await pageOf(this, catalogItemPage, {}, paginationToken, (item) => ({
		name: [
			catalogCode(item),
			...(['description', 'unitPrice'] as const).map((key) => catalogValue(item, key)?.value),
		]
			.filter((part) => part !== undefined && part !== '')
			.map(String)
			.join(' · '),
		value: linkedMid(item),
	}));
	// an item without its MID cannot be picked (By Code names it)
	return named({ ...result, results: result.results.filter((r) => r.value !== '') }, filter);
}
