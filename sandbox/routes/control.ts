/**
 * `/_sandbox/…`: the in-process controls over HTTP, for processes that cannot call them (the
 * demo, the end-to-end tests). These requests are not recorded.
 */
import { HttpAnswer } from '../http/answer';
import type { Fault, FaultMatch } from '../http/faults';
import type { SandboxOptions } from '../options';
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
	markPaid(documentMid: string, at?: string): void;
	readonly documents: { pickupLinks: PickupLinkStore };
}

/** POST /_sandbox/documents/<mid>/paid: a payment recorded in MakeLeaps. */
function paid(sandbox: Controls, method: string, url: URL, input: Record<string, unknown>) {
	const mid = /^\/_sandbox\/documents\/(\d+)\/paid$/.exec(url.pathname)?.[1];
	if (method !== 'POST' || !mid || !sandbox.partner().documents.has(mid))
		return new HttpAnswer(404, { detail: 'Unknown sandbox control.' });
	sandbox.markPaid(mid, typeof input.at === 'string' ? input.at : undefined);
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
				: paid(sandbox, method, url, input);
	}
}
