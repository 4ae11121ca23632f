/**
 * Reads what a PDF viewer needs to open a file: the header, the cross-reference table (each
 * entry must point at its object), the trailer's catalog and its page count; and the text
 * shown, for uncompressed content with hex strings (UTF-16) or literal strings.
 */

export interface PdfFacts {
	version: string;
	pages: number;
	texts: string[];
}

export function readPdf(file: Buffer): PdfFacts {
	const text = file.toString('latin1');
	const header = /^%PDF-(\d\.\d)/.exec(text);
	if (!header) throw new Error('no %PDF header');
	if (!text.trimEnd().endsWith('%%EOF')) throw new Error('no %%EOF at the end');
	const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
	if (!startxref) throw new Error('no startxref');
	const xrefAt = Number(startxref[1]);
	if (!text.startsWith('xref', xrefAt))
		throw new Error(`startxref ${xrefAt} does not point at the xref table`);
	const table = /^xref\s+(\d+)\s+(\d+)\s+/.exec(text.slice(xrefAt));
	if (!table) throw new Error('unreadable xref table');
	const [first, count] = [Number(table[1]), Number(table[2])];
	const entries = text
		.slice(xrefAt + table[0].length)
		.split(/\r?\n/)
		.slice(0, count);
	const objects = new Map<number, string>();
	entries.forEach((entry, i) => {
		const [offset, , kind] = entry.trim().split(/\s+/);
		if (kind !== 'n') return;
		const number = first + i;
		const at = Number(offset);
		if (!text.startsWith(`${number} 0 obj`, at))
			throw new Error(`xref entry ${number} does not point at its object`);
		objects.set(number, text.slice(at, text.indexOf('endobj', at)));
	});
	const root = /\/Root\s+(\d+)\s+0\s+R/.exec(text.slice(xrefAt));
	if (!root || !objects.has(Number(root[1]))) throw new Error('no catalog');
	const pagesRef = /\/Pages\s+(\d+)\s+0\s+R/.exec(objects.get(Number(root[1]))!);
	const pages = pagesRef ? /\/Count\s+(\d+)/.exec(objects.get(Number(pagesRef[1])) ?? '') : null;
	if (!pages) throw new Error('no page tree');
	const texts: string[] = [];
	for (const match of text.matchAll(/<([0-9a-fA-F]+)>\s*Tj|\(((?:[^()\\]|\\.)*)\)\s*Tj/g)) {
		if (match[1]) texts.push(Buffer.from(match[1], 'hex').swap16().toString('utf16le'));
		else texts.push(match[2]);
	}
	return { version: header[1], pages: Number(pages[1]), texts };
}
