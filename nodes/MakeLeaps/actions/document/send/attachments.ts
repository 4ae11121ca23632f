/**
 * The files an item sends with its document (Options > Attachments): read from the item's binary
 * fields and checked (PDF only, bounded: fileRules.ts) before any request is made for the
 * item, once per run.
 */
import type { OperationContext } from '../../../run/context';
import {
	fileProblem,
	MAX_FILE_BYTES,
	MAX_FILES_PER_ITEM,
	MAX_ORDER_FILE_BYTES,
	sizeText,
	uploadName,
} from './fileRules';
import { checkText, InvalidInput, LONG_TEXT } from '../../../model/validation';

/** A file to send with the item's document. */
export interface Attachment {
	/** The item's binary field it comes from. */
	field: string;
	/** The name MakeLeaps is given (ends in `.pdf`). */
	fileName: string;
	mimeType: string;
	bytes: Buffer;
}

/** The item's attachments, read and checked once per run (the run's first look at it reads them). */
export async function attachmentsOf(op: OperationContext): Promise<Attachment[]> {
	return await op.run.forAllItems(`send attachments ${op.itemIndex}`, async () => await read(op));
}

/** The binary fields Attachments names: "data, terms". */
function fieldsOf(op: OperationContext): string[] {
	const label = op.label('options.attachments');
	const text = checkText(op.collection('options').attachments ?? '', label, LONG_TEXT);
	const fields = [...new Set(text.split(',').map((name) => name.trim()))].filter(Boolean);
	if (fields.length > MAX_FILES_PER_ITEM) {
		throw new InvalidInput(
			`${label} names ${fields.length} binary fields; at most ${MAX_FILES_PER_ITEM}`,
			'Send the other files with another document, or put them in one PDF',
		);
	}
	return fields;
}

async function read(op: OperationContext): Promise<Attachment[]> {
	const label = op.label('options.attachments');
	const binary = op.input?.binary ?? {};
	const files: Attachment[] = [];
	for (const field of fieldsOf(op)) {
		const data = Object.prototype.hasOwnProperty.call(binary, field) ? binary[field] : undefined;
		if (!data) {
			const present = Object.keys(binary).join(', ') || 'none';
			throw new InvalidInput(
				`${label}: the item has no binary field "${field}"`,
				`Name binary fields of the input item, separated by commas (this item has: ${present}). Nothing was sent.`,
			);
		}
		const named = `${label}: the file ${data.fileName ? `"${data.fileName}" ` : ''}in "${field}"`;
		// a size n8n knows already stops a file too large before it is read
		if (typeof data.bytes === 'number' && data.bytes > MAX_FILE_BYTES) {
			throw refused(named, `is ${sizeText(data.bytes)}, more than ${sizeText(MAX_FILE_BYTES)}`);
		}
		const bytes = await op.fileOf(field);
		const problem = fileProblem({ bytes, mimeType: data.mimeType, fileName: data.fileName });
		if (problem) throw refused(named, problem);
		files.push({
			field,
			fileName: uploadName(data.fileName, field),
			mimeType: 'application/pdf',
			bytes,
		});
	}
	const total = files.reduce((sum, file) => sum + file.bytes.length, 0);
	if (total > MAX_ORDER_FILE_BYTES) {
		throw refused(
			`${label}: the files`,
			`are ${sizeText(total)} together, more than ${sizeText(MAX_ORDER_FILE_BYTES)}`,
		);
	}
	return files;
}

const refused = (named: string, problem: string) =>
	new InvalidInput(
		`${named} ${problem}`,
		`MakeLeaps is sent PDF files of at most ${sizeText(MAX_FILE_BYTES)} each (${sizeText(MAX_ORDER_FILE_BYTES)} together). Nothing was sent.`,
	);
