/**
 * Account → Check, the invoice templates: listed at the address the node reads them from, each
 * with the code and the name the editor's list shows, and the one a new invoice without a
 * Template is sent (whether MakeLeaps would require it, a read cannot tell).
 */
import { excerpt, MAX_PAGE_SIZE, outcomeOf } from '../../../transport';
import { differs, held, plural, undecided } from './verdicts';
import { notFoundAt } from './failedReads';
import type { Check } from './probe';
import { templatePage, templatesPath } from '../../../api/templates';
import { isRecord } from '../../../model/locators';
import { defaultTemplateOf } from '../../../run/document/defaultTemplate';

export const templates: Check = {
	id: 'templates',
	async run(probe) {
		const partnerMid = probe.partnerMid();
		// the address read, as the verdict shows it
		const path = templatesPath(partnerMid, 'invoice');
		const qs = { per_page: MAX_PAGE_SIZE };
		const read = await outcomeOf(
			templatePage(probe.op, partnerMid, 'invoice', qs, 'the invoice templates'),
		);
		if (!read.ok) return notFoundAt(read.error, path);
		const list = read.value.response ?? [];
		if (list.length === 0) undecided(`${path} lists no templates`);
		const bad = list.filter(
			(t) => !isRecord(t) || typeof t.code !== 'string' || typeof t.name !== 'string',
		);
		if (bad.length > 0) {
			const fields = isRecord(bad[0]) ? Object.keys(bad[0]).join(', ') : excerpt(bad[0], 60);
			return differs(
				`${bad.length} of ${list.length} templates lack a code or a name (one has: ${fields})`,
			);
		}
		const codes = list.slice(0, 3).map((t) => String(t.code));
		// what a new invoice without a Template is sent (whether MakeLeaps requires one, no read tells)
		const sent = defaultTemplateOf(list.filter(isRecord));
		const marked = list.some((t) => isRecord(t) && (t.is_default === true || t.default === true));
		return held(
			`${plural(list.length, 'invoice template')}, such as ${codes.join(', ')}; with Template empty a new invoice is sent ${String(sent)} (${marked ? 'marked default' : 'the first listed: none is marked default'})`,
		);
	},
};
