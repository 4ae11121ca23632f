/**
 * A document's template when the item names none. Every public client of MakeLeaps sends one on
 * every create, and two mark it required, so the node sends the type's default from the first
 * create on: the one this process learnt for the account (a create's answer confirms it each
 * time), else the type's templates read once per run (the one marked default, else the first).
 * A read that fails or lists none does not block the create: it goes without a template, as
 * MakeLeaps may take it. A create refused for its template stores nothing (a 400): the templates
 * are then read, and the create is made once more with the default.
 */
import type { IDataObject } from 'n8n-workflow';

import { listTemplates } from '../../api/templates';
import { isRecord } from '../../model/locators';
import type { OperationContext } from '../context';

/** True when `error` is MakeLeaps refusing the data (400) with a message for `field`. */
export function refusedField(error: unknown, field: string): boolean {
	const failure = error as { httpCode?: unknown; errorResponse?: { body?: unknown } } | null;
	if (failure?.httpCode !== '400') return false;
	const body = failure.errorResponse?.body;
	const payload = isRecord(body) && isRecord(body.response) ? body.response : body;
	return isRecord(payload) && payload[field] !== undefined;
}

/**
 * The template MakeLeaps should use by default: the one a list marks as default when exactly one
 * is, else the first listed (the order MakeLeaps shows them in). Pure.
 */
export function defaultTemplateOf(templates: IDataObject[]): string | undefined {
	const usable = templates.filter((t) => typeof t.code === 'string' && t.code);
	const marked = usable.filter((t) => t.is_default === true || t.default === true);
	return String((marked.length === 1 ? marked[0] : usable[0])?.code ?? '') || undefined;
}

const chosenKey = (partnerMid: string, type: string) => `default template ${partnerMid} ${type}`;

/** The default template of each account and type, as this process learnt it (a hint). */
const learnt = new Map<string, string>();
/** The most accounts and types remembered (the oldest forgotten first). */
const MAX_LEARNT = 200;

const learntKey = (op: OperationContext, partnerMid: string, type: string) =>
	`${op.run.account(partnerMid)}\n${type}`;

/** What a create's answer says of its template: learnt for the next runs of the process. */
export function learnTemplate(
	op: OperationContext,
	partnerMid: string,
	type: string,
	answer: IDataObject,
): void {
	const code = answer.document_template;
	if (typeof code !== 'string' || code === '') return;
	const key = learntKey(op, partnerMid, type);
	learnt.delete(key);
	learnt.set(key, code);
	if (learnt.size > MAX_LEARNT) learnt.delete(learnt.keys().next().value!);
}

/** Drops what the process learnt of the type's template (MakeLeaps refused it). */
export function forgetTemplate(op: OperationContext, partnerMid: string, type: string): void {
	learnt.delete(learntKey(op, partnerMid, type));
}

/**
 * The template to send with a new document of the type when the item names none: chosen in this
 * run, else learnt by the process (`learnt: true`), else read now (once per run); undefined when
 * the templates cannot be read or none is listed (the create then goes without one).
 */
export async function templateToSend(
	op: OperationContext,
	partnerMid: string,
	type: string,
): Promise<{ code: string; learnt: boolean } | undefined> {
	const chosen = await templateChosenInRun(op, partnerMid, type);
	if (chosen) return { code: chosen, learnt: false };
	const hinted = learnt.get(learntKey(op, partnerMid, type));
	if (hinted) return { code: hinted, learnt: true };
	await op.run
		.forAllItems(chosenKey(partnerMid, type), async () =>
			defaultTemplateOf(await listTemplates(op, partnerMid, type)),
		)
		.catch(() => undefined);
	const read = await templateChosenInRun(op, partnerMid, type);
	return read ? { code: read, learnt: false } : undefined;
}

/** The type's default template, when this run already had to choose one. */
export async function templateChosenInRun(
	op: OperationContext,
	partnerMid: string,
	type: string,
): Promise<string | undefined> {
	const chosen = op.run.workedOut(chosenKey(partnerMid, type));
	return chosen ? ((await chosen.catch(() => undefined)) as string | undefined) : undefined;
}

/** Reads the type's templates once per run and answers its default; fails the item without one. */
export async function chooseDefaultTemplate(
	op: OperationContext,
	partnerMid: string,
	type: string,
): Promise<string> {
	const key = chosenKey(partnerMid, type);
	await op.run.forAllItems(key, async () =>
		defaultTemplateOf(await listTemplates(op, partnerMid, type)),
	);
	const code = await templateChosenInRun(op, partnerMid, type);
	if (!code) {
		op.fail(
			`MakeLeaps requires a template for a new ${type} and lists none to choose from`,
			'Choose a Template in the node',
		);
	}
	return code;
}
