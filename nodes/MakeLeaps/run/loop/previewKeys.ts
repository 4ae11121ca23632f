/**
 * The keys of a row a preview says would fail, as the other rows of the preview give them
 * (`rowKeys`): its record was never found or made, so they are read from the item's own fields.
 */
import type { IDataObject, INodeParameterResourceLocator } from 'n8n-workflow';

import { AFTER_ITS_CLIENT, CANNOT_TELL, rowKeys } from '../../model/plans';
import { midOfUrl, pickedValue } from '../../model/locators';
import type { EarlierClient } from '../client/clientMadeEarlier';
import type { RunContext } from '../runContext';

/** The fields that hold a row's keys, by the key they give, and the collections they may be in. */
const KEY_FIELDS: Record<string, string> = {
	external_id: 'externalId',
	client_external_id: 'clientExternalId',
	document_number: 'documentNumber',
};
const COLLECTIONS = ['additionalFields', 'updateFields'];
/** The keys every preview row of a resource gives (see rowKeys). */
const ROW_KEYS: Record<string, IDataObject> = {
	document: { external_id: null, document_type: 'document' },
	client: { client_external_id: null },
};

/** The item's keys for a row that would fail, each as the item gives it; null where it gives none. */
export function failedRowKeys(run: RunContext, resource: string, item: number): IDataObject {
	const read = (name: string): unknown => {
		try {
			return run.parameters.read(name, item, '');
		} catch {
			return ''; // an expression that fails gives no key; the error says why the item fails
		}
	};
	const fieldOf = (name: string) => {
		const own = pickedValue(read(name));
		if (own !== undefined) return own;
		for (const collection of COLLECTIONS) {
			const values = read(collection);
			const value =
				typeof values === 'object' && values !== null
					? pickedValue((values as IDataObject)[name])
					: undefined;
			if (value !== undefined) return value;
		}
		return undefined;
	};
	// the keys of the resource's rows, each null until the item gives it
	const record: IDataObject = { ...ROW_KEYS[resource] };
	for (const [key, name] of Object.entries(KEY_FIELDS)) {
		const value = fieldOf(name);
		if (value !== undefined) record[key] = typeof value === 'object' ? null : (value as string);
	}
	// the client picked (a document's, a contact's owner, or the client itself), by its name
	// when the editor's list gave one or the run knows it (by MID or Client External ID); a
	// client Create or Update would make, by its organization
	const client = read('client') as INodeParameterResourceLocator | string | undefined;
	const locator = typeof client === 'object' && client !== null ? client : undefined;
	const picked = pickedValue(client);
	const byExternalId =
		locator?.mode === 'externalId' && picked !== undefined
			? run.nameOf('clientExternalId', String(picked))
			: undefined;
	if (locator?.cachedResultName) record.client = { display_name: locator.cachedResultName };
	else if (byExternalId !== undefined) record.client = { display_name: byExternalId };
	else if (picked !== undefined && locator?.mode !== 'externalId')
		record.client = { mid: midOfUrl(`/${String(picked)}`) };
	else if (resource === 'client') record.display_name = fieldOf('organizationName') ?? null;
	return rowKeys(record, (kind, mid) => run.nameOf(kind, mid));
}

/**
 * The preview row of an item whose client an earlier node of the same preview would create (see
 * run/client/clientMadeEarlier.ts): its keys as a row that would fail gives them, the client's name
 * as that node's row gives it, and what the real run does: `creates`, the operation makes its
 * record for a new client; else the preview cannot tell.
 */
export function afterItsClientRow(
	run: RunContext,
	resource: string,
	item: number,
	client: EarlierClient,
	creates: boolean,
): IDataObject {
	const keys = failedRowKeys(run, resource, item);
	const named = `Its client (Client External ID "${client.clientExternalId}") does not exist yet: an earlier node of this preview would create it.`;
	return {
		preview: creates ? AFTER_ITS_CLIENT : CANNOT_TELL,
		...keys,
		client_name: keys.client_name ?? client.clientName ?? null,
		description: creates
			? `${named} The real run creates the client first, then this row's record for it.`
			: `${named} What this row then does depends on what that client will hold, which a preview cannot read.`,
	};
}
