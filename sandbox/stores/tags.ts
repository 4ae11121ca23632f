/**
 * The tags of each partner (the partner's `tags` link): create, list, and a document's tags, which
 * the API takes and gives as the tags' URLs (as `client`), checked like a DRF hyperlinked field.
 */
import { charField, notAList, objectBody, ValidationError } from '../rules/fields';
import { newMid, type Partner, type SandboxTag } from './records';
import type { Urls } from './urls';

export class TagStore {
	/** The tags by partner, then by MID, in creation order. */
	private readonly byPartner = new Map<string, Map<string, SandboxTag>>();

	constructor(private readonly urls: Urls) {}

	of(p: Partner): Map<string, SandboxTag> {
		let tags = this.byPartner.get(p.mid);
		if (!tags) this.byPartner.set(p.mid, (tags = new Map()));
		return tags;
	}

	/** POST: a tag with a name of its own among the partner's (as written: `Web` and `web` differ). */
	create(p: Partner, body: unknown): SandboxTag {
		const name = charField(objectBody(body).name, { required: true });
		if (name.error) throw new ValidationError({ name: name.error });
		if ([...this.of(p).values()].some((tag) => tag.name === name.value))
			throw new ValidationError({ name: ['tag with this name already exists.'] });
		const tag = { mid: newMid(), name: name.value! };
		this.of(p).set(tag.mid, tag);
		return tag;
	}

	json(p: Partner, tag: SandboxTag) {
		return { url: this.urls.tag(p.mid, tag.mid), mid: tag.mid, name: tag.name };
	}

	/** A document's `tags` as sent: the URLs of tags of the partner, as their MIDs; or the error. */
	parse(p: Partner, value: unknown): { mids?: string[]; error?: string[] } {
		if (!Array.isArray(value)) return { error: notAList(value) };
		const mids: string[] = [];
		for (const link of value) {
			if (typeof link !== 'string') {
				const type = link === null ? 'NoneType' : typeof link;
				return { error: [`Incorrect type. Expected URL string, received ${type}.`] };
			}
			const mid = this.urls.parse(link, p.mid, 'tag');
			if (mid === undefined) return { error: ['Invalid hyperlink - No URL match.'] };
			if (!this.of(p).has(mid)) return { error: ['Invalid hyperlink - Object does not exist.'] };
			if (!mids.includes(mid)) mids.push(mid);
		}
		return { mids };
	}

	/** The names of a document's tags (by their MIDs), for the list's `tags` filter. */
	names(p: Partner, mids: string[]): string[] {
		return mids.map((mid) => this.of(p).get(mid)?.name ?? '');
	}
}
