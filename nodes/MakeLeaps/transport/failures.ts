/** Reading what went wrong: an error body's text, a failure's code, a refusal's kind. */
import { NodeApiError, UserError } from 'n8n-workflow';

import type { ApiResponse, Envelope } from './types';

/** Text of a MakeLeaps error body: `detail`, OAuth `error`, or the per-field messages. */
export function apiErrorText(body: unknown): string {
	if (typeof body === 'string') {
		return body
			.replace(/<[^>]*>/g, ' ')
			.replace(/\s+/g, ' ')
			.trim()
			.slice(0, 300);
	}
	if (typeof body !== 'object' || body === null) return '';
	const payload = ((body as Envelope<unknown>).response ?? body) as unknown;
	if (typeof payload !== 'object' || payload === null) return String(payload);
	const record = payload as Record<string, unknown>;
	if (typeof record.detail === 'string') return record.detail;
	if (typeof record.error === 'string') return record.error;
	const lines: string[] = [];
	const walk = (value: unknown, path: string) => {
		if (typeof value === 'string') lines.push(path ? `${path}: ${value}` : value);
		else if (Array.isArray(value)) {
			const strings = value.every((v) => typeof v === 'string');
			value.forEach((v, i) => walk(v, strings ? path : `${path}[${i}]`));
		} else if (typeof value === 'object' && value !== null) {
			for (const [key, v] of Object.entries(value)) {
				walk(v, key === 'non_field_errors' ? path : path ? `${path}.${key}` : key);
			}
		}
	};
	walk(record, '');
	return lines.join('; ');
}

/** The error code of a failed request (ECONNRESET, ETIMEDOUT…), looked up along its causes. */
export function failureCode(error: unknown): string | undefined {
	let current = error as
		| { code?: unknown; cause?: unknown; name?: unknown; message?: unknown }
		| undefined;
	for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
		const { code } = current;
		if (
			typeof code === 'string' &&
			/^(E[A-Z_]+|UND_ERR_[A-Z_]+|ERR_[A-Z_]+|DEADLINE)$/.test(code)
		) {
			return code;
		}
		if (current.name === 'TypeError' && current.message === 'terminated') return 'TERMINATED';
		current = current.cause as typeof current;
	}
	return undefined;
}

/** Why MakeLeaps refused the run for longer than the node waits. */
export interface Blocked {
	until: number;
	text: string;
	daily: boolean;
}

/** A refusal for `seconds`: the daily limit when MakeLeaps says so or asks for an hour or more. */
export function blockedBy(response: ApiResponse, seconds: number, now = Date.now()): Blocked {
	const text = apiErrorText(response.body);
	const daily = /daily|per day|day limit/i.test(text) || seconds >= 3600;
	return { until: now + seconds * 1000, text, daily };
}

/** A 401 that survived n8n's one refresh-and-retry. */
export function isTokenRefusal(error: unknown): boolean {
	const failure = error as { httpCode?: string | null; cause?: { response?: { status?: number } } };
	return failure?.httpCode === '401' || failure?.cause?.response?.status === 401;
}

/** The credential's own refusal (the token exchange failed), as n8n wraps it. */
export function credentialRefusal(error: unknown): UserError | undefined {
	const cause = (error as { cause?: unknown } | undefined)?.cause;
	return cause instanceof UserError ? cause : undefined;
}

/**
 * A token exchange MakeLeaps answered with a refusal that another exchange in the same run would
 * meet again: a 4xx (the Client ID or Client Secret rejected, the API key revoked), but not 408 or
 * 429, which may pass. No answer, a 5xx or a deadline are not refusals.
 */
export class CredentialRefused extends UserError {
	readonly lasting = true;
}

export const isLastingRefusalStatus = (status: number | undefined) =>
	status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;

/** True for a CredentialRefused, by its mark (whichever copy of this module made it). */
export const isLastingRefusal = (error: unknown) =>
	(error as { lasting?: unknown } | undefined)?.lasting === true;

/**
 * A create (POST) that may or may not have been applied: the connection broke or timed out after
 * the request was sent, or MakeLeaps answered 5xx. It is never repeated by the transport; callers
 * that can find the record (e.g. by its external id) may look before deciding.
 */
export class UncertainWriteError extends NodeApiError {
	readonly uncertainWrite = true;
}

/** True for an error of a write that may have been applied (see UncertainWriteError). */
export function isUncertainWrite(error: unknown): error is UncertainWriteError {
	return (
		error instanceof UncertainWriteError ||
		(typeof error === 'object' &&
			error !== null &&
			(error as { uncertainWrite?: unknown }).uncertainWrite === true)
	);
}
