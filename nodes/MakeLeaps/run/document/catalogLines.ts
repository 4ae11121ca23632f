/**
 * A document's lines, checked, those that name an item of the line item catalog filled from it.
 * The catalog is read once per run (shared by every item), and only when a line names an item.
 */
import type { IDataObject } from 'n8n-workflow';

import { listCatalogItems } from '../../api/catalogItems';
import { catalogRefOf, findCatalogItem, withCatalogItem } from '../../model/catalog';
import { lineItem, lineItems, lineLabel } from '../../model/lineItems';
import { isRecord } from '../../model/locators';
import type { OperationContext } from '../context';

/** The partner's catalog, read once per run; an answer that holds anything but items is refused. */
async function catalogOf(op: OperationContext, partnerMid: string): Promise<IDataObject[]> {
	const read = await op.run.sharedRead(
		`The line item catalog of partner ${partnerMid}`,
		async () => {
			const items: unknown[] = await listCatalogItems(op.run.transport, partnerMid, op.itemIndex);
			if (!items.every(isRecord)) {
				op.fail(
					`MakeLeaps answered the line item catalog of partner ${partnerMid} with entries that are not items`,
					'Nothing was sent. Report it: the node reads the catalog as a list of records.',
				);
			}
			return { items };
		},
	);
	return read.items as IDataObject[];
}

/**
 * The lines `lines` make (`label` names them in errors, "Line Items 2"): each checked, those that
 * name a catalog item (catalogRefOf) made of it and the row (withCatalogItem). The other lines
 * are checked first, so that a refused one costs no read.
 */
export async function catalogLineItems(
	op: OperationContext,
	partnerMid: string,
	lines: IDataObject[],
	label: string,
	currency: string,
): Promise<IDataObject[]> {
	const where = (i: number) => `${label} ${i + 1}`;
	const refs = lines.map((line, i) => catalogRefOf(line, where(i)));
	if (refs.every((ref) => ref === undefined)) return lineItems(lines, label, currency);
	const own = lines.map((line, i) => (refs[i] ? undefined : lineItem(line, where(i), currency)));
	const catalog = await catalogOf(op, partnerMid);
	return lines.map((line, i) => {
		const ref = refs[i];
		if (ref === undefined) return own[i]!;
		const item = findCatalogItem(catalog, ref, `${where(i)}: ${lineLabel('catalogItem')}`);
		return lineItem(withCatalogItem(line, item, where(i), currency), where(i), currency);
	});
}
