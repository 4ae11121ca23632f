/**
 * Account → Check: what a failed read says (pure): its HTTP status, one short line of it, and
 * an address MakeLeaps does not have as the answer of a check rather than its failure.
 */
import { withoutItemSuffix } from '../../../words/transport';
import { differs, type Verdict } from './verdicts';

/** An HTTP status a failure carries, if any. */
export const statusOf = (error: unknown): string => {
	const code = (error as { httpCode?: unknown }).httpCode;
	return typeof code === 'string' ? code : '';
};

/** What went wrong, in one short line (the transport has already stripped every secret). */
export function failureText(error: unknown): string {
	const message = withoutItemSuffix(String((error as { message?: unknown }).message ?? error));
	const status = statusOf(error);
	return /^\d{3}$/.test(status) && !message.includes(status)
		? `HTTP ${status}: ${message}`
		: message;
}

/**
 * A read of `where` that MakeLeaps answered 404 or 405: the address the node uses is not there,
 * which `differs`. Any other failure is thrown on: the check could not tell.
 */
export function notFoundAt(error: unknown, where: string, after = ''): Verdict {
	if (!['404', '405'].includes(statusOf(error))) throw error;
	return differs(`${where} answered HTTP ${statusOf(error)}${after}`);
}
