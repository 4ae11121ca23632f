/**
 * The trigger's Tags filter on the watched list: the partner's tags read (one request per 100
 * tags), each name found among them (apart from case; a name no tag has stops the poll, naming
 * the tags there are), the list asked for their names (a comma means OR), and every document that
 * comes back checked for one of them (`checkRecords`), whatever the service did with the filter.
 * And the tags a poll's rows name (Simplify): by that list, or one read for them.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { isRecord } from '../model/locators';
import { splitTagNames, tagFilterOf, type TagList } from '../model/tags';
import { outcomeOf, type MakeLeapsTransport } from '../transport';
import { simplifies } from './records';
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

/** Whether a record carries a tag its row could name only by the tag list (a URL or a MID). */
const carriesUnnamedTags = (record: IDataObject) =>
	Array.isArray(record.tags) &&
	record.tags.some((tag) => !(isRecord(tag) && typeof tag.name === 'string'));

/**
 * The tag list the rows of a poll name their tags by, with Simplify: the Tags filter's, else the
 * partner's, read once for the poll (one request per 100 tags) when a record it shows carries
 * tags. A read made only to name: when it fails, the rows give those tags by MID and the poll goes
 * on as ever.
 */
export async function tagNamesFor(
	context: IPollFunctions,
	transport: MakeLeapsTransport,
	scope: WatchScope,
	filters: WatchFilters,
	shown: IDataObject[],
): Promise<TagList | undefined> {
	if (filters.tags) return filters.tags.list;
	if (!simplifies(context) || !shown.some(carriesUnnamedTags)) return undefined;
	const read = await outcomeOf(new TagBook(transport, scope.partner).list());
	return read.ok ? read.value : undefined;
}
