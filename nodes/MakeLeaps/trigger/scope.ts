/**
 * What a poll watches (a WatchScope): the partner, chosen in Partner or else the API key's only
 * one (looked up once and remembered), and the panel's Event, Document Type, Look Back (Days) and
 * Tags, checked before anything is read.
 */
import type { IDataObject, INodeParameterResourceLocator, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DOCUMENT_TYPE_OPTIONS } from '../actions/document/fields/document.fields';
import { onlyPartner } from '../api/accountPartners';
import { parseTagNames, splitTagNames, tagKey } from '../model/tags';
import { checkCount, checkMid } from '../model/validation';
import type { MakeLeapsTransport } from '../transport';
import { ACCEPTED_TYPES, documentTypeDefault, MAX_LOOK_BACK_DAYS } from './trigger.fields';
import type { WatchEvent } from './marks';
import { watchScope, type WatchScope } from './watch';

/**
 * The partner to watch: the one chosen, else the API key's only partner, looked up at the first
 * poll and remembered with the trigger's state (a poll when nothing changed then costs 1 request).
 */
export async function partnerOf(
	context: IPollFunctions,
	transport: MakeLeapsTransport,
	staticData: IDataObject,
) {
	const locator = context.getNodeParameter('partner', { value: '' }) as
		| INodeParameterResourceLocator
		| undefined;
	if (locator?.value) return checkMid(locator.value, 'Partner');
	const known = staticData.partner as { account?: string; mid?: string } | undefined;
	if (known?.account === transport.account && typeof known.mid === 'string') return known.mid;
	const found = await onlyPartner(transport);
	if (found.problem !== undefined) {
		const description = 'Choose the partner in Partner';
		throw new NodeOperationError(context.getNode(), found.problem, { description });
	}
	if (context.getMode() !== 'manual') {
		staticData.partner = { account: transport.account, mid: found.mid };
	}
	return found.mid;
}

/**
 * What the trigger watches: the event and its settings, on the MakeLeaps account (Base URL and
 * partner; not the API key, so a new key of the same account goes on where the last one stopped).
 */
export function scopeOf(
	context: IPollFunctions,
	event: WatchEvent,
	baseUrl: string,
	partner: string,
): WatchScope {
	if (event === 'newClient') {
		return watchScope({ baseUrl, partner, event, documentType: '', lookBackDays: '' });
	}
	const accepted = event === 'documentAccepted';
	const fallback = accepted
		? ACCEPTED_TYPES[0]
		: documentTypeDefault(context.getNode().typeVersion);
	const type = String(context.getNodeParameter('documentType', fallback) ?? '');
	if (type !== '' && !DOCUMENT_TYPE_OPTIONS.some((option) => option.value === type)) {
		const message = `Document Type "${type}" is not a document type of MakeLeaps`;
		throw new NodeOperationError(context.getNode(), message);
	}
	if (accepted && !ACCEPTED_TYPES.includes(type)) {
		const message = `Document Type "${type || 'Any'}" is not accepted by clients: choose Quote or Order`;
		throw new NodeOperationError(context.getNode(), message);
	}
	const days = checkCount(context.getNodeParameter('lookBackDays', 90), 'Look Back (Days)', 1, 90);
	if (days > MAX_LOOK_BACK_DAYS) {
		const message = `Look Back (Days) must be at most ${MAX_LOOK_BACK_DAYS}`;
		throw new NodeOperationError(context.getNode(), message);
	}
	const tags = tagsScope(context.getNodeParameter('tags', ''));
	const parts = { baseUrl, partner, event, documentType: type, lookBackDays: String(days) };
	return watchScope(tags ? { ...parts, tags } : parts);
}

/** Tags as the scope keeps them: the names apart from order and case, so rewriting them keeps the memory. */
const tagsScope = (value: unknown) =>
	splitTagNames(parseTagNames(value, 'Tags')).map(tagKey).sort().join(', ');
