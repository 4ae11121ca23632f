/**
 * The pickup links of each document: the address a client opens the document at, whom it was
 * for, when it was opened and when it expires. Made by a POST (unless the `pickupLinksReadOnly`
 * switch plays a service that only lists them) or by a test, as MakeLeaps' web app would.
 */
import { randomBytes } from 'node:crypto';

import { isEmail, objectBody, textField, ValidationError } from '../rules/fields';
import { newMid } from './records';
import type { Urls } from './urls';

export interface PickupLink {
	mid: string;
	documentMid: string;
	token: string;
	email: string;
	date_created: string;
	date_clicked: string | null;
	expiration_date: string | null;
}

/** What a test gives a link (`sandbox.documents.pickupLinks.add`, `POST /_sandbox/…`). */
export type GivenLink = Partial<Pick<PickupLink, 'email' | 'date_clicked' | 'expiration_date'>>;

/** How long a new link stays valid. */
const DAYS_VALID = 30;

export class PickupLinkStore {
	/** The links of each document, by the document's MID, oldest first. */
	private readonly links = new Map<string, PickupLink[]>();

	constructor(private readonly urls: Urls) {}

	of(documentMid: string): PickupLink[] {
		return this.links.get(documentMid) ?? [];
	}

	/** A link as a test or MakeLeaps' web app makes it: valid 30 days unless told otherwise. */
	add(documentMid: string, given: GivenLink = {}): PickupLink {
		const now = new Date();
		const link: PickupLink = {
			mid: newMid(),
			documentMid,
			token: randomBytes(9).toString('hex'),
			email: given.email ?? '',
			date_created: now.toISOString(),
			date_clicked: given.date_clicked ?? null,
			expiration_date:
				given.expiration_date !== undefined
					? given.expiration_date
					: new Date(now.getTime() + DAYS_VALID * 86_400_000).toISOString(),
		};
		this.links.set(documentMid, [...this.of(documentMid), link]);
		return link;
	}

	/** POST: `{email}` (optional, checked as Django does) or `{}`. */
	create(documentMid: string, body: unknown): PickupLink {
		const fields = objectBody(body, false);
		const email = textField(fields.email, 254);
		if (email.error) throw new ValidationError({ email: email.error });
		if (email.value && !isEmail(email.value))
			throw new ValidationError({ email: ['Enter a valid email address.'] });
		return this.add(documentMid, { email: email.value });
	}

	/** The link a pickup address names (`/pickup/<token>/`), if any. */
	byToken(token: string): PickupLink | undefined {
		for (const links of this.links.values()) {
			const found = links.find((link) => link.token === token);
			if (found) return found;
		}
		return undefined;
	}

	/** The client opens the link: the first opening is kept in `date_clicked`. */
	open(link: PickupLink, at = new Date().toISOString()) {
		link.date_clicked ??= at;
	}

	/** A document deleted takes its links along. */
	forget(documentMid: string) {
		this.links.delete(documentMid);
	}

	/**
	 * A link as the API gives it, its address under `linkField` (`url` by default; the
	 * `pickupLinkField` switch renames it, or leaves it out when empty).
	 */
	json(partnerMid: string, link: PickupLink, linkField = 'url') {
		const address = `${this.urls.baseUrl}/pickup/${link.token}/`;
		return {
			mid: link.mid,
			...(linkField ? { [linkField]: address } : {}),
			document: this.urls.document(partnerMid, link.documentMid),
			email: link.email,
			date_created: link.date_created,
			date_clicked: link.date_clicked,
			expiration_date: link.expiration_date,
		};
	}
}
