/**
 * A client's existing contacts changed in place, one PATCH per contact that differs (Client →
 * Update and Create or Update). Sending `contacts` on the client instead would delete every
 * contact left out of the list.
 */
import type { IDataObject } from 'n8n-workflow';

import { patchContact } from '../../api/contacts';
import { contactChanges } from '../../model/clientBody';
import type { Changes } from '../../model/plans';
import { checkMid } from '../../model/validation';
import type { OperationContext } from '../context';

/** A PATCH of one of a client's contacts. */
export interface ContactPatch {
	mid: string;
	body: IDataObject;
}

/**
 * How the client's existing contacts differ from a create body: one PATCH per contact that
 * differs, and the fields changed.
 */
export function contactUpdates(
	op: OperationContext,
	client: IDataObject,
	body: IDataObject,
): { patches: ContactPatch[]; changes: Changes } {
	const contacts = client.contacts as IDataObject[];
	const patches: ContactPatch[] = [];
	let changes: Changes = {};
	for (const wanted of body.contacts as IDataObject[]) {
		const type = String(wanted.contact_type);
		const existing = contacts.find((c) => c.contact_type === type);
		if (!existing) {
			op.fail(
				`Client "${String(client.client_external_id)}" has no ${type} contact to update`,
				`Create or Update changes the client's existing contacts; add the ${type} contact in MakeLeaps or leave its fields empty`,
			);
		}
		const differences = contactChanges(wanted, existing);
		if (Object.keys(differences.patch).length === 0) continue;
		// a contact an earlier item would create in a preview has no MID yet: it is never patched
		patches.push({ mid: String(existing.mid), body: differences.patch });
		changes = { ...changes, ...differences.changes };
	}
	return { patches, changes };
}

/** Sends the PATCHes of a client's contacts. */
export async function patchContacts(
	op: OperationContext,
	partnerMid: string,
	clientMid: string,
	patches: ContactPatch[],
): Promise<void> {
	for (const { mid, body } of patches) {
		const contactMid = checkMid(mid, 'Contact');
		// what the run's list read gave of it no longer holds
		op.run.listed.delete(`contact ${contactMid}`);
		await patchContact(op, partnerMid, contactMid, body);
	}
	if (patches.length > 0) op.run.recordWrite('updated', clientMid, op.itemIndex);
}
