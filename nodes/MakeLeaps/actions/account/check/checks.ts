/**
 * Account → Check: the guesses the node makes about MakeLeaps, each tested against the user's own
 * account with GET requests only, in the order of the output. A check reads at most a page or
 * two; its failure is its own result (`could not tell`, or `differs` where the failure is the
 * answer), never the others'.
 */
import type { IDataObject } from 'n8n-workflow';

import { outcomeOf } from '../../../transport';
import { rowDetails, rowWords, summaryRow } from '../../../words/check';
import { Undecided, type CheckResult, type Verdict } from './verdicts';
import { failureText } from './failedReads';
import { Probe, type Check } from './probe';
import { tokenAndPartner } from './partnerCheck';
import {
	clientListKeys,
	contactOwnUrl,
	expandContacts,
	nextPageLink,
	pageSize,
} from './clientChecks';
import { clientFilterForm, dateFilter, documentTypeFilter } from './documentFilterChecks';
import { templates } from './templatesCheck';
import { documentListKeys, lineItemShape, listLineItems, pdfForm } from './documentChecks';
import {
	acceptedFields,
	catalogItemFields,
	confirmedFields,
	convertedFields,
	pickupLinkAddress,
	tagFilterForm,
} from './guessChecks';
import { attachmentUpload } from './sendingChecks';
import type { OperationContext } from '../../../run/context';

/** One output item: flat, one row of a sheet, in the user's words but for its details. */
export interface CheckReport extends IDataObject {
	check: string;
	result: CheckResult;
	what_it_means: string;
	what_to_do: string;
	details: string;
}

/** Every check, in the order of the output. */
export const CHECKS: readonly Check[] = [
	tokenAndPartner,
	pageSize,
	nextPageLink,
	expandContacts,
	contactOwnUrl,
	clientFilterForm,
	documentTypeFilter,
	dateFilter,
	tagFilterForm,
	templates,
	lineItemShape,
	listLineItems,
	catalogItemFields,
	clientListKeys,
	documentListKeys,
	acceptedFields,
	confirmedFields,
	convertedFields,
	pdfForm,
	attachmentUpload,
	pickupLinkAddress,
];

/** Runs every check for the item, one after the other, each on its own; a summary first. */
export async function checkAccount(op: OperationContext): Promise<CheckReport[]> {
	const probe = new Probe(op, await outcomeOf(op.partnerMid()));
	const reports: CheckReport[] = [];
	const failed = new Set<string>();
	for (const check of CHECKS) {
		const outcome = await outcomeOf(check.run(probe));
		const verdict: Verdict = outcome.ok
			? outcome.value
			: { result: 'could not tell', evidence: failureText(outcome.error) };
		const readFailed = !outcome.ok && !(outcome.error instanceof Undecided);
		if (readFailed) failed.add(check.id);
		// every field without the credential's values, before IDs are shortened or the text cut
		const report = op.run.transport.shareable<CheckReport>({
			...rowWords(check.id, verdict.result, readFailed),
			details: verdict.evidence,
		});
		report.details = rowDetails(check.id, report.details);
		reports.push(report);
	}
	// first, whether anything needs doing: 20 rows are more than a glance takes in
	const results = reports.map((report, k) => ({
		id: CHECKS[k].id,
		name: report.check,
		result: report.result,
		readFailed: failed.has(CHECKS[k].id),
	}));
	return [summaryRow(results), ...reports];
}
