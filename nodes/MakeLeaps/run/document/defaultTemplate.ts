/**
 * A document's template when the item names none. MakeLeaps is believed to apply the type's
 * default to a create without `document_template`; a service that requires the field instead
 * refuses the create with a 400 naming it, which stores nothing. Then, and only then, the type's
 * templates are read (once per run and type) and the create is made with the default one, and
 * the run's later creates of that type send it from the start.
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
