/**
 * `/_sandbox/…`: the in-process controls over HTTP, for processes that cannot call them (the
 * demo, the end-to-end tests). These requests are not recorded.
 */
import { HttpAnswer } from '../http/answer';
import type { Fault, FaultMatch } from '../http/faults';
import type { SandboxOptions } from '../options';
import type { DocumentMark } from '../stores/documents';
import type { GivenLink, PickupLinkStore } from '../stores/pickupLinks';

/** What the controls reach of the sandbox (its public methods). */
export interface Controls {
	readonly baseUrl: string;
	readonly credentials: object;
	readonly requests: unknown[];
	readonly deliveries: readonly unknown[];
	clients(): unknown[];
	documentsOf(): unknown[];
	partner(): { mid: string; documents: Map<string, unknown> };
	expireTokens(): void;
	injectFault(fault: Fault, match: FaultMatch): void;
	setThrottle(throttle: SandboxOptions['throttle']): void;
	mark(documentMid: string, mark: DocumentMark, at?: string | null): void;
	readonly documents: { pickupLinks: PickupLinkStore };
}

/**
 * POST /_sandbox/documents/<mid>/<paid|accepted|confirmed|converted|viewed|cancelled>: a payment
 * recorded in MakeLeaps, a quote accepted, an order confirmed or a document opened by the client,
 * a document converted in MakeLeaps' own screen, a document cancelled; `at` (an ISO time, or
 * null to undo) is now when not given.
 */
function marked(sandbox: Controls, method: string, url: URL, input: Record<string, unknown>) {
	const path =
		/^\/_sandbox\/documents\/(\d+)\/(paid|accepted|confirmed|converted|viewed|cancelled)$/.exec(
			url.pathname,
		);
	const mid = path?.[1];
	if (method !== 'POST' || !mid || !sandbox.partner().documents.has(mid))
		return new HttpAnswer(404, { detail: 'Unknown sandbox control.' });
	const at = typeof input.at === 'string' || input.at === null ? input.at : undefined;
	sandbox.mark(mid, path![2] as DocumentMark, at);
	return new HttpAnswer(204);
}

/** POST /_sandbox/documents/<mid>/pickup-links: a link made in MakeLeaps' web app. */
function pickupLink(sandbox: Controls, method: string, url: URL, input: Record<string, unknown>) {
	const mid = /^\/_sandbox\/documents\/(\d+)\/pickup-links$/.exec(url.pathname)?.[1];
	if (method !== 'POST' || !mid || !sandbox.partner().documents.has(mid))
		return new HttpAnswer(404, { detail: 'Unknown sandbox control.' });
	const link = sandbox.documents.pickupLinks.add(mid, input as GivenLink);
	return new HttpAnswer(201, sandbox.documents.pickupLinks.json(sandbox.partner().mid, link));
}

export function controlRoute(sandbox: Controls, method: string, url: URL, body: string) {
	const input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
	switch (`${method} ${url.pathname}`) {
		case 'GET /_sandbox/state':
			return new HttpAnswer(200, {
				baseUrl: sandbox.baseUrl,
				...sandbox.credentials,
				clients: sandbox.clients(),
			});
		case 'GET /_sandbox/requests':
			return new HttpAnswer(200, sandbox.requests);
		case 'GET /_sandbox/documents':
			return new HttpAnswer(200, sandbox.documentsOf());
		case 'GET /_sandbox/deliveries':
			return new HttpAnswer(200, sandbox.deliveries);
		case 'POST /_sandbox/expire-tokens':
			sandbox.expireTokens();
			return new HttpAnswer(204);
		case 'POST /_sandbox/fault':
			sandbox.injectFault(input.fault as Fault, (input.match as FaultMatch) ?? {});
			return new HttpAnswer(204);
		case 'POST /_sandbox/throttle':
			sandbox.setThrottle(input.limit ? (input as SandboxOptions['throttle']) : undefined);
			return new HttpAnswer(204);
		default:
			return url.pathname.endsWith('/pickup-links')
				? pickupLink(sandbox, method, url, input)
				: marked(sandbox, method, url, input);
	}
}
