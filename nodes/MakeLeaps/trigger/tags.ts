/**
 * The trigger's Tags filter on the watched list: the partner's tags read (one request per 100
 * tags), each name found among them (apart from case; a name no tag has stops the poll, naming
 * the tags there are), the list asked for their names (a comma means OR), and every document that
 * comes back checked for one of them (`checkRecords`), whatever the service did with the filter.
 */
import type { IDataObject } from 'n8n-workflow';

import { splitTagNames, tagFilterOf } from '../model/tags';
import type { MakeLeapsTransport } from '../transport';
import { TagBook } from '../run/tags';
import type { WatchScope } from './watch';
import type { WatchFilters } from './watchedList';

/** The watched list with the scope's Tags filter added; as it is without one. */
export async function withTags<T extends { qs: IDataObject; filters: WatchFilters }>(
	transport: MakeLeapsTransport,
	scope: WatchScope,
	list: T,
): Promise<T> {
	if (!scope.tags) return list;
	const tags = await new TagBook(transport, scope.partner).list();
	const filter = tagFilterOf(tags, splitTagNames(scope.tags), 'Tags');
	return {
		...list,
		qs: { ...list.qs, tags: filter.sent },
		filters: { ...list.filters, tags: filter },
	};
}
