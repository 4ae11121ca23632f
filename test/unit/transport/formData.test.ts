/**
 * A file as an upload's body: the form MakeLeaps' API takes (the file in `content_file`, read
 * back here by Node's own multipart parser, not by ours), and the bytes alone for storage.
 */
import {
	FILE_FIELD,
	formDataBody,
	formQuoted,
	randomBoundary,
	rawFileBody,
} from '../../../nodes/MakeLeaps/transport/formData';
import { formParts } from '../../../sandbox/http/formData';

const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
const file = (fileName: string, bytes = pdf, mimeType = 'application/pdf') => ({
	bytes,
	fileName,
	mimeType,
});

/** The form as a server reads it: Node's fetch parses multipart/form-data (undici's parser). */
async function parsed(body: { bytes: Buffer; headers: Record<string, string> }) {
	const response = new Response(new Uint8Array(body.bytes), {
		headers: { 'content-type': body.headers['Content-Type'] },
	});
	const form = await response.formData();
	return [...form.entries()].map(([name, value]) => ({ name, value }));
}

describe('formDataBody: the file as a multipart form (RFC 7578)', () => {
	test('one part, the file in content_file with its name and type, exactly these bytes', () => {
		const body = formDataBody(FILE_FIELD, file('flyer.pdf'), () => 'XyZ');
		expect(body.headers).toEqual({ 'Content-Type': 'multipart/form-data; boundary=XyZ' });
		expect(body.bytes.toString('utf8')).toBe(
			[
				'--XyZ',
				'Content-Disposition: form-data; name="content_file"; filename="flyer.pdf"',
				'Content-Type: application/pdf',
				'',
				'%PDF-1.7\n%%EOF\n',
				'--XyZ--',
				'',
			].join('\r\n'),
		);
	});

	test('a parser reads back the field, the name (Japanese as written) and every byte', async () => {
		// bytes a text decoder would change: NUL, CRLF, a lone 0xff, a line that starts like a boundary
		const bytes = Buffer.concat([pdf, Buffer.from([0, 13, 10, 0xff, 45, 45, 13, 10])]);
		const body = formDataBody(FILE_FIELD, file('請求書_2026年1月.pdf', bytes));
		const [part, ...others] = await parsed(body);
		expect(others).toEqual([]);
		expect(part.name).toBe('content_file');
		const sent = part.value as File;
		expect(sent.name).toBe('請求書_2026年1月.pdf');
		expect(sent.type).toBe('application/pdf');
		expect(Buffer.from(await sent.arrayBuffer()).equals(bytes)).toBe(true);
	});

	test('a quote or a backslash goes as a quoted pair, CR, LF and other controls percent-encoded; nothing else changes', () => {
		expect(formQuoted('a"b\\c\r\nd\te\x7f 料金.pdf')).toBe('a\\"b\\\\c%0D%0Ad%09e%7F 料金.pdf');
		// as Django reads a form (the sandbox's parser does the same): the name as written
		const name = '見積 "A\\B"; 控え.pdf';
		const body = formDataBody(FILE_FIELD, file(name));
		const parts = formParts(body.headers['Content-Type'], body.bytes);
		expect(parts?.map((part) => [part.name, part.filename])).toEqual([['content_file', name]]);
	});

	test('a name cannot end its header line or start another header', async () => {
		const name = 'x;\r\nContent-Type: text/html\r\n\r\n.pdf';
		const body = formDataBody(FILE_FIELD, file(name));
		const head = body.bytes.toString('utf8').split('\r\n\r\n')[0];
		expect(head.split('\r\n')).toHaveLength(3);
		// a WHATWG parser (the server side of a browser's form) gives the name back as written
		const [part] = await parsed(body);
		expect((part.value as File).name).toBe(name);
		expect((part.value as File).type).toBe('application/pdf');
	});

	test('a media type that is not type/subtype goes as application/octet-stream', () => {
		const body = formDataBody(
			FILE_FIELD,
			file('a.pdf', pdf, 'application/pdf\r\nX-Injected: 1'),
			() => 'b',
		);
		expect(body.bytes.toString('utf8')).toContain('\r\nContent-Type: application/octet-stream\r\n');
		expect(body.bytes.toString('utf8')).not.toContain('X-Injected');
	});

	test('a boundary found in the file is not used: another is drawn, up to 8 draws', () => {
		const inside = Buffer.concat([pdf, Buffer.from('--taken\r\n')]);
		const draws = ['taken', 'free'];
		const body = formDataBody(FILE_FIELD, file('a.pdf', inside), () => draws.shift()!);
		expect(body.headers['Content-Type']).toBe('multipart/form-data; boundary=free');
		let drawn = 0;
		expect(() =>
			formDataBody(FILE_FIELD, file('a.pdf', inside), () => {
				drawn++;
				return 'taken';
			}),
		).toThrow(/no boundary outside the file's content in 8 draws/);
		expect(drawn).toBe(8);
	});

	test('the boundary is random, of allowed characters, at most 70 long', () => {
		const [a, b] = [randomBoundary(), randomBoundary()];
		expect(a).not.toBe(b);
		expect(a).toMatch(/^n8n-makeleaps-[0-9a-f]{32}$/);
		expect(a.length).toBeLessThanOrEqual(70);
		const body = formDataBody(FILE_FIELD, file('a.pdf'));
		expect(body.headers['Content-Type']).toMatch(
			/^multipart\/form-data; boundary=n8n-makeleaps-[0-9a-f]{32}$/,
		);
	});
});

describe('rawFileBody: the bytes alone, for a storage address', () => {
	test('its type, and its name in ASCII and in full as filename*', () => {
		const body = rawFileBody(file('料金表 "2026".pdf'));
		expect(body.bytes).toBe(pdf);
		expect(body.headers).toEqual({
			'Content-Type': 'application/pdf',
			'Content-Disposition': `attachment; filename="___ _2026_.pdf"; filename*=UTF-8''%E6%96%99%E9%87%91%E8%A1%A8%20%222026%22.pdf`,
		});
	});
});
