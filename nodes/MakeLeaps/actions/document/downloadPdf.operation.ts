/** Document → Download PDF: a document's PDF as binary data named after its number. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../run/context';
import { documentList, downloadDocumentPdf } from '../../api/documents';
import { documentMidOf, getDocument } from '../../run/document/pickedDocument';
import { findInList } from '../../run/fromList';
import { checkCount, checkText, InvalidInput } from '../../model/validation';
import { WithBinary } from '../../run/loop/operation';
import { documentLocator } from './fields/pickers.fields';

const show = { resource: ['document'], operation: ['downloadPdf'] };

export const description: INodeProperties[] = [
	documentLocator('The document whose PDF to download', show),
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the output binary field to put the PDF in',
		displayOptions: { show },
	},
];

/** The largest PDF the option allows, in MB: n8n holds the file in memory while it runs. */
const LARGEST_MB = 500;

export const options: INodeProperties[] = [
	{
		displayName: 'Max PDF Size (MB)',
		name: 'maxMegabytes',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: LARGEST_MB },
		default: 50,
		description:
			'The largest PDF to accept; reading stops past it, so a file far too large never fills the memory of n8n',
	},
];

/** The longest file name given to a PDF, ".pdf" included. */
const LONGEST_NAME = 100;

/** A file name from the document number: never empty, at most 100 characters, safe on any disk. */
export function pdfFileName(document: IDataObject, mid: string): string {
	const number = String(document.document_number ?? '')
		.replace(/[^\p{L}\p{N}._-]+/gu, '_')
		.replace(/^[._]+/, '');
	const base = number || `${String(document.document_type ?? 'document')}-${mid}`;
	return `${[...base].slice(0, LONGEST_NAME - 4).join('')}.pdf`;
}

/**
 * The document as MakeLeaps gives it now, for its number: read once per run, the documents of the
 * run's items first looked for together in the document list (see sharedRead.ts). What an earlier
 * node saw is not used: the document may have been renumbered since.
 */
async function documentNow(op: OperationContext, partnerMid: string, mid: string) {
	await op.run.forAllItems(`documents listed ${partnerMid}`, async () => {
		const mids = await op.namedByItems(async (item) => documentMidOf(item, partnerMid));
		const found = await findInList(op, documentList, partnerMid, {}, mids, ['document_number']);
		for (const [listed, document] of found)
			await op.run.sharedRead(`document ${listed}`, async () => document);
	});
	return await op.run.sharedRead(
		`document ${mid}`,
		async () => await getDocument(op, partnerMid, mid),
	);
}

/** The PDF as n8n binary data named after the document number, ready to mail, upload or save. */
export async function execute(op: OperationContext): Promise<WithBinary> {
	const partnerMid = await op.partnerMid();
	const mid = documentMidOf(op, partnerMid);
	const property = checkText(
		op.parameter('binaryPropertyName', 'data'),
		op.label('binaryPropertyName'),
	);
	if (!/^[A-Za-z0-9_-]{1,64}$/.test(property)) {
		throw new InvalidInput(`${op.label('binaryPropertyName')} "${property}" is not a field name`);
	}
	const label = op.label('options.maxMegabytes');
	const megabytes = checkCount(op.collection('options').maxMegabytes, label, 1, 50);
	if (megabytes > LARGEST_MB) throw new InvalidInput(`${label} must be at most ${LARGEST_MB}`);
	const document = await documentNow(op, partnerMid, mid);
	const pdf = await downloadDocumentPdf(op.run.transport, partnerMid, mid, {
		itemIndex: op.itemIndex,
		maxBytes: megabytes * 1024 * 1024,
	});
	const fileName = pdfFileName(document, mid);
	const binary = await op.outputFile(pdf, fileName, 'application/pdf');
	const json = {
		mid,
		document_number: document.document_number,
		document_type: document.document_type,
		file_name: fileName,
		file_size: pdf.length,
	};
	return new WithBinary(json, { [property]: binary });
}

/** Items may run a few at a time (see run/loop/inFlight.ts). */
export const overlaps = true;
