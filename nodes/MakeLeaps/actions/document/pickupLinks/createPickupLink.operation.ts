/**
 * Document → Create Pickup Link: a link to the document for one address (or none), made once.
 * MakeLeaps' reference shows only the list, so the create is a guess made harmless: a link of the
 * document for the same address that has not expired stands for it (a re-run makes nothing), a
 * refusal (405) is a clear error and is not sent again in the run, and a create whose answer was
 * lost is never repeated.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { createPickupLink, listPickupLinks } from '../../../api/pickupLinks';
import type { OperationContext } from '../../../run/context';
import { WithKnown } from '../../../run/loop/operation';
import { refuseUncertain, uncertainCreate, type CreateOnce } from '../../../run/creates';
import { isRecord } from '../../../model/locators';
import { pickupAddress, servesEmail, simplePickupLink } from './links';
import { checkEmail } from '../../../model/validation';
import { isUncertainWrite, outcomeOf } from '../../../transport';
import { documentLocator } from '../fields/pickers.fields';
import { documentOfLinks } from './getPickupLinks.operation';

const show = { resource: ['document'], operation: ['createPickupLink'] };

export const description: INodeProperties[] = [
	documentLocator('The document to share', show),
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		description:
			'Who the link is for; MakeLeaps records it, and the node sends no mail. Leave empty for a link for no one in particular.',
		hint: 'A link of the document for this address that has not expired is output instead of a new one',
		displayOptions: { show },
	},
];

export const previewable = true;

export const simplifies = true;

export const simple = simplePickupLink;

/** The run's memory that MakeLeaps refused a create: later items do not ask again. */
const REFUSED = 'pickup link create refused';

export async function execute(op: OperationContext): Promise<WithKnown> {
	const { partnerMid, mid, document } = await documentOfLinks(op);
	const email = checkEmail(op.text('email'), op.label('email'));
	const { timeZone } = op;
	const once = op.run.creates(`${partnerMid} pickup links of document ${mid}`);
	const key = email.toLowerCase();
	const link = await once.inTurn(op, key, async () => {
		// a read only to decide: should it fail, the link is made all the same
		const listed = await outcomeOf(
			listPickupLinks(op.run.transport, partnerMid, mid, op.itemIndex),
		);
		// made by this or another run in this process, should the list not show it yet
		const earlier = once.earlier(key);
		const links = [...(listed.ok ? listed.value : [])];
		if (earlier && !earlier.uncertain) links.push(earlier.record);
		const found = links.find((link) => isRecord(link) && servesEmail(link, email, timeZone));
		if (found) return await op.settle({ action: 'unchanged', record: found });
		const forWhom = `a pickup link of document ${mid}${email ? ` for ${email}` : ''}`;
		if (earlier?.uncertain) refuseUncertain(op, forWhom, LOOK_FIRST);
		if (op.run.workedOut(REFUSED)) refused(op);
		const body = email ? { email } : {};
		return await once.settle(op, key, {
			record: body,
			changes: email ? { email: { from: null, to: email } } : {},
			make: async () => await make(op, { partnerMid, mid, body }, once, key),
		});
	});
	return new WithKnown(link, { document });
}

/** The POST, and what its failures mean: a refusal, or an answer lost. */
async function make(
	op: OperationContext,
	{ partnerMid, mid, body }: { partnerMid: string; mid: string; body: IDataObject },
	once: CreateOnce,
	key: string,
): Promise<IDataObject> {
	const made = await outcomeOf(createPickupLink(op, partnerMid, mid, body));
	if (made.ok) {
		op.run.recordWrite('created', made.value.mid ?? pickupAddress(made.value), op.itemIndex);
		return made.value;
	}
	const { error } = made;
	if (isUncertainWrite(error)) return uncertainCreate(error, once, key, LOST_ANSWER);
	if ((error as { httpCode?: string }).httpCode === '405') {
		await op.run.forAllItems(REFUSED, async () => true);
		refused(op);
	}
	throw error;
}

function refused(op: OperationContext): never {
	op.fail(
		'MakeLeaps does not let the API create pickup links',
		'Nothing was created (MakeLeaps answered HTTP 405 Method Not Allowed). Make the link in MakeLeaps, then read it with Document → Get Pickup Links',
	);
}

const LOOK_FIRST =
	'It is not created again, to avoid a second link. Look at the links with Document → Get Pickup Links, then run this item again: it finds the link if MakeLeaps made it.';

const LOST_ANSWER =
	'A later run of Create Pickup Link finds the link, if MakeLeaps made it, among the document’s links.';
