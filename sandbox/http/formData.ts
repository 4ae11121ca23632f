/**
 * A `multipart/form-data` body (RFC 7578) as Django's parser reads it, and the parameters of a
 * `Content-Disposition` header: what the upload routes need to take a file as MakeLeaps does.
 */

/** One part of a form: its field, and, for a file, its name, type and bytes. */
export interface FormPart {
	name: string;
	/** Set for a file (a part with a `filename`); a part without one is a plain field. */
	filename?: string;
	contentType?: string;
	bytes: Buffer;
}

/** The most parts a form is read to. */
const MAX_PARTS = 100;

/**
 * The parameters of a header such as `form-data; name="a"; filename="b"`, lower-cased names:
 * quoted values unescaped (`\"`), and an RFC 5987 value (`filename*=UTF-8''…`) decoded over the
 * plain one, as Django reads them.
 */
export function headerParams(header: string): Record<string, string> {
	const params: Record<string, string> = {};
	const encodedNames = new Set<string>();
	const found = header.matchAll(/;\s*([\w!#$&+.^`|~-]+\*?)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g);
	for (const [, key, raw] of found) {
		const name = key.toLowerCase();
		if (name.endsWith('*')) {
			const encoded = /^utf-8'[^']*'(.*)$/i.exec(raw.trim())?.[1];
			if (encoded === undefined) continue;
			params[name.slice(0, -1)] = safeDecode(encoded);
			encodedNames.add(name.slice(0, -1));
		} else if (!encodedNames.has(name)) {
			params[name] = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw.trim();
		}
	}
	return params;
}

const safeDecode = (text: string) => {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
};

/** The boundary a `multipart/form-data` Content-Type names, if it is one. */
function boundaryOf(contentType: string): string | undefined {
	if (!/^multipart\/form-data\s*(;|$)/i.test(contentType)) return undefined;
	const boundary = headerParams(contentType).boundary;
	return boundary && boundary.length <= 70 ? boundary : undefined;
}

/** One part: its header lines (UTF-8, as browsers write a Japanese file name), then its bytes. */
function partOf(raw: Buffer): FormPart | undefined {
	const split = raw.indexOf('\r\n\r\n');
	if (split < 0) return undefined;
	const headers = raw.subarray(0, split).toString('utf8').split('\r\n');
	const header = (name: string) =>
		headers.find((line) => line.toLowerCase().startsWith(`${name}:`))?.slice(name.length + 1);
	const disposition = header('content-disposition')?.trim() ?? '';
	if (!/^form-data\s*(;|$)/i.test(disposition)) return undefined;
	const { name, filename } = headerParams(disposition);
	if (name === undefined) return undefined;
	return {
		name,
		filename,
		contentType: header('content-type')?.trim(),
		bytes: raw.subarray(split + 4),
	};
}

/**
 * The parts of a form, or undefined when the body is not one: no `multipart/form-data` type with
 * a boundary (a raw file, say), no delimiter, a part without its headers, or no closing
 * delimiter (a body cut short).
 */
export function formParts(contentType: string, body: Buffer): FormPart[] | undefined {
	const boundary = boundaryOf(contentType);
	if (boundary === undefined) return undefined;
	let at = body.indexOf(`--${boundary}`);
	if (at < 0) return undefined;
	const parts: FormPart[] = [];
	while (parts.length <= MAX_PARTS) {
		const after = at + boundary.length + 2;
		const tail = body.subarray(after, after + 2).toString('latin1');
		if (tail === '--') return parts;
		if (tail !== '\r\n') return undefined;
		const next = body.indexOf(`\r\n--${boundary}`, after);
		if (next < 0) return undefined;
		const part = partOf(body.subarray(after + 2, next));
		if (!part) return undefined;
		parts.push(part);
		at = next + 2;
	}
	return undefined;
}
