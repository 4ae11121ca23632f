/**
 * Files sent with a document (Send → Attachments): what counts as a PDF, the name MakeLeaps is
 * given, and the bounds. Whether MakeLeaps takes other types, and how large, is not known
 * (docs/known-guesses.md): the node sends PDFs only, within bounds of its own. Pure.
 */

const MB = 1024 * 1024;
/** The most bytes of one file. */
export const MAX_FILE_BYTES = 10 * MB;
/** The most files one item names. */
export const MAX_FILES_PER_ITEM = 5;
/** The most files of one sending order, and their bytes: more go in another order. */
export const MAX_ORDER_FILES = 10;
export const MAX_ORDER_FILE_BYTES = 20 * MB;
/** The longest file name given to MakeLeaps (its `.pdf` included). */
const LONGEST_NAME = 200;

/** A file as n8n holds it: its bytes, and what its binary data says of it. */
export interface FileFacts {
	bytes: Buffer;
	mimeType?: string;
	fileName?: string;
}

/** "2.5 MB", "312 kB", "80 bytes", rounded up: a file over a limit never reads as the limit. */
export function sizeText(bytes: number): string {
	if (bytes >= MB) return `${Math.ceil((bytes / MB) * 10) / 10} MB`;
	if (bytes >= 1024) return `${Math.ceil(bytes / 1024)} kB`;
	return `${bytes} bytes`;
}

const extensionOf = (name: string) => /\.([^./\\]+)$/.exec(name)?.[1].toLowerCase();

/**
 * Why the file is not one the node sends, in words that follow its name ("is text/plain, not a
 * PDF"), or undefined. A PDF says so (MIME type `application/pdf`, or a name ending in `.pdf`)
 * and is one (its content starts with `%PDF-`); it holds something and at most MAX_FILE_BYTES.
 */
export function fileProblem({ bytes, mimeType, fileName }: FileFacts): string | undefined {
	const type = (mimeType ?? '').split(';')[0].trim().toLowerCase();
	const saysPdf = type === 'application/pdf' || extensionOf(fileName ?? '') === 'pdf';
	if (!saysPdf) return `is ${type || 'of no known type'}, not a PDF`;
	if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
		return 'is called a PDF, but its content is not one (it does not start with %PDF-)';
	}
	if (bytes.length > MAX_FILE_BYTES) {
		return `is ${sizeText(bytes.length)}, more than ${sizeText(MAX_FILE_BYTES)}`;
	}
	return undefined;
}

/**
 * The name MakeLeaps is given for the file: its own name (else the binary field's), ending in
 * `.pdf`, without path separators or control characters, at most LONGEST_NAME characters.
 */
export function uploadName(fileName: string | undefined, field: string): string {
	const clean = (fileName ?? '').replace(/[\\/\p{Cc}]/gu, '_').trim() || field;
	const stem = extensionOf(clean) === 'pdf' ? clean.slice(0, -4) : clean;
	return `${[...stem].slice(0, LONGEST_NAME - 4).join('')}.pdf`;
}
