/**
 * A small, valid PDF 1.4 document: one A4 page of text lines. Text is written in UTF-16 with the
 * standard Japanese CID font HeiseiKakuGo-W5 (a PDF viewer supplies it; nothing is embedded), so
 * Japanese names show as they are.
 */

const A4 = { width: 595, height: 842 };

/** A text as a PDF hex string in UTF-16BE (characters outside the BMP become "?"). */
function hexText(text: string): string {
	let hex = '';
	for (const character of text) {
		const code = character.codePointAt(0)!;
		hex += (code > 0xffff ? 0x3f : code).toString(16).padStart(4, '0');
	}
	return `<${hex}>`;
}

/** The PDF of some lines of text, the first one larger (a title). */
export function pdfOf(lines: string[]): Buffer {
	const commands = lines.map((line, i) => {
		const size = i === 0 ? 18 : 11;
		const y = A4.height - 72 - (i === 0 ? 0 : 24 + i * 16);
		return `BT /F1 ${size} Tf 56 ${y} Td ${hexText(line)} Tj ET`;
	});
	const content = commands.join('\n');
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>`,
		'<< /Type /Font /Subtype /Type0 /BaseFont /HeiseiKakuGo-W5 /Encoding /UniJIS-UCS2-H /DescendantFonts [6 0 R] >>',
		`<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
		'<< /Type /Font /Subtype /CIDFontType0 /BaseFont /HeiseiKakuGo-W5 /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 2 >> /FontDescriptor 7 0 R >>',
		'<< /Type /FontDescriptor /FontName /HeiseiKakuGo-W5 /Flags 4 /FontBBox [-92 -250 1010 922] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 737 /StemV 114 >>',
	];
	let pdf = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
	const offsets: number[] = [];
	objects.forEach((object, i) => {
		offsets.push(Buffer.byteLength(pdf, 'latin1'));
		pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
	});
	const xref = Buffer.byteLength(pdf, 'latin1');
	pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
	for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
	pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
	return Buffer.from(pdf, 'latin1');
}
