/**
 * Waiting for a process to be ready, with a bound that holds on a busy machine, and an error that
 * says what was awaited, for how long, the last thing seen and the end of the process's log.
 */
import { sleep } from 'n8n-workflow';

/** The last lines of a log, for an error message. */
export function logTail(log: string, lines = 40): string {
	return log.trimEnd().split('\n').slice(-lines).join('\n');
}

export interface Awaited {
	/** What is awaited, as the error names it ("n8n start on port 5678"). */
	what: string;
	/** The longest wait. */
	boundMs: number;
	/** True when ready; otherwise what was seen (it becomes the error's "last seen"). */
	check: () => Promise<true | string>;
	/** The process's log so far. */
	log: () => string;
	/** Why the process cannot become ready any more (it exited), if so. */
	gone?: () => string | undefined;
	everyMs?: number;
}

/** Waits until `check` is true; throws, naming what it waited for, when the bound passes. */
export async function waitUntilReady(awaited: Awaited): Promise<void> {
	const { what, boundMs, check, log, gone, everyMs = 500 } = awaited;
	const started = Date.now();
	let seen = 'nothing yet';
	for (;;) {
		const ended = gone?.();
		if (ended !== undefined) throw new Error(giveUp(what, started, ended, log()));
		const answer = await check().catch((error: Error) => error.message);
		if (answer === true) return;
		seen = answer;
		if (Date.now() - started >= boundMs) throw new Error(giveUp(what, started, seen, log()));
		await sleep(everyMs);
	}
}

function giveUp(what: string, started: number, seen: string, log: string): string {
	const seconds = Math.round((Date.now() - started) / 1000);
	return `Gave up waiting for ${what} after ${seconds} s; last seen: ${seen}\nLast lines of its log:\n${logTail(log)}`;
}
