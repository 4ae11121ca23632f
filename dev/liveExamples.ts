/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev code: drives a real n8n from Node.js */
/**
 * The examples that start from outside n8n's `execute` command, driven in a started n8n: example
 * 5's published form, submitted as a browser would, and example 6's trigger, which polls. The
 * end-to-end tests and the requests bench share them.
 */
import type { Sandbox } from '../sandbox/server';
import type { N8n } from './n8n';

/** Asks `probe` every 250 ms until it gives an answer, for at most `ms`. */
export async function until<T>(
	ms: number,
	probe: () => T | undefined | Promise<T | undefined>,
): Promise<T> {
	const deadline = Date.now() + ms;
	for (;;) {
		const answer = await probe();
		if (answer !== undefined) return answer;
		if (Date.now() > deadline) throw new Error(`nothing within ${ms / 1000} s`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** Example 5's form: Company, Your Name, Email, Service, Quantity, in order. */
export const QUOTE_REQUEST = [
	'Momiji Print K.K.',
	'Kobayashi',
	'Kobayashi@Momiji-Print.example.jp',
	'Logo design',
	'2',
];

/** The URL of example 5's published form; its page once n8n serves it. */
export async function quoteForm(n8n: N8n): Promise<{ url: string; page: string }> {
	const url = `${n8n.url}/form/makeleaps-quote`;
	// n8n 2 activates published workflows shortly after it is ready.
	const page = await until(30_000, async () => {
		const answer = await fetch(url);
		return answer.ok ? await answer.text() : undefined;
	});
	return { url, page };
}

/** Submits example 5's form with `answers`; answers the HTTP status (the run goes on after). */
export async function submitQuoteForm(url: string, answers = QUOTE_REQUEST): Promise<number> {
	const form = new FormData();
	answers.forEach((answer, index) => form.append(`field-${index}`, answer));
	const submitted = await fetch(url, { method: 'POST', body: form });
	return submitted.status;
}

/** The document list reads the sandbox received: one per poll of example 6's trigger. */
export const documentReads = (sandbox: Sandbox) =>
	sandbox.received('/api/').filter((r) => r.path.endsWith('/document/'));
