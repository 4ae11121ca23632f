/**
 * The partner's tags in a run. The tag book: the tags as one run (or one poll of the trigger)
 * knows them, the list read once and shared by every item, the tags made since, and whether
 * MakeLeaps refused to make one. The tags an item names are found in it, or made, by
 * document/tagsNamed.ts.
 */
import { listTags } from '../api/tags';
import { tagUrl } from '../model/locators';
import { TagList, tagOf, type TagRecord } from '../model/tags';
import type { MakeLeapsTransport } from '../transport';
import { SharedRead, SharedReadFailed } from './sharedRead';

export class TagBook {
	private readonly read = new SharedRead<TagList>('The tag list');
	/** The list once read (with the tags made since): Simplify names tags by it, with no read more. */
	known?: TagList;
	/** What MakeLeaps answered when it refused to make a tag in this run, if it did. */
	createRefused?: string;
	/** In a preview, the tags an earlier item would make: their names as it gave them, by tagKey. */
	readonly planned = new Map<string, string>();

	constructor(
		private readonly transport: Pick<MakeLeapsTransport, 'getAll' | 'baseUrl'>,
		private readonly partnerMid: string,
	) {}

	/** The partner's tags, read once (every page); a list whose tags lack a name is refused. */
	async list(itemIndex?: number): Promise<TagList> {
		return await this.read.get(async () => {
			const records = await listTags(this.transport, this.partnerMid, Infinity, itemIndex);
			const tags = records.map((record) => tagOf(record));
			if (tags.some((tag) => tag === undefined)) {
				throw new SharedReadFailed(
					"MakeLeaps' tag list gives tags without their name or MID, so the node cannot tell which tag a name is",
					'Nothing was written. Run Account → Check and report what it says.',
				);
			}
			this.known = new TagList((tags as TagRecord[]).map((tag) => this.withUrl(tag)));
			return this.known;
		});
	}

	/** A tag made since the list was read: later items find it. */
	add(tag: TagRecord): TagRecord {
		const complete = this.withUrl(tag);
		this.known?.add(complete);
		return complete;
	}

	/** A tag with its URL: as MakeLeaps gave it, else made of its MID as MakeLeaps makes URLs. */
	private withUrl(tag: TagRecord): TagRecord {
		const url = tag.url || tagUrl(this.transport.baseUrl, this.partnerMid, tag.mid);
		return { ...tag, url };
	}
}
