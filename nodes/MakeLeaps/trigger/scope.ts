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
import { CLIENT_MARK_TYPES, documentTypeDefault, MAX_LOOK_BACK_DAYS } from './trigger.fields';
import { WATCH_EVENTS, WITHDRAWN_EVENTS, type WatchEvent } from './marks';
import { watchScope, type WatchScope } from './watch';

/**
 * The Event chosen, checked before anything is read: a withdrawn one (kept by a workflow saved
 * before) stops the poll saying why and what to do, rather than never report anything.
 */
export function eventOf(context: IPollFunctions): WatchEvent {
	const event = String(context.getNodeParameter('event', 'documentPaid'));
	if ((WATCH_EVENTS as readonly string[]).includes(event)) return event as WatchEvent;
	const withdrawn = WITHDRAWN_EVENTS[event];
	if (withdrawn) {
		throw new NodeOperationError(
			context.getNode(),
			`Event "${withdrawn.name}" is no longer offered: ${withdrawn.why}`,
			{
				description:
					'Nothing was read or reported. Choose another Event in the trigger. To see which documents a client opened, read their pickup links (each says when it was opened, date_clicked) with Document → Get Pickup Links.',
			},
		);
	}
	throw new NodeOperationError(
		context.getNode(),
		`Event "${event}" is not an event of the trigger`,
	);
}

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
	const clientTypes = CLIENT_MARK_TYPES[event];
	const fallback = clientTypes?.[0] ?? documentTypeDefault(context.getNode().typeVersion);
	const type = String(context.getNodeParameter('documentType', fallback) ?? '');
	if (type !== '' && !DOCUMENT_TYPE_OPTIONS.some((option) => option.value === type)) {
		const message = `Document Type "${type}" is not a document type of MakeLeaps`;
		throw new NodeOperationError(context.getNode(), message);
	}
	if (clientTypes && !clientTypes.includes(type)) {
		throw new NodeOperationError(context.getNode(), notMarkedByClients(event, type, clientTypes));
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

/** Why a Document Type cannot be chosen for an event a client marks: `… is not accepted by clients: choose Quote or Order`. */
function notMarkedByClients(event: WatchEvent, type: string, types: string[]) {
	const marked = event === 'documentAccepted' ? 'accepted' : 'confirmed';
	const names = types.map(
		(value) => DOCUMENT_TYPE_OPTIONS.find((option) => option.value === value)!.name,
	);
	const choose =
		names.length === 1
			? names[0]
			: `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
	return `Document Type "${type || 'Any'}" is not ${marked} by clients: choose ${choose}`;
}

/** Tags as the scope keeps them: the names apart from order and case, so rewriting them keeps the memory. */
const tagsScope = (value: unknown) =>
	splitTagNames(parseTagNames(value, 'Tags')).map(tagKey).sort().join(', ');
