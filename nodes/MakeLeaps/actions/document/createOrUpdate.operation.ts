import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../helpers/context';
import { checkDate } from '../../helpers/dates';
import { documentChanges } from '../../helpers/documentBody';
import {
	createDocument,
	documentFromInput,
	documentPath,
	documentTypeOf,
} from '../../helpers/documents';
import { withMainFields } from '../../helpers/fields';
import { documentFields } from './document.fields';
import { documentInputs } from './inputs';

const show = { resource: ['document'], operation: ['createOrUpdate'] };
const fields = withMainFields(documentFields, ['externalId']);

export const description = [
	...documentInputs(fields, show).map((property) =>
		property.name === 'externalId'
			? {
					...property,
					required: true,
					description:
						'Your own identifier for the document, such as the row or order it comes from. The document of this type with this ID is updated; when there is none, it is made.',
				}
			: property,
	),
];

export const options: INodeProperties[] = [
	{
		displayName: 'Only Documents Dated From',
		name: 'scanFrom',
		type: 'string',
		default: '',
		placeholder: 'e.g. 2026-01-01',
		description:
			'Look for the external ID only among documents dated from this day (YYYY-MM-DD): fewer documents to read when the account has many',
	},
];

export const previewable = true;

/**
 * Finds the document of this type by its external ID and decides: make it, change what differs,
 * or leave it. A document already sent or paid is not changed. Rows with the same ID in other
 * executions of this n8n process wait for each other.
 */
export async function execute(op: OperationContext): Promise<IDataObject> {
	const partnerMid = await op.partnerMid();
	const type = documentTypeOf(op);
	const wanted = await documentFromInput(op, fields, partnerMid, false);
	const externalId = wanted.external_id as string | undefined;
	if (!externalId)
		op.fail('External ID is empty', 'Create or Update finds the document by this ID');
	const since = checkDate(op.collection('options').scanFrom, op.label('options.scanFrom'));
	const index = op.run.documentIndex(partnerMid, type, since);
	const imports = op.run.imports(`${partnerMid} ${type}`, index);
	return await imports.oneAtATime(externalId, async () => {
		const found = await index.find(externalId, op.itemIndex);
		if (found.length > 1) {
			op.fail(
				`${found.length} documents of type ${type} have External ID "${externalId}"`,
				`Remove or renumber the duplicates in MakeLeaps first: ${found.map((d) => String(d.document_number)).join(', ')}`,
			);
		}
		const earlier = found.length === 0 ? imports.earlierCreate(externalId) : undefined;
		if (earlier?.uncertain) {
			op.fail(
				`An earlier create of the ${type} with External ID "${externalId}" may or may not have happened`,
				'It is not made again, to avoid a duplicate. Look for it in MakeLeaps, then run this item again.',
			);
		}
		const existing = found[0] ?? earlier?.record;
		if (!existing) {
			const body = await documentFromInput(op, fields, partnerMid, true);
			imports.recordPlanned(externalId, body);
			return await op.settle({
				action: 'create',
				record: body,
				changes: documentChanges(body, {}).changes,
				apply: async () => {
					const created = await createDocument(op, partnerMid, body);
					imports.recordCreated(externalId, created);
					await index.record(created);
					return created;
				},
			});
		}
		const { patch, changes } = documentChanges(wanted, existing);
		const changed = Object.keys(changes);
		if (changed.length === 0) return await op.settle({ action: 'unchanged', record: existing });
		if (existing.date_sent || existing.date_paid) {
			op.fail(
				`The ${type} "${String(existing.document_number)}" with External ID "${externalId}" was already ${existing.date_paid ? 'paid' : 'sent'}; it is not changed`,
				`The row differs in: ${changed.join(', ')}. Change a sent document in MakeLeaps, or give the row another External ID for a new document.`,
			);
		}
		return await op.settle({
			action: 'update',
			record: existing,
			changes,
			apply: async () => {
				const mid = String(existing.mid);
				const answer = await op.request('PATCH', documentPath(partnerMid, mid), {
					body: patch,
					subject: `document ${mid}`,
				});
				op.run.recordWrite('updated', mid);
				const result = answer.response ?? {};
				await index.record(result);
				return result;
			},
		});
	});
}
