/**
 * Account → Check, the documents themselves: the fields of their line items, the lines the list
 * gives, the key Create or Update finds a document by, and how a document's PDF comes.
 */
import type { IDataObject } from 'n8n-workflow';

import { excerpt, outcomeOf } from '../../../transport';
import { differs, held, listKeyVerdict, plural, undecided } from './verdicts';
import { failureText, statusOf } from './failedReads';
import { named, type Check } from './probe';
import { traceDocumentPdf } from '../../../api/documents';
import { documentPdfUrl, isRecord } from '../../../model/locators';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const KINDS = ['normal', 'simple', 'text', 'subtotal'];
/** The fields the node reads and writes on a line of each kind. */
const LINE_FIELDS: Record<string, string[]> = {
	// no `tax_rate`: the recorded answer of 2019 gives it on the document, not on its lines
	normal: ['description', 'quantity', 'unit_cost', 'price'],
	simple: ['description', 'price'],
	text: ['description'],
	subtotal: [],
};
const AMOUNTS = ['quantity', 'unit_cost', 'price', 'tax_rate'];

const hasNormalLine = (document: IDataObject) =>
	Array.isArray(document.lineitems) &&
	document.lineitems.some((line) => isRecord(line) && line.kind === 'normal');

/** What a line of a document lacks or gives in another form than the node's, one text each. */
function lineProblems(lines: IDataObject[]): string[] {
	const problems: string[] = [];
	lines.forEach((line, i) => {
		const kind = String(line.kind);
		if (!KINDS.includes(kind)) {
			problems.push(`line ${i + 1} has kind ${excerpt(line.kind, 30)}`);
			return;
		}
		const missing = LINE_FIELDS[kind].filter((field) => line[field] === undefined);
		if (missing.length > 0) problems.push(`line ${i + 1} (${kind}) lacks ${missing.join(', ')}`);
		const notText = LINE_FIELDS[kind].filter(
			(field) =>
				AMOUNTS.includes(field) &&
				line[field] !== undefined &&
				!(typeof line[field] === 'string' && DECIMAL.test(line[field])),
		);
		if (notText.length > 0)
			problems.push(`line ${i + 1} (${kind}) has ${notText.join(', ')} not as decimal texts`);
	});
	return problems;
}

export const lineItemShape: Check = {
	id: 'line_item_shape',
	async run(probe) {
		const chosen = await probe.newest(hasNormalLine);
		const document = await probe.document(String(chosen.mid));
		const lines = document.lineitems;
		const which = named(document);
		if (!Array.isArray(lines)) return differs(`${which} has no list of line items (lineitems)`);
		if (lines.length === 0) undecided(`${which} has no line items`);
		if (!lines.every(isRecord))
			return differs(`The line items of ${which} are not records: ${excerpt(lines[0], 80)}`);
		const problems = lineProblems(lines);
		const kinds = [...new Set(lines.map((line) => String(line.kind)))].join(', ');
		if (problems.length > 0) {
			const fields = Object.keys(lines[0]).join(', ');
			return differs(
				`${which}: ${problems.slice(0, 3).join('; ')} (line 1 has: ${fields})`.slice(0, 300),
			);
		}
		const normal = lines.find((line) => line.kind === 'normal');
		if (!normal)
			undecided(
				`${which} has ${kinds} lines and no normal one (quantity × unit price): its fields and computed price were not seen`,
			);
		// lines without their own rate are compared as the row gives it (model/documentBody.ts)
		const untaxed = lines.filter((line) => line.kind !== 'text' && line.tax_rate === undefined);
		const rates =
			untaxed.length === 0
				? ''
				: `; ${untaxed.length} of its lines give no tax_rate (the document gives ${document.tax_rate === undefined ? 'none' : String(document.tax_rate)}): they are compared as the row gives it`;
		return held(
			`${which}: ${plural(lines.length, 'line')} (${kinds}); a normal line has ${Object.keys(normal).join(', ')}, its price computed${rates}`,
		);
	},
};

/** Same values, whatever the order of their keys. */
function sameValue(a: unknown, b: unknown): boolean {
	if (Array.isArray(a) || Array.isArray(b)) {
		return (
			Array.isArray(a) &&
			Array.isArray(b) &&
			a.length === b.length &&
			a.every((item, i) => sameValue(item, b[i]))
		);
	}
	if (isRecord(a) && isRecord(b)) {
		const keys = Object.keys(a);
		return keys.length === Object.keys(b).length && keys.every((key) => sameValue(a[key], b[key]));
	}
	return a === b;
}

export const listLineItems: Check = {
	id: 'list_line_items',
	async run(probe) {
		const listed = await probe.newest();
		const own = (await probe.document(String(listed.mid))).lineitems;
		const which = named(listed);
		if (!Array.isArray(own) || own.length === 0)
			undecided(`${which} has no line items when read on its own`);
		const lines = listed.lineitems;
		const ownCount = `on its own it has ${plural(own.length, 'line')}`;
		if (lines === undefined)
			return differs(`The list leaves out the lines of ${which}; ${ownCount}`);
		if (!Array.isArray(lines))
			return differs(`The list gives the lines of ${which} as ${excerpt(lines, 60)}; ${ownCount}`);
		if (lines.length === 0) return differs(`The list gives ${which} with no lines; ${ownCount}`);
		if (lines.some((line) => typeof line === 'string'))
			return differs(
				`The list gives the lines of ${which} as links (such as ${probe.shown(String(lines[0]))}); ${ownCount}`,
			);
		if (!sameValue(lines, own))
			return differs(
				`The list gives ${plural(lines.length, 'line')} for ${which} that differ from the document's own (${ownCount})`,
			);
		return held(`The list gives the ${plural(own.length, 'line')} of ${which} in full`);
	},
};

/** Whether every document of the first page carries the key Create or Update finds one by. */
export const documentListKeys: Check = {
	id: 'document_list_keys',
	async run(probe) {
		return listKeyVerdict(await probe.documents(), 'external_id', 'document');
	},
};

/** A PDF read that MakeLeaps answered (moved, not there, not a file): its answer, not a failure. */
const pdfRefused = (error: unknown) =>
	/^(3\d\d|404|405|410)$/.test(statusOf(error)) ||
	String((error as Error).message).startsWith('The answer of MakeLeaps could not');

export const pdfForm: Check = {
	id: 'pdf_form',
	async run(probe) {
		const document = await probe.newest();
		const mid = String(document.mid);
		const partnerMid = probe.partnerMid();
		const given = document.pdf_content_url;
		const { transport } = probe.op.run;
		const elsewhere =
			typeof given === 'string' && given !== documentPdfUrl(probe.baseUrl, partnerMid, mid)
				? `; its pdf_content_url is ${probe.shown(given)}`
				: '';
		const read = await outcomeOf(
			traceDocumentPdf(transport, partnerMid, mid, {
				itemIndex: probe.op.itemIndex,
				maxBytes: 50 * 1024 * 1024,
			}),
		);
		const which = `The PDF of ${named(document)}`;
		if (!read.ok) {
			if (pdfRefused(read.error))
				return differs(`${which}: ${failureText(read.error)}${elsewhere}`);
			throw read.error;
		}
		const size = `${(read.value.file.length / 1024).toFixed(1)} kB`;
		const how = read.value.storedAt
			? `a redirect to ${new URL(read.value.storedAt).origin}/…, fetched without the token: a PDF of ${size}`
			: `the file itself (a PDF of ${size})`;
		return held(`${which} came as ${how}${elsewhere}`);
	},
};
