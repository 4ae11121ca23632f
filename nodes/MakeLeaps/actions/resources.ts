import { account } from './account/Account.resource';
import { client } from './client/Client.resource';
import { contact } from './contact/Contact.resource';
import { document } from './document/Document.resource';
import { item } from './item/Item.resource';
import type { Resource } from './properties';
import { sendingOrder } from './sendingOrder/SendingOrder.resource';
import { tag } from './tag/Tag.resource';

/** Every resource of the node, by the value of its Resource option. */
export const resources: Record<string, Resource> = {
	account,
	client,
	contact,
	document,
	item,
	sendingOrder,
	tag,
};
