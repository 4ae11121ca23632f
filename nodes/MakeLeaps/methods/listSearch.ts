import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { onlyPartner } from '../actions/common';
import { MakeLeapsTransport } from '../transport';

const midOf = (url: unknown) => /\/([^/]+)\/?$/.exec(String(url))?.[1] ?? '';

async function partnersOf(transport: MakeLeapsTransport) {
	return (await transport.getAll<IDataObject>('/api/partner/')).map((p) => ({ name: String(p.name), value: midOf(p.url) }));
}

export async function searchPartners(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const partners = await partnersOf(await MakeLeapsTransport.create(this, 0));
	const wanted = filter?.toLowerCase();
	return { results: partners.filter((p) => !wanted || p.name.toLowerCase().includes(wanted)) };
}

export async function searchClients(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const transport = await MakeLeapsTransport.create(this, 0);
	let partnerMid = String(this.getCurrentNodeParameter('partner', { extractValue: true }) ?? '');
	if (!partnerMid) {
		const found = await onlyPartner(transport);
		if (found.problem !== undefined) throw new NodeOperationError(this.getNode(), found.problem);
		partnerMid = found.mid;
	}
	const qs: IDataObject = { page: paginationToken ?? '1' };
	if (filter) qs.search = filter;
	const page = await transport.request<IDataObject[]>('GET', `/api/partner/${encodeURIComponent(partnerMid)}/client/`, { qs });
	const results = (page.response ?? []).map((c) => ({
		name: c.client_external_id ? `${String(c.display_name)} (${String(c.client_external_id)})` : String(c.display_name),
		value: String(c.mid),
		url: String(c.url),
	}));
	const next = page.meta?.next ? String(Number(qs.page) + 1) : undefined;
	return { results, paginationToken: next };
}
