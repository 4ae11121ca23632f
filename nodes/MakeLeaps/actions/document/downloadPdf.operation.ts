import type { INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../helpers/context';
import { documentMidOf, documentPath, getDocument } from '../../helpers/documents';
import { checkText, InvalidInput } from '../../helpers/validation';
import { WithBinary } from '../operation';
import { documentLocator } from './pickers.fields';

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
	const document = await getDocument(op, partnerMid, mid);
	const pdf = await op.run.transport.download(`${documentPath(partnerMid, mid)}pdf/`, {
		itemIndex: op.itemIndex,
		subject: `the PDF of document ${mid}`,
	});
	const number = String(document.document_number ?? mid).replace(/[^\p{L}\p{N}._-]+/gu, '_');
	const fileName = `${number}.pdf`;
	const binary = await op.run.n8n.helpers.prepareBinaryData(pdf, fileName, 'application/pdf');
	const json = {
		mid,
		document_number: document.document_number,
		document_type: document.document_type,
		file_name: fileName,
		file_size: pdf.length,
	};
	return new WithBinary(json, { [property]: binary });
}
