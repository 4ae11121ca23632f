/** The absolute URLs of the records, built the way the real API does, and parsed back. */

type Kind = 'client' | 'contact' | 'document' | 'tag';

export class Urls {
	constructor(readonly baseUrl: string) {}

	partner(mid: string) {
		return `${this.baseUrl}/api/partner/${mid}/`;
	}
	client(partnerMid: string, clientMid: string) {
		return `${this.partner(partnerMid)}client/${clientMid}/`;
	}
	contact(partnerMid: string, contactMid: string) {
		return `${this.partner(partnerMid)}contact/${contactMid}/`;
	}
	document(partnerMid: string, documentMid: string) {
		return `${this.partner(partnerMid)}document/${documentMid}/`;
	}
	catalogItem(partnerMid: string, itemMid: string) {
		return `${this.partner(partnerMid)}item/${itemMid}/`;
	}
	tag(partnerMid: string, tagMid: string) {
		return `${this.partner(partnerMid)}tag/${tagMid}/`;
	}
	sendingOrder(partnerMid: string, orderMid: string) {
		return `${this.partner(partnerMid)}sending/order/${orderMid}/`;
	}

	/** Returns the mid of a hyperlink of the given kind under the partner, or undefined. */
	parse(url: unknown, partnerMid: string, kind: Kind): string | undefined {
		if (typeof url !== 'string') return undefined;
		const prefix = `${this.partner(partnerMid)}${kind}/`;
		if (!url.startsWith(prefix)) return undefined;
		return /^(\d+)\/$/.exec(url.slice(prefix.length))?.[1];
	}
}
