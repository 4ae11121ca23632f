/**
 * The editor's option lists: the partner's tags (a document's Tag Names or IDs), by name, as
 * the node finds them when it runs.
 */
import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listTags } from '../api/tags';
import { tagOf } from '../model/tags';
import { partnerOf, unpaced } from './listSearch';

/** The partner's tags, every page, each name once, in alphabetical order; a tag is its name. */
export async function getTags(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const transport = await unpaced(this);
	const partnerMid = await partnerOf(this, transport);
	const records = await listTags(transport, partnerMid, Infinity);
	const names = new Set(records.map((record) => tagOf(record)?.name).filter(Boolean) as string[]);
	return [...names].sort((a, b) => a.localeCompare(b)).map((name) => ({ name, value: name }));
}
