import {
	fileProblem,
	MAX_FILE_BYTES,
	sizeText,
	uploadName,
} from '../../../nodes/MakeLeaps/actions/document/send/fileRules';

const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');

describe('Send → Attachments: what counts as a PDF', () => {
	test('a PDF says so (its MIME type or its name) and is one (it starts with %PDF-)', () => {
		expect(fileProblem({ bytes: pdf, mimeType: 'application/pdf' })).toBeUndefined();
		expect(
			fileProblem({ bytes: pdf, mimeType: 'Application/PDF; charset=binary' }),
		).toBeUndefined();
		// storage often says octet-stream; the name says PDF
		expect(
			fileProblem({ bytes: pdf, mimeType: 'application/octet-stream', fileName: 'Terms.PDF' }),
		).toBeUndefined();
	});

	test.each([
		[
			'a text file',
			{ bytes: pdf, mimeType: 'text/plain', fileName: 'notes.txt' },
			'is text/plain, not a PDF',
		],
		['a file of no type', { bytes: pdf }, 'is of no known type, not a PDF'],
		[
			'a PDF by name only',
			{ bytes: Buffer.from('PK\u0003\u0004'), fileName: 'flyer.pdf' },
			'is called a PDF, but its content is not one (it does not start with %PDF-)',
		],
		[
			'a PDF over 10 MB',
			{ bytes: Buffer.concat([pdf, Buffer.alloc(MAX_FILE_BYTES)]), mimeType: 'application/pdf' },
			'is 10.1 MB, more than 10 MB',
		],
	])('refused: %s', (_name, file, problem) => {
		expect(fileProblem(file)).toBe(problem);
	});

	test('sizes are rounded up, so a file over a limit never reads as the limit', () => {
		expect([
			sizeText(80),
			sizeText(1025),
			sizeText(MAX_FILE_BYTES),
			sizeText(MAX_FILE_BYTES + 1),
		]).toEqual(['80 bytes', '2 kB', '10 MB', '10.1 MB']);
	});

	test('the name MakeLeaps is given ends in .pdf, without paths, at most 200 characters', () => {
		expect(uploadName('料金表.PDF', 'data')).toBe('料金表.pdf');
		expect(uploadName('terms', 'data')).toBe('terms.pdf');
		expect(uploadName(undefined, 'flyer')).toBe('flyer.pdf');
		expect(uploadName('../a/b.pdf', 'data')).toBe('.._a_b.pdf');
		expect(uploadName(`${'x'.repeat(300)}.pdf`, 'data')).toHaveLength(200);
	});
});
