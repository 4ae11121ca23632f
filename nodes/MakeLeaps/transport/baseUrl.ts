/** Base URL rules shared by the credential and the node, and the guard on every request URL. */

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** A host on this machine, the only place plain http is allowed (the sandbox). */
export const isLoopback = (hostname: string) => LOOPBACK.test(hostname);

export type BaseUrlCheck =
	| { url: string; problem?: undefined }
	| { url?: undefined; problem: string };

/**
 * Normalises the credential's Base URL (trailing slashes removed) and refuses anything that
 * would send the client secret somewhere unsafe: plain http is allowed only for loopback hosts.
 */
export function checkBaseUrl(raw: unknown): BaseUrlCheck {
	const text = typeof raw === 'string' ? raw.trim().replace(/\/+$/, '') : '';
	let parsed: URL;
	try {
		parsed = new URL(text);
	} catch {
		return { problem: `The Base URL "${String(raw ?? '')}" is not a valid URL` };
	}
	if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
		return { problem: 'The Base URL must start with https://' };
	}
	if (parsed.protocol === 'http:' && !LOOPBACK.test(parsed.hostname)) {
		return {
			problem: 'The Base URL must use https:// (plain http:// is only allowed for localhost)',
		};
	}
	if (parsed.username || parsed.password || parsed.search || parsed.hash) {
		return { problem: 'The Base URL must not contain a user name, password, query or fragment' };
	}
	return { url: `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}` };
}

/** A path without dot segments, backslashes, blanks or encoded separators. */
export function isPlainPath(path: string): boolean {
	return (
		!/[\s\\]|%2e|%2f|%5c/i.test(path) &&
		!path.split('/').some((segment) => segment === '.' || segment === '..')
	);
}

/**
 * The absolute URL of an API path (`/api/partner/`) or of a URL MakeLeaps gave (`meta.next`), or
 * undefined when it would leave the Base URL or climb out of its path.
 */
export function apiUrl(baseUrl: string, pathOrUrl: string): string | undefined {
	const url = pathOrUrl.startsWith('/') ? `${baseUrl}${pathOrUrl}` : pathOrUrl;
	if (!url.startsWith(`${baseUrl}/`)) return undefined;
	return isPlainPath(url.slice(baseUrl.length).split('?')[0]) ? url : undefined;
}
