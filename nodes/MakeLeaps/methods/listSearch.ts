import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { listPartners, onlyPartner } from '../helpers/partners';
import { MakeLeapsTransport } from '../transport';

/** The editor's pickers are not paced: a user waits for them. */
const unpaced = async (context: ILoadOptionsFunctions) =>
	await MakeLeapsTransport.create(context, { unpaced: true });

export async function searchPartners(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const partners = await listPartners(await unpaced(this));
	const wanted = filter?.toLowerCase();
	return {
		results: partners
			.filter((partner) => !wanted || partner.name.toLowerCase().includes(wanted))
			.map((partner) => ({ name: partner.name, value: partner.mid })),
	};
}

export async function searchClients(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const transport = await unpaced(this);
	let partnerMid = String(this.getCurrentNodeParameter('partner', { extractValue: true }) ?? '');
	if (!partnerMid) {
		const found = await onlyPartner(transport);
		if (found.problem !== undefined) throw new NodeOperationError(this.getNode(), found.problem);
		partnerMid = found.mid;
	}
	const qs: IDataObject = { page: paginationToken ?? '1' };
	if (filter) qs.search = filter;
	const path = `/api/partner/${encodeURIComponent(partnerMid)}/client/`;
	const page = await transport.request<IDataObject[]>('GET', path, { qs, expect: 'list' });
	const results = (page.response ?? []).map((c) => ({
		name: c.client_external_id
			? `${String(c.display_name)} (${String(c.client_external_id)})`
			: String(c.display_name),
		value: String(c.mid),
		url: String(c.url),
	}));
	const next = page.meta?.next ? String(Number(qs.page) + 1) : undefined;
	return { results, paginationToken: next };
}
