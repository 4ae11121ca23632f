/**
 * A file as the body of an upload, the two ways it is sent: to MakeLeaps' API, a
 * `multipart/form-data` form (RFC 7578) with the file in one field, as MakeLeaps' own tutorial
 * code sends it (`content_file`, see docs/known-guesses.md); to file storage outside the API,
 * its bytes alone, as a signed storage address takes them. Pure but for the random boundary.
 */
import { randomBytes } from 'crypto';

import type { BytesBody, UploadedFile } from './types';

/** The field MakeLeaps reads a sending order file's content from. */
export const FILE_FIELD = 'content_file';

/** How many boundaries are drawn at most before giving up (one found in the file is not used). */
const MAX_DRAWS = 8;

/** A boundary of 46 characters, 32 of them random hex: RFC 2046 allows up to 70. */
export const randomBoundary = () => `n8n-makeleaps-${randomBytes(16).toString('hex')}`;

/** The control characters (C0, DEL and C1), which no quoted string may hold. */
const CONTROL = /\p{Cc}/gu;

/**
 * A quoted parameter's value in a form: UTF-8 as it is, as browsers send it, so a Japanese name
 * arrives as written (RFC 7578 §4.2 rules out `filename*` in a form: no second, encoded name is
 * given); `"` and `\` as quoted pairs (`\"`, `\\`), which Django's parser reads back as written
 * (MakeLeaps answers as Django REST Framework does); CR, LF and the other control characters,
 * which no quoted string may hold, percent-encoded as browsers do: a name never ends its line.
 */
export function formQuoted(value: string): string {
	return value
		.replace(/["\\]/g, (char) => `\\${char}`)
		.replace(
			CONTROL,
			(char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
		);
}

/** A media type as a header may carry it (`type/subtype`), else the one of any bytes. */
const mediaType = (type: string) =>
	/^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : 'application/octet-stream';

/**
 * A form of one field holding the file, with its name and type: the body's bytes and its
 * `Content-Type` with the boundary. The boundary is drawn until it appears nowhere in the file
 * (a boundary inside the content would cut it short); `draw` is for tests.
 */
export function formDataBody(
	field: string,
	file: UploadedFile,
	draw: () => string = randomBoundary,
): BytesBody {
	for (let tries = 0; tries < MAX_DRAWS; tries++) {
		const boundary = draw();
		if (file.bytes.includes(`--${boundary}`)) continue;
		const head = [
			`--${boundary}`,
			`Content-Disposition: form-data; name="${formQuoted(field)}"; filename="${formQuoted(file.fileName)}"`,
			`Content-Type: ${mediaType(file.mimeType)}`,
			'',
			'',
		].join('\r\n');
		const bytes = Buffer.concat([
			Buffer.from(head, 'utf8'),
			file.bytes,
			Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'),
		]);
		return { bytes, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } };
	}
	throw new Error(`no boundary outside the file's content in ${MAX_DRAWS} draws`);
}

/**
 * The file's bytes alone, as storage takes a PUT: its type, and its name as a form parser reads
 * it (in ASCII, and in full as RFC 6266's `filename*`: a header, not a form, so RFC 7578's rule
 * does not apply).
 */
export function rawFileBody(file: UploadedFile): BytesBody {
	const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
	const encoded = encodeURIComponent(file.fileName);
	return {
		bytes: file.bytes,
		headers: {
			'Content-Type': mediaType(file.mimeType),
			'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`,
		},
	};
}
