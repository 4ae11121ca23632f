/**
 * What a 2xx answer must look like before it is believed: the envelope with a record (a `url`
 * or `mid`), or a list page. Pure; the transport turns a problem into an error.
 */

/**
 * The shape an operation needs: one record, a page of a list, nothing (a DELETE), a PDF file, or
 * the envelope with an object under `response` whatever its fields (a file's upload: what
 * MakeLeaps answers there is not recorded, only that it reads `response`).
 */
export type Expected = 'record' | 'list' | 'nothing' | 'pdf' | 'envelope';

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a 2xx body is not the expected shape, or undefined when it is. */
export function answerProblem(body: unknown, expected: Expected): string | undefined {
	if (expected === 'nothing') return undefined;
	if (expected === 'pdf') {
		const isPdf = Buffer.isBuffer(body) && body.subarray(0, 5).toString('latin1') === '%PDF-';
		return isPdf ? undefined : 'something that is not a PDF';
	}
	if (!isObject(body)) return typeof body === 'string' && body.trim() !== '' ? 'not JSON' : 'empty';
	const { meta, response } = body;
	if (expected === 'envelope') return isObject(response) ? undefined : 'no record under "response"';
	if (expected === 'record') {
		if (!isObject(response)) return 'no record under "response"';
		if (typeof response.mid !== 'string' && typeof response.url !== 'string') {
			return 'a record without "mid" or "url"';
		}
		return undefined;
	}
	if (!Array.isArray(response)) return 'no list under "response"';
	if (!isObject(meta)) return 'no "meta"';
	if (meta.next !== undefined && meta.next !== null && typeof meta.next !== 'string') {
		return '"meta.next" is not a link';
	}
	return undefined;
}

/** A short, one-line excerpt of an answer body for an error message. */
export function excerpt(body: unknown, length = 120): string {
	let text: string;
	if (Buffer.isBuffer(body)) body = body.subarray(0, length * 4).toString('utf8');
	try {
		text = typeof body === 'string' ? body : (JSON.stringify(body) ?? '');
	} catch {
		text = String(body);
	}
	text = text.replace(/\s+/g, ' ').trim();
	if (text === '') return '(an empty body)';
	return text.length > length ? `${text.slice(0, length)}…` : text;
}
